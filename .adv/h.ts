// harness: build strings of parts; accept/refuse by library; then terraform judges
import { Testing, TerraformStack, TerraformVariable, Fn, Op } from 'cdktf';
import { AuthenticationProfile, AwsProvider, Literal, NodeList, NodeListMode, KubernetesProvider } from '../lib';
import * as fs from 'fs'; import { execSync } from 'child_process';
export type Part = string | { v: 1 } | { lit: string };
export const V: Part = { v: 1 };
export function build(parts: Part[], tok: string): string {
  return parts.map(p => typeof p === 'string' ? p : 'v' in p ? tok : Literal.text(p.lit)).join('');
}
export function expected(parts: Part[]): string {
  return parts.map(p => typeof p === 'string' ? p : 'v' in p ? 'VAL' : p.lit).join('').normalize('NFC');
}
// naive cdktf writing (for refused cases): text as-is, token as ${var.v}
export function naive(parts: Part[]): string {
  return parts.map(p => typeof p === 'string' ? p : 'v' in p ? '${var.v}' : p.lit.replace(/\$\{/g,'$${').replace(/%\{/g,'%%{')).join('');
}
type Pos = 'content' | 'annotation' | 'errmsg' | 'manifest';
export function make(pos: Pos, parts: Part[]): { ok: boolean; err?: string; json?: any; hcl?: string } {
  const app = Testing.app();
  const stack = new TerraformStack(app, 's');
  const v = new TerraformVariable(stack, 'v', { type: 'string' });
  const s = build(parts, v.stringValue);
  try {
    if (pos === 'content' || pos === 'errmsg') {
      new AwsProvider(stack, 'aws', { region: 'us-east-1' });
      new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'abc',
        authenticationProfileContent: pos === 'content' ? { A: s } : { A: 'b' },
        lifecycle: pos === 'errmsg' ? { precondition: [{ condition: Op.neq(v.stringValue, 'x'), errorMessage: s }] } : undefined });
    } else {
      new KubernetesProvider(stack, 'k', { configPath: '~/.kube/config' });
      new NodeList(stack, 'n', { mode: pos === 'annotation' ? NodeListMode.LABELS_ANNOTATIONS_TAINTS : undefined,
        items: [{ metadata: { name: 'n1', annotations: { 'a.io/x': s } } }] });
    }
    const json = JSON.parse(Testing.synth(stack));
    const hcl = Testing.synthHcl(stack);
    return { ok: true, json, hcl };
  } catch (e: any) { return { ok: false, err: String(e.message || e).slice(0, 300) }; }
}
export function tf(dir: string, files: Record<string, string>): any {
  fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir, { recursive: true });
  for (const [f, c] of Object.entries(files)) fs.writeFileSync(dir + '/' + f, c);
  try {
    execSync('terraform init -input=false >/dev/null 2>&1; terraform plan -input=false -out p >/dev/null 2>err.txt && terraform show -json p > p.json', { cwd: dir, shell: '/bin/bash' });
    const p = JSON.parse(fs.readFileSync(dir + '/p.json', 'utf8'));
    const out: any = {}; for (const [k, o] of Object.entries<any>(p.planned_values.outputs || {})) out[k] = o.value; return out;
  } catch (e) { return { error: fs.readFileSync(dir + '/err.txt', 'utf8').slice(0, 600) }; }
}
