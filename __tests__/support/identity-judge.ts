// The one-declaration check judged from the descriptors (issue 43, What to
// build 3): for every construct of the catalog whose resources manage a live
// object (a kind with an `identity`), two declarations built from its minimal
// props with one identity must be refused at synth naming both construct
// paths, and the same two must be accepted under another provider
// configuration (an alias), in another region (where its props name one: the
// provider's descriptor gives two regions), and in another stack. An identity
// that leaves out the provider configuration or the region fails here, named.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Construct } from 'constructs';
import { App, TerraformProvider, TerraformStack } from '../../lib/core/framework';
import { declaredResources } from '../../lib/construct-descriptor';
import { ValidationError } from '../../lib';
import { synthAtomically } from '../../scripts/synth-atomically';
import { CatalogConstruct, constructCatalog } from './construct-catalog';
import { callEntry, entryPoint, minimalArguments, propertiesOf, readAssembly, usagesOf } from './jsii-positions';

/** A provider construct of the catalog, with the Terraform provider it configures. */
interface ProviderClass {
  readonly construct: CatalogConstruct;
  readonly terraformName: string;
}

/** The provider constructs of the catalog (descriptors that `provide`), by the Terraform provider each configures. */
function providerClasses(): Map<string, ProviderClass> {
  const out = new Map<string, ProviderClass>();
  for (const c of constructCatalog()) {
    if (c.descriptor.provides === undefined) continue;
    const made = declare(new TerraformStack(new App(), 'probe'), c, 'p', 0, {}) as TerraformProvider;
    out.set(made.terraformResourceType, { construct: c, terraformName: made.terraformResourceType });
  }
  return out;
}

/** Declares `c` in `scope` from its minimal arguments (unique by `n`), its props param extended by `extra`. */
function declare(scope: Construct, c: CatalogConstruct, id: string, n: number, extra: object): unknown {
  const init = entryPoint(readAssembly(), `${c.descriptor.className}.<init>`);
  const args = minimalArguments(init.entry, n);
  const param = usagesOf(readAssembly()).find((u) => u.entry === init.entry && u.steps.length === 0)?.param ?? 'props';
  return callEntry(init, { ...args, [param]: { ...args[param], ...extra } }, scope, n, id);
}

/** Whether the props struct of `c`'s constructor has a property `name`. */
function hasProp(c: CatalogConstruct, name: string): boolean {
  const usage = usagesOf(readAssembly()).find((u) => u.entry === `${c.descriptor.className}.<init>` && u.steps.length === 0);
  return usage !== undefined && propertiesOf(readAssembly(), usage.root).some((p: { name: string }) => p.name === name);
}

/** Synthesizes an app (JSON): the ValidationError it throws, or undefined when it synthesizes. */
function synthError(build: (app: App) => void): ValidationError | Error | undefined {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'identity-judge-')), 'out');
  try {
    synthAtomically(dir, build, false);
    return undefined;
  } catch (e) {
    return e as Error;
  } finally {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  }
}

/** What one judged arrangement did: refused (naming which paths) or accepted. */
function outcome(error: ValidationError | Error | undefined): string {
  if (error === undefined) return 'accepted';
  return error instanceof ValidationError ? `refused: ${error.message.split('\n').slice(0, 3).join(' ').slice(0, 400)}` : `threw ${error.constructor.name}: ${error.message.slice(0, 300)}`;
}

/**
 * What the one-declaration check gets wrong for each construct of the catalog
 * that manages a live object: each line names the construct and the
 * arrangement (empty when every construct's identity is right).
 */
export function identityFailures(catalog: readonly CatalogConstruct[] = constructCatalog()): string[] {
  const providers = providerClasses();
  const failures: string[] = [];
  for (const c of catalog) {
    const kinds = declaredResources(c.descriptor).filter((r) => r.identity !== undefined);
    if (kinds.length === 0) continue;
    const name = c.descriptor.className;
    const providerName = kinds[0].terraformTypes[0].split('_')[0];
    const provider = providers.get(providerName);
    if (provider === undefined) {
      failures.push(`${name}: no provider construct in the catalog configures "${providerName}" (a descriptor with \`provides\`), so its identity cannot be judged`);
      continue;
    }
    const regional = hasProp(c, 'region');
    const regions = provider.construct.descriptor.regions;
    if (regional && regions === undefined) {
      failures.push(`${name}: its props name a region, but ${provider.construct.descriptor.className}'s descriptor gives no \`regions\` to judge its identity with`);
      continue;
    }
    // Every stack declares each provider's default configuration (regional props where the construct names regions).
    const stack = (app: App, stackName: string) => {
      const s = new TerraformStack(app, stackName);
      for (const p of providers.values()) declare(s, p.construct, `default-${p.terraformName}`, 0, p === provider && regional ? { ...regions?.props } : {});
      return s;
    };
    const judge = (arrangement: string, expected: 'refused' | 'accepted', build: (app: App) => void) => {
      const error = synthError(build);
      const said = outcome(error);
      if (expected === 'accepted' && error !== undefined) failures.push(`${name}: ${arrangement}: expected accepted (another live object), got ${said}`);
      if (expected === 'refused') {
        const named = error instanceof ValidationError && error.message.includes('s/first') && error.message.includes('s/second');
        if (!named) failures.push(`${name}: ${arrangement}: expected refused naming both s/first and s/second (one live object), got ${said}`);
      }
    };
    judge('two declarations of its minimal props, one provider configuration', 'refused', (app) => {
      const s = stack(app, 's');
      declare(s, c, 'first', 1, {});
      declare(s, c, 'second', 1, {});
    });
    judge('the same two, the second under another provider configuration (an alias)', 'accepted', (app) => {
      const s = stack(app, 's');
      const other = declare(s, provider.construct, 'other', 0, { alias: 'other', ...(regional ? regions?.props : {}) });
      declare(s, c, 'first', 1, {});
      declare(s, c, 'second', 1, { provider: other });
    });
    judge('the same two, in two stacks', 'accepted', (app) => {
      declare(stack(app, 's'), c, 'first', 1, {});
      declare(stack(app, 't'), c, 'second', 1, {});
    });
    if (regional && regions !== undefined) {
      judge(`the same two, both in region ${regions.values[0]}`, 'refused', (app) => {
        const s = stack(app, 's');
        declare(s, c, 'first', 1, { region: regions.values[0] });
        declare(s, c, 'second', 1, { region: regions.values[0] });
      });
      judge(`the same two, in regions ${regions.values.join(' and ')}`, 'accepted', (app) => {
        const s = stack(app, 's');
        declare(s, c, 'first', 1, { region: regions.values[0] });
        declare(s, c, 'second', 1, { region: regions.values[1] });
      });
    }
  }
  return failures;
}
