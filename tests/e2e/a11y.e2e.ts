/**
 * Accessibility of the key pages (docs/testing.md, "Accessibility"): axe-core runs inside the page
 * at a desktop width (1366×768) and on a phone (390×844, touch) for the guest, a buyer, a seller
 * and an operator, and a page with any serious or critical violation fails, named with the rule
 * and the elements it found.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextDefaults, animationsDone, startE2E, type E2E } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

/** the serious and critical violations axe finds on the page as it is now */
const seriousViolations = async (page: Page): Promise<string[]> => {
  await animationsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.length} × ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
};

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

type Device = 'desktop' | 'phone';
const open = async (device: Device, who?: { login: string; username: string }): Promise<{ context: BrowserContext; page: Page }> => {
  // bypassCSP: only so that axe's script can be added to the page (our CSP refuses inline scripts)
  const context = await e2e.browser.newContext(device === 'phone'
    ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...contextDefaults, bypassCSP: true }
    : { viewport: { width: 1366, height: 768 }, ...contextDefaults, bypassCSP: true });
  const page = await context.newPage();
  if (who) {
    // a phone signs in on the login card a phone page sends it to, and comes back there
    await page.goto(`${e2e.url}${device === 'phone' ? '/ofo/cart' : who.login}`);
    await page.waitForURL((u) => u.pathname.endsWith('/login'));
    await page.locator('input[name="username"]').fill(who.username);
    await page.locator('input[name="password"]').fill('demo123456');
    await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.locator('button[type="submit"]').click()]);
    await page.waitForLoadState('networkidle');
  }
  return { context, page };
};

/** opens each page, waits for what shows it has loaded, and collects its violations */
const audit = async (page: Page, pages: readonly (readonly [string, string | ((page: Page) => Locator)])[]) => {
  const failures: string[] = [];
  for (const [path, ready] of pages) {
    await page.goto(`${e2e.url}${path}`);
    await page.waitForLoadState('networkidle');
    await expect((typeof ready === 'string' ? page.getByText(ready) : ready(page)).first()).toBeVisible({ timeout: 15_000 });
    for (const v of await seriousViolations(page)) failures.push(`${path}: ${v}`);
  }
  return failures;
};

const buyer = { login: '/login', username: 'buyer' };
const seller = { login: '/login', username: 'seller' };
const operator = { login: '/operation/login', username: 'operator' };

describe('no serious or critical accessibility violation on the key pages', () => {
  it('for a guest, on the desktop and on a phone', async () => {
    const desktop = await open('desktop');
    const phone = await open('phone');
    try {
      const failures = [
        ...await audit(desktop.page, [['/', '欢迎来到汽配汇'], ['/login', '登录']]),
        ...await audit(phone.page, [['/', '欢迎来到汽配汇'], ['/login', '登录']]),
      ];
      expect(failures).toEqual([]);
    } finally {
      await desktop.context.close();
      await phone.context.close();
    }
  });

  it('for a buyer: search results, cart, orders, enquiries and the upgrade page; on a phone its search, cart, orders and messages', async () => {
    const { rows: [row] } = await e2e.pglite.query<{ oe_norm: string }>(`
      select oe_norm from stock where company_id = 2 and state = 'on' and quantity > 0 and price0 is not null order by id limit 1`);
    // one device after the other: a sign-in on the phone ends the desktop's session
    const failures: string[] = [];
    const desktop = await open('desktop', buyer);
    try {
      failures.push(...await audit(desktop.page, [
        [`/search/parts/oe?code=${row.oe_norm}`, (p) => p.locator('tbody tr')],
        ['/search/parts/keyword?k=刹车片', '刹车片'],
        ['/cart', '购物车'],
        ['/backend/order/purchase', '采购订单'],
        ['/enquiry/list', '询价'],
        ['/pay/package', '会员'],
      ]));
    } finally {
      await desktop.context.close();
    }
    const phone = await open('phone', buyer);
    try {
      failures.push(...await audit(phone.page, [
        ['/ofo/search', '搜索'],
        ['/ofo/cart', '购物车'],
        ['/ofo/purchase/order', '订单'],
        ['/im', '消息'],
      ]));
    } finally {
      await phone.context.close();
    }
    expect(failures).toEqual([]);
  });

  it('for a seller and an operator: back-office home, stock, quote center, sales orders, the operator home', async () => {
    const desktop = await open('desktop', seller);
    const op = await open('desktop', operator);
    try {
      const failures = [
        ...await audit(desktop.page, [
          ['/backend', '待处理'],
          ['/backend/product/stockAndPrice', '库存与价格'],
          ['/backend/quote', '报价中心'],
          ['/backend/order/sales', '销售订单'],
        ]),
        ...await audit(op.page, [['/operation', '运营']]),
      ];
      expect(failures).toEqual([]);
    } finally {
      await desktop.context.close();
      await op.context.close();
    }
  });
});
