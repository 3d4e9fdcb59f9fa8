// docs/contributing.md's "Adding a construct" names the helpers a construct
// needs, each with the module it is in (issue 43, What to build 5): each named
// helper is exported by that module, so the checklist cannot point at a name
// that moved or went (a contributor finds every step in the docs, none by grep).
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The rows of the helpers table: the helper names (backticked) and the module. */
function helperRows(): { names: string[]; module: string }[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs', 'contributing.md'), 'utf8');
  const section = text.slice(text.indexOf('### The helpers, by what a prop is'), text.indexOf('## Layout'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| a prop that is') && !line.startsWith('|---'))
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
      const names = [...cells[2].matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]);
      return { names, module: /`(lib\/[^`]+\.ts)`/.exec(cells[3])?.[1] ?? '' };
    });
}

describe("docs/contributing.md's helpers", () => {
  test('GIVEN the helpers table THEN it has rows, and each helper is exported by the module the row names', () => {
    const rows = helperRows();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const missing: string[] = [];
    for (const { names, module } of rows) {
      expect(fs.existsSync(path.join(ROOT, module))).toBe(true);
      // eslint-disable-next-line @typescript-eslint/no-var-requires
      const exported = require(path.join(ROOT, module));
      for (const name of names) if (!(name in exported)) missing.push(`${name} is not exported by ${module}`);
    }
    expect(missing).toEqual([]);
  });
});
