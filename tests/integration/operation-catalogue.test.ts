import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { opCatalogueText } from '../../src/shared/domain/operation';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('operator catalogue, orders and reports on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator catalogue', () => {
    let env: TestEnv;
    let op: string;
    let buyer: string;
    let keyN = 0;
    /** companies with stock on sale: 2 (the seeded seller) and two generated ones */
    let sellers: number[] = [];
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      sellers = (await sql<{ id: number }>`select distinct company_id as id from stock where state = 'on' order by company_id limit 3`.execute(env.database.db)).rows.map((r) => r.id);
      op = (await env.login('operator')).access_token;
      buyer = (await env.login('buyer')).access_token;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = <N extends EndpointName>(name: N, q: PayloadIn<N>, token = op) => env.api(name, q, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op, key = `opcat-key-${++keyN}`) =>
      env.api(name, payload, { token, idempotencyKey: key });
    const auditRows = async (entity: string, entityId: string) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown; note: string }>`
        select action, username, old_value, new_value, note from operator_audit where entity = ${entity} and entity_id = ${entityId} order by id`.execute(db())).rows;
    const auditCount = async () => (await sql<{ n: number }>`select count(*)::int as n from operator_audit`.execute(db())).rows[0].n;
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    /** a copy of one of company's stock rows under another OE number, on sale */
    const stockUnder = async (companyId: number, supplierOe: string, norm: string) =>
      (await sql<{ id: number }>`insert into stock (company_id, oe_norm, supplier_oe, name, part_brand_id, quality_id, make_id, terminology_id, quantity, price99, price0, price1, price2, price3)
        select company_id, ${norm}, ${supplierOe}, name, part_brand_id, quality_id, make_id, terminology_id, 5, price99, price0, price1, price2, price3
        from stock where company_id = ${companyId} and state = 'on' order by id limit 1 returning id::int as id`.execute(db())).rows[0].id;
    const oeSearch = async (oe: string) => {
      const r = await env.api('oeSearch', { oe_list: [oe] }, { token: buyer });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.items;
    };
    const idsOf = (items: Awaited<ReturnType<typeof oeSearch>>) => items.flatMap((g) => g.rows.map((r) => r.id)).sort((a, b) => a - b);

    it('refuses every call without its D code, and a reader cannot write', async () => {
      const reporter = await headUser('cat-reporter', ['D01-01']);
      for (const [method, path, send] of [
        ['GET', '/operation/oe', () => get('opOeView', { oe: 'ABCDE1' }, reporter)], ['POST', '/operation/oe/merge', () => post('opOeMerge', { keep: 'ABCDE1', merge: 'ABCDE2' }, reporter)],
        ['POST', '/operation/oe/relate', () => post('opOeRelate', { oe: 'ABCDE1', related: 'ABCDE2', kind: 'alias' }, reporter)],
        ['POST', '/operation/oe/unrelate', () => post('opOeUnrelate', { oe: 'ABCDE1', related: 'ABCDE2' }, reporter)],
        ['POST', '/operation/oe/unmerge', () => post('opOeUnmerge', { oe: 'ABCDE2' }, reporter)], ['GET', '/operation/orders', () => get('opOrderList', {}, reporter)],
        ['GET', '/operation/enquiries', () => get('opEnquiryList', {}, reporter)],
        ['POST', '/operation/order/cancel', () => post('opOrderCancel', { order_no: 'SO20261122120000000001', reason: '测试取消' }, reporter)],
      ] as const) {
        const r = await send();
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      // the report role reads reports; an order reader reads orders but cannot cancel; the seller is no operator
      expect((await get('opReportOrders', { date_from: '2026-11-01', date_to: '2026-11-22' }, reporter)).status).toBe(200);
      const orderReader = await headUser('cat-orders', ['D12-01']);
      expect((await get('opOrderList', {}, orderReader)).status).toBe(200);
      expect((await get('opReportStock', {}, orderReader)).status).toBe(403);
      expect((await post('opOrderCancel', { order_no: 'SO20261122120000000001', reason: '测试取消' }, orderReader)).status).toBe(403);
      const seller = (await env.login('seller')).access_token;
      expect((await get('opOrderList', {}, seller)).status).toBe(403);
    });

    it('merges two OE numbers: a search for either finds the stock under both, logged, and a repeat is refused', async () => {
      const a = await stockUnder(2, '8K0-698-151-QA', '8K0698151QA');
      const b = await stockUnder(sellers[1], '8K0698151QB', '8K0698151QB');
      // before: each number finds only its own row
      expect(idsOf(await oeSearch('8K0698151QA'))).toEqual([a]);
      expect(idsOf(await oeSearch('8K0698151QB'))).toEqual([b]);

      const before = await auditCount();
      expect((await post('opOeMerge', { keep: '8K0698151QA', merge: '8K0698151QA' })).body).toMatchObject({ code: 422, field: 'merge', client_msg: expect.stringContaining(opCatalogueText.oeSame) });
      expect((await post('opOeMerge', { keep: '8K0698151QA', merge: 'ZZZZZ99999' })).body).toMatchObject({ code: 422, field: 'merge', client_msg: expect.stringContaining('ZZZZZ99999') });
      expect((await post('opOeMerge', { keep: '8K0', merge: '8K0698151QB' })).body).toMatchObject({ code: 422, field: 'keep' });
      expect(await auditCount()).toBe(before);

      const merged = await post('opOeMerge', { keep: '8K0-698-151-QA', merge: '8K0698151QB' }, op, 'merge-once');
      expect(merged.body, JSON.stringify(merged.body)).toMatchObject({ code: 200, data: { kept: '8K0698151QA', members: ['8K0698151QA', '8K0698151QB'] } });
      // the same key replays the answer and writes nothing more
      expect((await post('opOeMerge', { keep: '8K0-698-151-QA', merge: '8K0698151QB' }, op, 'merge-once')).body.code).toBe(200);
      expect(await auditCount()).toBe(before + 2);

      for (const oe of ['8K0698151QA', '8K0698151QB', '8k0-698-151 qb']) expect(idsOf(await oeSearch(oe)), oe).toEqual([a, b].sort((x, y) => x - y));
      const groups = await oeSearch('8K0698151QB');
      expect(groups.map((g) => g.relation)).toEqual(['exact', 'alias']);

      expect(await auditRows('oe', '8K0698151QB')).toEqual([expect.objectContaining({ action: 'merge', username: 'operator', new_value: expect.objectContaining({ merged_into: '8K0698151QA' }) })]);
      const again = await post('opOeMerge', { keep: '8K0698151QA', merge: '8K0698151QB' });
      expect(again.body).toMatchObject({ code: 409, client_msg: opCatalogueText.oeAlreadyMerged('8K0698151QB', '8K0698151QA') });
      // the merge alias cannot be deleted on its own
      expect((await post('opOeUnrelate', { oe: '8K0698151QA', related: '8K0698151QB' })).status).toBe(409);

      const view = (await get('opOeView', { oe: '8K0698151QB' })).body.data;
      expect(view).toMatchObject({ merged_into: { oe_norm: '8K0698151QA', username: 'operator' }, stock_on: 1, relations: [{ related_norm: '8K0698151QA', kind: 'alias', merged: true, stock_on: 1 }] });
    });

    it('a merge carries relations across, and numbers merged earlier follow the kept one', async () => {
      const c = await stockUnder(2, 'QPHC00001', 'QPHC00001');
      const d = await stockUnder(sellers[1], 'QPHD00001', 'QPHD00001');
      const e = await stockUnder(sellers[2], 'QPHE00001', 'QPHE00001');
      // D supersedes C (old → new), then E is merged into C: E's search finds D too
      const rel = await post('opOeRelate', { oe: 'QPHC00001', related: 'QPHD00001', kind: 'supersession' });
      expect(rel.body.code, JSON.stringify(rel.body)).toBe(200);
      const cView = (await get('opOeView', { oe: 'QPHC00001' })).body.data;
      expect(cView.relations).toEqual([expect.objectContaining({ related_norm: 'QPHD00001', kind: 'supersession', newer: true })]);
      expect((await get('opOeView', { oe: 'QPHD00001' })).body.data.relations).toEqual([expect.objectContaining({ related_norm: 'QPHC00001', newer: false })]);
      expect((await post('opOeMerge', { keep: 'QPHC00001', merge: 'QPHE00001' })).body.code).toBe(200);
      expect(idsOf(await oeSearch('QPHE00001'))).toEqual([c, d, e].sort((x, y) => x - y));
      // removing the supersession removes it for the whole merged class
      expect((await post('opOeUnrelate', { oe: 'QPHD00001', related: 'QPHC00001' })).body.code).toBe(200);
      expect(idsOf(await oeSearch('QPHE00001'))).toEqual([c, e].sort((x, y) => x - y));
      expect(idsOf(await oeSearch('QPHD00001'))).toEqual([d]);
      expect((await auditRows('oe', 'QPHD00001')).map((r) => r.action)).toEqual(['unrelate']);
      expect((await env.callRaw('POST', '/api/operation/oe/relate', { token: op, body: { oe: 'QPHC00001', related: 'QPHD00001', kind: 'other' }, headers: { 'Idempotency-Key': `opcat-key-${++keyN}` } })).body).toMatchObject({ code: 422, field: 'kind' });
      expect((await post('opOeUnrelate', { oe: 'QPHC00001', related: 'QPHD00001' })).status).toBe(404);
    });

    it('undoes a merge: the number leaves its class, searches split again, its outside relations stay; logged', async () => {
      const f = await stockUnder(2, 'QPHF00001', 'QPHF00001');
      const g = await stockUnder(sellers[1], 'QPHG00001', 'QPHG00001');
      const h = await stockUnder(sellers[2], 'QPHH00001', 'QPHH00001');
      const x = await stockUnder(2, 'QPHX00001', 'QPHX00001');
      expect((await post('opOeRelate', { oe: 'QPHF00001', related: 'QPHX00001', kind: 'alias' })).body.code).toBe(200);
      expect((await post('opOeMerge', { keep: 'QPHF00001', merge: 'QPHG00001' })).body.code).toBe(200);
      expect((await post('opOeMerge', { keep: 'QPHF00001', merge: 'QPHH00001' })).body.code).toBe(200);
      expect(idsOf(await oeSearch('QPHF00001'))).toEqual([f, g, h, x].sort((p, q) => p - q));

      const before = await auditCount();
      // the kept number and a number never merged are refused by field, nothing written
      for (const oe of ['QPHF00001', 'QPHX00001']) {
        expect((await post('opOeUnmerge', { oe })).body).toMatchObject({ code: 422, field: 'oe', client_msg: opCatalogueText.oeNotMerged(oe) });
      }
      expect((await post('opOeUnmerge', { oe: 'QP' })).body).toMatchObject({ code: 422, field: 'oe' });
      expect(await auditCount()).toBe(before);

      const undone = await post('opOeUnmerge', { oe: 'qphg-00001' }, op, 'unmerge-once');
      expect(undone.body, JSON.stringify(undone.body)).toMatchObject({ code: 200, data: { kept: 'QPHF00001', removed: 4 } });
      expect((await post('opOeUnmerge', { oe: 'qphg-00001' }, op, 'unmerge-once')).body.code).toBe(200);
      expect(await auditCount()).toBe(before + 2);
      // G leaves the class: F and H no longer find G's stock nor G theirs; G keeps the alias to X it took in the merge
      expect(idsOf(await oeSearch('QPHF00001'))).toEqual([f, h, x].sort((p, q) => p - q));
      expect(idsOf(await oeSearch('QPHH00001'))).toEqual([f, h, x].sort((p, q) => p - q));
      expect(idsOf(await oeSearch('QPHG00001'))).toEqual([g, x].sort((p, q) => p - q));
      const view = (await get('opOeView', { oe: 'QPHG00001' })).body.data;
      expect(view).toMatchObject({ merged_into: null, relations: [{ related_norm: 'QPHX00001', kind: 'alias', merged: false }] });
      expect(view.history.map((r) => r.action)).toEqual(expect.arrayContaining(['merge', 'unmerge']));
      expect((await get('opOeView', { oe: 'QPHF00001' })).body.data.merged_from.map((m) => m.oe_norm)).toEqual(['QPHH00001']);
      expect((await auditRows('oe', 'QPHG00001')).at(-1)).toMatchObject({ action: 'unmerge', username: 'operator', old_value: expect.objectContaining({ merged_into: 'QPHF00001' }), new_value: { merged_into: null } });
      // undone twice: refused; merged again: one class again
      expect((await post('opOeUnmerge', { oe: 'QPHG00001' })).body).toMatchObject({ code: 422, client_msg: opCatalogueText.oeNotMerged('QPHG00001') });
      expect((await post('opOeMerge', { keep: 'QPHF00001', merge: 'QPHG00001' })).body.code).toBe(200);
      expect(idsOf(await oeSearch('QPHG00001'))).toEqual([f, g, h, x].sort((p, q) => p - q));
    });

    it('a merged catalogue duplicate leaves the catalogue and its stock points at the kept entry', async () => {
      const [p1, p2] = (await sql<{ id: number; oe_norm: string; make_id: number; terminology_id: number }>`select id, oe_norm, make_id, terminology_id from product order by id limit 2`.execute(db())).rows;
      await sql`update stock set product_id = ${p2.id} where id = ${await stockUnder(2, p2.oe_norm, p2.oe_norm)}`.execute(db());
      expect((await post('opOeMerge', { keep: p1.oe_norm, merge: p2.oe_norm })).body.code).toBe(200);
      expect((await sql<{ n: number }>`select count(*)::int as n from product where id = ${p2.id}`.execute(db())).rows[0].n).toBe(0);
      expect((await sql<{ n: number }>`select count(*)::int as n from stock where oe_norm = ${p2.oe_norm} and product_id = ${p1.id}`.execute(db())).rows[0].n).toBeGreaterThan(0);
    });

    it('lists every order with filters, shows one, and cancels an unshipped one with a reason, giving stock back', async () => {
      const stock = (await sql<{ id: number; quantity: number }>`select id::int as id, quantity from stock where company_id = 2 and state = 'on' and quantity >= 3 and price0 > 0 order by id limit 1`.execute(db())).rows[0];
      expect((await env.api('cartAdd', { stock_id: stock.id, qty: 2 }, { token: buyer })).status).toBe(200);
      const cart = (await env.api('cartList', {}, { token: buyer })).body.data;
      const line = cart.groups.flatMap((g) => g.items).find((i) => i.stockId === stock.id)!;
      const placed = await env.api('cartSubmit', { cart_ids: [line.id], expected_total_fen: line.amount, ...ADDRESS }, { token: buyer, idempotencyKey: 'opcat-order' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const orderNo = placed.body.data.orders[0].order_no;

      const list = (await get('opOrderList', { seller: '骏达' })).body.data;
      expect(list.data.map((o) => o.order_no)).toContain(orderNo);
      expect(list.data.every((o) => o.seller_company_id === 2)).toBe(true);
      expect((await get('opOrderList', { buyer: '3', status: 'pending' })).body.data.data.map((o) => o.order_no)).toContain(orderNo);
      expect((await get('opOrderList', { seller: '骏达', status: 'shipped' })).body.data.data.map((o) => o.order_no)).not.toContain(orderNo);
      expect((await env.callRaw('GET', '/api/operation/orders?status=lost', { token: op })).body).toMatchObject({ code: 422, field: 'status' });
      const detail = (await get('opOrderDetail', { order_no: orderNo })).body.data;
      expect(detail).toMatchObject({ order_no: orderNo, status: 'pending', may_cancel: true, buyer_company_id: 3, lines: [expect.objectContaining({ qty: 2 })] });

      expect((await post('opOrderCancel', { order_no: orderNo, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      const qtyBefore = (await sql<{ quantity: number }>`select quantity from stock where id = ${stock.id}`.execute(db())).rows[0].quantity;
      const cancelled = await post('opOrderCancel', { order_no: orderNo, reason: '买家反映重复下单' });
      expect(cancelled.body, JSON.stringify(cancelled.body)).toMatchObject({ code: 200, data: { status: 'cancelled' } });
      expect((await sql<{ quantity: number }>`select quantity from stock where id = ${stock.id}`.execute(db())).rows[0].quantity).toBe(qtyBefore + 2);
      expect(await auditRows('order', orderNo)).toEqual([expect.objectContaining({ action: 'cancel', note: '买家反映重复下单', old_value: { status: 'pending' }, new_value: { status: 'cancelled' } })]);
      // both sides see who cancelled and why
      const buyerView = (await env.api('orderRetrieve', { order_no: orderNo }, { token: buyer })).body.data;
      expect(buyerView).toMatchObject({ status: 'cancelled', cancel_reason: '平台取消：买家反映重复下单' });
      // the state machine: a cancelled order cannot be cancelled again
      const again = await post('opOrderCancel', { order_no: orderNo, reason: '再次取消' });
      expect(again.body).toMatchObject({ code: 409, client_msg: opCatalogueText.orderNoCancel('已取消') });
      expect((await auditRows('order', orderNo)).length).toBe(1);
      expect((await post('opOrderCancel', { order_no: 'SO20990101000000000000', reason: '不存在的订单' })).status).toBe(404);
    });

    it('lists enquiries of every buyer and shows one with its lines and sellers', async () => {
      const r = await env.api('enquiryAdd', { lines: [{ oe: '7L0-698-151 A', name: '前刹车片', qty: 2, quality: '原厂件' }], seller_ids: [2], note: '急用' }, { token: buyer });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const no = r.body.data.enquiry_no;
      const list = (await get('opEnquiryList', { oe: '7L0698151' })).body.data;
      expect(list.data[0]).toMatchObject({ enquiry_no: no, state: 'open', buyer_company_id: 3, lines: 1, recipients: 1, first_line: '前刹车片' });
      expect((await get('opEnquiryList', { state: 'cancelled', no })).body.data.total).toBe(0);
      const d = (await get('opEnquiryDetail', { enquiry_no: no })).body.data;
      expect(d).toMatchObject({ enquiry_no: no, note: '急用', items: [{ oe: '7L0-698-151 A', qty: 2 }], sellers: [{ company_id: 2 }] });
      expect((await get('opEnquiryDetail', { enquiry_no: 'XJ0000000000000000' })).status).toBe(404);
    });

    it('lists package purchases of every company with filters, the paid sum and an XLSX; only with D05', async () => {
      const at = new Date('2026-11-21T02:00:00Z');
      await sql`insert into package_order (order_no, company_id, user_id, level_id, level_name, amount_fen, duration_months, state, provider, trade_no, created_at, paid_at, level_end_before, level_end_after)
        select 'PK20261121100000000001', 4, u.id, l.id, l.name, 198000, 12, 'paid', 'sandbox', 'T-0001', ${at}, ${at}, null, ${new Date('2027-11-21T15:59:59Z')}
        from app_user u, company_level l where u.username = 'member' and l.name = '正式会员'`.execute(db());
      await sql`insert into package_order (order_no, company_id, user_id, level_id, level_name, amount_fen, duration_months, state, created_at)
        select 'PK20261121100000000002', 5, u.id, l.id, l.name, 198000, 12, 'pending', ${at}
        from app_user u, company_level l where u.username = 'trial' and l.name = '正式会员'`.execute(db());
      const all = (await get('opPayList', { date_from: '2026-11-21', date_to: '2026-11-21' })).body.data;
      expect(all.data.map((r) => r.order_no).sort()).toEqual(['PK20261121100000000001', 'PK20261121100000000002']);
      expect(all.paid_fen).toBe(198000);
      const paid = (await get('opPayList', { state: 'paid', company: '4' })).body.data;
      expect(paid.data).toEqual([expect.objectContaining({ order_no: 'PK20261121100000000001', company_id: 4, state: 'paid', amount_fen: 198000, trade_no: 'T-0001' })]);
      expect((await env.callRaw('GET', '/api/operation/pay?state=refunded', { token: op })).body).toMatchObject({ code: 422, field: 'state' });
      const file = await env.raw('GET', '/api/operation/export/opPayList?state=paid', { token: op });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe('PK20261121100000000001');
      const noPay = await headUser('cat-nopay', ['D01', 'D12']);
      expect((await get('opPayList', {}, noPay)).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opPayList', { token: noPay })).status).toBe(403);
    });

    it('reports count real rows per China day, with every day of the range', async () => {
      const day = '2026-11-22';
      const orders = (await get('opReportOrders', { date_from: '2026-11-20', date_to: day })).body.data;
      expect(orders.rows.map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21', day]);
      const today = orders.rows[2];
      const real = (await sql<{ n: number; fen: string }>`select count(*)::int as n, coalesce(sum(total_fen), 0)::text as fen from goods_order
        where created_at >= ${new Date(`${day}T00:00:00+08:00`)} and created_at < ${new Date(`${day}T24:00:00+08:00`)}`.execute(db())).rows[0];
      expect(today).toMatchObject({ orders: real.n, amount_fen: Number(real.fen), cancelled: 1 });
      expect(real.n).toBeGreaterThan(0);

      await oeSearch('NOSUCHPART77');
      await oeSearch('NOSUCHPART77');
      const searches = (await get('opReportSearches', { date_from: day, date_to: day })).body.data;
      expect(searches.top_oe[0]).toEqual({ text: 'NOSUCHPART77', n: 2 });
      expect(searches.rows[0].searches).toBeGreaterThanOrEqual(searches.rows[0].misses);

      const members = (await get('opReportMembers', { date_from: day, date_to: day })).body.data;
      expect(members.rows[0].active).toBeGreaterThanOrEqual(1);
      const stock = (await get('opReportStock', {})).body.data;
      expect(stock.total.rows).toBe((await sql<{ n: number }>`select count(*)::int as n from stock where state = 'on'`.execute(db())).rows[0].n);
      expect(stock.by_make.length).toBeGreaterThan(0);
      expect(stock.by_make.reduce((s, m) => s + m.rows, 0)).toBeLessThanOrEqual(stock.total.rows);

      // the XLSX beside the chart holds the same rows
      const file = await env.raw('GET', `/api/operation/export/opReportOrders?date_from=2026-11-20&date_to=${day}`, { token: op });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).values).toEqual([undefined, '日期', '订单数', '金额（元）', '取消或拒绝']);
      expect(ws.getRow(4).values).toEqual([undefined, day, real.n, Number(real.fen) / 100, 1]);
      const reporterless = await headUser('cat-noreport', ['D12-01']);
      expect((await env.raw('GET', `/api/operation/export/opReportOrders?date_from=${day}&date_to=${day}`, { token: reporterless })).status).toBe(403);
      expect((await env.raw('GET', `/api/operation/export/opOrderList`, { token: reporterless })).status).toBe(200);
      expect((await env.raw('GET', `/api/operation/export/opOeMerge`, { token: op })).status).toBe(404);
      const bad = await env.raw('GET', `/api/operation/export/opReportOrders?date_from=${day}&date_to=2026-11-01`, { token: op });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({ field: 'date_to' });

      expect((await get('opReportOrders', { date_from: day, date_to: '2026-11-01' })).body).toMatchObject({ code: 422, field: 'date_to', client_msg: opCatalogueText.rangeReversed });
      expect((await get('opReportOrders', { date_from: '2024-01-01', date_to: day })).body).toMatchObject({ code: 422, field: 'date_to', client_msg: opCatalogueText.rangeTooLong });
      expect((await get('opReportOrders', { date_from: '2026-13-01', date_to: day })).body).toMatchObject({ code: 422, field: 'date_from' });
    });
  });
});
