// Reading a validation message back (issue 18, item 7): time(2 MB) / time(1 MB)
// for the message shapes that made the old reader quadratic. Linear reading
// gives about 2. Prints figures; asserts nothing (not part of `npm test`).
//
//   node --expose-gc -r ts-node/register/transpile-only bench/errors-parse.ts [--rounds=9]
//
// (--expose-gc lets it collect garbage before each timing: steadier figures.)
// For comparison it also runs the reader and writer this library had before (a
// lazy `(.+?)` then a greedy `(.*)` over each line: every `: received ` in a
// line that does not parse rescans the rest of the line), on 256 kB and 512 kB
// (about 4: quadratic).
import { ValidationProblem } from '../lib/core/validation-error';
import { formatValidationMessage, parseValidationMessage } from '../lib/core/validation-message';

const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? 9);
const gc: () => void = (globalThis as any).gc ?? (() => undefined);

type Write = (constructPath: string, problems: ValidationProblem[]) => string;

const SHAPES: [string, (size: number, write: Write) => string][] = [
  ['path of ": received ", allowed with CR', (size, write) => write('c', [{ path: 'x: received y'.repeat(size / 13), received: '"x"', allowed: 'y\r' }])],
  ['received of "; allowed: "', (size, write) => write('c', [{ path: 'p', received: '; allowed: '.repeat(size / 11), allowed: 'y' }])],
  ['60 problems of backslashes and U+2028', (size, write) => write('c', Array.from({ length: 60 }, (_, i) => ({ path: `p/${i}`, received: '\\\u2028'.repeat(size / 400), allowed: '\\'.repeat(size / 200) })))],
  ['a line that is no problem line', (size) => `c: 1 invalid property:\n  ${'a: received '.repeat(size / 12)}`],
];

// The writer and reader before issue 18.7, for comparison only.
function oldWrite(constructPath: string, problems: ValidationProblem[]): string {
  const count = problems.length === 1 ? '1 invalid property' : `${problems.length} invalid properties`;
  const lines = problems.slice(0, 50).map((p) => `  ${p.path}: received ${p.received}; allowed: ${p.allowed}`);
  if (problems.length > 50) lines.push(`  … and ${problems.length - 50} more`);
  return `${constructPath}: ${count}:\n${lines.join('\n')}`;
}

function oldParse(message: string): unknown {
  const lines = message.split('\n');
  const header = /^(.+): (\d+) invalid propert(?:y|ies):$/.exec(lines[0]);
  if (header === null) return undefined;
  const problems = [];
  for (const line of lines.slice(1)) {
    if (/^ {2}… and (\d+) more$/.test(line)) continue;
    const match = /^ {2}(.+?): received (.*); allowed: (.*)$/.exec(line);
    if (match === null) return undefined;
    problems.push(match);
  }
  return problems;
}


function time(parse: (m: string) => unknown, message: string, rounds: number): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    gc();
    const start = process.hrtime.bigint();
    parse(message);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  // The fastest round: the work is deterministic, and other processes only ever add time (2 shared cores).
  return Math.min(...samples);
}

function row(label: string, parse: (m: string) => unknown, write: Write, make: (size: number, write: Write) => string, small: number, rounds: number): void {
  const a = make(small, write);
  const b = make(small * 2, write);
  parse(a); // warm up
  const ta = time(parse, a, rounds);
  const tb = time(parse, b, rounds);
  const kb = (s: string) => `${Math.round(s.length / 1024)} kB`;
  console.log(`${label.padEnd(58)} ${kb(a).padStart(8)} ${ta.toFixed(2).padStart(9)} ms ${kb(b).padStart(8)} ${tb.toFixed(2).padStart(9)} ms   ratio ${(tb / ta).toFixed(2)}`);
}

console.log(`fastest of ${ROUNDS} rounds; ratio = time(2x) / time(x): about 2 is linear, about 4 quadratic\n`);
for (const [name, make] of SHAPES) row(`now:    ${name}`, parseValidationMessage, formatValidationMessage, make, 1 << 20, ROUNDS);
console.log('');
for (const [name, make] of SHAPES) row(`before: ${name}`, oldParse, oldWrite, make, 256 << 10, 3);
