// The pages that list the constructs and their providers are checked against
// the descriptors (lib/descriptors.ts) and the providers' own output (issue 43
// item 6), so that they cannot drift:
// - README.md's construct table (`| Construct | Terraform | Provider |`): its
//   rows are exactly the descriptors that declare resources. A row's Terraform
//   cell names, in code spans before the word "data", exactly the Terraform
//   types of the descriptor's kinds except triggers (a name trigger,
//   `terraform_data` or `null_resource`, is the mechanism of a rename, not
//   what the construct manages); code spans after "data" are data sources the
//   construct reads, which no descriptor lists, and are not checked. The
//   Provider cell names the source that the provider construct providing the
//   class (`provides.className`) writes to `required_providers`, and the range
//   of its default version constraint, read from that same synthesized block:
//   `>= 5.0, < 7.0` is "5.x or 6.x", `>= 3.82.0, < 5.0.0` "3.82 to 4.x". A
//   parenthesis "(`C`'s default source: V or later)" is checked by what `C`
//   does: no warning with a provider of `>= V`, a warning with one that allows
//   the minor before V.
// - README.md's construct sections (`## Class`) and the Documentation table's
//   "each construct in full" row: one per descriptor that declares resources,
//   linking its `docsPage`.
// - docs/terraform-checks.md's "Requirements of the output": every class that
//   declares resources is named in a provider bullet ("- `ns/name` ≥ A, < B
//   for `Class` and `Class`…"); each class there is a descriptor's; the
//   bullet's source and range are what the one provider construct that
//   provides its classes writes by default; a "≥ V for `C`'s default source"
//   is checked as in the README.
// Every check collects what differs, and the test fails naming it.
import * as fs from 'fs';
import * as path from 'path';
import { IConstruct } from 'constructs';
import * as lib from '../../lib';
import { ConstructDescriptor, declaredResources } from '../../lib/construct-descriptor';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { CONSTRUCT_DESCRIPTORS } from '../../lib/descriptors';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const DECLARING = CONSTRUCT_DESCRIPTORS.filter((d) => d.declares.length > 0);
const byClass = new Map(CONSTRUCT_DESCRIPTORS.map((d) => [d.className, d]));

