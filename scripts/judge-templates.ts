// `npm run judge:templates -- --count=N [--seed=S] [--per-position=P]`: the long
// run of the template rule's differential test
// (__tests__/core/template-rule.terraform.test.ts runs 400 strings of it): N
// generated strings (text + reference + text over `$ % { } \ " CR LF ~ space
// BEL a`) read by the library and, as cdktf writes them, by the real terraform
// (outputs of one plan per syntax, JSON and HCL); then each string at every kind
// of string position that takes a reference, and P strings at each string
// position of the jsii assembly. Prints the figures and every disagreement; exit
// code 1 when there is one. Terraform plans in batches of 2,000 outputs.
import { judgeAssemblyPositions, judgeKinds, judgeTemplates, LibraryReading, referenceRead, tally, TEMPLATE_POSITIONS, templateCases } from '../__tests__/support/template-judge';

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

const BATCH = 2000;

async function main(): Promise<void> {
  const count = Number(option('count') ?? 2000);
  const seed = option('seed') === undefined ? Date.now() % 2 ** 31 : Number(option('seed'));
  const perPosition = Number(option('per-position') ?? 8);
  const started = Date.now();
  const cases = templateCases(seed, count);
  const disagreements: string[] = [];
  const readings: LibraryReading[] = [];
  let read = 0;
  for (let at = 0; at < cases.length; at += BATCH) {
    const verdict = await judgeTemplates(cases.slice(at, at + BATCH));
    readings.push(...verdict.readings);
    read += verdict.json.filter(referenceRead).length;
    disagreements.push(...verdict.disagreements);
  }
  const counts = tally(readings);
  const percent = cases.filter((c, i) => c.reference === 'token' && c.before.endsWith('%') && readings[i].kind === 'accepted').length;
  console.log(
    `${count} strings (seed ${seed}): ${counts.accepted ?? 0} accepted, ${counts.lost ?? 0} refused as a lost reference, ${counts.invalid ?? 0} as a template terraform refuses, ${counts.expression ?? 0} as an expression, ${counts.other ?? 0} otherwise; ` +
      `${percent} accepted with "%" right before a token; terraform read the reference in ${read}; ${disagreements.length} disagreements with terraform`,
  );
  const kinds = judgeKinds(cases, TEMPLATE_POSITIONS.length);
  console.log(`at ${TEMPLATE_POSITIONS.length} kinds of position: ${TEMPLATE_POSITIONS.map((p, i) => `${p.label} ${kinds.accepted[i]}/${kinds.built[i]}`).join(', ')} accepted; ${kinds.disagreements.length} disagreements`);
  const assembly = judgeAssemblyPositions(cases, perPosition);
  console.log(`at ${assembly.positions} string positions of the assembly: ${assembly.judged} cases, ${assembly.accepted} accepted (${assembly.neverWritten} where the value is never written), ${assembly.disagreements.length} disagreements`);
  for (const d of [...disagreements, ...kinds.disagreements, ...assembly.disagreements]) console.log(`  ${d}`);
  console.log(`in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const total = disagreements.length + kinds.disagreements.length + assembly.disagreements.length;
  process.exit(total === 0 ? 0 : 1);
}

void main();
