import { make, tf, naive, expected, V, Part } from './h';
const pos = (process.argv[2] || 'content') as any;
const L = (s: string) => ({ lit: s });
const cases: Part[][] = JSON.parse(require('fs').readFileSync(process.argv[3], 'utf8'), (k, v) => v && v.V ? { v: 1 } : v);
const attr: Record<string, [string, string, (j: any) => any]> = {
  content: ['aws_redshift_authentication_profile', 'authentication_profile_content', (r) => r.authentication_profile_content],
  errmsg: ['aws_redshift_authentication_profile', 'error_message', (r) => r.lifecycle.precondition[0].error_message],
  annotation: ['kubernetes_annotations', 'annotations', (r) => r.annotations],
  manifest: ['kubernetes_manifest', 'manifest', (r) => r.manifest],
};
const [rt, hattr, get] = attr[pos];
const rows: any[] = [];
const jsonOut: any = {}; let hclOut = 'variable "v" {\n  type = string\n  default = "VAL"\n}\n';
const refOut: any = {};
cases.forEach((parts, i) => {
  const r = make(pos, parts);
  refOut['o' + i] = { value: naive(parts) };
  const row: any = { i, parts: JSON.stringify(parts), ok: r.ok, err: r.err };
  if (r.ok) {
    const res: any = Object.values(r.json.resource[rt])[0];
    jsonOut['o' + i] = { value: get(res) };
    // HCL: find attribute inside the resource block
    const lines = r.hcl!.split('\n');
    const idx = lines.findIndex(l => l.trim().startsWith(hattr + ' ='));
    if (idx < 0) row.hclmissing = true; else {
      // collect until balanced (best effort: single line, or block for maps)
      let expr = lines[idx].trim().slice(hattr.length + 2).trim(); let k = idx;
      let depth = (expr.match(/[{\[]/g)||[]).length - (expr.match(/[}\]]/g)||[]).length;
      while (depth > 0 && k < lines.length - 1) { k++; expr += '\n' + lines[k]; depth = (expr.match(/[{\[]/g)||[]).length - (expr.match(/[}\]]/g)||[]).length; }
      row.hcl = expr;
      hclOut += `output "o${i}" {\n  value = ${expr}\n}\n`;
    }
  }
  rows.push(row);
});
const vdef = { variable: { v: { type: 'string', default: 'VAL' } } };
function run(name: string, out: any, hcl?: string) {
  if (hcl !== undefined) return tf('/tmp/adv-' + name, { 'main.tf': hcl });
  return tf('/tmp/adv-' + name, { 'main.tf.json': JSON.stringify({ ...vdef, output: out }) });
}
function runEach(name: string, out: any) {
  let r = run(name, out); if (!r.error) return r;
  const all: any = {};
  for (const k of Object.keys(out)) { const x = run(name, { [k]: out[k] }); all[k] = x.error ? 'ERR:' + x.error.replace(/\s+/g,' ').slice(0,160) : x[k]; }
  return all;
}
const ref = runEach('ref', refOut);
const js = runEach('json', jsonOut);
let hres = run('hcl', null, hclOut);
if (hres.error) { hres = {}; for (const row of rows.filter(r => r.hcl)) { const x = run('hcl', null, `variable "v" {\n type = string\n default = "VAL"\n}\noutput "o${row.i}" {\n value = ${row.hcl}\n}\n`); hres['o'+row.i] = x.error ? 'ERR:' + x.error.replace(/\s+/g,' ').slice(0,160) : x['o'+row.i]; } }
for (const row of rows) {
  const k = 'o' + row.i;
  console.log(`#${row.i} ${row.parts}\n   ref=${JSON.stringify(ref[k])} exp=${JSON.stringify(expected(JSON.parse(row.parts, (kk, v) => v && v.v ? {v:1} : v)))}`);
  if (!row.ok) console.log(`   REFUSED: ${row.err.split('\n').slice(1).join(' | ').slice(0, 250)}`);
  else console.log(`   json=${JSON.stringify(js[k])}\n   hcl=${JSON.stringify(hres[k])}  [${row.hcl}]`);
}
