/**
 * `npx tsx scripts/doc-screenshots.ts` (after `npm run build`): the screenshots of the per-role
 * user guides (docs/guide/buyer.md, seller.md, operator.md), saved as docs/guide/img/*.png.
 *
 * Starts the real server on the built app in dist/ with a fresh temporary data folder (migrated and
 * seeded with the demo data, as on a first `npm start`), signs in through the real login pages as
 * the demo accounts buyer, seller and operator in Debian's Chromium (the e2e tests' launcher), does
 * what a newcomer does (an OE search, two parts into the cart, checkout, an enquiry to the seller)
 * and photographs each page at 1366×768 once it is at rest, plus the buyer's phone page at 390×844.
 * Then it stops the server and removes the folder. Nothing else is written (after a failure, a
 * picture of the page it was on: doc-screenshots-failure.png in the system temp folder).
 *
 * Options: `--only buyer-cart,seller-home` takes only those shots (the flow still runs).
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), as for the e2e tests.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { PGlite } from '@electric-sql/pglite';
import { startServer } from '../src/server/server';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { launchChromium } from '../tests/e2e/browser';
import { animationsDone } from '../tests/e2e/harness';

const root = process.cwd();
const distDir = resolve(root, 'dist');
const outDir = resolve(root, 'docs', 'guide', 'img');

const { values: args } = parseArgs({ options: { only: { type: 'string' } } });
const only = args.only ? new Set(args.only.split(',').map((s) => s.trim().replace(/\.png$/, ''))) : undefined;

if (!existsSync(join(distDir, 'index.html'))) {
  process.stderr.write('dist/ 中没有构建好的应用：请先运行 npm run build（No built app in dist/: run `npm run build` first.）\n');
  process.exit(1);
}

const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
/** the demo seller company (account `seller`) and the demo buyer's company (account `buyer`) */
const SELLER_COMPANY = 2;
const BUYER_COMPANY = 3;

/** A page being loaded, or drawn half: a busy region, a spinner, a loading text or an error page. */
const UNSETTLED_SELECTOR = '[aria-busy="true"], .p-progress-spinner, .pi-spin, .p-skeleton, .p-datatable-loading-overlay';
const UNSETTLED_TEXT = /正在加载|正在搜索|加载中|加载失败|出错了|服务器错误|网络不可用/;

/**
 * In the page: true when nothing within the window is loading. A string, not a function: tsx names
 * the page's helper functions with a helper (__name) the page does not have.
 */
const AT_REST = `(() => {
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  if ([...document.querySelectorAll(${JSON.stringify(UNSETTLED_SELECTOR)})].some(seen)) return false;
  if ([...document.images].some((img) => seen(img) && !img.complete)) return false;
  const words = new RegExp(${JSON.stringify(UNSETTLED_TEXT.source)});
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (words.test(n.textContent ?? '') && n.parentElement && seen(n.parentElement)) return false;
  }
  return true;
})()`;

/**
 * Waits until the page shows its real content at rest: `ready` is visible, and within the window
 * nothing is loading (no busy region, spinner or loading text, every image in), the network is
 * quiet, the fonts are in and finite animations have ended. What lies below the window (a QR code
 * drawn when scrolled to) is not in the picture and is not waited for.
 */
const atRest = async (page: Page, ready: Locator) => {
  await ready.first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(AT_REST, undefined, { timeout: 30_000, polling: 100 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await animationsDone(page);
};

const taken: Array<{ name: string; bytes: number }> = [];

/** Saves the viewport (never the full page) as docs/guide/img/<name>.png once the page is at rest. */
const shoot = async (page: Page, name: string, ready: Locator) => {
  if (only && !only.has(name)) return;
  await atRest(page, ready);
  // from the top of the page (a click may have scrolled it), the mouse away from every button (no
  // hover highlight or tooltip)
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await animationsDone(page);
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  const bytes = statSync(path).size;
  taken.push({ name, bytes });
  // a page wider than the window shows cut off on the right: worth a look
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(`${name}.png  ${(bytes / 1024).toFixed(0)} KB  ${new URL(page.url()).pathname}${over > 0 ? `  (页面比窗口宽 ${over} px)` : ''}`);
};

const signIn = async (page: Page, url: string, loginPath: string, username: string) => {
  await page.goto(url + loginPath);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.locator('button[type="submit"]').click()]);
  await page.waitForLoadState('networkidle');
};

