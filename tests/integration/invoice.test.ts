/**
 * Invoices (发票, docs/money.md#invoices): the buyer's titles with their rules, requests on paid
 * orders of one seller with every refusal (another seller's or company's order, an order not done
 * or not paid, one already held, amounts over what was paid less refunds), the seller's issue with
 * an uploaded file and its refusal with a reason, resubmit and withdraw, permissions, the notices
 * to the other side; each refusal changes nothing, and the ledger still reconciles.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { invoiceText, type Envelope, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { invoiceTitleText } from '../../src/shared/domain/invoice';
import { chinaDay } from '../../src/shared/domain/china-time';
import { msg } from '../../src/shared/messages';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { assistantNotices, backends, createTestEnv, skipReason, type TestEnv } from './harness';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const TAX_NO = '91350100M000100Y43';
const COMPANY_TITLE = { kind: 'company', invoice_type: 'special', name: '上海申通汽车维修服务有限公司', tax_no: TAX_NO, address: '上海市闵行区沪闵路6088号', phone: '021-64128877', bank: '中国工商银行上海闵行支行', account: '1001 2345 6789 0123' } as const;

describe.each(backends)('invoices on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'titles / apply / issue / refuse / resubmit / withdraw', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `iv-test-${++keyN}-${randomUUID()}`;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 20 });
      const db = env.database.db;
      // a purchase clerk of the buyer's company, and an accounting user of the seller's
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 3, 'iv-buyclerk', '采购员', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(db);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 2, 'iv-finance', '财务', password_hash, array['M09']::text[] from app_user where username = 'buyer'`.execute(db);
      for (const u of ['buyer', 'seller', 'clerk', 'seller6', 'member', 'iv-buyclerk', 'iv-finance']) t[u] = (await env.login(u)).access_token;
    });
    afterEach(async () => {
      const r = await reconcile(env.database.db);
      expect(r.problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0].n;
    /** the state of every invoice table, to prove a refusal wrote nothing */
    const snapshot = async () => (await sql<{ s: string }>`select
      (select coalesce(string_agg(concat_ws('|', id, status, amount_fen, issued_fen, invoice_number, title_name, refuse_reason), ',' order by id), '') from invoice_request) ||
      (select coalesce(string_agg(concat_ws('|', id, order_id, amount_fen, open), ',' order by id), '') from invoice_request_order) ||
      (select count(*)::text from invoice_event) ||
      (select coalesce(string_agg(concat_ws('|', id, name, is_default, tax_no), ',' order by id), '') from invoice_title) as s`.execute(db())).rows[0].s;

    /** An order of company `buyer` from `seller`, stored as the orders module leaves it. */
    const order = async (o: { buyer?: number; seller?: number; status?: string; paid?: boolean; total?: number } = {}) => {
      const no = `SO${Date.now()}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`.slice(0, 22);
      const total = o.total ?? 12_345;
      const paid = o.paid ?? true;
      const status = o.status ?? 'completed';
      const now = new Date();
      await sql`insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, line_count, total_qty, total_fen,
          contact_name, contact_phone, address, status, pay_status, pay_method, pay_channel, paid_fen, paid_at, shipped_at, logistics_company, logistics_no, received_at, completed_at)
        values (${no}, ${`CO${no.slice(2)}`}, ${o.buyer ?? 3}, (select id from app_user where company_id = ${o.buyer ?? 3} order by id limit 1), ${o.seller ?? 2}, 1, 1, ${total},
          '王志强', '13800000004', '广东省广州市白云区机场路88号', ${status}, ${paid ? 'paid' : 'unpaid'}, ${paid ? '银行转账' : null}, ${paid ? 'offline' : null}, ${paid ? total : 0},
          ${paid ? now : null}, ${now}, '顺丰速运', 'SF1234567890', ${status === 'shipped' ? null : now}, ${status === 'completed' ? now : null})`.execute(db());
      return no;
    };
    const title = async (extra: Partial<PayloadIn<'invoiceTitleSave'>> = {}) => ok(await post('buyer', 'invoiceTitleSave', { ...COMPANY_TITLE, ...extra }));

    it('keeps titles: add, edit, default, remove; refuses bad ones field by field and changes nothing', async () => {
      const before = await snapshot();
      const refused = async (payload: Record<string, unknown>, field: string, text: string) => {
        const r = await post('buyer', 'invoiceTitleSave', { ...COMPANY_TITLE, ...payload } as PayloadIn<'invoiceTitleSave'>);
        expect(r.body, JSON.stringify(payload)).toMatchObject({ code: 422, field, client_msg: text });
      };
      await refused({ tax_no: '' }, 'tax_no', invoiceTitleText.taxNo);
      await refused({ tax_no: '91350100M000100Y44' }, 'tax_no', invoiceTitleText.taxNoFormat);
      await refused({ tax_no: '9135010' }, 'tax_no', invoiceTitleText.taxNoFormat);
      await refused({ kind: 'personal', name: '王志强' }, 'invoice_type', invoiceTitleText.specialPersonal);
      await refused({ bank: '' }, 'bank', invoiceTitleText.bank);
      await refused({ account: '' }, 'account', invoiceTitleText.account);
      await refused({ address: '' }, 'address', invoiceTitleText.address);
      await refused({ phone: '12345' }, 'phone', invoiceTitleText.phoneFormat);
      await refused({ name: '上' }, 'name', invoiceTitleText.name);
      await refused({ kind: 'team' }, 'kind', invoiceText.kind);
      // who may: the buyer's side (purchase or accounting codes); the seller's clerk holds neither
      expect((await post('clerk', 'invoiceTitleSave', COMPANY_TITLE)).status).toBe(403);
      expect((await get('clerk', 'invoiceTitleList', {})).status).toBe(403);
      expect(await snapshot()).toBe(before);

      // the first title is the default; a 普票 company title needs only the tax number
      const a = await title();
      expect(a).toMatchObject({ kind: 'company', invoice_type: 'special', tax_no: TAX_NO, is_default: true });
      const b = await title({ invoice_type: 'normal', name: '申通汽修（普票）', tax_no: '91110000600037341l', address: '', phone: '', bank: '', account: '' });
      expect(b).toMatchObject({ tax_no: '91110000600037341L', is_default: false });
      const p = ok(await post('iv-buyclerk', 'invoiceTitleSave', { kind: 'personal', invoice_type: 'normal', name: '王志强', tax_no: 'x', address: 'y', phone: '', bank: '', account: '' }));
      expect(p).toMatchObject({ kind: 'personal', tax_no: '', address: '' });
      ok(await post('buyer', 'invoiceTitleDefault', { id: b.id }));
      let list = ok(await get('buyer', 'invoiceTitleList', {}));
      expect(list.map((x) => [x.id, x.is_default])).toEqual([[b.id, true], [a.id, false], [p.id, false]]);
      // edit, then remove the default: the oldest left becomes the default
      ok(await post('buyer', 'invoiceTitleSave', { ...COMPANY_TITLE, id: a.id, name: '上海申通汽车维修服务有限公司（专票）' }));
      ok(await post('buyer', 'invoiceTitleRemove', { id: b.id }));
      list = ok(await get('buyer', 'invoiceTitleList', {}));
      expect(list.map((x) => [x.name, x.is_default])).toEqual([['上海申通汽车维修服务有限公司（专票）', true], ['王志强', false]]);
      // another company's title is not there for it
      const other = await snapshot();
      expect((await post('seller6', 'invoiceTitleRemove', { id: a.id })).body).toMatchObject({ code: 422, field: 'id', client_msg: invoiceText.titleNotFound });
      expect((await post('seller6', 'invoiceTitleSave', { ...COMPANY_TITLE, id: a.id })).body).toMatchObject({ code: 422, field: 'id' });
      expect(await snapshot()).toBe(other);
    });

    it('asks one seller for an invoice on paid, completed orders; refuses mixed sellers, other companies, orders not done, held or refunded, and changes nothing', async () => {
      const ti = (await title()).id;
      const o1 = await order({ total: 10_000 });
      const o2 = await order({ total: 20_050, status: 'received' });
      const other = await order({ seller: 6 });
      const notMine = await order({ buyer: 4 });
      const shipped = await order({ status: 'shipped' });
      const unpaid = await order({ status: 'received', paid: false });
      const refunded = await order({ total: 5000 });
      await sql`update goods_order set refunded_fen = 5000 where order_no = ${refunded}`.execute(db());

      // the candidates: this buyer's paid orders that are received or completed and still have money on them
      const candidates = ok(await get('buyer', 'invoiceOrders', {})).map((o) => o.order_no);
      expect(candidates).toEqual(expect.arrayContaining([o1, o2, other]));
      for (const no of [notMine, shipped, unpaid, refunded]) expect(candidates).not.toContain(no);
      expect(ok(await get('buyer', 'invoiceOrders', { seller_company_id: 6 })).map((o) => o.order_no)).toEqual([other]);

      const before = await snapshot();
      const apply = (order_nos: string[], extra: Partial<PayloadIn<'invoiceApply'>> = {}, who = 'buyer', k: string | null = key()) =>
        post(who, 'invoiceApply', { order_nos, title_id: ti, remark: '', ...extra }, k);
      expect((await apply([o1, other])).body).toMatchObject({ code: 422, field: 'order_nos', client_msg: invoiceText.oneSeller });
      expect((await apply([o1, notMine])).body).toMatchObject({ code: 403, client_msg: invoiceText.notBuyer(notMine) });
      expect((await apply([shipped])).body).toMatchObject({ code: 409, client_msg: expect.stringContaining('只有已付款并已收货或已完成的订单') });
      expect((await apply([unpaid])).status).toBe(409);
      expect((await apply([refunded])).body).toMatchObject({ code: 409, client_msg: expect.stringContaining('没有可开票金额') });
      expect((await apply([o1, o1])).body).toMatchObject({ code: 422, field: 'order_nos', client_msg: invoiceText.orderTwice });
      expect((await apply([])).body).toMatchObject({ code: 422, field: 'order_nos' });
      expect((await apply([o1], { title_id: 999_999 })).body).toMatchObject({ code: 422, field: 'title_id', client_msg: invoiceText.titleNotFound });
      expect((await apply([o1], {}, 'buyer', null)).body.client_msg).toBe(msg.idempotencyKeyMissing);
      expect((await apply([o1], {}, 'seller6')).status).toBe(403);
      expect((await apply([o1], {}, 'member')).status).toBe(403);
      expect(await snapshot()).toBe(before);

      // asked: the sum of what was paid less refunds, the title copied, the seller told
      const k = key();
      const r = ok(await apply([o1, o2], { remark: '请尽快开票' }, 'buyer', k));
      expect(r).toMatchObject({ status: 'requested', side: 'buyer', amount_fen: 30_050, order_count: 2, title_name: COMPANY_TITLE.name, tax_no: TAX_NO, invoice_type: 'special', seller_company_id: 2 });
      expect(r.request_no).toMatch(/^IV\d{20}$/);
      expect(r.orders.map((o) => [o.order_no, o.amount_fen])).toEqual([[o1, 10_000], [o2, 20_050]]);
      const told = await assistantNotices(env, 'seller');
      expect(told.at(-1)).toMatchObject({ 标题: '新开票申请' });
      // a replay answers the same; the orders are held now
      expect(ok(await apply([o1, o2], { remark: '请尽快开票' }, 'buyer', k)).request_no).toBe(r.request_no);
      const held = await snapshot();
      expect((await apply([o2])).body).toMatchObject({ code: 409, client_msg: invoiceText.orderHeld(o2, r.request_no) });
      expect(ok(await get('buyer', 'invoiceOrders', {})).map((o) => o.order_no)).not.toContain(o1);
      expect(await snapshot()).toBe(held);
      // both sides see it; a third company does not
      expect(ok(await get('seller', 'invoiceSearch', { side: 'seller' })).data.map((x) => x.request_no)).toContain(r.request_no);
      expect(ok(await get('iv-finance', 'invoiceRetrieve', { request_no: r.request_no })).side).toBe('seller');
      expect((await get('seller6', 'invoiceRetrieve', { request_no: r.request_no })).body).toMatchObject({ code: 403, client_msg: invoiceText.otherCompany });
      expect((await get('clerk', 'invoiceSearch', { side: 'seller' })).status).toBe(403);
    });

    it('the seller issues with number, date, amount and its own file, never over paid less refunds; refuses with a reason; the buyer resubmits or withdraws', async () => {
      const ti = (await title()).id;
      const o1 = await order({ total: 8800 });
      const o2 = await order({ total: 1200 });
      const r = ok(await post('buyer', 'invoiceApply', { order_nos: [o1, o2], title_id: ti }));
      // an issued invoice is usually the PDF the tax system gives
      const file = ok(await post('seller', 'fileUpload', { base64_data: Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64'), file_name: 'invoice.pdf', accept: 'document' })).file_path;
      expect(file).toMatch(/\.pdf$/);
      const buyersFile = ok(await post('buyer', 'fileUpload', { base64_data: PNG, file_name: 'x.png' })).file_path;
      const issue = (extra: Partial<PayloadIn<'invoiceIssue'>> = {}, who = 'seller', k: string | null = key()) =>
        post(who, 'invoiceIssue', { request_no: r.request_no, invoice_number: '12345678', invoice_date: chinaDay(env.clock.now()), amount_fen: 10_000, file_path: file, ...extra }, k);

      // a refund after the request lowers what may be invoiced
      await sql`update goods_order set refunded_fen = 1000 where order_no = ${o1}`.execute(db());
      const before = await snapshot();
      expect((await issue()).body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: expect.stringContaining('最多 ¥90.00') });
      expect((await issue({ amount_fen: 0 })).body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: invoiceText.amountFen });
      expect((await issue({ amount_fen: 9000, file_path: buyersFile })).body).toMatchObject({ code: 422, field: 'file_path', client_msg: invoiceText.fileNotOurs });
      expect((await issue({ amount_fen: 9000, invoice_number: '1234' })).body).toMatchObject({ code: 422, field: 'invoice_number', client_msg: invoiceText.invoiceNumber });
      expect((await issue({ amount_fen: 9000, invoice_date: '2099-01-01' })).body).toMatchObject({ code: 422, field: 'invoice_date', client_msg: invoiceText.invoiceDateFuture });
      expect((await issue({ amount_fen: 9000, invoice_date: '2026-02-30' })).body).toMatchObject({ code: 422, field: 'invoice_date' });
      expect((await issue({ amount_fen: 9000 }, 'seller', null)).body.client_msg).toBe(msg.idempotencyKeyMissing);
      expect((await issue({ amount_fen: 9000 }, 'buyer')).status).toBe(403);
      expect((await issue({ amount_fen: 9000 }, 'seller6')).body).toMatchObject({ code: 403 });
      expect((await post('buyer', 'invoiceRefuse', { request_no: r.request_no, reason: '抬头有误' })).status).toBe(403);
      expect((await post('seller', 'invoiceRefuse', { request_no: r.request_no, reason: '' })).body).toMatchObject({ code: 422, field: 'reason', client_msg: invoiceText.refuseReason });
      expect((await post('seller', 'invoiceWithdraw', { request_no: r.request_no })).body).toMatchObject({ code: 403, client_msg: invoiceText.buyerOnly });
      expect(await snapshot()).toBe(before);

      // issued (by the seller's accounting user) for at most paid less refunds; the buyer is told
      const issued = ok(await issue({ amount_fen: 9000, invoice_number: '12345678901234567890' }, 'iv-finance'));
      expect(issued).toMatchObject({ status: 'issued', issued_fen: 9000, amount_fen: 10_000, invoice_number: '12345678901234567890', file_path: file, side: 'seller' });
      expect((await assistantNotices(env, 'buyer')).at(-1)).toMatchObject({ 标题: '发票已开具' });
      const done = await snapshot();
      expect((await issue({ amount_fen: 9000 })).body).toMatchObject({ code: 409, client_msg: expect.stringContaining('当前为已开票') });
      expect((await post('seller', 'invoiceRefuse', { request_no: r.request_no, reason: '重复' })).status).toBe(409);
      expect((await post('buyer', 'invoiceWithdraw', { request_no: r.request_no })).status).toBe(409);
      expect((await post('buyer', 'invoiceApply', { order_nos: [o2], title_id: ti })).body).toMatchObject({ code: 409, client_msg: invoiceText.orderHeld(o2, r.request_no) });
      expect(await snapshot()).toBe(done);
      // the file stays: the upload sweep counts the issued invoice as a use of it
      expect(ok(await get('buyer', 'invoiceRetrieve', { request_no: r.request_no })).file_path).toBe(file);

      // refusal with a reason gives the orders back; the buyer resubmits with another title
      const o3 = await order({ total: 3000 });
      const r2 = ok(await post('buyer', 'invoiceApply', { order_nos: [o3], title_id: ti }));
      const refused = ok(await post('seller', 'invoiceRefuse', { request_no: r2.request_no, reason: '抬头与合同不符' }));
      expect(refused).toMatchObject({ status: 'refused', refuse_reason: '抬头与合同不符' });
      expect((await assistantNotices(env, 'buyer')).at(-1)).toMatchObject({ 标题: '开票被拒绝' });
      expect(ok(await get('buyer', 'invoiceOrders', {})).map((o) => o.order_no)).toContain(o3);
      const personal = ok(await post('buyer', 'invoiceTitleSave', { kind: 'personal', invoice_type: 'normal', name: '王志强', tax_no: '', address: '', phone: '', bank: '', account: '' }));
      // while the orders are free, another request may take them; resubmit then is refused and changes nothing
      const r3 = ok(await post('buyer', 'invoiceApply', { order_nos: [o3], title_id: ti }));
      const taken = await snapshot();
      expect((await post('buyer', 'invoiceResubmit', { request_no: r2.request_no, title_id: personal.id })).body)
        .toMatchObject({ code: 409, client_msg: invoiceText.orderHeld(o3, r3.request_no) });
      expect(await snapshot()).toBe(taken);
      ok(await post('buyer', 'invoiceWithdraw', { request_no: r3.request_no }));
      expect((await assistantNotices(env, 'seller')).at(-1)).toMatchObject({ 标题: '开票申请已撤回' });
      expect((await post('seller', 'invoiceResubmit', { request_no: r2.request_no, title_id: personal.id })).status).toBe(403);
      const again = ok(await post('buyer', 'invoiceResubmit', { request_no: r2.request_no, title_id: personal.id, remark: '改为个人抬头' }));
      expect(again).toMatchObject({ status: 'requested', title_kind: 'personal', title_name: '王志强', remark: '改为个人抬头', amount_fen: 3000, refuse_reason: '' });
      expect(again.events.map((e) => e.action)).toEqual(['apply', 'refuse', 'resubmit']);
      expect((await assistantNotices(env, 'seller')).at(-1)).toMatchObject({ 标题: '开票申请已重新提交' });
      expect((await post('buyer', 'invoiceResubmit', { request_no: r2.request_no, title_id: personal.id })).status).toBe(409);

      // two requests on one order at the same moment: exactly one holds it
      const o4 = await order({ total: 4000 });
      const raced = await Promise.all([1, 2, 3].map(() => post('buyer', 'invoiceApply', { order_nos: [o4], title_id: ti })));
      expect(raced.map((x) => x.status).sort()).toEqual([200, 409, 409]);
      expect((await sql<{ n: number }>`select count(*)::int as n from invoice_request_order ro join goods_order o on o.id = ro.order_id where o.order_no = ${o4}`.execute(db())).rows[0].n).toBe(1);

      // the lists: statuses with counts
      const mine = ok(await get('buyer', 'invoiceSearch', { side: 'buyer' }));
      expect(mine.counts).toMatchObject({ issued: 1, requested: expect.any(Number), withdrawn: 1 });
      expect(ok(await get('buyer', 'invoiceSearch', { side: 'buyer', status: 'issued', no: '12345678901234567890' })).data.map((x) => x.request_no)).toEqual([r.request_no]);
      expect(await count('invoice_request')).toBeGreaterThanOrEqual(3);
    });

    it('红冲: the seller reverses an issued invoice with a red-letter one after a refund; the buyer is told and asks again for what is left', async () => {
      const ti = (await title()).id;
      const o = await order({ total: 20_000 });
      const r = ok(await post('buyer', 'invoiceApply', { order_nos: [o], title_id: ti }));
      const file = ok(await post('seller', 'fileUpload', { base64_data: Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64'), file_name: 'blue.pdf', accept: 'document' })).file_path;
      const redFile = ok(await post('seller', 'fileUpload', { base64_data: Buffer.from('%PDF-1.7\n%red\n%%EOF\n').toString('base64'), file_name: 'red.pdf', accept: 'document' })).file_path;
      const today = chinaDay(env.clock.now());
      const reverse = (extra: Partial<PayloadIn<'invoiceReverse'>> = {}, who = 'seller') =>
        post(who, 'invoiceReverse', { request_no: r.request_no, red_number: '87654321', red_date: today, file_path: redFile, reason: '买家退货退款', ...extra });
      // only an issued invoice can be reversed
      expect((await reverse()).body).toMatchObject({ code: 409, client_msg: expect.stringContaining('只有已开票的申请可以红冲') });
      ok(await post('seller', 'invoiceIssue', { request_no: r.request_no, invoice_number: '11112222', invoice_date: today, amount_fen: 20_000, file_path: file }));
      // the buyer returns part of it after the invoice was issued
      await sql`update goods_order set refunded_fen = 5000 where order_no = ${o}`.execute(db());
      const before = await snapshot();
      const buyersFile = ok(await post('buyer', 'fileUpload', { base64_data: PNG, file_name: 'x.png' })).file_path;
      expect((await reverse({ red_number: '11112222' })).body).toMatchObject({ code: 422, field: 'red_number', client_msg: invoiceText.redSameNumber });
      expect((await reverse({ red_number: '123' })).body).toMatchObject({ code: 422, field: 'red_number', client_msg: invoiceText.redNumber });
      expect((await reverse({ red_date: '2000-01-01' })).body).toMatchObject({ code: 422, field: 'red_date', client_msg: invoiceText.redDateRange });
      expect((await reverse({ red_date: '2099-01-01' })).body).toMatchObject({ code: 422, field: 'red_date', client_msg: invoiceText.redDateRange });
      expect((await reverse({ reason: '' })).body).toMatchObject({ code: 422, field: 'reason', client_msg: invoiceText.redReason });
      expect((await reverse({ file_path: buyersFile })).body).toMatchObject({ code: 422, field: 'file_path', client_msg: invoiceText.fileNotOurs });
      expect((await reverse({}, 'buyer')).status).toBe(403);
      expect((await reverse({}, 'seller6')).status).toBe(403);
      expect(await snapshot()).toBe(before);
      // the order is held while the invoice stands
      expect((await post('buyer', 'invoiceApply', { order_nos: [o], title_id: ti })).body).toMatchObject({ code: 409, client_msg: invoiceText.orderHeld(o, r.request_no) });

      const reversed = ok(await reverse());
      expect(reversed).toMatchObject({ status: 'reversed', invoice_number: '11112222', issued_fen: 20_000, red_number: '87654321', red_date: today, red_file_path: redFile, red_reason: '买家退货退款' });
      expect(reversed.events.map((e) => e.action)).toEqual(['apply', 'issue', 'reverse']);
      expect((await assistantNotices(env, 'buyer')).at(-1)).toMatchObject({ 标题: '发票已红冲' });
      expect((await reverse({ red_number: '87654322' })).status).toBe(409);
      // the order is free again, for what was paid less refunds now
      const again = ok(await post('buyer', 'invoiceApply', { order_nos: [o], title_id: ti }));
      expect(again.amount_fen).toBe(15_000);
      expect(ok(await get('buyer', 'invoiceSearch', { side: 'buyer', status: 'reversed' })).data.map((x) => x.request_no)).toEqual([r.request_no]);
    });
  });
});
