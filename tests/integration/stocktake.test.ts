/**
 * 盘点 (docs/warehouse.md "Stocktake") on both backends: every call and refusal, the count taken
 * against what the system expected at the scan (sales after the scan are not missing), replays by
 * the count's key, the supervisor's decisions, and a stocktake of one row approved while 20 orders
 * sell it through the real cart and checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { stocktakeText } from '../../src/shared/domain/stocktake';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('stocktake on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'stocktakeHome / Open / Close / Catalog / FindPart / Count / Counts / Decide', () => {
    let env: TestEnv;
    let seller: string;
    let clerk: string;
    let buyer: string;
    /** company 2's rows: a (at L1 and L2), b (at L1 only), c (for the concurrency test, at L3), u (no location) */
    let a: number;
    let b: number;
    let c: number;
    let u: number;
    let foreignRow: number;
    let wh: number;
    let l1: number;
    let l2: number;
    let l3: number;
    let otherWh: number;
    let otherWhLoc: number;
    let foreignLoc: number;
    let take: number;
    let keyN = 0;
    const key = (p = 'st') => `${p}-key-${String(++keyN).padStart(4, '0')}`;

    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string, name: N, payload: PayloadIn<N>, o: { id?: number; k?: string } = {}) =>
      env.api(name, payload, { token, id: o.id, idempotencyKey: o.k });
    const place = async (stockId: number, locationId: number) =>
      (await sql<{ quantity: number }>`select quantity from stock_location where stock_id = ${stockId} and location_id = ${locationId}`.execute(db())).rows[0]?.quantity ?? null;
    const qtyOf = async (id: number) => (await sql<{ quantity: number }>`select quantity from stock where id = ${id}`.execute(db())).rows[0].quantity;
    const countRows = async () => (await sql<{ n: number }>`select count(*)::int as n from stocktake_count`.execute(db())).rows[0].n;
    /** the database's now in unix seconds: the device's clock of these tests */
    const dbNow = async () => Math.floor(Number((await sql<{ t: string }>`select extract(epoch from clock_timestamp())::text as t`.execute(db())).rows[0].t));
    const location = async (companyId: number, warehouseId: number, code: string) =>
      Number((await sql<{ id: number }>`insert into warehouse_location (company_id, warehouse_id, code) values (${companyId}, ${warehouseId}, ${code}) returning id`.execute(db())).rows[0].id);
    const warehouse = async (companyId: number, name: string) =>
      Number((await sql<{ id: number }>`insert into warehouse (company_id, name) values (${companyId}, ${name}) returning id`.execute(db())).rows[0].id);
    const putAt = (stockId: number, locationId: number, companyId: number, q: number) =>
      sql`insert into stock_location (stock_id, location_id, company_id, quantity) values (${stockId}, ${locationId}, ${companyId}, ${q})`.execute(db());
    const count = (token: string, p: Partial<PayloadIn<'stocktakeCount'>> & { stock_id: number; location_id: number; counted: number }, at?: number) =>
      (async () => call(token, 'stocktakeCount', { stocktake_id: take, counted_at: at ?? (await dbNow()), client_key: key(), ...p }))();

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 86400 });
      [seller, clerk, buyer] = await Promise.all(['seller', 'clerk', 'buyer'].map(async (n) => (await env.login(n)).access_token));
      const ids = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 4`.execute(db())).rows.map((r) => Number(r.id));
      [a, b, c, u] = ids;
      await sql`update stock set quantity = 20, price99 = 1500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400 where id = any(${sql.val(ids)}::int[])`.execute(db());
      foreignRow = Number((await sql<{ id: number }>`select id from stock where company_id not in (1, 2) order by id limit 1`.execute(db())).rows[0].id);
      wh = await warehouse(2, '盘点测试主仓');
      [l1, l2, l3] = [await location(2, wh, 'A-01-01'), await location(2, wh, 'A-01-02'), await location(2, wh, 'B-01-01')];
      otherWh = await warehouse(2, '盘点测试二仓');
      otherWhLoc = await location(2, otherWh, 'Z-01-01');
      const foreignWh = await warehouse(3, '别家仓库');
      foreignLoc = await location(3, foreignWh, 'A-01-01');
      await putAt(a, l1, 2, 10);
      await putAt(a, l2, 2, 5);
      await putAt(b, l1, 2, 3);
      await putAt(c, l3, 2, 60);
    }, 600_000);
    afterAll(async () => env?.close());

    it('the placing made the rows located, their quantity the sum of their places', async () => {
      expect([await qtyOf(a), await qtyOf(b), await qtyOf(c), await qtyOf(u)]).toEqual([15, 3, 60, 20]);
    });

    it('the home lists the active warehouses; only 盘点审核 or the owner may approve', async () => {
      const byClerk = await call(clerk, 'stocktakeHome', {});
      expect(byClerk.status, JSON.stringify(byClerk.body)).toBe(200);
      expect(byClerk.body.data.canApprove).toBe(false);
      expect(byClerk.body.data.warehouses.map((w) => w.name)).toEqual(expect.arrayContaining(['盘点测试主仓', '盘点测试二仓']));
      expect(byClerk.body.data.warehouses.map((w) => w.name)).not.toContain('别家仓库');
      expect((await call(seller, 'stocktakeHome', {})).body.data.canApprove).toBe(true);
      // a buyer without 产品管理 may not count at all
      expect((await call(buyer, 'stocktakeHome', {})).status).toBe(403);
    });

    it("opening a stocktake of another company's warehouse is refused in Chinese", async () => {
      const foreignWh = Number((await sql<{ id: number }>`select id from warehouse where company_id = 3 limit 1`.execute(db())).rows[0].id);
      const r = await call(clerk, 'stocktakeOpen', { warehouse_id: foreignWh });
      expect(r.status).toBe(422);
      expect(r.body.field).toBe('warehouse_id');
      expect(r.body.client_msg ?? r.body.msg).toContain(stocktakeText.warehouseNotFound);
      expect((await sql<{ n: number }>`select count(*)::int as n from stocktake`.execute(db())).rows[0].n).toBe(0);
    });

    it('opens one stocktake per warehouse: opening again answers the open one', async () => {
      const r = await call(clerk, 'stocktakeOpen', { warehouse_id: wh, note: '月底盘点' }, { k: key('open') });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      take = r.body.data.id;
      expect(r.body.data).toMatchObject({ warehouseName: '盘点测试主仓', state: 'open', note: '月底盘点', openedBy: '李晓琳', counts: 0 });
      expect((await call(seller, 'stocktakeOpen', { warehouse_id: wh })).body.data.id).toBe(take);
      expect((await call(clerk, 'stocktakeHome', {})).body.data.warehouses.find((w) => w.id === wh)?.openStocktakeId).toBe(take);
    });

    it('the catalog gives the locations and the placed rows without quantities, and finds other rows by OE', async () => {
      const r = await call(clerk, 'stocktakeCatalog', {}, { id: take });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.locations.map((l) => l.code)).toEqual(['A-01-01', 'A-01-02', 'B-01-01']);
      const rowA = r.body.data.rows.find((x) => x.stockId === a)!;
      expect(rowA.locationIds).toEqual([l1, l2].sort((x, y) => x - y));
      expect(r.body.data.rows.map((x) => x.stockId)).not.toContain(u);
      expect(JSON.stringify(r.body.data)).not.toContain('quantity');
      const oe = (await sql<{ supplier_oe: string }>`select supplier_oe from stock where id = ${u}`.execute(db())).rows[0].supplier_oe;
      const found = await call(clerk, 'stocktakeFindPart', { stocktake_id: take, oe });
      expect(found.body.data.data.map((x) => x.stockId)).toContain(u);
      expect(found.body.data.data.every((x) => x.stockId !== foreignRow)).toBe(true);
      // another company's stocktake id is not found
      expect((await call(buyer, 'stocktakeCatalog', {}, { id: take })).status).toBe(403);
    });

    it('a count is taken against the quantity at the scan: a sale after the scan is not a difference', async () => {
      const scanAt = await dbNow();
      // an order takes 2 of a after the scan (from A-01-01, the first of its places)
      await sql`update stock set quantity = quantity - 2 where id = ${a}`.execute(db());
      expect(await place(a, l1)).toBe(8);
      const r = await count(clerk, { location_id: l1, stock_id: a, counted: 10 }, scanAt);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ expected: 10, delta: 0, counted: 10, state: 'matched', locationCode: 'A-01-01', countedBy: '李晓琳' });
      // nothing changes by counting
      expect(await place(a, l1)).toBe(8);
    });

    it('a short shelf is a difference waiting for a supervisor; a part found where it has no place is expected 0', async () => {
      const short = await count(clerk, { location_id: l2, stock_id: a, counted: 3 });
      expect(short.body.data).toMatchObject({ expected: 5, delta: -2, state: 'pending' });
      const found = await count(clerk, { location_id: l2, stock_id: b, counted: 4 });
      expect(found.body.data).toMatchObject({ expected: 0, delta: 4, state: 'pending' });
      const list = await call(clerk, 'stocktakeCounts', { diff_only: true }, { id: take });
      expect(list.body.data.data.map((x) => x.delta).sort()).toEqual([-2, 4]);
      expect(list.body.data.total).toBe(2);
    });

    it('a replayed key answers the first count and changes nothing, even with other numbers', async () => {
      const k = key('replay');
      const first = await count(clerk, { location_id: l1, stock_id: b, counted: 3, client_key: k });
      expect(first.body.data).toMatchObject({ expected: 3, delta: 0 });
      const before = await countRows();
      const again = await count(clerk, { location_id: l1, stock_id: b, counted: 99, client_key: k });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      expect(await countRows()).toBe(before);
    });

    it("refuses in Chinese, changing nothing: another company's location, another warehouse's, an unknown row, a negative count", async () => {
      const before = await countRows();
      const foreign = await count(clerk, { location_id: foreignLoc, stock_id: a, counted: 1 });
      expect(foreign.status).toBe(422);
      expect(foreign.body.field).toBe('location_id');
      expect(foreign.body.client_msg ?? foreign.body.msg).toContain(stocktakeText.locationNotFound);
      const otherWarehouse = await count(clerk, { location_id: otherWhLoc, stock_id: a, counted: 1 });
      expect(otherWarehouse.status).toBe(422);
      expect(otherWarehouse.body.client_msg ?? otherWarehouse.body.msg).toContain(stocktakeText.locationOtherWarehouse);
      const unknown = await count(clerk, { location_id: l1, stock_id: foreignRow, counted: 1 });
      expect(unknown.status).toBe(422);
      expect(unknown.body.field).toBe('stock_id');
      expect(unknown.body.client_msg ?? unknown.body.msg).toContain(stocktakeText.stockNotFound);
      const negative = await count(clerk, { location_id: l1, stock_id: a, counted: -1 });
      expect(negative.status).toBe(422);
      expect(negative.body.field).toBe('counted');
      expect(negative.body.client_msg ?? negative.body.msg).toContain('盘点数量');
      expect(await countRows()).toBe(before);
      expect([await place(a, l1), await place(b, l1)]).toEqual([8, 3]);
    });

    it('a clerk may not decide; the owner approves one difference into the location, and approving again changes nothing', async () => {
      const diffs = (await call(seller, 'stocktakeCounts', { diff_only: true }, { id: take })).body.data.data;
      const short = diffs.find((x) => x.stockId === a)!;
      const refused = await call(clerk, 'stocktakeDecide', { stocktake_id: take, ids: [short.id], approve: true });
      expect(refused.status).toBe(403);
      expect(refused.body.client_msg ?? refused.body.msg).toContain(stocktakeText.approveOnly);
      expect(await place(a, l2)).toBe(5);
      const ok = await call(seller, 'stocktakeDecide', { stocktake_id: take, ids: [short.id], approve: true }, { k: key('decide') });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.changed).toBe(1);
      expect(await place(a, l2)).toBe(3);
      expect(await qtyOf(a)).toBe(11);
      const moves = (await sql<{ reason: string; delta: number }>`select reason, delta from stock_move where stock_id = ${a} and location_id = ${l2} order by id desc limit 1`.execute(db())).rows;
      expect(moves).toEqual([{ reason: 'stocktake', delta: -2 }]);
      const twice = await call(seller, 'stocktakeDecide', { stocktake_id: take, ids: [short.id], approve: true }, { k: key('decide') });
      expect(twice.body.data.changed).toBe(0);
      expect(await place(a, l2)).toBe(3);
      const log = (await env.api('stockChangeLog', {}, { token: seller, id: a })).body.data as Array<{ action: string }>;
      expect(log.some((e) => e.action === 'stocktake')).toBe(true);
    });

    it('rejecting a difference leaves the stock as it was; ids of another stocktake are refused', async () => {
      const found = (await call(seller, 'stocktakeCounts', { diff_only: true }, { id: take })).body.data.data.find((x) => x.stockId === b)!;
      const bad = await call(seller, 'stocktakeDecide', { stocktake_id: take, ids: [found.id, 987654], approve: true });
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('ids');
      expect(await place(b, l2)).toBeNull();
      const r = await call(seller, 'stocktakeDecide', { stocktake_id: take, ids: [found.id], approve: false });
      expect(r.body.data.changed).toBe(1);
      expect(await place(b, l2)).toBeNull();
      expect(await qtyOf(b)).toBe(3);
      const after = (await call(seller, 'stocktakeCounts', {}, { id: take })).body.data.data.find((x) => x.id === found.id)!;
      expect(after).toMatchObject({ state: 'rejected', decidedBy: '陈骏达', applied: null });
    });

    it('a recount supersedes an undecided count; a found part approved gets its place', async () => {
      const first = await count(clerk, { location_id: l2, stock_id: b, counted: 6 });
      const second = await count(clerk, { location_id: l2, stock_id: b, counted: 4 });
      const all = (await call(seller, 'stocktakeCounts', {}, { id: take })).body.data.data;
      expect(all.find((x) => x.id === first.body.data.id)?.state).toBe('superseded');
      expect(all.find((x) => x.id === second.body.data.id)?.state).toBe('pending');
      const r = await call(seller, 'stocktakeDecide', { stocktake_id: take, all: true, approve: true });
      expect(r.body.data.changed).toBe(1);
      expect(await place(b, l2)).toBe(4);
      expect(await qtyOf(b)).toBe(7);
    });

    it('a stocktake of one row while 20 orders sell it ends with expected + difference − sold after the scan', async () => {
      // 25 buyers of company 3, each with one piece of c in its cart
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), 3, 'st-buyer-' || n, '采购员' || n, password_hash, permissions, null from app_user, generate_series(1, 25) n where username = 'buyer'`.execute(db());
      const buyers = await Promise.all(Array.from({ length: 25 }, async (_, i) => (await env.login(`st-buyer-${i + 1}`)).access_token));
      const carts = await Promise.all(buyers.map(async (t) => {
        const added = await call(t, 'cartAdd', { stock_id: c, qty: 1 });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        const items = (await call(t, 'cartList', {})).body.data.groups.flatMap((g) => g.items);
        return { t, ids: items.map((i) => i.id), total: items.reduce((s, i) => s + i.amount, 0) };
      }));
      const order = (x: (typeof carts)[number]) => call(x.t, 'cartSubmit', { cart_ids: x.ids, expected_total_fen: x.total, ...ADDRESS }, { k: key('order') });

      // the scan: 57 counted while the system has 60; 5 sold after the scan before the count reaches the server
      const scanAt = await dbNow();
      for (const x of carts.slice(0, 5)) expect((await order(x)).status).toBe(200);
      expect(await place(c, l3)).toBe(55);
      const counted = await count(clerk, { location_id: l3, stock_id: c, counted: 57 }, scanAt);
      expect(counted.body.data).toMatchObject({ expected: 60, delta: -3, state: 'pending' });

      // 20 more orders at once while the supervisor approves the difference
      const [approved, ...orders] = await Promise.all([
        call(seller, 'stocktakeDecide', { stocktake_id: take, ids: [counted.body.data.id], approve: true }, { k: key('decide') }),
        ...carts.slice(5).map(order),
      ]);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.data.changed).toBe(1);
      expect(orders.map((o) => o.status)).toEqual(Array(20).fill(200));
      // 60 − 3 − 25 sold after the scan
      expect(await place(c, l3)).toBe(32);
      expect(await qtyOf(c)).toBe(32);
      const sold = (await sql<{ n: number }>`select coalesce(sum(l.qty), 0)::int as n from goods_order_line l join goods_order o on o.id = l.order_id
        join app_user u on u.id = o.buyer_user_id where l.stock_id = ${c} and u.username like 'st-buyer-%'`.execute(db())).rows[0].n;
      expect(sold).toBe(25);
      // the log of the place adds up: 60 placed, −25 sold, −3 the stocktake
      const moves = (await sql<{ reason: string; n: number }>`select reason, sum(delta)::int as n from stock_move where stock_id = ${c} group by reason order by reason`.execute(db())).rows;
      expect(moves).toEqual([{ reason: 'in', n: 60 }, { reason: 'out', n: -25 }, { reason: 'stocktake', n: -3 }]);
    }, 300_000);

    it('a closed stocktake takes no more counts (a replay of a known count still answers), and its differences may still be decided', async () => {
      const k = key('late');
      const before = await count(clerk, { location_id: l1, stock_id: a, counted: 8, client_key: k });
      expect(before.status).toBe(200);
      const closed = await call(clerk, 'stocktakeClose', { stocktake_id: take });
      expect(closed.body.data.state).toBe('closed');
      const n = await countRows();
      const late = await count(clerk, { location_id: l1, stock_id: a, counted: 7 });
      expect(late.status).toBe(422);
      expect(late.body.field).toBe('stocktake_id');
      expect(late.body.client_msg ?? late.body.msg).toContain(stocktakeText.closed);
      expect(await countRows()).toBe(n);
      const replay = await count(clerk, { location_id: l1, stock_id: a, counted: 8, client_key: k });
      expect(replay.status).toBe(200);
      expect(replay.body.data.id).toBe(before.body.data.id);
      // a new stocktake of the warehouse may open now
      const next = await call(clerk, 'stocktakeOpen', { warehouse_id: wh });
      expect(next.body.data.id).not.toBe(take);
    });

    it('a count scanned before another count of the shelf was approved, and sent later, is not applied a second time', async () => {
      // placed before the stocktake opens: a scan is never earlier than the opening
      await putAt(u, otherWhLoc, 2, 6);
      const st = (await call(clerk, 'stocktakeOpen', { warehouse_id: otherWh }, { k: key('open') })).body.data.id;
      const scanAt = await dbNow();
      const first = await call(clerk, 'stocktakeCount', { stocktake_id: st, location_id: otherWhLoc, stock_id: u, counted: 4, counted_at: scanAt, client_key: key() });
      expect(first.body.data).toMatchObject({ expected: 6, delta: -2, state: 'pending' });
      const ok = await call(seller, 'stocktakeDecide', { stocktake_id: st, ids: [first.body.data.id], approve: true }, { k: key('decide') });
      expect(ok.body.data.changed).toBe(1);
      expect(await place(u, otherWhLoc)).toBe(4);
      // a second tablet counted the same shelf at the same moment, offline, and sends it now: it saw
      // what the first saw, so it finds no difference (not 6 expected and −2 once more)
      const second = await call(clerk, 'stocktakeCount', { stocktake_id: st, location_id: otherWhLoc, stock_id: u, counted: 4, counted_at: scanAt, client_key: key() });
      expect(second.body.data).toMatchObject({ expected: 4, delta: 0, state: 'matched' });
      expect(await place(u, otherWhLoc)).toBe(4);
    });
  });
});
