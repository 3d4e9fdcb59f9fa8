// The documentation's examples are test files' text: a block between markers in
// README.md or a docs/*.md page must equal, byte for byte, the test file's part between
// `// README:start` and `// README:end`, after the import lines a consumer writes.
import * as fs from 'fs';
import * as path from 'path';

/** The text between `start` and the first `end` after it; throws when either is missing. */
export function textBetween(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`no ${start} … ${end} in the text`);
  return text.slice(from + start.length, to);
}

/** The ```ts block between `<!-- NAME:start -->` and `<!-- NAME:end -->` in README.md or the one docs/*.md page that has it. */
export function readmeExample(name: string): string {
  const root = path.join(__dirname, '..', '..');
  const files = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f))];
  const holding = files.map((f) => fs.readFileSync(path.join(root, f), 'utf8')).filter((text) => text.includes(`<!-- ${name}:start -->`));
  if (holding.length !== 1) throw new Error(`${holding.length} documentation files hold the example ${name}`);
  return textBetween(holding[0], `<!-- ${name}:start -->\n\`\`\`ts\n`, `\`\`\`\n<!-- ${name}:end -->`);
}

/** The example part of a test file, between its README markers (from the end of the start marker's line: a blank line under the imports). */
export function exampleIn(testFile: string): string {
  return textBetween(fs.readFileSync(testFile, 'utf8'), '// README:start', '// README:end');
}
