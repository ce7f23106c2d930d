/**
 * Promotion plans in the browser (docs/promotions.md): the seller creates a plan on 营销 · 促销计划
 * (a missing name is named under its field first), the buyer sees it in OE search with the original
 * price struck through (desktop table and the phone's cards) and pays it in the cart, which shows
 * both prices and the plan. Screenshots at 1366, 1024 and 390: promo-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('promotion plans', () => {
  it('a seller\'s plan shows in the buyer\'s search and cart', async () => {
    const q = <T>(text: string, params: unknown[] = []) => e2e.pglite.query<T>(text, params).then((r) => r.rows);
    const [stock] = await q<{ id: number; oe_norm: string }>(`select id, oe_norm from stock where company_id = 2 and state = 'on' order by id limit 1`);
    // 100 元 a piece in every column
    await q(`update stock set quantity = 50, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null where id = $1`, [stock.id]);
    const [u] = await q<{ id: number }>(`select id from app_user where username = 'buyer'`);
    await q(`delete from cart_item where user_id = $1`, [u.id]);

    // the seller creates 春季九折 for every buyer
    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(`${e2e.url}/backend/marketing/promotionPlan`);
    await sp.getByRole('button', { name: '新建促销计划' }).click();
    await sp.locator('#promo-percent_off').fill('10');
    await sp.getByRole('button', { name: '保存并启用' }).click();
    await expect.poll(() => sp.locator('#promo-name').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => sp.getByRole('dialog').textContent()).toContain('请填写计划名称');
    await sp.locator('#promo-name').fill('春季九折');
    await e2e.shot(sp, 'promo-dialog-1366', { view: true });
    await sp.getByRole('button', { name: '保存并启用' }).click();
    await expect.poll(() => sp.getByTestId('op-status').textContent()).toContain('已保存“春季九折”');
    const row = sp.getByRole('row', { name: /春季九折/ });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('进行中');
    await expect.poll(() => row.textContent()).toContain('9折');
    await shotsAtSizes(e2e, sp, 'promo-list', [1366, 768]);

    // the buyer's OE search: 9折 beside the part, 100.00 struck through above 90.00
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await e2e.searchOe(bp, stock.oe_norm);
    const tag = bp.getByTestId('promo-tag').first();
    await expect.poll(() => tag.textContent(), { timeout: 20_000 }).toBe('9折');
    await expect.poll(() => bp.locator('.promo-price del').first().textContent()).toContain('100.00');
    await expect.poll(() => bp.getByTestId('promo-price').first().textContent()).toContain('90.00');
    await shotsAtSizes(e2e, bp, 'promo-search', [1366, 768]);

    // in the cart: 90.00 charged, 100.00 struck through, the plan named; the amount at 90.00
    await q(`insert into cart_item (user_id, company_id, stock_id, type_code, qty, created_at, updated_at) values ($1, 3, $2, '配件产品', 2, now(), now())`, [u.id, stock.id]);
    await bp.goto(`${e2e.url}/cart`);
    const line = bp.locator(`[data-testid="cart-line"][data-stock-id="${stock.id}"]`);
    await expect.poll(() => line.getByTestId('promo-price').textContent(), { timeout: 20_000 }).toContain('90.00');
    await expect.poll(() => line.locator('del').textContent()).toContain('100.00');
    await expect.poll(() => line.getByTestId('line-promo').textContent()).toContain('春季九折');
    await expect.poll(() => line.textContent()).toContain('180.00');
    await shotsAtSizes(e2e, bp, 'promo-cart', [1366, 768]);
    // the phone (a sign-in of its own): the cards and the cart the same
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const pp = phone.page;
    await e2e.signIn(pp, '/login', 'buyer');
    await pp.goto(`${e2e.url}/ofo/search?code=${encodeURIComponent(stock.oe_norm)}`);
    const card = pp.locator(`[data-testid="stock-card"][data-stock-id="${stock.id}"]`);
    await expect.poll(() => card.getByTestId('promo-price').textContent(), { timeout: 20_000 }).toContain('90.00');
    await expect.poll(() => card.locator('del').textContent()).toContain('100.00');
    await e2e.shot(pp, 'promo-phone-search-390');

    await pp.goto(`${e2e.url}/ofo/cart`);
    const phoneLine = pp.locator(`[data-testid="cart-line"][data-stock-id="${stock.id}"]`);
    await expect.poll(() => phoneLine.getByTestId('line-promo').textContent(), { timeout: 20_000 }).toContain('春季九折');
    await expect.poll(() => phoneLine.getByTestId('line-amount').textContent()).toContain('180.00');
    await e2e.shot(pp, 'promo-phone-cart-390');

    // paused: the buyer's next search shows the list price only
    await sp.getByRole('button', { name: '暂停 春季九折' }).click();
    await expect.poll(() => row.textContent()).toContain('已暂停');
    await e2e.signIn(bp, '/login', 'buyer');
    await e2e.searchOe(bp, stock.oe_norm);
    await bp.locator('.stock-col-seller').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => bp.getByTestId('promo-tag').count()).toBe(0);
  }, 480_000);
});
