/**
 * 满减 in the browser (docs/activities.md "满减"): the operator's 满减 activity and the seller's
 * approved rows are prepared through the API; the buyer sees 满减 with 已减 and 还差 in the cart and
 * the reduced total at the checkout. Screenshots at 1366, 1024 and 390: full-reduction-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, shotsAtSizes, startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe('满减', () => {
  it('the buyer sees 满减 in the cart and the reduced total at the checkout', async () => {
    const q = <T>(text: string, params: unknown[] = []) => e2e.pglite.query<T>(text, params).then((r) => r.rows);
    const rows = await q<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' order by id limit 2`);
    const ids = rows.map((r) => Number(r.id));
    // 100 元 a piece at every column
    await q(`update stock set quantity = 50, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null where id = any($1::bigint[])`, [ids]);
    const now = Math.floor(Date.now() / 1000);
    const [op, seller, buyer] = [await apiToken(e2e.url, 'operator'), await apiToken(e2e.url, 'seller'), await apiToken(e2e.url, 'buyer')];
    const a = await apiCall<{ id: number }>(e2e.url, op, 'POST', '/operation/activity/list', {
      name: '刹车系统满减', kind: 'full_reduction', start_at: now - 60, end_at: now + 2 * 3600,
      tiers: [{ threshold_fen: 30_000, reduce_fen: 3000 }, { threshold_fen: 50_000, reduce_fen: 6000 }],
    });
    for (const id of ids) {
      const item = await apiCall<{ id: number }>(e2e.url, seller, 'POST', '/backend/activity/items', { activity_id: a.id, stock_id: id });
      await apiCall(e2e.url, op, 'POST', '/operation/activity/audit/approve', { id: item.id });
    }
    // 2 + 2 pieces: 400 元, 满300减30 reached, 还差100元减60元
    for (const id of ids) await apiCall(e2e.url, buyer, 'POST', '/cart/add', { stock_id: id, qty: 2 });

    const { page } = await e2e.newPage();
    await e2e.signIn(page, '/login', 'buyer');
    await page.goto(`${e2e.url}/cart`);
    const line = page.getByTestId('full-reduction');
    await expect.poll(() => line.textContent()).toContain('刹车系统满减');
    await expect(line).toContainText('满300元减30元，满500元减60元');
    await expect(page.getByTestId('full-reduction-off')).toContainText('30.00');
    await expect(page.getByTestId('full-reduction-gap')).toContainText(/还差 ¥100\.00 减 ¥60\.00/);
    await expect(page.getByTestId('checked-amount')).toContainText('370.00');
    await shotsAtSizes(e2e, page, 'full-reduction-cart', [1366, 768]);

    await page.getByRole('button', { name: '去结算' }).click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toContain('370.00');
    await expect(page.getByTestId('checkout-reduction')).toContainText('30.00');
    await shotsAtSizes(e2e, page, 'full-reduction-checkout', [1366, 768]);
  }, 120_000);
});
