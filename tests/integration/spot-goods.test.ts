import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { createApp } from '../../src/server/app';
import { stockText } from '../../src/shared/domain/stock';
import { SPOT_CONFIRM_MINUTES, spotText } from '../../src/shared/domain/spot';
import { assistantNotices, backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
/** a part name of our own, so the keyword search sees only this test's rows */
const NAME = '现货测试刹车片';

describe.each(backends)('spot goods on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'stockSetSpot / spotSetting / keywordSearch spot / spotCreate / the spot sweep', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let jobs: ReturnType<typeof createApp>['orderJobs'];
    /** company 2's rows named NAME: a, b, c marked in the tests, d never */
    let a: number;
    let b: number;
    let c: number;
    let d: number;
    /** another seller's row */
    let foreign: number;
    let keyN = 0;
    const key = () => `spot-test-key-${++keyN}`;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 86400 });
      [buyer, seller] = await Promise.all(['buyer', 'seller'].map(async (u) => (await env.login(u)).access_token));
      jobs = createApp({ db: env.database.db, backend: env.database.backend, clock: env.clock, accessTtlSeconds: 3600, scryptN: 1024, paymentSandbox: true }).orderJobs;
      const db = env.database.db;
      const ids = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 4`.execute(db)).rows.map((r) => Number(r.id));
      [a, b, c, d] = ids;
      await sql`update stock set name = ${NAME}, quantity = 10, price99 = 1500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, spot = false
        where id = any(${sql.val(ids)}::int[])`.execute(db);
      foreign = Number((await sql<{ id: number }>`select id from stock where company_id not in (1, 2, 3) and state = 'on' order by id limit 1`.execute(db)).rows[0].id);
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token, idempotencyKey: k });
    const spotOf = async (id: number) => (await sql<{ spot: boolean }>`select spot from stock where id = ${id}`.execute(db())).rows[0].spot;
    const qtyOf = async (id: number) => (await sql<{ quantity: number }>`select quantity from stock where id = ${id}`.execute(db())).rows[0].quantity;
    const setQty = (id: number, q: number) => sql`update stock set quantity = ${q} where id = ${id}`.execute(db());
    const orderCount = async () => (await sql<{ n: number }>`select count(*)::int as n from goods_order`.execute(db())).rows[0].n;
    const cartLines = async () => (await call(buyer, 'cartList', {})).body.data.groups.flatMap((g) => g.items);
    const clearCart = async () => {
      const ids = (await cartLines()).map((i) => i.id);
      if (ids.length) await call(buyer, 'cartRemove', { ids });
    };
    /** spotCreate of these rows at these quantities, through the cart as the page does */
    const spotCreate = async (lines: Array<[number, number]>) => {
      await clearCart();
      for (const [stockId, qty] of lines) expect((await call(buyer, 'cartAdd', { stock_id: stockId, qty })).status).toBe(200);
      const items = await cartLines();
      const total = items.reduce((s, i) => s + i.amount, 0);
      return call(buyer, 'spotCreate', { cart_ids: items.map((i) => i.id), expected_total_fen: total, ...ADDRESS }, key());
    };

    it('a seller marks one row and several rows as 现货 and takes the mark off again', async () => {
      const one = await call(seller, 'stockSetSpot', { ids: [a], spot: true });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.data).toEqual({ changed: 1 });
      expect((await call(seller, 'stockSetSpot', { ids: [b, c, d], spot: true })).body.data).toEqual({ changed: 3 });
      expect((await call(seller, 'stockSetSpot', { ids: [d], spot: false })).body.data).toEqual({ changed: 1 });
      expect([await spotOf(a), await spotOf(b), await spotOf(c), await spotOf(d)]).toEqual([true, true, true, false]);
      // the row's change log says who marked it
      const log = (await env.api('stockChangeLog', {}, { token: seller, id: a })).body.data;
      expect(log.some((e: { action: string }) => e.action === 'spot')).toBe(true);
    });

    it("marking another company's row is refused and changes nothing", async () => {
      const r = await call(seller, 'stockSetSpot', { ids: [a, foreign], spot: true });
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe(stockText.notOwnStock);
      expect(await spotOf(foreign)).toBe(false);
      // a buyer without the stock codes may not mark at all
      expect((await call(buyer, 'stockSetSpot', { ids: [foreign], spot: true })).status).toBe(403);
    });

    it('the cut-off time is saved per company and checked', async () => {
      expect((await call(seller, 'spotSettingGet', {})).body.data).toEqual({ cutoff: '' });
      const bad = await call(seller, 'spotSettingSave', { cutoff: '25:00' });
      expect(bad.status).toBe(422);
      expect(bad.body.msg).toContain('截单时间');
      expect((await call(seller, 'spotSettingSave', { cutoff: '16:00' })).body.data).toEqual({ cutoff: '16:00' });
      expect((await call(seller, 'spotSettingGet', {})).body.data).toEqual({ cutoff: '16:00' });
    });

    it('只看现货 shows only marked rows in stock, with the seller’s cut-off; without it every row shows', async () => {
      await setQty(c, 0);
      const all = await call(buyer, 'keywordSearch', { k: NAME, mode: 'exact' });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.data.rows.map((r) => r.id).sort()).toEqual([a, b, c, d].sort());
      const spot = await call(buyer, 'keywordSearch', { k: NAME, mode: 'exact', spot: 1 });
      expect(spot.status).toBe(200);
      // c is marked but has no pieces; d is in stock but not marked
      expect(spot.body.data.rows.map((r) => r.id).sort()).toEqual([a, b].sort());
      expect(spot.body.data.rows.every((r) => r.spot && r.quantity > 0 && r.spot_cutoff === '16:00')).toBe(true);
      expect(spot.body.data.total).toBe(2);
      // sorted pages take the same filter
      const sorted = await call(buyer, 'keywordSearch', { k: NAME, mode: 'exact', spot: 1, sort_field: 'quantity', sort_order: 'desc' });
      expect(sorted.body.data.rows.map((r) => r.id).sort()).toEqual([a, b].sort());
      await setQty(c, 10);
    });

    it('spotCreate places a spot order the seller must confirm in time, taking the stock', async () => {
      const before = await qtyOf(a);
      const r = await spotCreate([[a, 2]]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [o] = r.body.data.orders;
      expect(o).toMatchObject({ spot: true, status: 'pending', seller_company_id: 2, total_qty: 2, side: 'buyer' });
      expect(o.confirm_by).toBe(Math.floor(env.clock.now().getTime() / 1000) + SPOT_CONFIRM_MINUTES * 60);
      expect(await qtyOf(a)).toBe(before - 2);
      // both sides' lists say 现货
      const sales = (await call(seller, 'orderSearch', { side: 'sales', order_no: o.order_no })).body.data.data;
      expect(sales).toEqual([expect.objectContaining({ order_no: o.order_no, spot: true, confirm_by: o.confirm_by })]);
      const purchases = (await call(buyer, 'orderSearch', { side: 'purchase', order_no: o.order_no })).body.data.data;
      expect(purchases[0].spot).toBe(true);
      // confirmed in time: the sweep leaves it alone
      expect((await call(seller, 'orderConfirm', { order_no: o.order_no })).status).toBe(200);
      env.clock.advance(SPOT_CONFIRM_MINUTES * 60 + 60);
      expect(await jobs.expireSpotOrders(env.clock.now())).toBe(0);
      expect((await call(buyer, 'orderRetrieve', { order_no: o.order_no })).body.data.status).toBe('confirmed');
      // an ordinary checkout is not a spot order
      await clearCart();
      await call(buyer, 'cartAdd', { stock_id: d, qty: 1 });
      const items = await cartLines();
      const plain = await call(buyer, 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items[0].amount, ...ADDRESS }, key());
      expect(plain.body.data.orders[0]).toMatchObject({ spot: false, confirm_by: 0 });
    });

    it('spotCreate refuses a line that is not 现货, and changes nothing', async () => {
      const n = await orderCount();
      const qa = await qtyOf(a);
      const r = await spotCreate([[a, 1], [d, 1]]);
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain('不是现货');
      expect(await orderCount()).toBe(n);
      expect(await qtyOf(a)).toBe(qa);
    });

    it('spotCreate refuses more pieces than the stock holds, and a marked row with none left', async () => {
      const n = await orderCount();
      await clearCart();
      await call(buyer, 'cartAdd', { stock_id: b, qty: 5 });
      await setQty(b, 3);
      const items = await cartLines();
      const r = await call(buyer, 'spotCreate', { cart_ids: items.map((i) => i.id), expected_total_fen: items[0].amount, ...ADDRESS }, key());
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(spotText.notEnough(`${items[0].supplierOe} ${NAME}`, 3));
      await setQty(b, 0);
      const none = await call(buyer, 'spotCreate', { cart_ids: items.map((i) => i.id), expected_total_fen: 0 + items[0].amount, ...ADDRESS }, key());
      expect(none.status).toBe(409);
      expect(none.body.msg).toBe(spotText.outOfStock(`${items[0].supplierOe} ${NAME}`));
      expect(await orderCount()).toBe(n);
      expect(await qtyOf(b)).toBe(0);
      await setQty(b, 10);
    });

    it('an order not confirmed in time is cancelled once by the sweep, its stock returned once, and the buyer told', async () => {
      const before = await qtyOf(c);
      const r = await spotCreate([[c, 4]]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const no = r.body.data.orders[0].order_no;
      expect(await qtyOf(c)).toBe(before - 4);
      env.clock.advance(SPOT_CONFIRM_MINUTES * 60 - 60);
      expect(await jobs.expireSpotOrders(env.clock.now())).toBe(0);
      env.clock.advance(61);
      // past its time the seller can no longer confirm it
      const late = await call(seller, 'orderConfirm', { order_no: no });
      expect(late.status).toBe(409);
      expect(late.body.msg).toBe(spotText.confirmLate);
      // two sweeps at once (two processes): one cancels it
      const counts = await Promise.all([jobs.expireSpotOrders(env.clock.now()), jobs.expireSpotOrders(env.clock.now())]);
      expect(counts[0] + counts[1]).toBe(1);
      expect(await jobs.expireSpotOrders(env.clock.now())).toBe(0);
      expect(await qtyOf(c)).toBe(before);
      const detail = (await call(buyer, 'orderRetrieve', { order_no: no })).body.data;
      expect(detail).toMatchObject({ status: 'cancelled', cancel_reason: spotText.expiredReason });
      expect(detail.events.filter((e) => e.action === 'cancel')).toHaveLength(1);
      const told = await assistantNotices(env, 'buyer');
      expect(told.filter((t) => t.单号 === no)).toEqual([expect.objectContaining({ 标题: '订单已取消' })]);
      expect(told.find((t) => t.单号 === no)!.内容).toContain(`${SPOT_CONFIRM_MINUTES}分钟`);
    });
  });
});