/** The text of each code span of `text`, in order. */
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The rows of the Markdown table whose header line is `header`, as trimmed cells. */
export function tableRows(markdown: string, header: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === header);
  if (start < 0) throw new Error(`no table with the header ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
  }
  return rows;
}

/** The Terraform types a construct manages: those of its kinds, triggers excepted. */
export function managedTypes(d: ConstructDescriptor): string[] {
  return [...new Set(declaredResources(d).filter((r) => r.triggers === undefined).flatMap((r) => r.terraformTypes))].sort();
}

/** A version's numbers, trailing zeros dropped (`5.0.0` and `5.0` are `[5]`). */
function versionOf(text: string): number[] {
  const parts = text.split('.').map(Number);
  while (parts.length > 1 && parts[parts.length - 1] === 0) parts.pop();
  return parts;
}
const shown = (v: number[]) => v.join('.');

/** A constraint `>= A, < B` as its bounds, or undefined for another shape. */
export function boundsOf(constraint: string): { lower: number[]; upper: number[] } | undefined {
  const m = /^\s*>=\s*([\d.]+)\s*,\s*<\s*([\d.]+)\s*$/.exec(constraint);
  return m ? { lower: versionOf(m[1]), upper: versionOf(m[2]) } : undefined;
}

/** How the README says a range: `>= 5.0, < 7.0` is "5.x or 6.x", `>= 3.82, < 5.0` "3.82 to 4.x". */
export function rangeInWords(constraint: string): string | undefined {
  const bounds = boundsOf(constraint);
  if (bounds === undefined || bounds.upper.length !== 1) return undefined;
  const last = bounds.upper[0] - 1;
  if (bounds.lower.length > 1) return `${shown(bounds.lower)} to ${last}.x`;
  const majors: string[] = [];
  for (let major = bounds.lower[0]; major <= last; major++) majors.push(`${major}.x`);
  return majors.length === 1 ? majors[0] : `${majors.slice(0, -1).join(', ')} or ${majors[majors.length - 1]}`;
}

/** A construct's minimal props, from its descriptor (`<Class>Props`; a function of a unique number where they name a live object). */
function minimalProps(d: ConstructDescriptor): object {
  const value = d.minimal[`${d.className}Props`] ?? {};
  return typeof value === 'function' ? value(1) : (value as object);
}

/** What a provider construct writes to `required_providers` with its descriptor's minimal props. */
function requiredProvider(provider: ConstructDescriptor): { source: string; version: string } {
  const stack = new TerraformStack(Testing.app(), 's');
  const Class = (lib as any)[provider.className];
  new Class(stack, 'p', minimalProps(provider));
  const required = JSON.parse(Testing.synth(stack)).terraform?.required_providers ?? {};
  const entries = Object.values(required) as { source: string; version: string }[];
  if (entries.length !== 1) throw new Error(`${provider.className} writes ${entries.length} required providers, not one`);
  return entries[0];
}

/** The local names of the providers `provider` requires (`aws`). */
function requiredProviderNames(provider: ConstructDescriptor): string[] {
  const stack = new TerraformStack(Testing.app(), 's');
  new (lib as any)[provider.className](stack, 'p', minimalProps(provider));
  return Object.keys(JSON.parse(Testing.synth(stack)).terraform?.required_providers ?? {});
}

/**
 * The provider construct whose configuration `className` reads: the one that
 * `provides` it, else the one configuring the provider its resource types imply
 * (Terraform's rule: the type's prefix before the first "_", `aws` for
 * `aws_redshift_snapshot_schedule`), if any.
 */
const providerOf = (className: string): ConstructDescriptor | undefined => {
  const named = CONSTRUCT_DESCRIPTORS.find((d) => d.provides?.className === className);
  if (named !== undefined) return named;
  const d = byClass.get(className);
  const implied = d === undefined ? undefined : managedTypes(d)[0]?.split('_')[0];
  return implied === undefined ? undefined : CONSTRUCT_DESCRIPTORS.find((p) => p.provides !== undefined && requiredProviderNames(p).includes(implied));
};

/** The warnings `scope` carries. */
const warningsOf = (scope: IConstruct): string[] => scope.node.metadata.filter((m) => m.type === '@cdktf/warn').map((m) => String(m.data));

/**
 * Whether `className`, built with its minimal props in a stack whose provider
 * `provider` has the version constraint `constraint`, warns.
 */
function warnsWith(provider: ConstructDescriptor, className: string, constraint: string): boolean {
  const stack = new TerraformStack(Testing.app(), 's');
  new (lib as any)[provider.className](stack, 'p', { ...minimalProps(provider), versionConstraint: constraint });
  const construct = new (lib as any)[className](stack, 'c', minimalProps(byClass.get(className)!));
  return warningsOf(construct).length > 0;
}

/**
 * What differs when the docs say `className` needs version `minimum` or later of
 * `provider` (below `upper`): it must not warn at `>= minimum`, and must warn
 * when the minor before `minimum` is allowed.
 */
function minimumProblems(where: string, provider: ConstructDescriptor, className: string, minimum: string, upper: number[]): string[] {
  const v = versionOf(minimum);
  const below = v.length > 1 && v[1] > 0 ? [v[0], v[1] - 1] : [v[0] - 1, 99];
  const problems: string[] = [];
  const within = (lower: number[]) => `>= ${shown(lower)}, < ${shown(upper)}`;
  if (warnsWith(provider, className, within(v))) problems.push(`${where}: ${className} warns with a provider of "${within(v)}", yet the page says ${minimum} or later is enough`);
  if (!warnsWith(provider, className, within(below))) problems.push(`${where}: ${className} does not warn with a provider of "${within(below)}", yet the page says it needs ${minimum} or later`);
  return problems;
}

describe("README.md's construct table, against the descriptors", () => {
  const rows = tableRows(read('README.md'), '| Construct | Terraform | Provider |');

  test('GIVEN the table THEN its rows are exactly the constructs that declare resources, each its types and provider', () => {
    const problems: string[] = [];
    const named = rows.map(([construct]) => codeSpans(construct)[0] ?? construct);
    for (const d of DECLARING) if (!named.includes(d.className)) problems.push(`no row for ${d.className}, which declares ${managedTypes(d).join(', ')}`);
    rows.forEach(([, terraform, provider], i) => {
      const className = named[i];
      const d = byClass.get(className);
      if (d === undefined || d.declares.length === 0) {
        problems.push(`row ${className}: ${d === undefined ? 'no descriptor has this className' : 'its descriptor declares no resource'}`);
        return;
      }
      // The Terraform cell: the types before "data" are exactly the managed types.
      const [resources] = terraform.split(/\bdata\b/);
      const written = [...new Set(codeSpans(resources))].sort();
      const expected = managedTypes(d);
      for (const t of expected) if (!written.includes(t)) problems.push(`row ${className}: the Terraform cell does not name ${t}`);
      for (const t of written) if (!expected.includes(t)) problems.push(`row ${className}: the Terraform cell names ${t}, which its descriptor does not declare`);
      // The Provider cell: the source and the range of the default constraint.
      const p = providerOf(className);
      if (p === undefined) {
        problems.push(`row ${className}: no provider descriptor provides it`);
        return;
      }
      const { source, version } = requiredProvider(p);
      const [own, parenthesis] = provider.split(/\s*\((.*)\)\s*$/);
      const ownSource = codeSpans(own)[0];
      if (ownSource !== source) problems.push(`row ${className}: the Provider cell names ${ownSource}, ${p.className} writes ${source}`);
      const words = own.replace(/`[^`]*`/, '').trim();
      if (words !== rangeInWords(version)) problems.push(`row ${className}: the Provider cell says "${words}", ${p.className}'s default "${version}" is "${rangeInWords(version)}"`);
      if (parenthesis !== undefined) {
        const m = /^`(\w+)`'s default source: ([\d.]+) or later$/.exec(parenthesis);
        if (m === null) problems.push(`row ${className}: the Provider cell's parenthesis "${parenthesis}" is not "\`Class\`'s default source: V or later"`);
        else problems.push(...minimumProblems(`row ${className}`, p, m[1], m[2], boundsOf(version)!.upper));
      }
    });
    process.stdout.write(`README construct table: ${rows.length} rows (${named.join(', ')}) against ${DECLARING.length} descriptors that declare resources\n`);
    expect(problems).toEqual([]);
  });

  test('GIVEN the README THEN each construct that declares resources has its section and its docs page in the Documentation table', () => {
    const readme = read('README.md');
    const problems: string[] = [];
    const full = tableRows(readme, '| topic | page |').find(([topic]) => topic === 'each construct in full');
    const links = [...(full?.[1] ?? '').matchAll(/\[(\w+)\]\(([^)]+)\)/g)].map((m) => `${m[1]} ${m[2]}`).sort();
    const expected = DECLARING.map((d) => `${d.className} ${d.docsPage}`).sort();
    for (const l of expected) if (!links.includes(l)) problems.push(`the "each construct in full" row lacks [${l.replace(' ', '](')})`);
    for (const l of links) if (!expected.includes(l)) problems.push(`the "each construct in full" row links [${l.replace(' ', '](')}), no descriptor's class and docs page`);
    for (const d of DECLARING) if (!new RegExp(`^## ${d.className}$`, 'm').test(readme)) problems.push(`no "## ${d.className}" section`);
    expect(problems).toEqual([]);
  });

  test('GIVEN a range THEN it is said in words as the README says it', () => {
    expect(['>= 5.0, < 7.0', '>= 3.82.0, < 5.0.0', '>= 2.21, < 4.0', '>= 6.0, < 7.0', '>= 1.0.0, < 4.0.0', '~> 5.0'].map(rangeInWords)).toEqual([
      '5.x or 6.x',
      '3.82 to 4.x',
      '2.21 to 3.x',
      '6.x',
      '1.x, 2.x or 3.x',
      undefined,
    ]);
  });
});

