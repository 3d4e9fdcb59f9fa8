// docs/guardrails.md's table of the built-in pack is the descriptors' rules:
// each rule once, with its level, construct and authority.
import * as fs from 'fs';
import * as path from 'path';
import { CONSTRUCT_DESCRIPTORS } from '../../lib/descriptors';

test('GIVEN docs/guardrails.md THEN its table lists every built-in rule with its level, construct and authority, and no other', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'guardrails.md'), 'utf8');
  const rows = doc.split('\n').filter((l) => /^\| WMC-\d+ \|/.test(l)).map((l) => l.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim()));
  const expected = CONSTRUCT_DESCRIPTORS.flatMap((d) => (d.rules ?? []).map((r) => [r.id, r.level, d.className, `<${r.authority}>`]));
  expect(rows.map(([id, level, construct, , authority]) => [id, level, construct, authority])).toEqual(expected);
});
