/**
 * Paying a Vietnam-mall order from the dong wallet and its refunds in dong (docs/money.md "Paying a
 * mall order in dong"): who may pay, the rate of the payment moment, short balance, two tabs, the
 * seller's side in fen, refunds by after-sale and by cancellation (and 海外售后 showing the dong given
 * back at the payment's rate), and the reconciliation after
 * every scenario, Chinese and Vietnamese companies side by side, on both backends.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatChina } from '../../src/shared/domain/china-time';
import { billText } from '../../src/shared/contracts/bill';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { orderText } from '../../src/shared/contracts';
import { vnWalletText } from '../../src/shared/contracts/vn-wallet';
import { dongInFen, fenInDong, vnText } from '../../src/shared/domain/vn-mall';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv, vietnameseCompany } from './harness';

const ADDRESS = { contact_name: 'Nguyễn Văn An', contact_phone: '0912345678', address: '215 Lý Thường Kiệt, Phường Phú Thọ' };

describe.each(backends)('paying mall orders in dong on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let vnCompany = 0;
    let stockId = 0;
    let keyN = 0;
    const key = () => `vn-pay-${backend}-${++keyN}`;
    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token, idempotencyKey: k });
    const balance = async (companyId = vnCompany) => (await ledger.wallet(db(), companyId)).vnd_dong;
    const fund = async (dong: number, companyId = vnCompany) => {
      await ledger.post(db(), {
        kind: 'vnd_recharge', reference: `test-${++keyN}`, idempotency_key: `vnd_recharge:test-${backend}-${keyN}`, created_by: null,
        lines: [{ account: { kind: 'vnd_provider', provider: 'sandbox' }, amount_fen: -dong }, { account: { kind: 'vnd_wallet', company_id: companyId }, amount_fen: dong }],
      });
    };
    const setRate = async (value: number) => {
      const r = await call(t.rate, 'opRateSet', { to_curr_code: 'VND', rate_value: value });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    /** One mall order of `qty` pieces (₫500,000 each) for the first Vietnamese company; its number and row. */
    const place = async (qty = 2) => {
      expect((await call(t.vn1, 'vnCartAdd', { stock_id: stockId, qty }, key())).status).toBe(200);
      const cart = (await call(t.vn1, 'vnCartList', {})).body.data;
      const r = await call(t.vn1, 'vnCheckout', { expected_total_dong: cart.total_dong, delivery_term: 'border', ...ADDRESS }, key());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.orders[0];
    };
    const ship = async (no: string) => {
      expect((await call(t.seller, 'orderConfirm', { order_no: no }, key())).status).toBe(200);
      expect((await call(t.seller, 'orderDeliver', { order_no: no, logistics_company: '德邦物流', logistics_no: `DP${Date.now()}${++keyN}` }, key())).status).toBe(200);
    };
    const mine = async (orderNo: string, token = t.vn1) => (await call(token, 'vnMyOrders', {})).body.data.data.find((o) => o.order_no === orderNo)!;
    const pay = (orderNo: string, dong: number, token = t.vn1, k: string | undefined = key()) => call(token, 'vnOrderPay', { order_no: orderNo, expected_dong: dong }, k);
    const orderRow = async (no: string) => (await sql<{ pay_status: string; pay_channel: string | null; paid_fen: string; refunded_fen: string; total_fen: string; status: string }>`
      select pay_status, pay_channel, paid_fen::text as paid_fen, refunded_fen::text as refunded_fen, total_fen::text as total_fen, status from goods_order where order_no = ${no}`.execute(db())).rows[0];
    const account = async (kind: string, currency: string) => Number((await sql<{ b: string }>`select coalesce(sum(balance_fen), 0)::text as b from ledger_account
      where kind = ${kind} and currency = ${currency}`.execute(db())).rows[0].b);

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50, accessTtlSeconds: 30 * 86400 });
      ledger = createLedgerService(env.clock);
      const vnCompanyOf = (name: string, username: string) => vietnameseCompany(env, name, username);
      vnCompany = await vnCompanyOf('Công ty Phụ tùng Cần Thơ', 'vnp_owner_1');
      await vnCompanyOf('Công ty Phụ tùng Huế', 'vnp_owner_2');
      // a purchase clerk of the first company: may order, may not spend the dong wallet
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), ${vnCompany}, 'vnp_clerk', 'vnp_clerk', password_hash, array['C09','M02']::text[] from app_user where username = 'buyer'`.execute(db());
      for (const [k, u] of [['vn1', 'vnp_owner_1'], ['vn2', 'vnp_owner_2'], ['clerk', 'vnp_clerk'], ['buyer', 'buyer'], ['seller', 'seller']] as const) t[k] = (await env.login(u)).access_token;
      t.rate = await operatorWith(env, 'vnp_rate_op', ['D11-02']);
      t.op = await operatorWith(env, 'vnp_mall_op', ['D09-03']);
      stockId = Number((await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 1`.execute(db())).rows[0].id);
      await sql`update stock set quantity = 500 where id = ${stockId}`.execute(db());
      await sql`delete from vn_offer`.execute(db());
      await sql`delete from service_charge_rule`.execute(db());
      // a fixed ₫25,000 service charge on every order
      await sql`insert into service_charge_rule (min_dong, max_dong, kind, value) values (0, null, 'fixed', 25000)`.execute(db());
      await setRate(3600);
      expect((await call(t.seller, 'vnOfferSet', { stock_ids: [stockId], price_mode: 'direct', vn_price: 500_000, floor_fen: 0, vn_quantity: 400 })).status).toBe(200);
    }, 600_000);
    afterEach(async () => {
      expect((await reconcile(db())).problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    it('pays an order at the rate of the moment: the dong wallet, the FX pair, clearing and the service charge; the seller sees it paid in fen', async () => {
      const o = await place(2);
      await fund(2_000_000);
      const listed = await mine(o.order_no);
      // the same rate as at checkout: exactly the total the buyer confirmed
      expect(listed).toMatchObject({ payable: true, pay_now_dong: 1_025_000, pay_status: 'unpaid' });
      const fee0 = await account('fee_income', 'CNY');
      const r = await pay(o.order_no, 1_025_000);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const goodsFen = 2 * dongInFen(500_000, 3600);
      const serviceFen = dongInFen(25_000, 3600);
      expect(r.body.data.order).toMatchObject({
        pay_status: 'paid', pay_channel: 'vnd_wallet', paid_fen: goodsFen, paid_dong: 1_025_000, credited_fen: goodsFen + serviceFen, paid_service_fen: serviceFen,
        pay_rate: 3600, pay_rate_day: o.rate_day,
      });
      expect(r.body.data.balance_dong).toBe(975_000);
      expect(await balance()).toBe(975_000);
      expect(await orderRow(o.order_no)).toMatchObject({ pay_status: 'paid', pay_channel: 'vnd_wallet', paid_fen: String(goodsFen) });
      expect(await account('fee_income', 'CNY')).toBe(fee0 + serviceFen);
      // one transaction, balanced per currency, the rate on it
      const entries = (await sql<{ kind: string; currency: string; amount: string; rate: string }>`select a.kind, a.currency, e.amount_fen::text as amount, t.fx_rate_micro::text as rate
        from ledger_transaction t join ledger_entry e on e.transaction_id = t.id join ledger_account a on a.id = e.account_id
        where t.kind = 'vnd_order_payment' and t.idempotency_key = ${`vnd_order_payment:${o.order_no}`} order by a.currency, e.amount_fen`.execute(db())).rows;
      expect(entries.map((e) => [e.kind, e.currency, Number(e.amount)])).toEqual([
        ['fx', 'CNY', -(goodsFen + serviceFen)], ['fee_income', 'CNY', serviceFen], ['platform_clearing', 'CNY', goodsFen],
        ['vnd_wallet', 'VND', -1_025_000], ['fx', 'VND', 1_025_000],
      ]);
      expect(entries[0].rate).toBe('3600000000');
      // the seller's 销售订单: paid from the dong wallet, the dong and the rate in the payment's note; its mall page both amounts
      const detail = await env.api('orderRetrieve', { order_no: o.order_no }, { token: t.seller });
      expect(detail.body.data).toMatchObject({ pay_status: 'paid', pay_method: '越南盾钱包', paid_fen: goodsFen });
      expect(detail.body.data.pay_note).toContain('₫1,025,000');
      const overview = (await call(t.seller, 'vnMallOverview', {})).body.data.orders.find((x) => x.order_no === o.order_no);
      expect(overview).toMatchObject({ paid_dong: 1_025_000, paid_fen: goodsFen, pay_rate: 3600 });
      const op = (await call(t.op, 'opVnOrderList', { order_no: o.order_no })).body.data.data[0];
      expect(op).toMatchObject({ pay_status: 'paid', paid_dong: 1_025_000, credited_fen: goodsFen + serviceFen });
      // paid once: a second payment of the same order is refused and moves nothing
      const again = await pay(o.order_no, 1_025_000);
      expect(again.status).toBe(409);
      expect(again.body.client_msg).toContain('已付款');
      expect(await balance()).toBe(975_000);
      // received: paid out to the seller in fen like any order paid online
      await ship(o.order_no);
      const seller0 = (await ledger.wallet(db(), 2)).available_fen;
      expect((await env.api('orderReceipt', { order_no: o.order_no }, { token: t.vn1, idempotencyKey: key() })).body.data).toMatchObject({ status: 'completed', payout_fen: goodsFen });
      expect((await ledger.wallet(db(), 2)).available_fen).toBe(seller0 + goodsFen);
    });

    it('two tabs paying the same order at once: exactly one pays, the wallet is charged once', async () => {
      const o = await place(1);
      await fund(600_000);
      const before = await balance();
      const [a, b] = await Promise.all([pay(o.order_no, 525_000), pay(o.order_no, 525_000)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(await balance()).toBe(before - 525_000);
      expect(Number((await sql<{ n: number }>`select count(*)::int as n from order_payment p join order_payment_order x on x.payment_id = p.id
        join goods_order g on g.id = x.order_id where g.order_no = ${o.order_no}`.execute(db())).rows[0].n)).toBe(1);
      // the same Idempotency-Key answers the stored answer
      const o2 = await place(1);
      const k = key();
      const first = await pay(o2.order_no, 525_000, t.vn1, k);
      expect(first.status).toBe(200);
      expect((await pay(o2.order_no, 525_000, t.vn1, k)).body.data).toEqual(first.body.data);
    });

    it('refuses a Chinese company, a clerk, another company, a missing rate, a changed amount and a short balance, and changes nothing', async () => {
      const o = await place(1);
      // an empty wallet (what earlier scenarios left goes back to the provider's side)
      const left = await balance();
      if (left > 0) {
        await ledger.post(db(), {
          kind: 'adjustment', reference: 'drain', idempotency_key: `adjustment:vn-pay-drain-${backend}`, created_by: null,
          lines: [{ account: { kind: 'vnd_wallet', company_id: vnCompany }, amount_fen: -left }, { account: { kind: 'vnd_provider', provider: 'sandbox' }, amount_fen: left }],
        });
      }
      const before = await balance();
      expect(before).toBe(0);
      const unchanged = async () => {
        expect(await balance()).toBe(before);
        expect((await orderRow(o.order_no)).pay_status).toBe('unpaid');
      };
      // no Idempotency-Key
      expect((await call(t.vn1, 'vnOrderPay', { order_no: o.order_no, expected_dong: 525_000 })).status).not.toBe(200);
      // a Chinese company's buyer
      expect((await pay(o.order_no, 525_000, t.buyer)).body).toMatchObject({ code: 403, client_msg: vnWalletText.notVn });
      // a purchase clerk of the buyer: not a holder of the dong wallet
      expect((await pay(o.order_no, 525_000, t.clerk)).body).toMatchObject({ code: 403, client_msg: vnWalletText.mayNotUse });
      // another Vietnamese company
      await fund(10_000_000, (await sql<{ company_id: number }>`select company_id from app_user where username = 'vnp_owner_2'`.execute(db())).rows[0].company_id);
      expect((await pay(o.order_no, 525_000, t.vn2)).body).toMatchObject({ code: 403, client_msg: orderText.payOtherCompany });
      // an ordinary order of the same company (a copy of the mall order without its vn_order): not a mall order
      const plain = `${o.order_no.slice(0, -4)}${o.order_no.endsWith('9999') ? '9998' : '9999'}`;
      await sql`insert into goods_order select (jsonb_populate_record(null::goods_order, to_jsonb(g)
        || jsonb_build_object('id', nextval(pg_get_serial_sequence('goods_order', 'id')), 'order_no', ${plain}::text))).*
        from goods_order g where g.order_no = ${o.order_no}`.execute(db());
      expect((await pay(plain, 525_000)).body).toMatchObject({ code: 409, client_msg: vnText.notMallOrder });
      expect((await orderRow(plain)).pay_status).toBe('unpaid');
      await sql`delete from goods_order where order_no = ${plain}`.execute(db());
      await unchanged();
      // short balance: the ledger's refusal, with the balance and the need in dong
      const short = await pay(o.order_no, 525_000);
      expect(short.body).toMatchObject({ code: 409, client_msg: vnWalletText.insufficient(before, 525_000) });
      await unchanged();
      await fund(1_000_000);
      const funded = await balance();
      // the page's amount is no longer the amount (another rate): refused with the new amount
      const stale = await pay(o.order_no, 525_001);
      expect(stale.body).toMatchObject({ code: 409, field: 'expected_dong', client_msg: vnText.payTotalChanged(525_000) });
      // a new China day without its rate: never paid at yesterday's rate
      env.clock.advance(86_400);
      expect((await mine(o.order_no)).pay_now_dong).toBeNull();
      expect((await pay(o.order_no, 525_000)).body).toMatchObject({ code: 409, client_msg: vnText.noRate });
      expect(await balance()).toBe(funded);
      expect((await orderRow(o.order_no)).pay_status).toBe('unpaid');
      // the new day's rate: the goods' fen at the new rate, the service charge as it was in dong
      await setRate(3700);
      const total = Number((await orderRow(o.order_no)).total_fen);
      const now = fenInDong(total, 3700) + 25_000;
      expect((await mine(o.order_no)).pay_now_dong).toBe(now);
      const r = await pay(o.order_no, now);
      expect(r.body.data.order).toMatchObject({ paid_dong: now, paid_fen: total, pay_rate: 3700, credited_fen: total + dongInFen(25_000, 3700) });
      expect(r.body.data.order.pay_rate_day).not.toBe(o.rate_day);
      expect(await balance()).toBe(funded - now);
    });

    it('an after-sale refund gives dong back at the payment rate; a cancelled paid order refunds everything, the service charge too', async () => {
      await fund(3_000_000);
      const o = await place(2);
      // paid at another rate than the order froze at checkout
      await setRate(3800);
      const m = await mine(o.order_no);
      expect((await pay(o.order_no, m.pay_now_dong!)).status).toBe(200);
      const paid = (await mine(o.order_no));
      expect(paid.pay_rate).not.toBe(paid.rate);
      const afterPay = await balance();
      // shipped, then an after-sale refunding part of it
      await ship(o.order_no);
      const line = (await sql<{ id: number }>`select l.id from goods_order_line l join goods_order g on g.id = l.order_id where g.order_no = ${o.order_no}`.execute(db())).rows[0];
      const as = await env.api('afterSaleApply', { order_no: o.order_no, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: Number(line.id), qty: 1 }] }, { token: t.vn1, idempotencyKey: key() });
      expect(as.status, JSON.stringify(as.body)).toBe(200);
      // 海外售后 before the refund: the asked fen at the payment's rate, nothing given back yet
      const asked = (await call(t.op, 'opVnAfterSaleList', { no: as.body.data.as_no })).body.data.data[0];
      expect(asked).toMatchObject({ refund_dong: fenInDong(asked.refund_fen, paid.pay_rate), dong_refunded: false, rate: paid.pay_rate, rate_day: paid.pay_rate_day, rate_kind: 'payment' });
      expect((await env.api('afterSaleAgree', { as_no: as.body.data.as_no }, { token: t.seller, idempotencyKey: key() })).status).toBe(200);
      const part = 5_000;
      const done = await env.api('afterSaleComplete', { as_no: as.body.data.as_no, refund_method: '原路退回', note: '', amount_fen: part }, { token: t.seller, idempotencyKey: key() });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const back = fenInDong(part, paid.pay_rate);
      expect(back).not.toBe(fenInDong(part, paid.rate));
      expect(await balance()).toBe(afterPay + back);
      expect((await mine(o.order_no))).toMatchObject({ refunded_fen: part, refunded_dong: back });
      // 海外售后 (list, detail and XLSX): exactly the dong given back and the payment's rate
      const shown = { refund_fen: part, refund_dong: back, dong_refunded: true, rate: paid.pay_rate, rate_day: paid.pay_rate_day, rate_kind: 'payment' };
      expect((await call(t.op, 'opVnAfterSaleList', { no: as.body.data.as_no })).body.data.data[0]).toMatchObject(shown);
      const { after_sale: _a, ...detail } = (await call(t.op, 'opVnAfterSaleDetail', { as_no: as.body.data.as_no })).body.data;
      expect({ ...detail, refund_fen: _a.refund_fen }).toMatchObject(shown);
      const xlsx = await env.raw('GET', `/api/operation/export/opVnAfterSaleList?no=${as.body.data.as_no}`, { token: t.op });
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await xlsx.arrayBuffer());
      const sheet = wb.getWorksheet('海外售后')!;
      const cells = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
      const col = (header: string) => cells(1).indexOf(header);
      expect(cells(2)[col('退款（越南盾）')]).toBe(back);
      expect(cells(2)[col('汇率')]).toBe(paid.pay_rate);
      expect(cells(2)[col('汇率类型')]).toBe('支付汇率');
      expect(cells(2)[col('越南盾')]).toBe('已退回钱包');
      const refund = (await sql<{ kind: string; rate: string }>`select t.kind, t.fx_rate_micro::text as rate from ledger_transaction t where t.idempotency_key = ${`order_refund:aftersale:${as.body.data.as_no}`}`.execute(db())).rows[0];
      expect(refund).toEqual({ kind: 'vnd_order_refund', rate: String(paid.pay_rate * 1_000_000) });

      // a paid order cancelled before the seller confirms it: every dong back, the service charge's too
      const c = await place(1);
      const cm = await mine(c.order_no);
      const before = await balance();
      const fee0 = await account('fee_income', 'CNY');
      expect((await pay(c.order_no, cm.pay_now_dong!)).status).toBe(200);
      const cancel = await env.api('orderCancel', { order_no: c.order_no, reason: '不要了' }, { token: t.vn1, idempotencyKey: key() });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect(await balance()).toBe(before);
      expect(await account('fee_income', 'CNY')).toBe(fee0);
      expect(await mine(c.order_no)).toMatchObject({ refunded_dong: cm.pay_now_dong, pay_status: 'paid', status: 'cancelled' });
    });

    it('the seller\'s 越南商城账单 of the month: every mall order paid in it with its dong, rate and fen, every refund, the net; others refused (docs/money.md#overseas-bills)', async () => {
      const month = formatChina(Math.floor(env.clock.now().getTime() / 1000), 'YYYY-MM');
      const r = await call(t.seller, 'vnSellerSettlement', { month });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const s = r.body.data;
      // what the mall's own rows say: orders paid this month, refunds made in it
      const paid = (await sql<{ order_no: string; goods_dong: string; rate: string; fen: string }>`select g.order_no, v.paid_goods_dong::text as goods_dong, v.pay_rate as rate,
        (v.credited_fen - v.paid_service_fen)::text as fen from vn_order v join goods_order g on g.id = v.order_id where g.seller_company_id = 2 and v.paid_at is not null order by v.paid_at, g.id`.execute(db())).rows;
      expect(paid.length).toBeGreaterThan(1);
      expect(s.orders.map((o) => [o.order_no, o.goods_dong, o.rate, o.goods_fen])).toEqual(paid.map((p) => [p.order_no, Number(p.goods_dong), p.rate, Number(p.fen)]));
      // the fen of each order is what the order was paid (its amount due), the seller's side
      for (const o of s.orders) expect(o.goods_fen).toBe(Number((await orderRow(o.order_no)).paid_fen));
      const refunds = (await sql<{ n: number; dong: string; fen: string }>`select count(*)::int as n, coalesce(sum(goods_dong), 0)::text as dong, coalesce(sum(amount_fen), 0)::text as fen from vn_order_refund`.execute(db())).rows[0];
      expect(s.refunds.length).toBe(refunds.n);
      expect(s.refunds.length).toBeGreaterThan(1);
      expect(s).toMatchObject({ refund_dong: Number(refunds.dong), refund_fen: Number(refunds.fen), paid_fen: paid.reduce((x, p) => x + Number(p.fen), 0) });
      expect(s.net_fen).toBe(s.paid_fen - s.refund_fen);
      expect(s.orders[0].buyer_name).toBe('Công ty Phụ tùng Cần Thơ');
      // the month before: nothing; a month not yet begun: refused naming the month
      const [y, m] = month.split('-').map(Number);
      const before = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
      expect((await call(t.seller, 'vnSellerSettlement', { month: before })).body.data).toMatchObject({ orders: [], refunds: [], net_fen: 0 });
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      expect((await call(t.seller, 'vnSellerSettlement', { month: next })).body).toMatchObject({ code: 422, field: 'month', client_msg: expect.stringContaining(billText.futureMonth) });
      // a Vietnamese company, a company that does not sell, a user without M11: refused
      await sql`update app_user set permissions = array_append(permissions, 'M11') where username in ('vnp_owner_1', 'buyer')`.execute(db());
      for (const u of ['vnp_owner_1', 'buyer']) {
        const refused = await call((await env.login(u)).access_token, 'vnSellerSettlement', { month });
        expect(refused.body).toMatchObject({ code: 403, client_msg: billText.sellerOnly });
      }
      expect((await call(t.vn2, 'vnSellerSettlement', { month })).status).toBe(403);
    });
  });
});
