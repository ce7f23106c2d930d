/**
 * Vouchers in the browser (docs/vouchers.md): the operator issues a platform voucher on
 * pay/ticket, the buyer claims it on /ticket (领券), the desktop checkout applies it by itself
 * (the totals show it, 不使用优惠券 takes it off, choosing it again puts it back), the order records
 * it, and the phone checkout (/ofo/createOrder) shows the buyer's other voucher the same way.
 * Screenshots at 1366, 1024 and 390: voucher-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('vouchers', () => {
  it('a buyer claims a voucher and sees it applied at checkout', async () => {
    const q = <T>(text: string, params: unknown[] = []) => e2e.pglite.query<T>(text, params).then((r) => r.rows);
    const [stock] = await q<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' order by id limit 1`);
    // 100 元 a piece; two pieces in the buyer's cart: 200 元
    await q(`update stock set quantity = 50, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null where id = $1`, [stock.id]);
    const [u] = await q<{ id: number }>(`select id from app_user where username = 'buyer'`);
    await q(`delete from cart_item where user_id = $1`, [u.id]);
    await q(`insert into cart_item (user_id, company_id, stock_id, type_code, qty, created_at, updated_at) values ($1, 3, $2, '配件产品', 2, now(), now())`, [u.id, stock.id]);

    // the operator issues 满150减20 for every seller
    const op = await e2e.operatorPage();
    const opp = op.page;
    await opp.goto(`${e2e.url}/operation/pay/ticket`);
    await opp.getByRole('button', { name: '发放优惠券' }).click();
    await opp.locator('#voucher-name').fill('开春平台满减券');
    await opp.locator('#voucher-amount_fen').fill('20');
    await opp.locator('#voucher-min_order_fen').fill('150');
    await opp.locator('#voucher-total_count').fill('50');
    await e2e.shot(opp, 'voucher-op-dialog-1024', { view: true });
    await opp.getByRole('button', { name: '发放', exact: true }).click();
    await expect.poll(() => opp.getByTestId('op-status').textContent()).toContain('已发放“开春平台满减券”');
    await expect.poll(() => opp.getByRole('row', { name: /开春平台满减券/ }).count()).toBe(1);
    await shotsAtSizes(e2e, opp, 'voucher-op-list', [1024, 768]);

    // the buyer claims it on /ticket
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await bp.goto(`${e2e.url}/ticket`);
    const offer = bp.getByTestId('voucher-offer').filter({ hasText: '开春平台满减券' });
    await expect.poll(() => offer.count()).toBe(1);
    await shotsAtSizes(e2e, bp, 'voucher-ticket-before', [1366, 900]);
    await offer.getByRole('button', { name: '领取 开春平台满减券' }).click();
    await expect.poll(() => bp.getByRole('status').first().textContent()).toContain('已领取“开春平台满减券”');
    const mine = bp.getByTestId('my-voucher').filter({ hasText: '开春平台满减券' });
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => offer.textContent()).toContain('已领 1/1');
    await shotsAtSizes(e2e, bp, 'voucher-ticket', [1366, 900]);

    // the checkout applies it by itself
    await bp.goto(`${e2e.url}/cart/order/create`);
    await bp.locator('#checkout-contact_name').fill('王志强');
    await bp.locator('#checkout-contact_phone').fill('13800000004');
    await bp.locator('#checkout-address').fill('广东省广州市白云区机场路88号汽配城A区12号');
    const choice = bp.getByTestId('voucher-choice');
    await expect.poll(() => choice.getByTestId('voucher-off').textContent()).toContain('20.00');
    await expect.poll(() => bp.getByTestId('checkout-total').textContent()).toContain('180.00');
    await expect.poll(() => bp.getByTestId('checkout-voucher-total').textContent()).toContain('20.00');
    await shotsAtSizes(e2e, bp, 'voucher-checkout', [1366, 900]);
    // 不使用优惠券 takes it off; choosing it again puts it back
    const select = choice.locator('select');
    await select.selectOption('0');
    await expect.poll(() => bp.getByTestId('checkout-total').textContent()).toContain('200.00');
    const claimId = await select.locator('option', { hasText: '开春平台满减券' }).getAttribute('value');
    await select.selectOption(claimId!);
    await expect.poll(() => bp.getByTestId('checkout-total').textContent()).toContain('180.00');

    await bp.getByRole('button', { name: '提交订单' }).click();
    await bp.waitForURL((url) => url.pathname === '/cart/order/complete');
    const [order] = await q<{ order_no: string; total_fen: string; voucher_fen: string }>(`select order_no, total_fen, voucher_fen from goods_order where buyer_company_id = 3 order by id desc limit 1`);
    expect([Number(order.total_fen), Number(order.voucher_fen)]).toEqual([18_000, 2000]);
    await bp.goto(`${e2e.url}/backend/order/detail/${order.order_no}`);
    await expect.poll(() => bp.getByTestId('order-voucher').textContent()).toContain('开春平台满减券');
    await shotsAtSizes(e2e, bp, 'voucher-order-detail', [1366, 900]);
    await bp.goto(`${e2e.url}/ticket?tab=used`);
    await expect.poll(() => bp.getByTestId('my-voucher').filter({ hasText: order.order_no }).count()).toBe(1);

    // the phone checkout shows a voucher too: the seller's own, claimed by the buyer
    await q(`insert into voucher_template (issuer_company_id, name, kind, amount_fen, min_order_fen, start_at, end_at, total_count, per_company)
      values (2, '本店满100减10', 'amount', 1000, 10000, now() - interval '1 hour', now() + interval '30 days', 10, 1)`);
    await bp.goto(`${e2e.url}/ticket`);
    await bp.getByRole('button', { name: '领取 本店满100减10' }).click();
    await expect.poll(() => bp.getByTestId('my-voucher').filter({ hasText: '本店满100减10' }).count()).toBe(1);
    await q(`insert into cart_item (user_id, company_id, stock_id, type_code, qty, created_at, updated_at) values ($1, 3, $2, '配件产品', 2, now(), now())`, [u.id, stock.id]);
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const pp = phone.page;
    await e2e.signIn(pp, '/login', 'buyer');
    await pp.goto(`${e2e.url}/ofo/createOrder`);
    const phoneChoice = pp.getByTestId('voucher-choice');
    await expect.poll(() => phoneChoice.getByTestId('voucher-off').textContent()).toContain('10.00');
    await expect.poll(() => pp.getByTestId('checkout-total').textContent()).toContain('190.00');
    await e2e.shot(pp, 'voucher-phone-checkout-390');

    // the operator's record counts the claim and the use
    await opp.goto(`${e2e.url}/operation/pay/ticket/record`);
    const rec = opp.getByRole('row', { name: /开春平台满减券/ });
    await expect.poll(() => rec.count()).toBe(1);
    await expect.poll(() => opp.getByTestId('voucher-by-issuer').textContent()).toContain('平台');
    await shotsAtSizes(e2e, opp, 'voucher-op-record', [1024, 768]);
  }, 480_000);
});
