/**
 * A phone at 390×844 with touch (docs/architecture.md, Devices): the 消息 tab lists the
 * conversations; a desktop address with a phone page lands there (the enquiry comparison with 采纳
 * on each quote card, purchase orders with 详情), and 电脑版 keeps the desktop for the session; the
 * back office's menu is a drawer that navigates, its quote fields are full width and what was typed
 * survives turning to a 768 tablet and back; the guest home's quick-search tiles keep their labels
 * on one line; a 768 tablet's comparison fits as cards. Screenshots: test-results/screenshots/phone-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextDefaults, startE2E, type E2E } from './harness';

let e2e: E2E;
let enquiryId = 0;
beforeAll(async () => {
  e2e = await startE2E();
  ({ enquiryId } = await seedBuyer());
});
afterAll(async () => e2e?.close());

const phone = async (): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...contextDefaults });
  return { context, page: await context.newPage() };
};

/** the document is no wider than the phone (a mobile viewport widens to fit what overflows) */
const fits = (page: Page, width = 390) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
const pathOf = (page: Page) => new URL(page.url()).pathname;

const ENQUIRY_NO = 'XJ2026112800000901';
const ORDER_NO = 'SO20261128090000000901';

/** an open enquiry of the buyer (company 3) to the seller (2) and seller6 (6), quoted by seller6 and seller7; a shipped order; a conversation with the seller */
const seedBuyer = async () => {
  const q = e2e.pglite.query.bind(e2e.pglite);
  const { rows: [buyer] } = await q<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
  const { rows: [enquiry] } = await q<{ id: number }>(`
    insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, note, created_at, sent_at, expires_at, quote_count)
    values ($1, $2, $3, 'open', '请报含税价', now() - interval '1 hour', now() - interval '1 hour', now() + interval '3 days', 2) returning id`, [ENQUIRY_NO, buyer.company_id, buyer.id]);
  const { rows: [line] } = await q<{ id: number }>(`
    insert into enquiry_line (enquiry_id, line_no, oe, oe_norm, name, qty, quality) values ($1, 1, '04465-33450', '0446533450', '前刹车片', 2, '不限') returning id`, [enquiry.id]);
  await q(`insert into enquiry_recipient (enquiry_id, seller_company_id) values ($1, 2), ($1, 6), ($1, 7)`, [enquiry.id]);
  for (const [seller, price, days] of [['seller6', 18800, 2], ['seller7', 16500, 0]] as const) {
    await q(`insert into quote (enquiry_id, line_id, seller_company_id, seller_user_id, price_fen, quoted_amount, brand, quality, qty, delivery_days, valid_until, created_at, updated_at)
      select $1, $2, company_id, id, $3::int, $3::bigint, '博世', '品牌件', 10, $4, now() + interval '2 days', now(), now() from app_user where username = $5`, [enquiry.id, line.id, price, days, seller]);
  }
  const { rows: [stock] } = await q<{ id: number; supplier_oe: string; name: string }>(
    `select s.id, s.supplier_oe, coalesce(s.name, '刹车片') as name from stock s where s.company_id = 2 and s.state = 'on' order by s.id limit 1`);
  const { rows: [order] } = await q<{ id: string }>(`
    insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, line_count, total_qty, total_fen,
      contact_name, contact_phone, address, created_at, confirmed_at)
    values ($1, 'CO20261128090000000901', $2, $3, 2, 'confirmed', 1, 4, 48000, '王志强', '13800000004', '广东省广州市白云区机场路88号', now() - interval '1 day', now() - interval '1 day') returning id`,
  [ORDER_NO, buyer.company_id, buyer.id]);
  await q(`insert into goods_order_line (order_id, stock_id, type_code, supplier_oe, name, qty, include_tax, price_column, unit_price_fen, amount_fen)
    values ($1, $2, '配件产品', $3, $4, 4, false, 'price0', 12000, 48000)`, [order.id, stock.id, stock.supplier_oe, stock.name]);
  await q(`insert into goods_order_event (order_id, action, actor_user_id, from_status, to_status) values ($1, 'create', $2, null, 'pending')`, [order.id, buyer.id]);
  const { rows: [conv] } = await q<{ id: number }>(`
    insert into im_conversation (user_low, user_high, last_sent_at)
    select least(s.id, b.id), greatest(s.id, b.id), now() from app_user s, app_user b where s.username = 'seller' and b.username = 'buyer'
    on conflict (user_low, user_high) do update set last_sent_at = excluded.last_sent_at returning id`);
  await q(`insert into im_member (conversation_id, user_id, unread) select $1, id, case when username = 'buyer' then 1 else 0 end from app_user where username in ('seller', 'buyer')
    on conflict (user_id, conversation_id) do update set unread = excluded.unread`, [conv.id]);
  const { rows: [message] } = await q<{ id: string }>(`insert into im_message (conversation_id, sender_id, recipient_id, client_msg_id, message_type, text, sent_at)
    select $1, s.id, b.id, 'phone-e2e-1', 'RC:TxtMsg', '刹车片已备货，今天可发', now() from app_user s, app_user b where s.username = 'seller' and b.username = 'buyer' returning id`, [conv.id]);
  await q(`update im_conversation set last_message_id = $1, last_sent_at = now() where id = $2`, [message.id, conv.id]);
  return { enquiryId: enquiry.id };
};

