/**
 * After-sale (售后): the buyer's application on its own order, every move of the state machine with
 * its refusals (409 state, 422 field, 403 side or company), quantities per line, the notices to the
 * other side, the order's detail, and the operator's list, detail and 关闭 behind D12 / D12-03 with
 * its audit row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterSaleText, IM_ASSISTANT_UUID, type AnswerOf, type EndpointName, type Envelope, type PayloadIn } from '../../src/shared/contracts';
import { AFTERSALE_WINDOW_DAYS, DEDUCT_METHOD, refundMethodRefusal } from '../../src/shared/domain/aftersale';
import { PAY_METHODS } from '../../src/shared/domain/orders';
import { msg } from '../../src/shared/messages';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends)('after-sale on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'apply / agree / reject / cancel / deliver / receipt / complete / operator close', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let stockA: number;
    let stockB: number;
    let keyN = 0;
    const key = () => `as-test-${++keyN}-${randomUUID()}`;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      for (const u of ['buyer', 'seller', 'clerk', 'operator', 'seller6']) t[u] = (await env.login(u)).access_token;
      const db = env.database.db;
      const rows = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 2`.execute(db)).rows;
      [stockA, stockB] = rows.map((r) => r.id);
      await sql`update stock set quantity = 500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price99 = 1500, price5 = null where id in (${stockA}, ${stockB})`.execute(db);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), 1, 'as-reader', '售后查看', password_hash, array['D12-01']::text[], null from app_user where username = 'operator'`.execute(db);
      t['as-reader'] = (await env.login('as-reader')).access_token;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };

    /** An order of `qty` pieces of A and 1 of B, taken to `until` (shipped or received). */
    const order = async (until: 'pending' | 'shipped' | 'received', qty = 3) => {
      ok(await post('buyer', 'cartAdd', { stock_id: stockA, qty }));
      ok(await post('buyer', 'cartAdd', { stock_id: stockB, qty: 1 }));
      const cart = ok(await get('buyer', 'cartList', {}));
      const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === stockA || i.stockId === stockB);
      const o = ok(await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS })).orders[0];
      if (until !== 'pending') {
        ok(await post('seller', 'orderConfirm', { order_no: o.order_no }));
        ok(await post('seller', 'orderDeliver', { order_no: o.order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' }));
      }
      if (until === 'received') ok(await post('buyer', 'orderReceipt', { order_no: o.order_no }));
      const d = ok(await get('buyer', 'orderRetrieve', { order_no: o.order_no }));
      const lineOf = (stock: number) => d.lines.find((l) => l.stock_id === stock)!;
      return { no: o.order_no, a: lineOf(stockA), b: lineOf(stockB) };
    };

    const notices = async () => (await sql<{ username: string; text: string }>`
      select r.username, m.text from im_message m join app_user s on s.id = m.sender_id join app_user r on r.id = m.recipient_id
      where s.uuid = ${IM_ASSISTANT_UUID} order by m.id`.execute(db())).rows.map((r) => {
      const c = JSON.parse(r.text) as { BusinessInfo: { 标题: string; 内容: string; 单号: string }; LinkData: { link: string }; Notice?: { facts: Record<string, string> } };
      return { to: r.username, title: c.BusinessInfo.标题, text: c.BusinessInfo.内容, no: c.BusinessInfo.单号, link: c.LinkData.link, facts: c.Notice?.facts };
    });
    const told = async (fn: () => Promise<unknown>) => {
      const before = (await notices()).length;
      await fn();
      return (await notices()).slice(before);
    };
    const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0].n;

    it('refuses an application on an order not shipped, of another company, or with bad lines, images or fields, and stores nothing', async () => {
      const pending = await order('pending');
      const before = await count('after_sale');
      const body = (o: { no: string; a: { id: number } }, extra: Partial<PayloadIn<'afterSaleApply'>> = {}): PayloadIn<'afterSaleApply'> =>
        ({ order_no: o.no, type: 'return', reason: '质量问题', description: '刹车片有裂纹', lines: [{ order_line_id: o.a.id, qty: 1 }], ...extra });
      const r1 = await post('buyer', 'afterSaleApply', body(pending));
      expect(r1.status).toBe(409);
      expect(r1.body.client_msg).toBe('订单当前为待确认，发货后才能申请售后');

      const o = await order('received');
      expect((await post('seller', 'afterSaleApply', body(o))).body).toMatchObject({ code: 403, client_msg: afterSaleText.notBuyer });
      expect((await post('seller6', 'afterSaleApply', body(o))).status).toBe(403);
      expect((await post('buyer', 'afterSaleApply', body(o), null)).body.client_msg).toBe(msg.idempotencyKeyMissing);
      expect((await post('buyer', 'afterSaleApply', body(o, { lines: [{ order_line_id: o.a.id, qty: 4 }] }))).body)
        .toMatchObject({ code: 422, field: 'lines.0.qty', client_msg: expect.stringContaining('最多可申请3件') });
      expect((await post('buyer', 'afterSaleApply', body(o, { lines: [{ order_line_id: pending.a.id, qty: 1 }] }))).body)
        .toMatchObject({ code: 422, field: 'lines.0.order_line_id', client_msg: afterSaleText.lineNotInOrder });
      expect((await post('buyer', 'afterSaleApply', body(o, { lines: [{ order_line_id: o.a.id, qty: 1 }, { order_line_id: o.a.id, qty: 1 }] }))).body)
        .toMatchObject({ code: 422, field: 'lines.1.order_line_id', client_msg: afterSaleText.lineTwice });
      expect((await post('buyer', 'afterSaleApply', body(o, { lines: [] }))).body).toMatchObject({ code: 422, field: 'lines', client_msg: afterSaleText.lines });
      expect((await env.callRaw('POST', '/api/aftersale/apply', { token: t.buyer, body: { ...body(o), type: 'swap' }, headers: { 'Idempotency-Key': key() } })).body).toMatchObject({ code: 422, field: 'type', client_msg: afterSaleText.type });
      expect((await post('buyer', 'afterSaleApply', body(o, { reason: '其他', description: '' }))).body).toMatchObject({ code: 422, field: 'description', client_msg: afterSaleText.descriptionOther });
      expect((await post('buyer', 'afterSaleApply', body(o, { img_infos: ['/api/uploads/0123456789abcdef0123456789abcdef.png'] }))).body)
        .toMatchObject({ code: 422, field: 'img_infos.0', client_msg: afterSaleText.imageNotOurs });
      const sellersImage = ok(await post('seller', 'fileUpload', { base64_data: PNG, file_name: 'x.png' })).file_path;
      expect((await post('buyer', 'afterSaleApply', body(o, { img_infos: [sellersImage] }))).body).toMatchObject({ code: 422, field: 'img_infos.0' });
      expect(await count('after_sale')).toBe(before);
    });

    it('退货退款 end to end: each step by its side, refusals by state, side and company, notices to the other side, history and the order', async () => {
      const o = await order('received');
      const img = ok(await post('buyer', 'fileUpload', { base64_data: PNG, file_name: 'crack.png' })).file_path;
      const k = key();
      const body: PayloadIn<'afterSaleApply'> = { order_no: o.no, type: 'return', reason: '质量问题', description: '刹车片有裂纹', img_infos: [img], lines: [{ order_line_id: o.a.id, qty: 2 }] };
      let as!: AnswerOf<'afterSaleApply'>;
      const applyNotices = await told(async () => { as = ok(await post('buyer', 'afterSaleApply', body, k)); });
      expect(as).toMatchObject({ status: 'pending', type: 'return', side: 'buyer', order_no: o.no, total_qty: 2, refund_fen: 2 * o.a.unit_price_fen, img_infos: [img] });
      expect(as.as_no).toMatch(/^AS\d{20}$/);
      // the seller's order users hear it (owner), the clerk without order codes does not
      expect(applyNotices.map((n) => [n.to, n.title, n.link])).toEqual([['seller', '新售后申请', `/backend/service/afterSale/detail/${as.as_no}`]]);
      expect(applyNotices[0].text).toContain(`申请退货退款（质量问题），共 2 件`);
      // the same key replays, a new key finds the line held
      const replay = await post('buyer', 'afterSaleApply', body, k);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body.data.as_no).toBe(as.as_no);
      const again = await post('buyer', 'afterSaleApply', body);
      expect(again.status).toBe(409);
      expect(again.body.client_msg).toBe(afterSaleText.lineOpen(`${as.lines[0].supplier_oe} ${as.lines[0].name}`, as.as_no));
      // the other line is free
      const onB = ok(await post('buyer', 'afterSaleApply', { ...body, type: 'refund', reason: '少件/漏发', img_infos: [], lines: [{ order_line_id: o.b.id, qty: 1 }] }));
      // the database holds the rule too: a second open row on line A (added to B's open after-sale) is refused whatever the code does
      const held = (await sql<{ order_line_id: string }>`select order_line_id from after_sale_line where open`.execute(db())).rows;
      expect(held.filter((r) => Number(r.order_line_id) === o.a.id)).toHaveLength(1);
      await expect(sql`insert into after_sale_line (after_sale_id, order_line_id, qty, unit_price_fen, amount_fen)
        select a.id, ${o.a.id}, 1, 100, 100 from after_sale a where a.as_no = ${onB.as_no}`.execute(db())).rejects.toThrow();

      // lists by side and the scope
      const sellerList = ok(await get('seller', 'afterSaleSearch', { side: 'seller', no: o.no }));
      expect(sellerList.data.map((r) => r.as_no).sort()).toEqual([as.as_no, onB.as_no].sort());
      expect(sellerList.counts).toMatchObject({ pending: 2, all: 2 });
      expect(ok(await get('buyer', 'afterSaleSearch', { side: 'buyer', status: 'pending', type: 'return', no: o.no })).data.map((r) => r.as_no)).toEqual([as.as_no]);
      expect((await get('buyer', 'afterSaleSearch', { side: 'seller' })).body).toMatchObject({ code: 403, client_msg: afterSaleText.noSellerRight });
      expect((await get('clerk', 'afterSaleSearch', { side: 'seller' })).status).toBe(403);
      expect((await get('seller6', 'afterSaleRetrieve', { as_no: as.as_no })).body).toMatchObject({ code: 403, client_msg: afterSaleText.otherCompany });
      expect(ok(await get('seller', 'afterSaleRetrieve', { as_no: as.as_no })).side).toBe('seller');
      expect((await env.callRaw('GET', '/api/aftersales?side=buyer&status=open', { token: t.buyer })).body).toMatchObject({ code: 422, field: 'status' });

      // wrong side, wrong state
      expect((await post('buyer', 'afterSaleAgree', { as_no: as.as_no })).status).toBe(403);
      expect((await post('seller', 'afterSaleCancel', { as_no: as.as_no })).body).toMatchObject({ code: 403, client_msg: afterSaleText.buyerOnly });
      expect((await post('seller6', 'afterSaleAgree', { as_no: as.as_no })).body).toMatchObject({ code: 403, client_msg: afterSaleText.otherCompany });
      expect((await post('buyer', 'afterSaleDeliver', { as_no: as.as_no, logistics_company: '德邦物流', logistics_no: 'DB20261122' })).body)
        .toMatchObject({ code: 409, client_msg: '售后单当前为待卖家处理，不能退货（卖家同意退货后才能退货）' });
      expect((await post('seller', 'afterSaleReceipt', { as_no: as.as_no })).status).toBe(409);

      const agreed = await told(async () => { as = ok(await post('seller', 'afterSaleAgree', { as_no: as.as_no })); });
      expect(as.status).toBe('awaiting_return');
      expect(agreed.map((n) => [n.to, n.title])).toEqual([['buyer', '售后已同意']]);
      expect(agreed[0].text).toContain('请寄回配件并填写物流单号');
      expect((await post('seller', 'afterSaleReject', { as_no: as.as_no, reason: '已过质保' })).status).toBe(409);

      expect((await post('buyer', 'afterSaleDeliver', { as_no: as.as_no, logistics_company: '', logistics_no: 'DB20261122' })).body).toMatchObject({ code: 422, field: 'logistics_company' });
      expect((await post('buyer', 'afterSaleDeliver', { as_no: as.as_no, logistics_company: '德邦物流', logistics_no: '单号' })).body).toMatchObject({ code: 422, field: 'logistics_no', client_msg: afterSaleText.logisticsNo });
      const shipped = await told(async () => { as = ok(await post('buyer', 'afterSaleDeliver', { as_no: as.as_no, logistics_company: '德邦物流', logistics_no: 'DB20261122' })); });
      expect(as).toMatchObject({ status: 'returned', logistics_company: '德邦物流', logistics_no: 'DB20261122' });
      expect(shipped.map((n) => [n.to, n.title])).toEqual([['seller', '买家已退货']]);
      expect(ok(await get('seller', 'afterSaleLogistics', { as_no: as.as_no }))).toEqual({
        as_no: as.as_no, status: 'returned', logistics_company: '德邦物流', logistics_no: 'DB20261122', returned_at: as.returned_at, received_at: 0,
      });
      expect((await get('seller6', 'afterSaleLogistics', { as_no: as.as_no })).status).toBe(403);
      expect((await post('buyer', 'afterSaleCancel', { as_no: as.as_no })).status).toBe(409);
      expect((await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '银行转账' })).status).toBe(409);

      const received = await told(async () => { as = ok(await post('seller', 'afterSaleReceipt', { as_no: as.as_no })); });
      expect(as.status).toBe('refunding');
      expect(received.map((n) => [n.to, n.title])).toEqual([['buyer', '卖家已收到退货']]);
      expect((await env.callRaw('POST', '/api/aftersale/complete', { token: t.seller, body: { as_no: as.as_no, refund_method: '支票' }, headers: { 'Idempotency-Key': key() } })).body).toMatchObject({ code: 422, field: 'refund_method' });
      // the order is not paid yet: no money to give back (冲减货款 is the way, see the next case); once
      // the seller records the buyer's payment, the refund goes by a payment method and not by 冲减货款
      expect((await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '银行转账' })).body)
        .toMatchObject({ code: 409, client_msg: refundMethodRefusal('银行转账', false) });
      ok(await post('seller', 'orderOfflinePayment', { order_no: o.no, pay_method: '银行转账' }));
      expect((await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: DEDUCT_METHOD })).body)
        .toMatchObject({ code: 409, client_msg: refundMethodRefusal(DEDUCT_METHOD, true) });
      const done = await told(async () => { as = ok(await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '银行转账', note: '流水 8899' })); });
      expect(as).toMatchObject({ status: 'completed', refund_method: '银行转账', refund_note: '流水 8899' });
      expect(done.map((n) => [n.to, n.title])).toEqual([['buyer', '售后已完成']]);
      expect(done[0].text).toContain(`已退款 ¥${(2 * o.a.unit_price_fen / 100).toFixed(2)}（银行转账：流水 8899）`);
      // for a reader of another language the method (a word of the list) and the seller's note apart
      expect(done[0].facts).toMatchObject({ amount: String(2 * o.a.unit_price_fen), refund_method: '银行转账', refund_note: '流水 8899' });
      expect(as.events.map((e) => [e.action, e.to_status])).toEqual([
        ['apply', 'pending'], ['agree', 'awaiting_return'], ['deliver', 'returned'], ['receipt', 'refunding'], ['complete', 'completed'],
      ]);
      expect(as.events[0]).toMatchObject({ user_name: '王志强', note: '质量问题：刹车片有裂纹' });
      expect(as.completed_at).toBeGreaterThan(0);

      // the order shows its after-sales; a finished one gives the line back with what is left
      const d = ok(await get('buyer', 'orderRetrieve', { order_no: o.no }));
      expect(d.after_sales.map((x) => [x.as_no, x.status])).toEqual([[as.as_no, 'completed'], [onB.as_no, 'pending']]);
      expect((await post('buyer', 'afterSaleApply', { ...body, lines: [{ order_line_id: o.a.id, qty: 2 }] })).body)
        .toMatchObject({ code: 422, field: 'lines.0.qty', client_msg: expect.stringContaining('最多可申请1件') });
      const last = ok(await post('buyer', 'afterSaleApply', { ...body, type: 'refund', img_infos: [], lines: [{ order_line_id: o.a.id, qty: 1 }] }));
      expect(ok(await post('seller', 'afterSaleAgree', { as_no: last.as_no })).status).toBe('refunding');
      expect(ok(await post('seller', 'afterSaleComplete', { as_no: last.as_no, refund_method: '微信' })).status).toBe('completed');
      expect((await post('buyer', 'afterSaleApply', { ...body, lines: [{ order_line_id: o.a.id, qty: 1 }] })).body.client_msg).toContain('已全部退回');
      // a refund-only after-sale never ships back
      expect((await post('buyer', 'afterSaleDeliver', { as_no: onB.as_no, logistics_company: '德邦物流', logistics_no: 'DB20261122' })).body.client_msg).toContain('仅退款的售后无需退货');
    });

    it('on an order not yet paid (账期), a completed after-sale comes off what is owed: the order, both finance pages, then the payment', async () => {
      const finance = async (who: string) => ok(await get(who, 'financeSummary', {}));
      const before = { buyer: (await finance('buyer')).purchase!, seller: (await finance('seller')).sales! };
      const o = await order('received', 2);
      const as = ok(await post('buyer', 'afterSaleApply', { order_no: o.no, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: o.a.id, qty: 1 }] }));
      ok(await post('seller', 'afterSaleAgree', { as_no: as.as_no }));
      let detail = ok(await get('seller', 'afterSaleRetrieve', { as_no: as.as_no }));
      expect(detail).toMatchObject({ order_paid: false, status: 'refunding' });
      const done = await told(async () => { detail = ok(await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: DEDUCT_METHOD })); });
      expect(detail).toMatchObject({ status: 'completed', refund_method: DEDUCT_METHOD });
      expect(done[0].text).toContain(DEDUCT_METHOD);

      const total = ok(await get('buyer', 'orderRetrieve', { order_no: o.no }));
      expect(total.deducted_fen).toBe(o.a.unit_price_fen);
      expect(ok(await get('seller', 'orderRetrieve', { order_no: o.no })).deducted_fen).toBe(o.a.unit_price_fen);
      // the order lists carry it too (the phone's 付款 page sums what is owed from them)
      const listed = ok(await get('buyer', 'orderSearch', { side: 'purchase', order_no: o.no })).data;
      expect(listed.map((r) => r.deducted_fen)).toEqual([o.a.unit_price_fen]);
      const owed = total.total_fen - o.a.unit_price_fen;
      const mid = { buyer: (await finance('buyer')).purchase!, seller: (await finance('seller')).sales! };
      for (const side of ['buyer', 'seller'] as const) {
        expect(mid[side].open_fen - before[side].open_fen).toBe(owed);
        expect(mid[side].aftersale_deducted_fen - before[side].aftersale_deducted_fen).toBe(o.a.unit_price_fen);
        expect(mid[side].aftersale_refunded_fen).toBe(before[side].aftersale_refunded_fen);
      }
      // paid: what was received is the total less the deduction, and nothing is owed for it any more
      ok(await post('seller', 'orderOfflinePayment', { order_no: o.no, pay_method: '现金' }));
      const after = { buyer: (await finance('buyer')).purchase!, seller: (await finance('seller')).sales! };
      for (const side of ['buyer', 'seller'] as const) {
        expect(after[side].open_fen).toBe(before[side].open_fen);
        expect(after[side].paid_fen - before[side].paid_fen).toBe(owed);
      }
    });

    it('reject needs a reason; the buyer may withdraw; a replayed move writes one event; the window closes 15 days after receipt', async () => {
      const o = await order('shipped');
      const body: PayloadIn<'afterSaleApply'> = { order_no: o.no, type: 'refund', reason: '发错货', lines: [{ order_line_id: o.a.id, qty: 1 }] };
      const as = ok(await post('buyer', 'afterSaleApply', body));
      expect((await post('seller', 'afterSaleReject', { as_no: as.as_no, reason: ' ' })).body).toMatchObject({ code: 422, field: 'reason', client_msg: afterSaleText.rejectReason });
      const k = key();
      const rejected = await told(async () => ok(await post('seller', 'afterSaleReject', { as_no: as.as_no, reason: '货物与订单一致' }, k)));
      expect(rejected.map((n) => [n.to, n.title, n.text])).toEqual([['buyer', '售后被拒绝', expect.stringContaining('原因：货物与订单一致')]]);
      expect((await post('seller', 'afterSaleReject', { as_no: as.as_no, reason: '货物与订单一致' }, k)).headers.get('Idempotent-Replayed')).toBe('true');
      const d = ok(await get('buyer', 'afterSaleRetrieve', { as_no: as.as_no }));
      expect(d).toMatchObject({ status: 'rejected', reject_reason: '货物与订单一致' });
      expect(d.events).toHaveLength(2);

      const second = ok(await post('buyer', 'afterSaleApply', body));
      const cancelled = await told(async () => ok(await post('buyer', 'afterSaleCancel', { as_no: second.as_no, reason: '已与卖家协商' })));
      expect(cancelled.map((n) => [n.to, n.title])).toEqual([['seller', '售后已撤销']]);
      expect((await post('seller', 'afterSaleAgree', { as_no: second.as_no })).body.client_msg).toBe('售后单当前为买家已撤销，不能同意售后（只有待卖家处理的售后可以同意）');

      // receipt starts the window; a minute past it the order takes no application
      ok(await post('buyer', 'orderReceipt', { order_no: o.no }));
      await sql`update goods_order set received_at = received_at - make_interval(secs => ${AFTERSALE_WINDOW_DAYS * 86_400 + 60}) where order_no = ${o.no}`.execute(db());
      const late = await post('buyer', 'afterSaleApply', body);
      expect(late.status).toBe(409);
      expect(late.body.client_msg).toBe(`已超过售后期限（确认收货后${AFTERSALE_WINDOW_DAYS}天内可申请）`);
    });

    it('operators list every after-sale behind D12 and close an open one with D12-03: logged, told to both sides, refused twice', async () => {
      const o = await order('received');
      const as = ok(await post('buyer', 'afterSaleApply', { order_no: o.no, type: 'return', reason: '运输损坏', lines: [{ order_line_id: o.b.id, qty: 1 }] }));
      const list = ok(await get('operator', 'opAfterSaleList', { no: as.as_no }));
      expect(list).toMatchObject({ total: 1, refund_fen: as.refund_fen });
      expect(list.data[0]).toMatchObject({ as_no: as.as_no, buyer_company_id: 3, seller_company_id: 2, status: 'pending' });
      expect(ok(await get('operator', 'opAfterSaleList', { seller: '2', status: 'pending', type: 'return' })).data.some((r) => r.as_no === as.as_no)).toBe(true);
      expect(ok(await get('operator', 'opAfterSaleList', { buyer: '2', no: as.as_no })).total).toBe(0);
      expect((await get('operator', 'opAfterSaleList', { date_from: '2026/11/01' })).body).toMatchObject({ code: 422, field: 'date_from' });
      expect(ok(await get('as-reader', 'opAfterSaleDetail', { as_no: as.as_no }))).toMatchObject({ side: 'operator', status: 'pending' });
      const file = await env.raw('GET', `/api/operation/export/opAfterSaleList?no=${as.as_no}`, { token: t['as-reader'] });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      const cells = wb.worksheets[0].getRow(2).values as unknown[];
      expect(cells.slice(1, 11)).toEqual([as.as_no, expect.any(String), o.no, expect.any(String), expect.any(String), '退货退款', '待卖家处理', '运输损坏', 1, as.refund_fen / 100]);
      expect((await env.raw('GET', '/api/operation/export/opAfterSaleList', { token: t.seller })).status).toBe(403);
      // the gate: a member company, a reader without D12-03
      expect((await get('seller', 'opAfterSaleList', {})).status).toBe(403);
      expect((await post('as-reader', 'opAfterSaleClose', { as_no: as.as_no, reason: '双方已线下协商' })).status).toBe(403);
      expect((await post('operator', 'opAfterSaleClose', { as_no: as.as_no, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      const auditBefore = await count('operator_audit');
      const closed = await told(async () => {
        expect(ok(await post('operator', 'opAfterSaleClose', { as_no: as.as_no, reason: '双方已线下协商' }))).toMatchObject({ status: 'closed', close_reason: '双方已线下协商' });
      });
      expect(closed.map((n) => n.to).sort()).toEqual(['buyer', 'seller']);
      expect(closed[0].text).toContain('原因：双方已线下协商');
      const logRow = (await sql<{ entity: string; entity_id: string; action: string; old_value: unknown; new_value: unknown; note: string; username: string }>`
        select entity, entity_id, action, old_value, new_value, note, username from operator_audit order by id desc limit 1`.execute(db())).rows[0];
      expect(await count('operator_audit')).toBe(auditBefore + 1);
      expect(logRow).toEqual({ entity: 'after_sale', entity_id: as.as_no, action: 'close', old_value: { status: 'pending' }, new_value: { status: 'closed' }, note: '双方已线下协商', username: 'operator' });
      const again = await post('operator', 'opAfterSaleClose', { as_no: as.as_no, reason: '双方已线下协商' });
      expect(again.status).toBe(409);
      expect(await count('operator_audit')).toBe(auditBefore + 1);
      // both sides read it; the line is free again
      expect(ok(await get('seller', 'afterSaleRetrieve', { as_no: as.as_no })).events.at(-1)).toMatchObject({ action: 'close', to_status: 'closed', note: '双方已线下协商' });
      expect((await post('buyer', 'afterSaleApply', { order_no: o.no, type: 'refund', reason: '运输损坏', lines: [{ order_line_id: o.b.id, qty: 1 }] })).status).toBe(200);
    });

    it('M08 alone reads the order its after-sale is about and applies, on either side, but makes no order move and lists no orders', async () => {
      // 服务（售后） alone, on the buyer's side and on the seller's
      for (const [username, company] of [['as-buyer-service', 3], ['as-seller-service', 2]] as const) {
        await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
          select gen_random_uuid(), ${company}, ${username}, '售后专员', password_hash, array['M08']::text[], null from app_user where username = 'buyer'`.execute(db());
        t[username] = (await env.login(username)).access_token;
      }
      const o = await order('received');
      expect(ok(await get('as-buyer-service', 'orderRetrieve', { order_no: o.no }))).toMatchObject({ order_no: o.no, side: 'buyer' });
      expect(ok(await get('as-seller-service', 'orderRetrieve', { order_no: o.no }))).toMatchObject({ order_no: o.no, side: 'seller' });
      // another company's service user reads nothing of it
      await sql`update app_user set company_id = 5 where username = 'as-seller-service'`.execute(db());
      expect((await get('as-seller-service', 'orderRetrieve', { order_no: o.no })).status).toBe(403);
      await sql`update app_user set company_id = 2 where username = 'as-seller-service'`.execute(db());
      expect((await get('as-buyer-service', 'orderSearch', { side: 'purchase' })).status).toBe(403);
      expect((await post('as-seller-service', 'orderOfflinePayment', { order_no: o.no, pay_method: PAY_METHODS[0] })).status).toBe(403);
      const as = ok(await post('as-buyer-service', 'afterSaleApply', { order_no: o.no, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: o.b.id, qty: 1 }] }));
      expect(as).toMatchObject({ status: 'pending', order_no: o.no });
      expect(ok(await post('as-seller-service', 'afterSaleAgree', { as_no: as.as_no }))).toMatchObject({ status: 'refunding' });
      // the other tests count who hears of an after-sale: these two leave the companies
      await sql`update app_user set company_id = 1, permissions = '{}' where username in ('as-buyer-service', 'as-seller-service')`.execute(db());
    });
  });
});
