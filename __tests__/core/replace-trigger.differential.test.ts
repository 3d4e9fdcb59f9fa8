// The null_resource replace trigger is rendered by the library itself (the
// prebuilt @cdktf/provider-null classes crash inside a cdktn stack). Proof that
// it writes what the official binding writes, under cdktf where that binding runs.
import { parse } from '@cdktf/hcl2json';
import { NullProvider } from '@cdktf/provider-null/lib/provider';
import { Resource as NullResource } from '@cdktf/provider-null/lib/resource';
import { Construct } from 'constructs';
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, ReplaceTriggerKind } from '../../lib';

const NAMES = ['analysts', 'a', 'Profile-01', 'x'.repeat(63)];

// The HCL is compared as the HCL parser reads it: the library writes the
// triggers map as one expression, the binding as an attribute block.
async function nullBlocks(build: (stack: TerraformStack) => void): Promise<{ json: any; hcl: any }> {
  const stack = new TerraformStack(new App(), 'stack');
  build(stack);
  const json = JSON.parse(Testing.synth(stack));
  const hcl = Testing.synthHcl(stack);
  return {
    json: { provider: json.provider, required_providers: json.terraform.required_providers, null_resource: json.resource.null_resource },
    // Blocks compared as a set: the two stacks declare them in different orders.
    hcl: await parse(
      'cdk.tf',
      hcl
        .split(/\n(?=resource |provider |terraform )/)
        .filter((block: string) => /null/.test(block) && !/aws_redshift/.test(block))
        .join('\n'),
    ),
  };
}

describe('null_resource trigger against @cdktf/provider-null', () => {
  test.each(NAMES)('GIVEN the name %s THEN JSON and HCL equal the official binding', async (name) => {
    const ours = await nullBlocks((stack) => {
      new AuthenticationProfile(stack, 'profile', { authenticationProfileName: name, authenticationProfileContent: {}, replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE });
    });
    const official = await nullBlocks((stack) => {
      new NullProvider(stack, 'null');
      new NullResource(new Construct(stack, 'profile'), 'NameTrigger', { triggers: { authentication_profile_name: name } });
    });
    expect(ours.json.null_resource).toBeDefined();
    expect(ours.json).toEqual(official.json);
    expect(ours.hcl.resource).toEqual(official.hcl.resource);
    expect(ours.hcl.resource.null_resource).toBeDefined();
    expect(ours.hcl.provider).toEqual(official.hcl.provider);
    expect(ours.hcl.terraform).toEqual(official.hcl.terraform);
  });
});
