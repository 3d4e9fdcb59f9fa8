// The HTML page in a real browser: Chrome or Chromium as scripts/find-chromium.ts
// finds it (CHROMIUM_PATH, an installed one, playwright's download; CI installs
// Debian's with scripts/install-chromium.sh) driven by playwright-core; none
// found fails here with how to provide one. The
// real-looking plan (rename, content, binding, node labels, delete, drift,
// hostile strings) and a plan of 7,000 changes, each opened from a file:
// no console error, no request but the page's own, the filters by action and
// by stack work with the mouse and the keyboard, and every card reads the
// explanation's own strings. Its screenshot goes to the temporary directory:
// docs/explain-html.png is of real plans (scripts/explain-screenshot.ts).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { Browser, chromium, Page } from 'playwright-core';
import { PlanExplanation } from '../../lib';
import { escapeForLine } from '../../lib/core/server-text';
import { renderHtml } from '../../lib/explain/render-html';
import { findChromium } from '../../scripts/find-chromium';
import { buildReport } from '../../lib/explain/report';
import { bigFixture, CardText, expectedCards, HOSTILE_SHORT, realisticExplanation } from './html-report.support';

const BIG = 7000;

let browser: Browser;
let dir: string;

beforeAll(async () => {
  const found = findChromium();
  if ('problem' in found) throw new Error(`the browser test needs a browser: ${found.problem}`);
  process.stdout.write(`browser test: ${found.path} (${found.source})\n`);
  browser = await chromium.launch({ executablePath: found.path, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-html-browser-'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** What went wrong while a page was open: console errors, uncaught errors, requests for anything but the page itself. */
interface Watch {
  readonly errors: string[];
  readonly requests: string[];
  readonly blocked: string[];
}

/** Opens the HTML from a file in a new page, every request but the page's own aborted and recorded. */
async function open(name: string, html: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; watch: Watch; url: string; loadMs: number; bytes: number }> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ viewport, javaScriptEnabled: true });
  const page = await context.newPage();
  const watch: Watch = { errors: [], requests: [], blocked: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') watch.errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => watch.errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => watch.requests.push(r.url()));
  await context.route('**/*', async (route) => {
    if (route.request().url() === url) return route.continue();
    watch.blocked.push(route.request().url());
    return route.abort();
  });
  const start = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  const loadMs = Date.now() - start;
  return { page, watch, url, loadMs, bytes: Buffer.byteLength(html) };
}

/** Each filtered item's stack, actions and whether it shows. */
async function items(page: Page): Promise<{ stack: string; actions: string[]; visible: boolean }[]> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    return [...doc.querySelectorAll('.item')].map((el: any) => ({ stack: el.getAttribute('data-stack'), actions: el.getAttribute('data-actions').split(' '), visible: el.checkVisibility() }));
  });
}

/** The cards as the browser reads them back (textContent of each part). */
async function cards(page: Page): Promise<CardText[]> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    const text = (el: any) => (el === null ? null : el.textContent);
    return [...doc.querySelectorAll('article.card')].map((card: any) => ({
      stack: card.getAttribute('data-stack'),
      actions: text(card.querySelector('.badge .act')),
      path: text(card.querySelector('.path')),
      class: text(card.querySelector('.cls')),
      cause: text(card.querySelector('.cause')),
      source: text(card.querySelector('.src')),
      addresses: [...card.querySelectorAll('.addr')].map(text),
      rows: [...card.querySelectorAll('tr.f')].map((tr: any) => [
        text(tr.parentElement.querySelector('th.g')) ?? '',
        text(tr.querySelector('.k')),
        text(tr.querySelector('.chg')),
        text(tr.querySelector('td.b')),
        text(tr.querySelector('td.a')),
      ]),
    }));
  });
}

const changedOf = (e: PlanExplanation) => [...e.constructs.filter((c) => !(c.actions.length === 1 && c.actions[0] === 'no-op')), ...e.driftConstructs];

