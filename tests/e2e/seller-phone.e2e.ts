/**
 * The seller's day on a 390×844 phone with touch (docs/guide/devices.md, requirements 000-2 /ofo
 * and /im): signed in on a phone page it lands on 消息 with its own tabs (销售订单, 售后); it opens
 * a new sales order, confirms it and ships it with carrier and waybill in the desktop's own dialog
 * as a bottom sheet; it answers a buyer's after-sale (a refusal without a reason is refused in
 * place, then 同意售后 and 确认退款 by 冲减货款). The desktop list of its after-sales lands on the
 * phone list. Screenshots: test-results/screenshots/seller-phone-*.png.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextDefaults, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const W = 390;
const H = 844;
const ORDER_NO = 'SO20261128100000000777';

const phone = async (): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext({ viewport: { width: W, height: H }, isMobile: true, hasTouch: true, ...contextDefaults });
  return { context, page: await context.newPage() };
};

/** the document is no wider than the phone (a mobile viewport widens to fit what overflows) */
const fits = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(W);

/** a button a thumb can hit: in the screen's width and at least 44 px high */
const touchSized = async (button: Locator) => {
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(W);
  expect(box.height).toBeGreaterThanOrEqual(44);
};

/** the move's dialog is a bottom sheet the screen's width */
const bottomSheet = async (sheet: Locator) => {
  await expect(sheet).toBeVisible();
  await expect.poll(async () => {
    const box = (await sheet.boundingBox())!;
    return [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)];
  }).toEqual([0, W, H]);
};

/** a new order of the buyer (company 3) to the seller (company 2), waiting for the seller to confirm it */
const seedPendingOrder = async () => {
  const q = e2e.pglite.query.bind(e2e.pglite);
  const { rows: [buyer] } = await q<{ id: number; company_id: number }>(`select id, company_id from app_user where username = 'buyer'`);
  const { rows: [stock] } = await q<{ id: number; supplier_oe: string; name: string }>(
    `select s.id, s.supplier_oe, coalesce(s.name, '刹车片') as name from stock s where s.company_id = 2 and s.state = 'on' order by s.id limit 1`);
  const { rows: [order] } = await q<{ id: string }>(`
    insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, line_count, total_qty, total_fen,
      contact_name, contact_phone, address, remark, created_at)
    values ($1, 'CO20261128100000000777', $2, $3, 2, 'pending', 1, 2, 24000, '王志强', '13800000004', '广东省广州市白云区机场路88号', '今天能发吗', now() - interval '10 minutes')
    returning id`, [ORDER_NO, buyer.company_id, buyer.id]);
  await q(`insert into goods_order_line (order_id, stock_id, type_code, supplier_oe, name, qty, include_tax, price_column, unit_price_fen, amount_fen)
    values ($1, $2, '配件产品', $3, $4, 2, false, 'price0', 12000, 24000)`, [order.id, stock.id, stock.supplier_oe, stock.name]);
  await q(`insert into goods_order_event (order_id, action, actor_user_id, from_status, to_status) values ($1, 'create', $2, null, 'pending')`, [order.id, buyer.id]);
};

