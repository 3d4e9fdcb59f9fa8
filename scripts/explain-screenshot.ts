// docs/explain-html.png, from real plans a user would make (issue 44, What to
// build 3): the real terraform plans a second version of two stacks.
// warehouse: the aws provider against the Redshift emulator, applied for real,
// then a profile renamed, one's content changed, one added, one deleted
// outside Terraform (created again), one adopted. monitoring: the echo
// providers (the datadog and kubernetes schemas) plan a principal added, a
// policy removed and a node label changed. The page of both, in Chromium, is
// the picture. The hostile values stay in the tests
// (__tests__/explain/html-report.browser.test.ts).
//
//   npm run docs:screenshot            writes docs/explain-html.png
//   npm run docs:screenshot -- OUT.png writes OUT.png
import * as fs from 'fs';
import * as path from 'path';
import { chromium } from 'playwright-core';
import { TerraformStack } from '../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, KubernetesProvider, NodeList, PlanExplanation, RestrictionPolicy } from '../lib';
import { renderStacksHtml } from '../lib/explain/render-stacks';
import { startEchoProviders } from '../__tests__/support/echo-provider';
import { ALL_PROVIDERS } from '../__tests__/support/echo-provider/schemas';
import { echoStateOf } from '../__tests__/support/echo-state';
import { startReattachedAwsProvider } from '../__tests__/support/provider-reattach';
import { RedshiftEmulator } from '../__tests__/support/redshift-emulator';
import { stackFile } from '../__tests__/support/synth';
import { init, workdir } from '../__tests__/support/terraform';
import { terraformAsync } from '../__tests__/support/terraform-async';
import { findChromium } from './find-chromium';

const OUT = process.argv[2] ?? path.join(__dirname, '..', 'docs', 'explain-html.png');
const TEAM_DATA = 'team:2f6a0c1e-0000-4000-8000-00000000da7a';
const ROLE_ANALYST = 'role:7d1e2b44-0000-4000-8000-0000000a0a1a';
const ROLE_ONCALL = 'role:9c3f5a10-0000-4000-8000-00000000ca11';

function warehouse(emulator: RedshiftEmulator, version: 1 | 2) {
  return (stack: TerraformStack) => {
    new AwsProvider(stack, 'aws', emulator.awsProviderProps());
    const sso = (clientId: string) => ({ AllowDBUserOverride: '1', Client_ID: clientId, App_ID: '0oa1bcd2efGHIJ3k4l5m' });
    new AuthenticationProfile(stack, 'analysts', { authenticationProfileName: version === 1 ? 'analysts-sso' : 'analytics-sso', authenticationProfileContent: sso('analysts') });
    new AuthenticationProfile(stack, 'engineers', { authenticationProfileName: 'engineers-sso', authenticationProfileContent: version === 1 ? sso('engineers') : { ...sso('engineers'), AllowDBUserOverride: '0' } });
    new AuthenticationProfile(stack, 'finance', { authenticationProfileName: 'finance-sso', authenticationProfileContent: sso('finance') });
    if (version === 2) {
      new AuthenticationProfile(stack, 'marketing', { authenticationProfileName: 'marketing-sso', authenticationProfileContent: sso('marketing') });
      AuthenticationProfile.adopt(stack, 'support', { authenticationProfileName: 'support-sso', authenticationProfileContent: sso('support') });
    }
  };
}

function monitoring(version: 1 | 2) {
  return (stack: TerraformStack) => {
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
    new RestrictionPolicy(stack, 'revenue-dashboard', {
      resourceId: 'dashboard:abc-def-ghi',
      bindings: [
        { relation: 'viewer', principals: version === 1 ? [ROLE_ANALYST] : [ROLE_ANALYST, ROLE_ONCALL] },
        { relation: 'editor', principals: [TEAM_DATA] },
      ],
    });
    if (version === 1) new RestrictionPolicy(stack, 'legacy-notebook', { resourceId: 'notebook:4242', bindings: [{ relation: 'viewer', principals: [ROLE_ANALYST] }] });
    new NodeList(stack, 'gpu-pool', {
      items: [
        { metadata: { name: 'gpu-1', labels: { pool: 'gpu', tier: version === 1 ? 'batch' : 'inference' } } },
        { metadata: { name: 'gpu-2', labels: { pool: 'gpu', tier: 'batch' } } },
      ],
    });
  };
}

async function warehousePlan(): Promise<PlanExplanation> {
  const emulator = await RedshiftEmulator.start();
  try {
    const first = stackFile('warehouse', warehouse(emulator, 1), false);
    const dir = workdir({ [first.file]: first.text });
    init(dir);
    const provider = await startReattachedAwsProvider(dir, emulator.providerEnv());
    try {
      const env = { ...emulator.providerEnv(), ...provider?.env };
      await terraformAsync(dir, ['apply', '-input=false', '-no-color', '-auto-approve'], { env });
      // Outside Terraform: the finance profile deleted by hand; support's made in the console, to be adopted.
      emulator.removeProfile('finance-sso');
      emulator.putProfile('support-sso', JSON.stringify({ AllowDBUserOverride: '1', Client_ID: 'support', App_ID: '0oa1bcd2efGHIJ3k4l5m' }));
      fs.writeFileSync(path.join(dir, first.file), stackFile('warehouse', warehouse(emulator, 2), false).text);
      await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
      const json = (await terraformAsync(dir, ['show', '-json', 'tfplan'], { env })).stdout;
      return PlanExplanation.fromPlan(json, dir, { planMode: PlanExplanation.planModeOfFile(path.join(dir, 'tfplan')) });
    } finally {
      await provider?.stop();
    }
  } finally {
    await emulator.stop();
  }
}

async function monitoringPlan(): Promise<PlanExplanation> {
  const echo = await startEchoProviders(ALL_PROVIDERS.filter((p) => !p.address.endsWith('/aws')));
  try {
    const first = stackFile('monitoring', monitoring(1), false);
    const second = stackFile('monitoring', monitoring(2), false);
    const dir = workdir({ [second.file]: second.text, 'terraform.tfstate': echoStateOf(JSON.parse(first.text), ALL_PROVIDERS) });
    await terraformAsync(dir, ['init', '-input=false', '-no-color'], { env: echo.env });
    await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-lock=false', '-out=tfplan'], { env: echo.env });
    const json = (await terraformAsync(dir, ['show', '-json', 'tfplan'], { env: echo.env })).stdout;
    return PlanExplanation.fromPlan(json, dir, { planMode: PlanExplanation.planModeOfFile(path.join(dir, 'tfplan')) });
  } finally {
    await echo.stop();
  }
}

async function main(): Promise<void> {
  const found = findChromium();
  if ('problem' in found) throw new Error(`the screenshot needs a browser: ${found.problem}`);
  const stacks = [
    { stack: 'warehouse', report: (await warehousePlan())._report },
    { stack: 'monitoring', report: (await monitoringPlan())._report },
  ];
  const page = path.join(workdir({}), 'plan.html');
  fs.writeFileSync(page, renderStacksHtml(stacks));
  const browser = await chromium.launch({ executablePath: found.path, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const tab = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await tab.goto(`file://${page}`);
    await tab.screenshot({ path: OUT, fullPage: false });
  } finally {
    await browser.close();
  }
  process.stdout.write(`${path.relative(process.cwd(), OUT)}: ${fs.statSync(OUT).size} bytes\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