describe('a phone at 390×844 with touch', () => {
  it('buyer: 消息 lists the conversations; the enquiry comparison and purchase orders land on phone pages with 采纳 and 详情; 电脑版 stays', async () => {
    const { context, page } = await phone();
    await e2e.signIn(page, '/im/login', 'buyer');

    // 消息: the list comes, never an endless 正在加载…
    await page.goto(`${e2e.url}/im`);
    const conversation = page.getByTestId('conversation').filter({ hasText: '刹车片已备货，今天可发' });
    await expect(conversation).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('正在加载…')).toHaveCount(0);
    await fits(page);
    await e2e.shot(page, 'phone-im-conversations');

    // the desktop comparison's address lands on its phone page: a card per quote, each with 采纳
    await page.goto(`${e2e.url}/enquiry/list/${enquiryId}`);
    await page.waitForURL((u) => u.pathname === `/ofo/enquiry/${enquiryId}`);
    const cards = page.getByTestId('quote-row');
    await expect(cards).toHaveCount(2);
    await fits(page);
    const take = cards.first().getByRole('button', { name: /^采纳/ });
    await expect(take).toBeVisible();
    expect((await take.boundingBox())!.x + (await take.boundingBox())!.width).toBeLessThanOrEqual(390);
    await e2e.shot(page, 'phone-enquiry-compare');
    await take.tap();
    await expect(page.getByText(/^已采纳 1 条报价/)).toBeVisible();

    // purchase orders: the phone list, 详情 in view
    await page.goto(`${e2e.url}/backend/order/purchase`);
    await page.waitForURL((u) => u.pathname === '/ofo/purchase/order');
    const detail = page.getByRole('link', { name: `详情 ${ORDER_NO}` });
    await expect(detail).toBeVisible();
    await fits(page);
    await e2e.shot(page, 'phone-purchase-orders');

    // 电脑版 keeps the desktop pages for the session; the offer takes the phone page back
    await page.getByRole('link', { name: '电脑版' }).tap();
    await page.waitForURL((u) => u.pathname === '/backend/order/purchase');
    await page.goto(`${e2e.url}/enquiry/list`);
    expect(pathOf(page)).toBe('/enquiry/list');
    // (the desktop page is wider than the phone, so the browser zooms it out: a click, not a tap at coordinates)
    await page.getByRole('region', { name: '手机版' }).getByRole('link', { name: '打开手机版' }).dispatchEvent('click');
    await page.waitForURL((u) => u.pathname === '/ofo/enquiry');
    await page.goto(`${e2e.url}/backend/order/purchase`);
    await page.waitForURL((u) => u.pathname === '/ofo/purchase/order');
    await context.close();

    // a 768 tablet keeps the desktop comparison, its quotes as cards that fit
    const tablet = await e2e.browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, ...contextDefaults });
    const t = await tablet.newPage();
    await e2e.signIn(t, '/im/login', 'buyer');
    await t.goto(`${e2e.url}/enquiry/list/${enquiryId}`);
    await expect(t.getByTestId('quote-row')).toHaveCount(2);
    expect(pathOf(t)).toBe(`/enquiry/list/${enquiryId}`);
    await fits(t, 768);
    await expect(t.getByTestId('quote-row').last().getByRole('button', { name: /^采纳/ })).toBeVisible();
    await e2e.shot(t, 'tablet-enquiry-compare-768');
    await tablet.close();
  });

  it('seller: the back office menu is a drawer that navigates; a typed quote survives turning to a tablet and back; the guest home tiles keep their labels', async () => {
    const { context, page } = await phone();
    // a guest's home: every quick-search tile at least two characters wide
    await page.goto(`${e2e.url}/`);
    const tiles = page.locator('.quick-entry strong');
    await expect(tiles.first()).toBeVisible();
    const widths = await tiles.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width / parseFloat(getComputedStyle(el).fontSize)));
    expect(widths.length).toBeGreaterThan(3);
    for (const w of widths) expect(w).toBeGreaterThanOrEqual(2);
    await e2e.shot(page, 'phone-guest-home');

    await e2e.signIn(page, '/im/login', 'seller');
    await page.goto(`${e2e.url}/backend`);
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu).toBeHidden();
    await fits(page);
    const toggle = page.getByRole('button', { name: '打开菜单' });
    await toggle.tap();
    await expect(menu).toBeVisible();
    await e2e.shot(page, 'phone-backoffice-drawer');
    await menu.getByRole('link', { name: '报价中心' }).tap();
    await page.waitForURL((u) => /^\/backend\/quote\/?$/.test(u.pathname));
    await expect(menu).toBeHidden();

    // the quote page: fields full width, the typed price kept through 390 → 768 → 390
    await page.goto(`${e2e.url}/backend/quote/${enquiryId}`);
    const price = page.getByRole('textbox', { name: '第1行 报价' });
    await expect(price).toBeVisible();
    await fits(page);
    expect((await price.boundingBox())!.width).toBeGreaterThan(300);
    await price.fill('123.45');
    await e2e.shot(page, 'phone-seller-quote');
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(menu).toBeVisible();
    await expect(price).toHaveValue('123.45');
    // at 768 × 1024 every entry of the rail can be reached
    const last = menu.getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(async () => { const b = await last.boundingBox(); return !!b && b.y >= 0 && b.y + b.height <= 1024; }).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(menu).toBeHidden();
    await expect(price).toHaveValue('123.45');
    await context.close();
  });
});