describe('the seller on a 390×844 phone', () => {
  it('lands on 消息 with its tabs, confirms and ships a new order, answers an after-sale', async () => {
    await seedPendingOrder();
    // the demo's after-sale (seed-activity.ts): a buyer's refund of one piece, waiting for the seller
    const { rows: [asked] } = await e2e.pglite.query<{ as_no: string }>(`select as_no from after_sale where seller_company_id = 2 and status = 'pending' order by id limit 1`);
    expect(asked?.as_no).toMatch(/^AS\d{20}$/);

    const { context, page } = await phone();
    await e2e.signIn(page, '/im/login', 'seller');
    await page.waitForURL((u) => u.pathname === '/im');
    const tabs = page.getByRole('navigation', { name: '手机版导航' });
    await expect(tabs.locator('a > span')).toHaveTexts(['销售订单', '售后', '消息', '搜索', '我的']);

    // ---- 销售订单: the new order, its detail ----
    await tabs.getByRole('link', { name: '销售订单' }).tap();
    await page.waitForURL((u) => u.pathname === '/ofo/sales/order');
    await page.getByRole('link', { name: `详情 ${ORDER_NO}` }).tap();
    await page.waitForURL((u) => u.pathname === '/ofo/purchase/orderDetail');
    const status = page.getByTestId('detail-status');
    await expect(status).toContainText('待确认');
    await expect(page.getByText('请在电脑版处理')).toHaveCount(0);
    const actions = page.getByRole('region', { name: '订单操作' });
    await expect(actions.getByRole('button')).toHaveTexts(['确认订单', '拒绝订单']);
    await touchSized(actions.getByRole('button', { name: '确认订单' }));
    await touchSized(actions.getByRole('button', { name: '拒绝订单' }));
    await expect(page.getByRole('region', { name: '收货信息' })).toContainText('买家');
    await fits(page);
    await e2e.shot(page, 'seller-phone-order-pending');

    // 确认订单 in a bottom sheet
    await actions.getByRole('button', { name: '确认订单' }).tap();
    const confirm = page.getByRole('dialog', { name: new RegExp(`^确认订单 · ${ORDER_NO}`) });
    await bottomSheet(confirm);
    await touchSized(confirm.getByRole('button', { name: '确认订单' }));
    await confirm.getByRole('button', { name: '确认订单' }).tap();
    await expect(confirm).toBeHidden();
    await expect(status).toContainText('已确认');

    // 发货: the waybill is checked in place before anything is sent, then ships
    await expect(actions.getByRole('button')).toHaveTexts(['发货', '登记线下收款']);
    await actions.getByRole('button', { name: '发货' }).tap();
    const ship = page.getByRole('dialog', { name: new RegExp(`^发货 · ${ORDER_NO}`) });
    await bottomSheet(ship);
    await ship.getByLabel('物流单号').fill('12');
    await ship.getByRole('button', { name: '发货' }).tap();
    await expect(ship.locator('#logistics_company-error')).toBeVisible();
    await expect(ship.locator('#logistics_no-error')).toContainText('物流单号');
    await e2e.shot(page, 'seller-phone-order-ship');
    await ship.getByLabel('物流公司').fill('顺丰速运');
    await ship.getByLabel('物流单号').fill('SF1234567890');
    await ship.getByRole('button', { name: '发货' }).tap();
    await expect(ship).toBeHidden();
    await expect(status).toContainText('已发货');
    await expect(page.getByTestId('order-logistics')).toContainText('顺丰速运 SF1234567890');
    await expect(actions.getByRole('button')).toHaveTexts(['登记线下收款']);
    await fits(page);
    await e2e.shot(page, 'seller-phone-order-shipped');

    // ---- 售后: the buyers' after-sales (我是卖家), the demo's refund ----
    await tabs.getByRole('link', { name: '售后' }).tap();
    await page.waitForURL((u) => u.pathname === '/ofo/serviceOrder' && u.searchParams.get('side') === 'seller');
    await page.getByRole('link', { name: `详情 ${asked!.as_no}` }).tap();
    await page.waitForURL((u) => u.pathname === '/ofo/serviceOrder/detail');
    const asStatus = page.getByTestId('service-status');
    await expect(asStatus).toContainText('待卖家处理');
    await expect(page.getByText('请在电脑版处理')).toHaveCount(0);
    const moves = page.getByRole('region', { name: '售后操作' });
    await expect(moves.getByRole('button')).toHaveTexts(['同意售后', '拒绝售后']);
    await touchSized(moves.getByRole('button', { name: '同意售后' }));
    await fits(page);
    await e2e.shot(page, 'seller-phone-aftersale-pending');

    // a refusal needs its reason: said under the field, nothing changes
    await moves.getByRole('button', { name: '拒绝售后' }).tap();
    const refuse = page.getByRole('dialog', { name: new RegExp(`^拒绝售后 · ${asked!.as_no}`) });
    await bottomSheet(refuse);
    await refuse.getByRole('button', { name: '拒绝售后' }).tap();
    await expect(refuse.getByRole('alert')).toContainText('请填写拒绝原因');
    await e2e.shot(page, 'seller-phone-aftersale-refuse');
    await refuse.getByRole('button', { name: '返回' }).tap();
    await expect(refuse).toBeHidden();
    await expect(asStatus).toContainText('待卖家处理');

    // 同意售后, then 确认退款: the order is unpaid, so by 冲减货款
    await moves.getByRole('button', { name: '同意售后' }).tap();
    const agree = page.getByRole('dialog', { name: new RegExp(`^同意售后 · ${asked!.as_no}`) });
    await bottomSheet(agree);
    await agree.getByRole('button', { name: '同意售后' }).tap();
    await expect(agree).toBeHidden();
    await expect(asStatus).toContainText('待退款');
    await moves.getByRole('button', { name: '确认退款' }).tap();
    const refund = page.getByRole('dialog', { name: new RegExp(`^确认退款 · ${asked!.as_no}`) });
    await bottomSheet(refund);
    await expect(refund).toContainText('冲减金额');
    await expect(refund.locator('.p-dropdown')).toContainText('冲减货款');
    await refund.getByRole('button', { name: '确认退款' }).tap();
    await expect(refund).toBeHidden();
    await expect(asStatus).toContainText('已完成');
    await expect(moves).toHaveCount(0);
    await fits(page);
    await e2e.shot(page, 'seller-phone-aftersale-done');

    // the desktop list of the seller's after-sales lands on the phone list, the side kept
    await page.goto(`${e2e.url}/backend/service/afterSale?side=seller`);
    await page.waitForURL((u) => u.pathname === '/ofo/serviceOrder' && u.searchParams.get('side') === 'seller');
    await expect(page.getByTestId('service-card').filter({ hasText: asked!.as_no })).toContainText('已完成');
    await expect(page.getByRole('button', { name: '我是卖家' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('navigation', { name: '手机版导航' }).getByRole('link', { name: '售后' })).toHaveAttribute('aria-current', 'page');
    await fits(page);
    await e2e.shot(page, 'seller-phone-aftersale-list');
    await context.close();
  });
});
