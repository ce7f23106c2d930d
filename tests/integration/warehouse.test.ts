import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { stockText } from '../../src/shared/domain/stock';
import { warehouseText } from '../../src/shared/domain/warehouse';
import { locationByCode } from '../../src/server/modules/warehouse/warehouse.service';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('warehouses and locations on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'warehouse* / location* / stockLocation* / pickList', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    /** company 2's rows: a (located in the tests), b (never located) */
    let a: number;
    let b: number;
    /** another company's row, warehouse and location */
    let foreignRow: number;
    let foreignWarehouse: number;
    let foreignLocation: number;
    let main: number;
    let keyN = 0;
    const key = () => `wh-test-key-${++keyN}`;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 86400 });
      [seller, buyer] = await Promise.all(['seller', 'buyer'].map(async (u) => (await env.login(u)).access_token));
      const db = env.database.db;
      const ids = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 2`.execute(db)).rows.map((r) => Number(r.id));
      [a, b] = ids;
      await sql`update stock set quantity = 10, price99 = 1500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400 where id = any(${sql.val(ids)}::int[])`.execute(db);
      const f = (await sql<{ id: number; company_id: number }>`select id, company_id from stock where company_id not in (1, 2, 3) order by id limit 1`.execute(db)).rows[0];
      foreignRow = Number(f.id);
      foreignWarehouse = (await sql<{ id: number }>`insert into warehouse (company_id, name) values (${f.company_id}, '别家仓') returning id`.execute(db)).rows[0].id;
      foreignLocation = (await sql<{ id: number }>`insert into warehouse_location (company_id, warehouse_id, code) values (${f.company_id}, ${foreignWarehouse}, 'Z-01') returning id`.execute(db)).rows[0].id;
    }, 600_000);
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string, name: N, payload: PayloadIn<N>, o: { id?: number; k?: string } = {}) =>
      env.api(name, payload, { token, id: o.id, idempotencyKey: o.k });
    const qtyOf = async (id: number) => (await sql<{ quantity: number; located: boolean }>`select quantity, located from stock where id = ${id}`.execute(db())).rows[0];
    const locId = async (code: string) => (await sql<{ id: number }>`select id from warehouse_location where company_id = 2 and code = ${code}`.execute(db())).rows[0].id;
    const moves = async (stockId: number) =>
      (await sql<{ delta: number; reason: string }>`select delta, reason from stock_move where stock_id = ${stockId} order by id`.execute(db())).rows;

    it('creates, renames and lists warehouses; a name is unique in the company and names the field when refused', async () => {
      const r = await call(seller, 'warehouseCreate', { name: '主仓', address: '广州市白云区机场路88号' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ name: '主仓', active: true, location_count: 0, quantity: 0 });
      main = r.body.data.id;
      const again = await call(seller, 'warehouseCreate', { name: '主仓' });
      expect(again.status).toBe(422);
      expect(again.body.field).toBe('name');
      expect(again.body.client_msg).toContain(warehouseText.nameTaken('主仓'));
      for (const [name, text] of [['', warehouseText.nameNeeded], ['主/仓', warehouseText.nameBad], ['仓'.repeat(21), warehouseText.nameLong]] as const) {
        const bad = await call(seller, 'warehouseCreate', { name });
        expect(bad.status, name).toBe(422);
        expect(bad.body.field, name).toBe('name');
        expect(bad.body.client_msg, name).toContain(text);
      }
      const second = (await call(seller, 'warehouseCreate', { name: '二号仓' })).body.data.id;
      expect((await call(seller, 'warehouseUpdate', { name: '主仓' }, { id: second })).body.field).toBe('name');
      const renamed = await call(seller, 'warehouseUpdate', { name: '备用仓', note: '临时' }, { id: second });
      expect(renamed.body.data).toMatchObject({ name: '备用仓', note: '临时' });
      const list = (await call(seller, 'warehouseList', {})).body.data.data;
      expect(list.map((w: { name: string }) => w.name)).toEqual(['主仓', '备用仓']);
      // another company's seller does not see them; the buyer (no M03) may not ask
      expect((await call(buyer, 'warehouseList', {})).status).toBe(403);
    });

    it('creates one location and a range, skips codes already there and refuses a bad range naming the field', async () => {
      const one = await call(seller, 'locationCreate', { warehouse_id: main, code: 'b-02-01' });
      expect(one.body.data).toEqual({ created: 1, skipped: [] });
      const range = await call(seller, 'locationCreate', { warehouse_id: main, code: 'A-01-01', to_code: 'A-01-20' });
      expect(range.body.data).toEqual({ created: 20, skipped: [] });
      const overlap = await call(seller, 'locationCreate', { warehouse_id: main, code: 'A-01-19', to_code: 'A-01-22' });
      expect(overlap.body.data).toEqual({ created: 2, skipped: ['A-01-19', 'A-01-20'] });
      const dup = await call(seller, 'locationCreate', { warehouse_id: main, code: 'B-02-01' });
      expect(dup.body).toMatchObject({ code: 422, field: 'code' });
      expect(dup.body.client_msg).toContain(warehouseText.codeTaken('主仓', 'B-02-01'));
      const bad = await call(seller, 'locationCreate', { warehouse_id: main, code: 'A-01-05', to_code: 'B-01-09' });
      expect(bad.body).toMatchObject({ code: 422, field: 'to_code' });
      expect((await call(seller, 'locationCreate', { warehouse_id: main, code: 'A 01' })).body).toMatchObject({ code: 422, field: 'code' });
      expect((await call(seller, 'locationCreate', { warehouse_id: main, code: 'X-0001', to_code: 'X-0900' })).body.client_msg).toContain(warehouseText.rangeTooMany);
      // a location in another company's warehouse is refused under its field
      const foreign = await call(seller, 'locationCreate', { warehouse_id: foreignWarehouse, code: 'A-01' });
      expect(foreign.body).toMatchObject({ code: 422, field: 'warehouse_id' });
      const list = (await call(seller, 'locationList', { warehouse_id: main, keyword: 'a-01-0' })).body.data;
      expect(list.total).toBe(9);
      expect(list.data[0]).toMatchObject({ code: 'A-01-01', warehouse_name: '主仓', row_count: 0, quantity: 0 });
      expect((await call(seller, 'warehouseList', {})).body.data.data[0].location_count).toBe(23);
    });

    it('sets a row at locations: the row becomes located and its quantity the sum; moves keep the total; refusals name the field', async () => {
      const [l1, l2, l3] = await Promise.all(['A-01-01', 'A-01-02', 'B-02-01'].map(locId));
      let r = await call(seller, 'stockLocationSet', { stock_id: a, location_id: l1, quantity: 6 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ stock_id: a, quantity: 6, locations: [{ code: 'A-01-01', warehouse_name: '主仓', quantity: 6 }] });
      r = await call(seller, 'stockLocationSet', { stock_id: a, location_id: l3, quantity: 4 });
      expect(r.body.data.quantity).toBe(10);
      expect(await qtyOf(a)).toEqual({ quantity: 10, located: true });
      // the stock list shows where the row is
      const listed = (await call(seller, 'getStockData', { supplier_oe: '', page_size: 800 })).body.data.data.find((x: { id: number }) => x.id === a);
      expect(listed?.located).toBe(true);
      expect(listed!.locations.map((l: { code: string; quantity: number }) => `${l.code}:${l.quantity}`)).toEqual(['A-01-01:6', 'B-02-01:4']);

      // 调拨: 5 from A-01-01 to A-01-02, total unchanged, logged as transfer
      r = await call(seller, 'stockLocationMove', { stock_id: a, from_location_id: l1, to_location_id: l2, quantity: 5 }, { k: key() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.locations.map((l: { code: string; quantity: number }) => `${l.code}:${l.quantity}`)).toEqual(['A-01-01:1', 'A-01-02:5', 'B-02-01:4']);
      expect((await qtyOf(a)).quantity).toBe(10);
      expect((await moves(a)).filter((m) => m.reason === 'transfer').map((m) => m.delta).sort()).toEqual([-5, 5]);
      // more than the location holds, the same location, a location of another company: refused, nothing moves
      const short = await call(seller, 'stockLocationMove', { stock_id: a, from_location_id: l1, to_location_id: l2, quantity: 2 }, { k: key() });
      expect(short.body).toMatchObject({ code: 422, field: 'quantity' });
      expect(short.body.client_msg).toContain(warehouseText.moveShort('主仓/A-01-01', 1, 2));
      expect((await call(seller, 'stockLocationMove', { stock_id: a, from_location_id: l1, to_location_id: l1, quantity: 1 }, { k: key() })).body.field).toBe('to_location_id');
      expect((await call(seller, 'stockLocationMove', { stock_id: a, from_location_id: l1, to_location_id: foreignLocation, quantity: 1 }, { k: key() })).body.field).toBe('to_location_id');
      expect((await call(seller, 'stockLocationSet', { stock_id: a, location_id: l1, quantity: -1 })).body.field).toBe('quantity');
      expect((await qtyOf(a)).quantity).toBe(10);

      // another company's row or location
      const theirs = await call(seller, 'stockLocationSet', { stock_id: foreignRow, location_id: l1, quantity: 1 });
      expect(theirs.status).toBe(403);
      expect(theirs.body.client_msg).toBe(stockText.notOwnStock);
      expect((await call(seller, 'stockLocations', {}, { id: foreignRow })).status).toBe(403);
      expect((await call(seller, 'stockLocationSet', { stock_id: a, location_id: foreignLocation, quantity: 1 })).body).toMatchObject({ code: 422, field: 'location_id' });
      expect((await sql<{ n: number }>`select count(*)::int as n from stock_location where location_id = ${foreignLocation}`.execute(db())).rows[0].n).toBe(0);

      // removing a location that still holds the row's stock is refused; at 0 it goes
      const holds = await call(seller, 'stockLocationRemove', { stock_id: a, location_id: l1 });
      expect(holds.status).toBe(409);
      expect(holds.body.client_msg).toBe(warehouseText.rowHoldsStock('主仓/A-01-01', 1));
      await call(seller, 'stockLocationMove', { stock_id: a, from_location_id: l1, to_location_id: l2, quantity: 1 }, { k: key() });
      r = await call(seller, 'stockLocationRemove', { stock_id: a, location_id: l1 });
      expect(r.body.data.locations.map((l: { code: string }) => l.code)).toEqual(['A-01-02', 'B-02-01']);
      expect((await qtyOf(a)).quantity).toBe(10);
      // the location holding stock cannot be deleted either
      const del = await call(seller, 'locationDelete', {}, { id: l2 });
      expect(del.status).toBe(409);
      expect(del.body.client_msg).toBe(warehouseText.locationHoldsStock('A-01-02', 6));
    });

    it('an order placed through the checkout takes from the first locations; a cancel gives it back; an edit of the total spreads', async () => {
      const add = await call(buyer, 'cartAdd', { stock_id: a, qty: 7 });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const items = (await call(buyer, 'cartList', {})).body.data.groups.flatMap((g: { items: Array<{ id: number; stockId: number | null; amount: number }> }) => g.items)
        .filter((i: { stockId: number | null }) => i.stockId === a);
      const placed = await call(buyer, 'cartSubmit', { cart_ids: items.map((i: { id: number }) => i.id), expected_total_fen: items.reduce((s: number, i: { amount: number }) => s + i.amount, 0), ...ADDRESS }, { k: key() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const orderNo = placed.body.data.orders[0].order_no as string;
      let where = (await call(seller, 'stockLocations', {}, { id: a })).body.data;
      // A-01-02 held 6, B-02-01 held 4: the order of 7 takes all of A-01-02 and 1 of B-02-01
      expect(where.locations.map((l: { code: string; quantity: number }) => `${l.code}:${l.quantity}`)).toEqual(['A-01-02:0', 'B-02-01:3']);
      expect(where.quantity).toBe(3);
      expect((await moves(a)).slice(-2).map((m) => m.reason)).toEqual(['out', 'out']);

      // the pick list of that order: at its locations, totals
      const pick = await call(seller, 'pickList', { order_nos: orderNo });
      expect(pick.status, JSON.stringify(pick.body)).toBe(200);
      expect(pick.body.data.total_qty).toBe(7);
      expect(pick.body.data.lines[0]).toMatchObject({ stock_id: a, qty: 7, warehouse_name: '主仓', location_code: 'B-02-01', order_nos: [orderNo] });
      // the buyer's side or an unknown order: refused naming the order
      expect((await call(buyer, 'pickList', { order_nos: orderNo })).status).toBe(403);
      const unknown = await call(seller, 'pickList', { order_nos: `${orderNo},SO1` });
      expect(unknown.body).toMatchObject({ code: 422, field: 'order_nos' });
      expect(unknown.body.client_msg).toContain(warehouseText.pickNotOurs('SO1'));

      const cancelled = await call(buyer, 'orderCancel', { order_no: orderNo, reason: '买错了' }, { k: key() });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      where = (await call(seller, 'stockLocations', {}, { id: a })).body.data;
      // given back to the first location
      expect(where.locations.map((l: { code: string; quantity: number }) => `${l.code}:${l.quantity}`)).toEqual(['A-01-02:7', 'B-02-01:3']);
      expect(where.quantity).toBe(10);
      const notToShip = await call(seller, 'pickList', { order_nos: orderNo });
      expect(notToShip.status).toBe(409);

      // the stock page's total edit on a located row spreads over its locations
      const row = (await sql<{ qty_version: number }>`select qty_version from stock where id = ${a}`.execute(db())).rows[0];
      const set = await call(seller, 'updateStockQty', { product_id: a, company_id: 2, quantity: 4, qty_version: row.qty_version });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      where = (await call(seller, 'stockLocations', {}, { id: a })).body.data;
      expect(where.locations.map((l: { code: string; quantity: number }) => `${l.code}:${l.quantity}`)).toEqual(['A-01-02:1', 'B-02-01:3']);
    });

    it('pick lists sort by warehouse and location code with unlocated rows last', async () => {
      await call(buyer, 'cartAdd', { stock_id: b, qty: 2 });
      await call(buyer, 'cartAdd', { stock_id: a, qty: 1 });
      const items = (await call(buyer, 'cartList', {})).body.data.groups.flatMap((g: { items: Array<{ id: number; stockId: number | null; amount: number }> }) => g.items)
        .filter((i: { stockId: number | null }) => i.stockId === a || i.stockId === b);
      const placed = await call(buyer, 'cartSubmit', { cart_ids: items.map((i: { id: number }) => i.id), expected_total_fen: items.reduce((s: number, i: { amount: number }) => s + i.amount, 0), ...ADDRESS }, { k: key() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const pick = (await call(seller, 'pickList', { order_nos: placed.body.data.orders.map((o: { order_no: string }) => o.order_no).join(',') })).body.data;
      expect(pick.lines.map((l: { stock_id: number | null; location_code: string }) => [l.stock_id, l.location_code])).toEqual([[a, 'B-02-01'], [b, '']]);
      expect(pick.total_qty).toBe(3);
    });

    it('finds a location by code for the other pages, and a warehouse holding stock is deactivated instead of deleted', async () => {
      const found = await locationByCode(db(), 2, null, 'B-02-01');
      expect(found).toMatchObject({ code: 'B-02-01', warehouse_name: '主仓' });
      expect(await locationByCode(db(), 2, '主仓', 'Q-99')).toEqual({ problem: '库位 主仓/Q-99 不存在，请先在“仓库设置”中新建' });
      expect('problem' in (await locationByCode(db(), 2, null, 'Z-01'))).toBe(true);
      const del = await call(seller, 'warehouseDelete', {}, { id: main });
      expect(del.body.data).toEqual({ id: main, outcome: 'deactivated' });
      // an inactive warehouse takes no new stock
      const l = await locId('A-01-10');
      expect((await call(seller, 'stockLocationSet', { stock_id: b, location_id: l, quantity: 1 })).body).toMatchObject({ code: 422, field: 'location_id' });
      const empty = (await call(seller, 'warehouseCreate', { name: '空仓' })).body.data.id;
      await call(seller, 'locationCreate', { warehouse_id: empty, code: 'E-01' });
      expect((await call(seller, 'warehouseDelete', {}, { id: empty })).body.data).toEqual({ id: empty, outcome: 'deleted' });
      expect((await call(seller, 'warehouseDelete', {}, { id: foreignWarehouse })).status).toBe(404);
    });
  });
});
