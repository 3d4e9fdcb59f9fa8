// Shared by the explain tests: the report schema check, the README's samples,
// the command run in-process, the secrets no report may show.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv from 'ajv';
import { main } from '../../lib/cli/main';
import { kindsOf } from '../../lib/explain/resource-kind';
import { catalogDescriptors } from '../support/construct-catalog';

/**
 * What Terraform writes in every plan's JSON, as Terraform 1.11 writes it
 * (lib/explain/plan-json.ts ALWAYS_WRITTEN_KEYS; applyable, complete and
 * errored since 1.8): the head of the plans the tests build in memory.
 */
export const PLAN_HEADER = { format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false } as const;

/** Values the scenarios put under credential-looking keys: no report may show them. */
export const SECRET_MARKERS = ['s3cret-one', 's3cret-two', 'tok-drift-value', 'hunter2'];

const ROOT = path.join(__dirname, '..', '..');
let validate: ((value: unknown) => boolean) & { errors?: unknown } | undefined;

/**
 * Whether a JSON report validates against docs/explain-report.schema.json (ajv,
 * strict), its kinds those of every construct the tests know (the test-only
 * ones' too: __tests__/core/descriptors.test.ts checks the file's are the
 * library's); throws with ajv's errors when not.
 */
export function reportIsValid(json: string): boolean {
  if (validate === undefined) {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs', 'explain-report.schema.json'), 'utf8'));
    schema.definitions.kind.enum = kindsOf(catalogDescriptors());
    validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  }
  if (validate(JSON.parse(json))) return true;
  throw new Error(`the report does not match its schema: ${JSON.stringify(validate.errors)}`);
}

/**
 * The text of docs/explain.md's fenced block between `<!-- name:start -->` and
 * `<!-- name:end -->`, which the tests compare with what explain prints. With
 * UPDATE_DOC_SAMPLES=1 the block is rewritten to `actual` first (then review
 * the diff of docs/explain.md, as a snapshot's).
 */
export function docSample(name: string, actual: string): string {
  const file = path.join(ROOT, 'docs', 'explain.md');
  const doc = fs.readFileSync(file, 'utf8');
  const block = new RegExp(`(<!-- ${name}:start -->\\n(\`{3,})[a-z]*\\n)([\\s\\S]*?)(\\2\\n<!-- ${name}:end -->)`);
  const match = block.exec(doc);
  if (match === null) throw new Error(`docs/explain.md has no sample ${name}`);
  if (process.env.UPDATE_DOC_SAMPLES === '1' && match[3] !== actual) {
    fs.writeFileSync(file, doc.replace(block, (_m, open: string, _f: string, _old: string, close: string) => `${open}${actual}${close}`));
    return actual;
  }
  return match[3];
}

/** Runs the package's command in-process; stdout and stderr as text (lines joined). */
export async function runCommand(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const MULTITOOL = path.join(path.dirname(require.resolve('@microsoft/sarif-multitool-linux/package.json')), 'Sarif.Multitool');

/**
 * Microsoft's SARIF Multitool `validate`, as ci-formats.test.ts runs it (the SARIF 2.1.0 schema and the
 * spec's rules), with its GitHub rules too (`--rule-kind Gh;Sarif`: GitHub Advanced Security's
 * requirements and limits, GH1001–GH1018): its error-level findings.
 */
export function multitoolErrors(sarif: string): string[] {
  fs.chmodSync(MULTITOOL, 0o755);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sarif-limits-'));
  fs.writeFileSync(path.join(work, 'explain.sarif'), sarif);
  // The Multitool skips a file over 10,000 KB unless told otherwise.
  const run = spawnSync(MULTITOOL, ['validate', path.join(work, 'explain.sarif'), '--rule-kind', 'Gh;Sarif', '--max-file-size-in-kb', '100000', '--output', path.join(work, 'findings.sarif')], {
    encoding: 'utf8',
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
  });
  if (run.status !== 0) throw new Error(`the SARIF Multitool failed (${run.status}): ${run.stdout}${run.stderr}`);
  const findings = JSON.parse(fs.readFileSync(path.join(work, 'findings.sarif'), 'utf8'));
  const results = findings.runs.flatMap((r: any) => r.results ?? []);
  // The judge looked at the file: a skipped file gives no finding at all, and a notification says so.
  if (JSON.stringify(findings).includes('ExceedingSizeLimit')) throw new Error('the SARIF Multitool skipped the file (ExceedingSizeLimit)');
  return results.filter((r: any) => (r.level ?? 'warning') === 'error').map((r: any) => `${r.ruleId}: ${r.message?.text ?? r.message?.id}`);
}
