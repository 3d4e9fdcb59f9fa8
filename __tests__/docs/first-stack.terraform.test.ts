// The README's "A first stack" plans, as the README says: the block is run as
// written (its aws provider pointed at the Redshift emulator instead of AWS),
// and the real terraform plans one profile with its name trigger, one policy
// and one node manifest (the aws provider against the emulator; echo providers
// serving the Datadog and Kubernetes schemas).
import * as fs from 'fs';
import * as path from 'path';
import { allBlocks, programOf, runProgram } from '../support/doc-blocks';
import { EchoProviders, startEchoProviders } from '../support/echo-provider';
import { DATADOG, KUBERNETES } from '../support/echo-provider/schemas';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { awsPluginDir, PlanJson, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const TIMEOUT = 5 * 60 * 1000;

describe('the README first stack', () => {
  let emulator: RedshiftEmulator;
  let echo: EchoProviders;
  let aws: ReattachedProvider | undefined;

  beforeAll(async () => {
    emulator = await RedshiftEmulator.start();
    echo = await startEchoProviders([DATADOG, KUBERNETES]);
  }, TIMEOUT);

  afterAll(async () => {
    await aws?.stop();
    await echo?.stop();
    await emulator?.stop();
  });

  test('GIVEN the block as written THEN terraform plans a profile and its trigger, a policy and a node manifest', async () => {
    const [block] = allBlocks().filter((b) => b.file === 'README.md' && b.marker === 'first-stack');
    expect(block?.lang).toBe('ts');
    const outdir = workdir({});
    runProgram(programOf(block, false), outdir, {
      "new cdktf_warehouse_monitoring_cluster_1.AwsProvider(stack, 'aws', { region: 'us-east-1' })": `new cdktf_warehouse_monitoring_cluster_1.AwsProvider(stack, 'aws', ${JSON.stringify(emulator.awsProviderProps())})`,
    });
    const dir = path.join(outdir, 'stacks', 'warehouse');
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
    delete config.terraform.backend;
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(config));
    const pluginDir = awsPluginDir();
    await terraformAsync(dir, ['init', '-input=false', '-no-color', ...(pluginDir ? [`-plugin-dir=${pluginDir}`] : [])], { env: echo.env });
    aws = await startReattachedAwsProvider(dir, emulator.providerEnv());
    const reattach = { ...JSON.parse(echo.env.TF_REATTACH_PROVIDERS!), ...(aws ? JSON.parse(aws.env.TF_REATTACH_PROVIDERS!) : {}) };
    const env = { ...emulator.providerEnv(), TF_REATTACH_PROVIDERS: JSON.stringify(reattach) };
    await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
    const plan: PlanJson = JSON.parse((await terraformAsync(dir, ['show', '-json', 'tfplan'], { env })).stdout);
    const planned = (plan.resource_changes ?? []).map((c) => `${c.type} ${c.change.actions.join('+')}`).sort();
    expect(planned).toEqual([
      'aws_redshift_authentication_profile create',
      'datadog_restriction_policy create',
      'kubernetes_manifest create',
      'terraform_data create',
    ]);
  }, TIMEOUT);
});