/** the page opened last, photographed when something fails */
let lastPage: Page | undefined;

const newPage = async (browser: Browser, options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  lastPage = page;
  page.on('pageerror', (e) => process.stderr.write(`page error on ${page.url()}: ${e.message}\n`));
  return { context, page };
};

const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), 'qph-doc-shots-'));
let pglite: PGlite | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let browser: Browser | undefined;
try {
  console.log('启动服务器并写入演示数据（约 15 秒）…');
  pglite = await PGlite.create(join(dataDir, 'pglite'));
  server = await startServer({
    port: 0, host: '127.0.0.1', pglite, dataDir, staticDir: distDir,
    log: (level, text, detail) => {
      if (level !== 'info' && !text.startsWith('SMS_PROVIDER=log')) process.stderr.write(`server ${level}: ${text}${detail instanceof Error ? ` ${detail.message}` : ''}\n`);
    },
  });
  const url = server.url;
  mkdirSync(outDir, { recursive: true });

  // An OE number the demo seller stocks among a few other sellers (a result that fits the window),
  // and another seller's row of it: the buyer buys one part from each.
  const { rows: [pick] } = await pglite.query<{ oe_norm: string }>(`
    select oe_norm from stock where state = 'on'
    group by oe_norm
    having bool_or(company_id = $1 and quantity > 1 and price0 is not null)
      and bool_or(company_id not in (1, $1, $2) and quantity > 1 and price0 is not null)
      and count(*) between 5 and 7 and count(distinct company_id) >= 4
    order by count(*) desc, oe_norm limit 1`, [SELLER_COMPANY, BUYER_COMPANY]);
  if (!pick) throw new Error('演示数据中没有一个由骏达汽配和其他几家卖家同时在售的 OE 号');
  const { rows: [other] } = await pglite.query<{ short_name: string }>(`
    select c.short_name from stock s join company c on c.id = s.company_id
    where s.oe_norm = $1 and s.state = 'on' and s.quantity > 1 and s.price0 is not null and s.company_id not in (1, $2, $3)
    order by s.id limit 1`, [pick.oe_norm, SELLER_COMPANY, BUYER_COMPANY]);
  // a second number the demo seller stocks, so the enquiry has two lines
  const { rows: [second] } = await pglite.query<{ oe_norm: string }>(`
    select oe_norm from stock where company_id = $1 and state = 'on' and quantity > 0 and price0 is not null and oe_norm <> $2
    order by id limit 1`, [SELLER_COMPANY, pick.oe_norm]);
  const { rows: [sellerCompany] } = await pglite.query<{ short_name: string }>('select short_name from company where id = $1', [SELLER_COMPANY]);

  browser = await launchChromium();

  // ---- buyer ----
  const buyer = await newPage(browser, DESKTOP);
  const b = buyer.page;
  await signIn(b, url, '/login', 'buyer');
  await b.goto(url + '/');
  await shoot(b, 'buyer-home', b.getByText('OE号搜索'));
  await b.goto(`${url}/search/parts/oe?code=${encodeURIComponent(pick.oe_norm)}`);
  const results = b.locator('.results-card');
  await shoot(b, 'buyer-oe-search', results.locator('tbody tr'));

  // one part from the demo seller and one from another seller, 2 pieces of it
  for (const company of [sellerCompany.short_name, other.short_name]) {
    const row = results.locator('tbody tr', { has: b.locator('.stock-seller', { hasText: company }) }).filter({ hasNotText: '无货' }).first();
    await row.getByRole('button', { name: /加入购物车/ }).click();
    await row.getByRole('button', { name: /已加入/ }).waitFor();
  }
  await b.goto(url + '/cart');
  await b.getByTestId('cart-group').nth(1).waitFor();
  await b.getByRole('button', { name: /^增加 / }).last().click();
  await b.waitForFunction(() => /已选\s*2\s*种\s*3\s*件/.test(document.body.innerText));
  await shoot(b, 'buyer-cart', b.getByTestId('cart-group'));

  // checkout: one order per seller
  await b.getByRole('button', { name: '去结算' }).click();
  await b.waitForURL((u) => u.pathname === '/cart/order/create');
  await b.getByLabel('收货人').fill('王志强');
  await b.getByLabel('联系电话').fill('13800000004');
  await b.getByLabel('收货地址').fill('上海市闵行区沪闵路6088号 申通汽修 收');
  await b.getByRole('button', { name: '提交订单' }).click();
  await b.waitForURL((u) => u.pathname === '/cart/order/complete');
  await b.getByTestId('complete-order').nth(1).waitFor();
  const { rows: [order] } = await pglite.query<{ order_no: string }>(
    'select order_no from goods_order where seller_company_id = $1 order by id desc limit 1', [SELLER_COMPANY]);
  await b.goto(`${url}/backend/order/detail/${order.order_no}`);
  await shoot(b, 'buyer-order', b.locator('.order-detail-state'));

  // an enquiry about two OE numbers to the demo seller, for the seller's 报价中心
  await b.goto(`${url}/search/parts/oe?code=${encodeURIComponent(`${pick.oe_norm},${second.oe_norm}`)}&r=${Date.now()}`);
  await b.getByRole('button', { name: '向卖家询价' }).click();
  const dialog = b.getByRole('dialog', { name: '向卖家询价' });
  await dialog.getByRole('textbox', { name: '第1行 数量' }).fill('4');
  await dialog.getByRole('textbox', { name: '第2行 数量' }).fill('2');
  const boxes = dialog.locator('.enquiry-sellers input[type="checkbox"]');
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).setChecked(false);
  await dialog.locator('.enquiry-sellers label', { hasText: sellerCompany.short_name }).locator('input').check();
  await dialog.getByRole('button', { name: /^发送询价/ }).click();
  await b.waitForURL((u) => /^\/enquiry\/list\/\d+$/.test(u.pathname));
  await buyer.context.close();

  // ---- the buyer on a phone ----
  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, url, '/login', 'buyer');
  await phone.page.goto(`${url}/ofo/search?code=${encodeURIComponent(pick.oe_norm)}`);
  await shoot(phone.page, 'buyer-phone-ofo', phone.page.getByTestId('stock-card'));
  await phone.context.close();

  // ---- seller ----
  const seller = await newPage(browser, DESKTOP);
  const s = seller.page;
  await signIn(s, url, '/login', 'seller');
  await s.goto(url + '/backend');
  await shoot(s, 'seller-home', s.getByText('待处理'));
  await s.goto(url + '/backend/product/stockAndPrice');
  await shoot(s, 'seller-stock', s.locator('[data-testid="list-row"]'));
  await s.goto(`${url}/backend/order/detail/${order.order_no}`);
  await shoot(s, 'seller-order', s.locator('.order-actions').getByRole('button', { name: '确认订单' }));
  // 报价中心 → the enquiry: its lines, pre-filled from the seller's own stock
  await s.goto(url + '/backend/quote');
  await s.getByRole('link', { name: /^报价 XJ/ }).first().click();
  await s.waitForURL((u) => /^\/backend\/quote\/\d+$/.test(u.pathname));
  await shoot(s, 'seller-quote', s.getByTestId('my-product').filter({ hasText: '本公司库存' }));
  await seller.context.close();

  // ---- operator ----
  const operator = await newPage(browser, DESKTOP);
  const o = operator.page;
  await signIn(o, url, '/operation/login', 'operator');
  await o.goto(url + '/operation');
  await shoot(o, 'operator-home', o.getByText('今日订单'));
  await o.goto(url + '/operation/company/list');
  await shoot(o, 'operator-companies', o.locator('[data-testid="list-row"]'));
  await o.goto(url + '/operation/product');
  await shoot(o, 'operator-products', o.locator('[data-testid="list-row"]'));
  await o.goto(url + '/operation/report/order');
  await shoot(o, 'operator-report', o.getByTestId('report-chart').locator('svg'));
  await operator.context.close();

  console.log(`${taken.length} 张截图已保存到 docs/guide/img/，用时 ${((Date.now() - started) / 1000).toFixed(0)} 秒`);
} catch (e) {
  if (lastPage && !lastPage.isClosed()) {
    const path = join(tmpdir(), 'doc-screenshots-failure.png');
    await lastPage.screenshot({ path, timeout: 5_000 }).then(() => process.stderr.write(`失败时的页面 (${lastPage?.url()})：${path}\n`), () => undefined);
  }
  throw e;
} finally {
  await browser?.close().catch(() => undefined);
  await server?.close().catch(() => undefined);
  await pglite?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