describe('explain: the HTML page in Chromium', () => {
  test('GIVEN the real-looking plan THEN no console error, no request but the page, and every card, other resource and output reads the explanation\'s own strings', async () => {
    const explanation = realisticExplanation();
    const { page, watch, url } = await open('plan.html', explanation.toHtml({ stack: 'warehouse' }));
    try {
      expect(await page.title()).toBe('Terraform plan, by construct');
      // The plan's count and summary, as the text report starts.
      const [planLine, summary] = explanation.toText().split('\n');
      expect(await page.locator('p.plan').textContent()).toBe(planLine);
      expect(await page.locator('p.summary').textContent()).toBe(summary);
      expect(await page.locator('#shown').textContent()).toMatch(/^Showing (\d+) of \1 changes$/);
      // Every card, in order, reads exactly the explanation's strings (hostile ones included).
      const read = await cards(page);
      expect(read).toEqual(expectedCards('warehouse', changedOf(explanation)));
      expect(read.some((c) => c.path.includes('<i><b>x</b>&amp;"\'</script>\\u202e\\u0000\\u000a</i>'))).toBe(true);
      // A content key and its value that hold markup, a script's end, a bidi override, a NUL and a line break.
      expect(read.find((c) => c.path === 'updated')!.rows).toContainEqual(['authenticationProfileContent', escapeForLine(HOSTILE_SHORT), 'added', '', escapeForLine(JSON.stringify(HOSTILE_SHORT), false)]);
      // The other resources by address, the outputs by name.
      const others = await page.$$eval('table.others tr.item .addr', (els) => els.map((e) => e.textContent));
      expect(others).toEqual(explanation.changes.filter((r) => r.kind === 'other' && r.actions[0] !== 'no-op').map((r) => r.address));
      const outputs = await page.$$eval('table.outputs tr.item', (rows) => rows.map((r) => Array.from(r.querySelectorAll('.name, td.b, td.a')).map((e) => e.textContent)));
      expect(outputs).toEqual(explanation.outputs.map((o) => [o.name, o.before ?? '', o.after ?? '']));
      // Nothing the page holds made an element of its own.
      expect(await page.$$eval('img, script[src], link, iframe, object, embed, a, form', (els) => els.length)).toBe(0);
      expect(watch).toEqual({ errors: [], requests: [url], blocked: [] });

      // The docs' picture is of real plans a user would make (npm run docs:screenshot); this one holds hostile values.
      const shot = path.join(dir, 'explain-html.png');
      await page.screenshot({ path: shot, fullPage: false });
      expect(fs.statSync(shot).size).toBeLessThan(300 * 1024);
    } finally {
      await page.context().close();
    }
  });

  test('GIVEN the action filter THEN unchecking update hides the cards and rows that only update, the others stay; Show all brings them back', async () => {
    const explanation = realisticExplanation();
    const { page, watch, url } = await open('filters.html', explanation.toHtml({ stack: 'warehouse' }));
    try {
      const before = await items(page);
      expect(before.length).toBeGreaterThan(5);
      expect(before.every((i) => i.visible)).toBe(true);
      await page.getByRole('checkbox', { name: /^update \(\d+\)$/ }).uncheck();
      const after = await items(page);
      const onlyUpdate = (i: { actions: string[] }) => i.actions.every((a) => a === 'update');
      expect(after.filter(onlyUpdate).length).toBeGreaterThan(0);
      expect(after.filter(onlyUpdate).every((i) => !i.visible)).toBe(true);
      expect(after.filter((i) => !onlyUpdate(i)).every((i) => i.visible)).toBe(true);
      expect(await page.locator('#shown').textContent()).toBe(`Showing ${after.filter((i) => !onlyUpdate(i)).length} of ${after.length} changes`);
      await page.getByRole('button', { name: 'Show all' }).click();
      expect((await items(page)).every((i) => i.visible)).toBe(true);
      expect(watch).toEqual({ errors: [], requests: [url], blocked: [] });
    } finally {
      await page.context().close();
    }
  });

  test('GIVEN two stacks, one named with markup THEN unchecking a stack hides its cards and section only', async () => {
    const warehouse = realisticExplanation();
    const { plan, config } = bigFixture(12);
    const analytics = PlanExplanation.fromPlanAndConfig(JSON.stringify(plan), JSON.stringify(config));
    const hostileStack = `analytics ${HOSTILE_SHORT}`;
    const html = renderHtml([
      { stack: 'warehouse', report: buildReport(warehouse.changes, warehouse.drift, warehouse.outputs) },
      { stack: hostileStack, report: buildReport(analytics.changes, analytics.drift, analytics.outputs) },
    ]);
    const { page, watch, url } = await open('stacks.html', html);
    try {
      const shownName = escapeForLine(hostileStack, false);
      expect(await page.$$eval('input[name=stack]', (els) => els.map((e: any) => e.value))).toEqual(['warehouse', shownName]);
      expect((await items(page)).filter((i) => i.stack === shownName)).toHaveLength(12);
      await page.getByRole('checkbox', { name: `${shownName} (12)`, exact: true }).uncheck();
      const after = await items(page);
      expect(after.filter((i) => i.stack === shownName).every((i) => !i.visible)).toBe(true);
      expect(after.filter((i) => i.stack === 'warehouse').every((i) => i.visible)).toBe(true);
      expect(await page.$$eval('section.stack', (els) => els.map((e: any) => [e.getAttribute('data-stack'), e.checkVisibility()]))).toEqual([['warehouse', true], [shownName, false]]);
      // Both stacks' cards read their own strings.
      expect(await cards(page)).toEqual([...expectedCards('warehouse', changedOf(warehouse)), ...expectedCards(shownName, changedOf(analytics))]);
      await page.getByRole('checkbox', { name: 'warehouse (', exact: false }).uncheck();
      expect((await items(page)).every((i) => !i.visible)).toBe(true);
      expect(await page.locator('#shown').textContent()).toBe(`Showing 0 of ${after.length} changes`);
      expect(watch).toEqual({ errors: [], requests: [url], blocked: [] });
    } finally {
      await page.context().close();
    }
  });

  test('GIVEN the keyboard only THEN Tab reaches the first filter with its focus visible, Space and Enter toggle it and the cards follow', async () => {
    const explanation = realisticExplanation();
    const { page, watch, url } = await open('keyboard.html', explanation.toHtml({ stack: 'warehouse' }));
    try {
      const focused = () =>
        page.evaluate(() => {
          const el = (globalThis as any).document.activeElement;
          const style = (globalThis as any).getComputedStyle(el);
          return { tag: el.tagName, name: el.getAttribute('name'), value: el.getAttribute('value'), checked: el.checked, outline: style.outlineStyle, focusVisible: el.matches(':focus-visible') };
        });
      await page.keyboard.press('Tab');
      const first = await focused();
      expect(first).toEqual({ tag: 'INPUT', name: 'action', value: 'create', checked: true, outline: 'solid', focusVisible: true });
      const creates = async () => (await items(page)).filter((i) => i.actions.every((a) => a === 'create'));
      await page.keyboard.press('Space');
      expect((await focused()).checked).toBe(false);
      expect((await creates()).every((i) => !i.visible)).toBe(true);
      await page.keyboard.press('Enter');
      expect((await focused()).checked).toBe(true);
      expect((await items(page)).every((i) => i.visible)).toBe(true);
      // Tab goes on through the filters to the stack filter and the Show all button.
      const seen: string[] = [];
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        const f = await focused();
        seen.push(`${f.tag}:${f.name ?? ''}:${f.value ?? ''}`);
        if (f.tag === 'BUTTON') break;
      }
      expect(seen).toEqual(['INPUT:action:update', 'INPUT:action:replace', 'INPUT:action:delete', 'INPUT:action:changed-outside-terraform', 'INPUT:stack:warehouse', 'BUTTON::']);
      expect(watch).toEqual({ errors: [], requests: [url], blocked: [] });
    } finally {
      await page.context().close();
    }
  });

  test(`GIVEN a plan of ${BIG.toLocaleString('en')} changes THEN the page opens, shows a card for each, filters them, with no console error and no request`, async () => {
    const { plan, config } = bigFixture(BIG);
    const explanation = PlanExplanation.fromPlanAndConfig(JSON.stringify(plan), JSON.stringify(config));
    const html = explanation.toHtml({ stack: 'big' });
    const { page, watch, url, loadMs, bytes } = await open('big.html', html);
    try {
      expect(await page.locator('article.card').count()).toBe(BIG);
      expect(await page.locator('#shown').textContent()).toBe(`Showing ${BIG} of ${BIG} changes`);
      const start = Date.now();
      await page.getByRole('checkbox', { name: /^update \(\d+\)$/ }).uncheck();
      const filterMs = Date.now() - start;
      const after = await items(page);
      expect(after.filter((i) => i.visible)).toHaveLength((BIG * 2) / 5);
      expect(after.filter((i) => !i.visible).every((i) => i.actions.join() === 'update')).toBe(true);
      // The last card reads its own strings too.
      const last = (await cards(page)).at(-1);
      expect(last).toEqual(expectedCards('big', changedOf(explanation)).at(-1));
      expect(watch).toEqual({ errors: [], requests: [url], blocked: [] });
      process.stdout.write(`explain html: ${BIG} changes, page ${(bytes / 1e6).toFixed(2)} MB, loaded in ${loadMs} ms, filtered in ${filterMs} ms\n`);
      expect(loadMs).toBeLessThan(30_000);
    } finally {
      await page.context().close();
    }
  });
});
