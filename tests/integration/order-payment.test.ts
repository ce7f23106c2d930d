/**
 * Paying goods orders online, payouts and real refunds (docs/money.md, "Paying orders"): every
 * scenario ends with the full reconciliation of the ledger; every refusal changes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { createApp } from '../../src/server/app';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { ALREADY_PAID, OFFLINE_REFUSED } from '../../src/shared/domain/orders';
import { walletText } from '../../src/shared/contracts/wallet';
import { IM_ASSISTANT_UUID } from '../../src/shared/contracts/im';
import { formatFen } from '../../src/shared/domain/prices';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const BUYER_CO = 3;
const SELLER_CO = 2;
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('paying orders on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'orderPay / payouts / refunds', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    let jobs: ReturnType<typeof createApp>['orderJobs'];
    const tokens: Record<string, string> = {};
    let stockA = 0;
    let stockB = 0;
    let keyN = 0;
    const key = () => `order-pay-${backend}-${++keyN}-000`;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(user: string, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token: tokens[user], idempotencyKey: k });
    const get = <N extends EndpointName>(user: string, name: N, query: PayloadIn<N>) => env.api(name, query, { token: tokens[user] });
    const wallet = async (co: number) => (await ledger.wallet(db(), co)).available_fen;
    const clearing = async () => (await sql<{ b: number }>`select coalesce(sum(balance_fen), 0)::bigint as b from ledger_account where kind = 'platform_clearing'`.execute(db())).rows[0].b;
    const fund = (co: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: co }, amount_fen: fen }],
    });
    /** what a refusal must leave as it was: transactions, payments, the orders' money fields */
    const snapshot = async () => ({
      tx: (await sql<{ n: number }>`select count(*)::int as n from ledger_transaction`.execute(db())).rows[0].n,
      payments: (await sql<{ n: number }>`select count(*)::int as n from order_payment`.execute(db())).rows[0].n,
      orders: (await sql`select order_no, status, pay_status, paid_fen, refunded_fen, paid_out_at from goods_order order by id`.execute(db())).rows,
    });
    const detail = async (no: string, user = 'buyer') => (await get(user, 'orderRetrieve', { order_no: no })).body.data!;
    /** one new order of each stock row asked (one piece each), placed by the buyer: their numbers in the rows' order */
    const place = async (...stockIds: number[]) => placeQty(1, ...stockIds);
    const placeQty = async (qty: number, ...stockIds: number[]) => {
      for (const id of stockIds) expect((await post('buyer', 'cartAdd', { stock_id: id, qty })).status).toBe(200);
      const c = (await get('buyer', 'cartList', {})).body.data!;
      const items = c.groups.flatMap((g) => g.items).filter((i) => i.stockId !== null && stockIds.includes(i.stockId));
      const r = await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS }, key());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const companies = (await sql<{ id: number; company_id: number }>`select id, company_id from stock where id in (${sql.join(stockIds)})`.execute(db())).rows;
      return stockIds.map((sid) => r.body.data!.orders.find((o) => o.seller_company_id === companies.find((c) => c.id === sid)!.company_id)!.order_no);
    };
    const ship = async (no: string) => {
      expect((await post('seller', 'orderConfirm', { order_no: no })).status).toBe(200);
      expect((await post('seller', 'orderDeliver', { order_no: no, logistics_company: '德邦物流', logistics_no: `DP${Date.now()}${keyN}` })).status).toBe(200);
    };
    const payWallet = (nos: string[], user = 'buyer', k = key()) => post(user, 'orderPay', { order_nos: nos, method: 'wallet' }, k);
    /** what the message assistant told `username` about an order (its notices' texts, oldest first) */
    const noticesTo = async (username: string, orderNo: string) => (await sql<{ text: string }>`select m.text from im_message m join app_user s on s.id = m.sender_id
      join app_user r on r.id = m.recipient_id where s.uuid = ${IM_ASSISTANT_UUID} and r.username = ${username} and m.client_msg_id like ${`ntc-ord-${orderNo}-paid-%`} order by m.id`.execute(db())).rows
      .map((r) => JSON.parse(r.text) as { BusinessInfo: { 标题: string; 内容: string; 单号: string }; LinkData: { link: string } });

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      ledger = createLedgerService(env.clock);
      // the sweep's order jobs of an app on the same database and test clock
      jobs = createApp({ db: env.database.db, backend: env.database.backend, clock: env.clock, accessTtlSeconds: 3600, scryptN: 1024, paymentSandbox: true }).orderJobs;
      // a purchase clerk of another company (the member's, 4)
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 4, 'buyer4', '采购员', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(db());
      for (const u of ['buyer', 'seller', 'member', 'buyer4']) tokens[u] = (await env.login(u)).access_token;
      const pick = async (companyId: number) => (await sql<{ id: number }>`select id from stock where company_id = ${companyId} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
      const otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3, 4) and state = 'on' order by company_id limit 1`.execute(db())).rows[0].company_id;
      stockA = await pick(SELLER_CO);
      stockB = await pick(otherSeller);
      await sql`update stock set quantity = 1000, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price5 = null, price99 = 10500 where id in (${stockA}, ${stockB})`.execute(db());
    });
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    it('pays two orders of two sellers from the wallet in one payment: held by the platform, both 已付款 at once; a replay is the same payment', async () => {
      const [a, b] = await place(stockA, stockB);
      const due = (await detail(a)).total_fen + (await detail(b)).total_fen;
      await fund(BUYER_CO, due + 500);
      const [before, held] = [await wallet(BUYER_CO), await clearing()];
      const noKey = await post('buyer', 'orderPay', { order_nos: [a, b], method: 'wallet' });
      expect(noKey.body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      const k = key();
      const r = await payWallet([a, b], 'buyer', k);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ method: 'wallet', state: 'paid', amount_fen: due, checkout_url: '' });
      expect(r.body.data!.payment_no).toMatch(/^OP\d{20}$/);
      expect(r.body.data!.orders.map((o) => o.paid)).toEqual([true, true]);
      const again = await payWallet([a, b], 'buyer', k);
      expect(again.body.data!.payment_no).toBe(r.body.data!.payment_no);
      expect(await wallet(BUYER_CO)).toBe(before - due);
      expect(await clearing()).toBe(held + due);
      for (const no of [a, b]) {
        expect(await detail(no)).toMatchObject({ status: 'pending', pay_status: 'paid', pay_channel: 'wallet', pay_method: '钱包余额', paid_fen: expect.any(Number), refunded_fen: 0, payment_no: r.body.data!.payment_no, paid_out_at: 0 });
      }
      // the seller sees it paid and not yet paid out
      expect(await detail(a, 'seller')).toMatchObject({ pay_status: 'paid', pay_channel: 'wallet', paid_out_at: 0 });
      const tx = await sql<{ kind: string; idempotency_key: string }>`select kind, idempotency_key from ledger_transaction where reference = ${r.body.data!.payment_no}`.execute(db());
      expect(tx.rows).toEqual([{ kind: 'order_payment', idempotency_key: `order_payment:${r.body.data!.payment_no}` }]);
    });

    it('refuses, changing nothing: another company, already paid, cancelled, over the balance, mixed buyers, bad input', async () => {
      const [a] = await place(stockA);
      const [paid] = await place(stockA);
      await fund(BUYER_CO, (await detail(paid)).total_fen);
      expect((await payWallet([paid])).status).toBe(200);
      const [cancelled] = await place(stockA);
      expect((await post('buyer', 'orderCancel', { order_no: cancelled, reason: '' })).status).toBe(200);
      const [mixed] = await place(stockA);
      await sql`update goods_order set buyer_company_id = 4 where order_no = ${mixed}`.execute(db());
      const before = await snapshot();
      const w = await wallet(BUYER_CO);

      expect((await payWallet([a], 'buyer4')).body).toMatchObject({ code: 403, client_msg: orderText.payOtherCompany });
      expect((await payWallet([paid])).body).toMatchObject({ code: 409, client_msg: `${ALREADY_PAID}：${paid}` });
      expect((await payWallet([a, cancelled])).body.client_msg).toContain('已取消');
      expect((await payWallet([a, mixed])).body).toMatchObject({ code: 409, client_msg: orderText.payMixedBuyers });
      // more than the wallet holds
      await sql`update stock set price0 = 99999900, price1 = 99999900, price2 = 99999900, price3 = 99999900, price99 = 99999900 where id = ${stockA}`.execute(db());
      const [dear] = await place(stockA);
      await sql`update stock set price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10500 where id = ${stockA}`.execute(db());
      const mid = await snapshot();
      const over = await payWallet([a, dear]);
      expect(over.status).toBe(409);
      expect(over.body.client_msg).toContain('余额不足');
      expect(await snapshot()).toEqual(mid);
      expect((await post('buyer', 'orderPay', { order_nos: [], method: 'wallet' }, key())).body).toMatchObject({ code: 422, client_msg: orderText.payOrderNos });
      expect((await post('buyer', 'orderPay', { order_nos: [a], method: 'cash' as 'wallet' }, key())).body).toMatchObject({ code: 422, client_msg: orderText.payMethod2 });
      expect((await post('buyer', 'orderPay', { order_nos: ['SO1'], method: 'wallet' }, key())).body).toMatchObject({ code: 422, client_msg: orderText.orderNo });
      expect(await wallet(BUYER_CO)).toBe(w);
      const after = await snapshot();
      expect({ ...after, orders: after.orders.slice(0, before.orders.length) }).toEqual(before);
      await sql`update goods_order set buyer_company_id = ${BUYER_CO} where order_no = ${mixed}`.execute(db());
    });

    it('tells each seller that its order was paid online, in the payment\'s transaction: from the wallet at once, through the provider once its notice arrives', async () => {
      const [a, b] = await place(stockA, stockB);
      const otherOwner = (await sql<{ username: string }>`select u.username from app_user u join goods_order o on o.seller_company_id = u.company_id
        where o.order_no = ${b} and u.is_owner order by u.id limit 1`.execute(db())).rows[0].username;
      const buyerName = (await sql<{ name: string }>`select name from company where id = ${BUYER_CO}`.execute(db())).rows[0].name;
      const [fa, fb] = [(await detail(a)).total_fen, (await detail(b)).total_fen];
      // a payment refused for want of money tells nobody: the notice is in the payment's transaction
      await sql`update stock set price0 = 99999900, price1 = 99999900, price2 = 99999900, price3 = 99999900, price99 = 99999900 where id = ${stockA}`.execute(db());
      const [dear] = await place(stockA);
      await sql`update stock set price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10500 where id = ${stockA}`.execute(db());
      await fund(BUYER_CO, fa + fb);
      expect((await payWallet([a, dear])).status).toBe(409);
      expect(await noticesTo('seller', a)).toEqual([]);

      const r = await payWallet([a, b]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const told = await noticesTo('seller', a);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ BusinessInfo: { 标题: '买家已付款', 单号: a }, LinkData: { link: `/backend/order/detail/${a}` } });
      expect(told[0].BusinessInfo.内容).toBe(`买家已付款：${buyerName}已为订单 ${a} 在线付款 ¥${formatFen(fa)}（钱包余额），款项由平台暂管，买家确认收货后结算到贵公司钱包。`);
      // each seller hears of its own order only; the buyer hears nothing of it
      expect(await noticesTo('seller', b)).toEqual([]);
      expect((await noticesTo(otherOwner, b)).map((n) => n.BusinessInfo.内容)).toEqual([expect.stringContaining(`¥${formatFen(fb)}（钱包余额）`)]);
      expect(await noticesTo('buyer', a)).toEqual([]);

      // through the provider: nothing while it is pending, once when its notice arrives (a repeated notice adds nothing)
      const [c] = await place(stockA);
      const pay = await post('buyer', 'orderPay', { order_nos: [c], method: 'provider' }, key());
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      expect(await noticesTo('seller', c)).toEqual([]);
      const token = tokenOf(pay.body.data!.checkout_url);
      for (let i = 0; i < 2; i++) expect((await post('buyer', 'sandboxConfirm', { token, action: 'pay' })).body.data).toMatchObject({ state: 'paid' });
      expect((await noticesTo('seller', c)).map((n) => n.BusinessInfo.内容)).toEqual([expect.stringContaining(`订单 ${c} 在线付款 ¥${formatFen((await detail(c)).total_fen)}（在线支付）`)]);
      // the clerk of the seller holds no sales-order code: not told
      expect(await noticesTo('clerk', c)).toEqual([]);
      // the sandbox page of the paid payment leads back to the order, not to a package
      expect((await get('buyer', 'sandboxCheckout', { token })).body.data).toMatchObject({ state: 'paid', return_url: `/backend/order/detail/${c}?payment=${pay.body.data!.payment_no}` });
    });

    it('two tabs paying one order at once: exactly one pays, the other is told 该订单已付款', async () => {
      const [a] = await place(stockA);
      const fen = (await detail(a)).total_fen;
      await fund(BUYER_CO, fen * 2);
      const w = await wallet(BUYER_CO);
      const both = await Promise.all([payWallet([a]), payWallet([a])]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.client_msg).toBe(`${ALREADY_PAID}：${a}`);
      expect(await wallet(BUYER_CO)).toBe(w - fen);
      expect((await sql<{ n: number }>`select count(*)::int as n from order_payment_order p join goods_order o on o.id = p.order_id where o.order_no = ${a}`.execute(db())).rows[0].n).toBe(1);
    });

    it('pays through the provider: the sandbox notice moves provider → clearing and marks the order paid once', async () => {
      const [a] = await place(stockA);
      const fen = (await detail(a)).total_fen;
      const r = await post('buyer', 'orderPay', { order_nos: [a], method: 'provider' }, key());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ method: 'provider', state: 'pending', amount_fen: fen, return_url: `/backend/order/detail/${a}?payment=${r.body.data!.payment_no}` });
      expect((await detail(a)).pay_status).toBe('unpaid');
      const unfinished = await db().selectFrom('order_payment').select('payment_no').where('state', '=', 'pending').execute();
      expect(unfinished.map((p) => p.payment_no)).toContain(r.body.data!.payment_no);
      const token = tokenOf(r.body.data!.checkout_url);
      expect((await get('buyer', 'sandboxCheckout', { token })).body.data).toMatchObject({ order_no: r.body.data!.payment_no, amount_fen: fen, state: 'pending' });
      const held = await clearing();
      const confirms = await Promise.all([1, 2].map(() => post('buyer', 'sandboxConfirm', { token, action: 'pay' })));
      for (const c of confirms) expect(c.body.data, JSON.stringify(c.body)).toMatchObject({ state: 'paid' });
      expect(await clearing()).toBe(held + fen);
      expect(await detail(a)).toMatchObject({ pay_status: 'paid', pay_channel: 'provider', pay_method: '在线支付', paid_fen: fen });
      const got = await get('buyer', 'orderPaymentGet', { payment_no: r.body.data!.payment_no });
      expect(got.body.data, JSON.stringify(got.body)).toMatchObject({ state: 'paid', orders: [{ order_no: a, paid: true }] });
      expect((await get('buyer4', 'orderPaymentGet', { payment_no: r.body.data!.payment_no })).status).toBe(403);
    });

    it('a provider payment for an order paid meanwhile in another tab refunds that share to the provider', async () => {
      const [a] = await place(stockA);
      const fen = (await detail(a)).total_fen;
      const r = await post('buyer', 'orderPay', { order_nos: [a], method: 'provider' }, key());
      await fund(BUYER_CO, fen);
      expect((await payWallet([a])).status).toBe(200);
      const held = await clearing();
      expect((await post('buyer', 'sandboxConfirm', { token: tokenOf(r.body.data!.checkout_url), action: 'pay' })).body.data).toMatchObject({ state: 'paid' });
      expect(await clearing()).toBe(held);
      expect((await get('buyer', 'orderPaymentGet', { payment_no: r.body.data!.payment_no })).body.data!.orders[0].paid).toBe(false);
      expect(await detail(a)).toMatchObject({ pay_channel: 'wallet', refunded_fen: 0 });
    });

    it('receipt pays the seller out once (less the platform fee); auto-receipt after the set days does the same', async () => {
      await sql`update system_param set value = '100' where key = 'order_fee_rate_bp'`.execute(db());
      const [a] = await place(stockA);
      const fen = (await detail(a)).total_fen;
      await fund(BUYER_CO, fen * 2);
      expect((await payWallet([a])).status).toBe(200);
      await ship(a);
      const seller = await wallet(SELLER_CO);
      const r = await post('buyer', 'orderReceipt', { order_no: a });
      expect(r.body.data).toMatchObject({ status: 'completed', payout_fen: fen - Math.floor(fen / 100), payout_fee_fen: Math.floor(fen / 100) });
      expect(r.body.data!.paid_out_at).toBeGreaterThan(0);
      expect(await wallet(SELLER_CO)).toBe(seller + fen - Math.floor(fen / 100));
      await sql`update system_param set value = '0' where key = 'order_fee_rate_bp'`.execute(db());

      const [b] = await place(stockA);
      expect((await payWallet([b])).status).toBe(200);
      await ship(b);
      const s2 = await wallet(SELLER_CO);
      expect(await jobs.autoReceive(env.clock.now())).toBe(0);
      env.clock.advance(9 * 86_400);
      await jobs.autoReceive(env.clock.now());
      for (const u of Object.keys(tokens)) tokens[u] = (await env.login(u)).access_token;
      expect((await detail(b)).status).toBe('shipped');
      env.clock.advance(2 * 86_400);
      expect(await jobs.autoReceive(env.clock.now())).toBeGreaterThanOrEqual(1);
      for (const u of Object.keys(tokens)) tokens[u] = (await env.login(u)).access_token;
      expect(await detail(b)).toMatchObject({ status: 'completed', payout_fen: fen });
      expect(await wallet(SELLER_CO)).toBe(s2 + fen);
      expect(await jobs.autoReceive(env.clock.now())).toBe(0);
      expect(await wallet(SELLER_CO)).toBe(s2 + fen);
    });

    it('cancel and reject of a paid order refund it to where it came from', async () => {
      const [a] = await place(stockA);
      const [b] = await place(stockA);
      const fen = (await detail(a)).total_fen;
      await fund(BUYER_CO, fen * 2);
      expect((await payWallet([a, b])).status).toBe(200);
      const w = await wallet(BUYER_CO);
      expect((await post('buyer', 'orderCancel', { order_no: a, reason: '不要了' })).body.data).toMatchObject({ status: 'cancelled', refunded_fen: fen });
      expect(await wallet(BUYER_CO)).toBe(w + fen);
      expect((await post('seller', 'orderReject', { order_no: b, reason: '缺货' })).body.data).toMatchObject({ status: 'rejected', refunded_fen: fen });
      expect(await wallet(BUYER_CO)).toBe(w + 2 * fen);
      expect((await detail(b)).refunds).toMatchObject([{ amount_fen: fen, source: 'clearing', destination: 'wallet', state: 'done' }]);

      // through the provider: back to the provider's account
      const [c] = await place(stockA);
      const r = await post('buyer', 'orderPay', { order_nos: [c], method: 'provider' }, key());
      await post('buyer', 'sandboxConfirm', { token: tokenOf(r.body.data!.checkout_url), action: 'pay' });
      const held = await clearing();
      expect((await post('buyer', 'orderCancel', { order_no: c, reason: '' })).body.data).toMatchObject({ status: 'cancelled', refunded_fen: fen });
      expect(await clearing()).toBe(held - fen);
      expect((await detail(c)).refunds[0]).toMatchObject({ amount_fen: fen, destination: 'provider' });
    });

    it('after-sale refunds part by amount: from the held money before the payout, from the seller wallet after it (余额不足 when it cannot)', async () => {
      const [a] = await placeQty(2, stockA);
      const o = await detail(a);
      await fund(BUYER_CO, o.total_fen);
      expect((await payWallet([a])).status).toBe(200);
      await ship(a);
      const apply = async () => {
        const r = await post('buyer', 'afterSaleApply', { order_no: a, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: o.lines[0].id, qty: 1 }] }, key());
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect((await post('seller', 'afterSaleAgree', { as_no: r.body.data!.as_no })).status).toBe(200);
        return r.body.data!.as_no;
      };
      const as1 = await apply();
      const w = await wallet(BUYER_CO);
      const held = await clearing();
      // the offline method is refused for an order paid online
      expect((await post('seller', 'afterSaleComplete', { as_no: as1, refund_method: '银行转账', note: '' })).status).toBe(409);
      expect((await post('seller', 'afterSaleComplete', { as_no: as1, refund_method: '原路退回', note: '', amount_fen: o.total_fen + 1 })).status).toBe(409);
      const done = await post('seller', 'afterSaleComplete', { as_no: as1, refund_method: '原路退回', note: '', amount_fen: 3000 });
      expect(done.body.data, JSON.stringify(done.body)).toMatchObject({ status: 'completed', refund_fen: 3000 });
      expect(await wallet(BUYER_CO)).toBe(w + 3000);
      expect(await clearing()).toBe(held - 3000);
      expect((await detail(a)).refunded_fen).toBe(3000);
      // receipt pays out what is left
      const s = await wallet(SELLER_CO);
      expect((await post('buyer', 'orderReceipt', { order_no: a })).body.data).toMatchObject({ status: 'completed', payout_fen: o.total_fen - 3000 });
      expect(await wallet(SELLER_CO)).toBe(s + o.total_fen - 3000);
      // after the payout: from the seller's wallet; never above paid less refunds
      const as2 = await apply();
      const over = await post('seller', 'afterSaleComplete', { as_no: as2, refund_method: '原路退回', note: '', amount_fen: o.total_fen - 2999 });
      expect(over.status).toBe(409);
      expect(over.body.client_msg).toContain('不能超过');
      // the seller cannot cover it: 余额不足, nothing changes
      const sellerAll = await wallet(SELLER_CO);
      await ledger.post(db(), { kind: 'adjustment', reference: 'TEST', idempotency_key: key(), created_by: null, lines: [{ account: { kind: 'wallet_available', company_id: SELLER_CO }, amount_fen: -sellerAll }, { account: { kind: 'fee_income' }, amount_fen: sellerAll }] });
      const before = await snapshot();
      const short = await post('seller', 'afterSaleComplete', { as_no: as2, refund_method: '原路退回', note: '', amount_fen: 2000 });
      expect(short.status).toBe(409);
      expect(short.body.client_msg).toContain(walletText.insufficientPlain.slice(0, 4));
      expect(await snapshot()).toEqual(before);
      await fund(SELLER_CO, 2000);
      const w2 = await wallet(BUYER_CO);
      expect((await post('seller', 'afterSaleComplete', { as_no: as2, refund_method: '原路退回', note: '', amount_fen: 2000 })).body.data).toMatchObject({ status: 'completed' });
      expect(await wallet(BUYER_CO)).toBe(w2 + 2000);
      expect(await wallet(SELLER_CO)).toBe(0);
      expect((await detail(a)).refunded_fen).toBe(5000);
      expect((await detail(a)).refunds.map((r) => r.source)).toEqual(['clearing', 'seller_wallet']);
    });

    it('on an unpaid order an after-sale lowers what is owed; the buyer then pays the rest', async () => {
      const [a] = await place(stockA);
      const o = await detail(a);
      await ship(a);
      const r = await post('buyer', 'afterSaleApply', { order_no: a, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: o.lines[0].id, qty: 1 }] }, key());
      await post('seller', 'afterSaleAgree', { as_no: r.body.data!.as_no });
      expect((await post('seller', 'afterSaleComplete', { as_no: r.body.data!.as_no, refund_method: '冲减货款', note: '', amount_fen: 1000 })).body.data).toMatchObject({ status: 'completed', refund_fen: 1000 });
      expect((await detail(a)).deducted_fen).toBe(1000);
      await fund(BUYER_CO, o.total_fen);
      const w = await wallet(BUYER_CO);
      expect((await payWallet([a])).body.data).toMatchObject({ amount_fen: o.total_fen - 1000 });
      expect(await wallet(BUYER_CO)).toBe(w - o.total_fen + 1000);
    });

    it('a seller that takes no offline payment: 登记线下收款 is refused and the buyer is told to pay online', async () => {
      const [a] = await place(stockA);
      await ship(a);
      const saved = await post('seller', 'sellerPaySettingSave', { offline_allowed: false }, key());
      expect(saved.body.data, JSON.stringify(saved.body)).toEqual({ offline_allowed: false });
      expect((await get('seller', 'sellerPaySettingGet', {})).body.data).toEqual({ offline_allowed: false });
      const before = await snapshot();
      expect((await post('seller', 'orderOfflinePayment', { order_no: a, pay_method: '现金' })).body).toMatchObject({ code: 409, client_msg: OFFLINE_REFUSED });
      expect(await snapshot()).toEqual(before);
      expect((await detail(a)).offline_allowed).toBe(false);
      await post('seller', 'sellerPaySettingSave', { offline_allowed: true }, key());
      expect((await post('seller', 'orderOfflinePayment', { order_no: a, pay_method: '现金' })).body.data).toMatchObject({ pay_status: 'paid', pay_channel: 'offline' });
      expect((await get('buyer', 'orderPayOptions', {})).body.data).toMatchObject({ wallet_available_fen: await wallet(BUYER_CO) });
    });
  });
});