describe("docs/terraform-checks.md's provider requirements, against the descriptors and the providers", () => {
  const text = read('docs/terraform-checks.md');
  const section = text.split(/^## /m).find((s) => s.startsWith('Requirements of the output'));
  // One bullet per item, its continuation lines joined.
  const bullets = (section ?? '').split(/\n(?=- )/).map((b) => b.replace(/\s*\n\s*/g, ' ').trim()).filter((b) => b.startsWith('- '));
  const ranged = bullets
    .map((b) => /^- `([^`]+)` ≥ ([\d.]+), < ([\d.]+)(?: \(([^)]*)\))? for ((?:`\w+`(?:,? and |, | or )?)+)(.*)$/.exec(b))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ source: m[1], lower: m[2], upper: m[3], inWords: m[4], classes: codeSpans(m[5]), rest: m[6] }));

  test('GIVEN the requirements THEN each provider range is what the provider of its constructs writes, and every construct that declares resources is named', () => {
    const problems: string[] = [];
    if (section === undefined) problems.push('no "## Requirements of the output" section');
    const named = ranged.flatMap((r) => r.classes);
    for (const d of DECLARING) if (!named.includes(d.className)) problems.push(`${d.className} (declares ${managedTypes(d).join(', ')}) is named in no provider bullet`);
    for (const r of ranged) {
      const where = `the ${r.source} bullet`;
      for (const c of r.classes) if (!byClass.has(c)) problems.push(`${where}: ${c} is no descriptor's className`);
      const providers = [...new Set(r.classes.map(providerOf).filter((p): p is ConstructDescriptor => p !== undefined))];
      if (providers.length !== 1) {
        problems.push(`${where}: its classes (${r.classes.join(', ')}) are provided by ${providers.length} provider constructs, not one`);
        continue;
      }
      const { source, version } = requiredProvider(providers[0]);
      if (r.source !== source) problems.push(`${where}: ${providers[0].className} writes the source ${source}`);
      const bounds = boundsOf(version);
      const said = `≥ ${r.lower}, < ${r.upper}`;
      if (bounds === undefined || shown(bounds.lower) !== shown(versionOf(r.lower)) || shown(bounds.upper) !== shown(versionOf(r.upper))) {
        problems.push(`${where}: the page says ${said}, ${providers[0].className}'s default constraint is "${version}"`);
      }
      if (r.inWords !== undefined && r.inWords !== rangeInWords(version)) problems.push(`${where}: the page says (${r.inWords}), ${providers[0].className}'s default "${version}" is "${rangeInWords(version)}"`);
      for (const m of r.rest.matchAll(/≥ ([\d.]+) for `(\w+)`'s default source/g)) problems.push(...minimumProblems(where, providers[0], m[2], m[1], versionOf(r.upper)));
    }
    // Every provider that a construct with resources reads has its bullet.
    for (const d of DECLARING) {
      const p = providerOf(d.className);
      if (p !== undefined && !ranged.some((r) => r.source === requiredProvider(p).source)) problems.push(`no bullet for ${requiredProvider(p).source}, the provider of ${d.className}`);
    }
    process.stdout.write(`docs/terraform-checks.md: ${ranged.length} provider bullets (${ranged.map((r) => r.source).join(', ')}) naming ${named.join(', ')}\n`);
    expect(problems).toEqual([]);
  });
});
