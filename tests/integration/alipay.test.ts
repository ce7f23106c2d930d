/**
 * Payment providers (docs/money.md, "Payment providers"): Alipay against a local fake that signs
 * and verifies like the real gateway (tests/integration/fake-alipay.ts), the sandbox's own trade
 * records (query, refund), and the payment sweep that finds a payment whose answer was lost.
 * Every scenario ends with the full reconciliation check.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerify } from 'node:crypto';
import { sql } from 'kysely';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { walletText } from '../../src/shared/contracts/wallet';
import { membershipMsg } from '../../src/shared/messages';
import { paymentText } from '../../src/server/modules/payment/payment.text';
import { sweepPayments } from '../../src/server/payment-sweep';
import { parseEnv } from '../../src/server/env';
import { fenToYuan, yuanToFen } from '../../src/server/modules/payment/alipay.provider';
import { failpoint } from '../../src/server/failpoint';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';
import { startFakeAlipay, type FakeAlipay } from './fake-alipay';

/** company 3 is the buyer's (its owner) */
const BUYER_CO = 3;
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe('Alipay amounts', () => {
  it('turns yuan with at most two decimals into fen and back, and nothing else', () => {
    expect(yuanToFen('123.45')).toBe(12_345);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('100')).toBe(10_000);
    for (const bad of ['-1.00', '1.234', '1e3', '', ' ', 'abc', '1,00']) expect(yuanToFen(bad)).toBeNaN();
    expect(yuanToFen(12 as unknown as string)).toBeNaN();
    expect(fenToYuan(12_345)).toBe('123.45');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(100)).toBe('1.00');
  });

  it('the failpoint is ignored outside NODE_ENV=test', () => {
    const saved = { node: process.env.NODE_ENV, point: process.env.QIPEI_FAILPOINT };
    try {
      process.env.NODE_ENV = 'production';
      process.env.QIPEI_FAILPOINT = 'after-notice-verified';
      // this process would be killed if it were not ignored
      expect(() => failpoint('after-notice-verified')).not.toThrow();
    } finally {
      process.env.NODE_ENV = saved.node;
      if (saved.point === undefined) delete process.env.QIPEI_FAILPOINT;
      else process.env.QIPEI_FAILPOINT = saved.point;
    }
  });

  it('reads ALIPAY_* from the environment: all four or none, keys that parse', async () => {
    const fake = await startFakeAlipay();
    try {
      const all = { ALIPAY_APP_ID: fake.appId, ALIPAY_PRIVATE_KEY: fake.appPrivateKey.replace(/\n/g, '\\n'), ALIPAY_PUBLIC_KEY: fake.alipayPublicKey, ALIPAY_NOTIFY_BASE_URL: 'https://qipei.example.test' };
      expect(parseEnv(all).ok).toBe(true);
      // the bare base64 Alipay's key tool prints is read too
      const bare = fake.alipayPublicKey.replace(/-----[A-Z ]+-----|\n/g, '');
      expect(parseEnv({ ...all, ALIPAY_PUBLIC_KEY: bare }).ok).toBe(true);
      expect(parseEnv({ ...all, ALIPAY_NOTIFY_BASE_URL: undefined })).toMatchObject({ ok: false, message: expect.stringContaining('须同时设置') });
      expect(parseEnv({ ...all, ALIPAY_PRIVATE_KEY: 'not a key' })).toMatchObject({ ok: false, message: expect.stringContaining('ALIPAY_PRIVATE_KEY') });
      expect(parseEnv({ ...all, ALIPAY_APP_ID: 'abc' })).toMatchObject({ ok: false, message: expect.stringContaining('ALIPAY_APP_ID') });
    } finally {
      await fake.stop();
    }
  });
});

describe.each(backends)('payment providers on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let fake: FakeAlipay;
    let ledger: LedgerService;
    let buyer = '';
    let keyNo = 0;
    const logs: Array<{ level: string; text: string }> = [];
    const db = () => env.database.db;
    const wallet = async () => ledger.wallet(db(), BUYER_CO);
    const useProvider = (name: string) => db().updateTable('system_param').set({ value: name }).where('key', '=', 'pay_provider').execute();
    const recharge = async (amount_fen: number) => {
      const r = await env.api('walletRecharge', { amount_fen }, { token: buyer, idempotencyKey: `alipay-${backend}-${++keyNo}-recharge` });
      expect(r.body.code).toBe(200);
      return r.body.data;
    };
    const rechargeRow = (no: string) => db().selectFrom('wallet_recharge').selectAll().where('recharge_no', '=', no).executeTakeFirstOrThrow();
    /** opens the checkout as the payer's browser would: the fake checks our signature and opens the trade */
    const open = async (checkoutUrl: string) => {
      const page = await fetch(checkoutUrl);
      expect(page.status).toBe(200);
      return page.text();
    };
    const sweep = () => sweepPayments({ db: db(), log, ...env.payments }, new Date(env.clock.now().getTime() + 1000));
    const log = (level: 'info' | 'warn' | 'error', text: string) => {
      logs.push({ level, text });
    };
    const logged = (pattern: RegExp) => logs.filter((l) => pattern.test(l.text));

    beforeAll(async () => {
      fake = await startFakeAlipay({
        // the notice reaches the app in process, at the path of its notify_url
        deliver: async (url, form) => (await env.raw('POST', new URL(url).pathname, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' } })).text(),
      });
      env = await createTestEnv(backend, {
        accessTtlSeconds: 3600, log,
        alipay: { appId: fake.appId, privateKey: fake.appPrivateKey, alipayPublicKey: fake.alipayPublicKey, gateway: fake.gateway, notifyBaseUrl: 'https://qipei.example.test/' },
      });
      ledger = createLedgerService(env.clock);
      buyer = (await env.login('buyer')).access_token;
    });
    afterEach(async () => {
      await useProvider('sandbox');
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => {
      await env?.close();
      await fake?.stop();
    });

    describe('Alipay', () => {
      it('checkout: a page-pay address signed with our key, with the amount in yuan and our notify and return addresses', async () => {
        await useProvider('alipay');
        const r = await recharge(12_345);
        expect(r.provider).toBe('alipay');
        const url = new URL(r.checkout_url);
        expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
        expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
        expect(url.searchParams.get('sign_type')).toBe('RSA2');
        expect(url.searchParams.get('notify_url')).toBe('https://qipei.example.test/api/pay/alipay/notify');
        expect(url.searchParams.get('return_url')).toBe('https://qipei.example.test/api/pay/alipay/return');
        expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
          out_trade_no: r.recharge_no, total_amount: '123.45', product_code: 'FAST_INSTANT_TRADE_PAY', timeout_express: '30m',
        });
        // the signature is ours: it verifies with the app's public key over the sorted parameters
        const params = Object.fromEntries(url.searchParams);
        const content = Object.keys(params).filter((k) => k !== 'sign').sort().map((k) => `${k}=${params[k]}`).join('&');
        expect(createVerify('RSA-SHA256').update(content).verify(fake.appPublicKey, params.sign, 'base64')).toBe(true);
        expect(await open(r.checkout_url)).toContain('支付宝收银台');
        expect(fake.trade(r.recharge_no)).toMatchObject({ total_amount: '123.45', status: 'WAIT_BUYER_PAY' });
        // a checkout whose amount was changed on the way is refused by the gateway: the signature no longer matches
        const tampered = new URL(r.checkout_url);
        tampered.searchParams.set('biz_content', JSON.stringify({ ...JSON.parse(url.searchParams.get('biz_content')!), total_amount: '0.01' }));
        const refusedBefore = fake.refusedRequests.length;
        await fetch(tampered);
        expect(fake.refusedRequests.length).toBe(refusedBefore + 1);
        expect(fake.trade(r.recharge_no).total_amount).toBe('123.45');
        expect((await rechargeRow(r.recharge_no)).state).toBe('pending');
      });

      it('a good notice credits the wallet once; the same notice again, or replayed, changes nothing', async () => {
        await useProvider('alipay');
        const before = await wallet();
        const r = await recharge(20_000);
        await open(r.checkout_url);
        fake.pay(r.recharge_no);
        const saved = fake.noticeForm(r.recharge_no);
        expect(await fake.post(r.recharge_no, saved)).toBe('success');
        const row = await rechargeRow(r.recharge_no);
        expect(row).toMatchObject({ state: 'paid', trade_no: fake.trade(r.recharge_no).trade_no });
        expect((await wallet()).available_fen).toBe(before.available_fen + 20_000);
        // Alipay repeats a notice it thinks was not received; a replay of the saved one is the same
        expect(await fake.notify(r.recharge_no)).toBe('success');
        expect(await fake.post(r.recharge_no, saved)).toBe('success');
        const again = await Promise.all([1, 2, 3].map(() => fake.notify(r.recharge_no)));
        expect(again).toEqual(['success', 'success', 'success']);
        expect((await wallet()).available_fen).toBe(before.available_fen + 20_000);
        const credits = await db().selectFrom('ledger_transaction').select('id').where('reference', '=', r.recharge_no).execute();
        expect(credits).toHaveLength(1);
        expect(logged(new RegExp(`alipay notice for ${r.recharge_no} \\(paid.*holds`)).length).toBeGreaterThanOrEqual(6);
        const got = await env.api('walletRechargeGet', { recharge_no: r.recharge_no }, { token: buyer });
        expect(got.body.data).toMatchObject({ state: 'paid', amount_fen: 20_000 });
      });

      it('a forged, tampered, wrong-amount, unknown-order or late notice changes nothing and is logged', async () => {
        await useProvider('alipay');
        const before = await wallet();
        const r = await recharge(30_000);
        await open(r.checkout_url);
        fake.pay(r.recharge_no);
        const rows = async () => db().selectFrom('wallet_recharge').select(['recharge_no', 'state']).orderBy('id').execute();
        const rowsBefore = await rows();

        // signed with another key
        expect(await fake.notify(r.recharge_no, { forge: true })).toBe('fail');
        // Alipay's signature, then the amount changed on the way
        expect(await fake.notify(r.recharge_no, { tamper: { total_amount: '0.01' } })).toBe('fail');
        // another application's notice
        expect(await fake.notify(r.recharge_no, { fields: { app_id: '2021999999999999' } })).toBe('fail');
        expect(logged(new RegExp(`alipay notice for ${r.recharge_no} failed its check`))).toHaveLength(3);
        // genuinely signed but for another amount than the recharge's
        expect(await fake.notify(r.recharge_no, { fields: { total_amount: '3000.00' } })).toBe('fail');
        expect(logged(new RegExp(`notice for ${r.recharge_no} .*refused: ${walletText.amountMismatch}`))).toHaveLength(1);
        // an order number nobody has, in a recharge's form and in no form of ours
        expect(await fake.notify(r.recharge_no, { fields: { out_trade_no: 'RC20260101000000999999' } })).toBe('fail');
        expect(logged(new RegExp(`notice for RC20260101000000999999 .*refused: ${walletText.rechargeNotFound}`))).toHaveLength(1);
        expect(await fake.notify(r.recharge_no, { fields: { out_trade_no: 'ZZ0001' } })).toBe('fail');
        expect(logged(/notice for ZZ0001 .*names no order of ours/)).toHaveLength(1);
        expect(await rows()).toEqual(rowsBefore);
        expect(await wallet()).toEqual(before);

        // late: the trade closed unpaid, then a paid notice for it arrives
        const late = await recharge(4_000);
        await open(late.checkout_url);
        fake.closeTrade(late.recharge_no);
        expect(await fake.notify(late.recharge_no)).toBe('success');
        expect((await rechargeRow(late.recharge_no)).state).toBe('cancelled');
        expect(await fake.notify(late.recharge_no, { fields: { trade_status: 'TRADE_SUCCESS', gmt_payment: '2026-11-22 12:00:00' } })).toBe('fail');
        expect(logs.find((l) => l.text.includes(`notice for ${late.recharge_no} (paid`) && l.text.includes(walletText.cancelled))?.level).toBe('error');
        expect((await rechargeRow(late.recharge_no)).state).toBe('cancelled');
        // and a closing notice for a paid recharge, late the other way: it stays paid
        expect(await fake.notify(r.recharge_no)).toBe('success');
        expect(await fake.notify(r.recharge_no, { fields: { trade_status: 'TRADE_CLOSED' }, omit: ['gmt_payment'] })).toBe('fail');
        expect(logged(new RegExp(`notice for ${r.recharge_no} \\(closed.*arrived late: the order is paid`))).toHaveLength(1);
        expect((await rechargeRow(r.recharge_no)).state).toBe('paid');
        expect((await wallet()).available_fen).toBe(before.available_fen + 30_000);
        // a notice saying the payer has not paid yet is acknowledged and applies nothing
        const waiting = await recharge(5_000);
        await open(waiting.checkout_url);
        expect(await fake.notify(waiting.recharge_no)).toBe('success');
        expect((await rechargeRow(waiting.recharge_no)).state).toBe('pending');
      });

      it('a lost notice: the payer\'s return and the sweep ask Alipay, and a lost query answer is asked again', async () => {
        await useProvider('alipay');
        const before = await wallet();
        // returning from Alipay's page: the signed return names the order; Alipay is asked, the payer lands on the wallet
        const back = await recharge(6_000);
        await open(back.checkout_url);
        fake.pay(back.recharge_no);
        const ret = await env.raw('GET', `/api/pay/alipay/return?${fake.returnQuery(back.recharge_no)}`);
        expect(ret.status).toBe(302);
        expect(ret.headers.get('location')).toBe(`/backend/accounting/wallet?recharge=${back.recharge_no}`);
        expect((await rechargeRow(back.recharge_no)).state).toBe('paid');
        // a forged return is sent home and asks nothing
        const asked = fake.calls.length;
        const forged = await env.raw('GET', `/api/pay/alipay/return?${fake.returnQuery(back.recharge_no).replace(/total_amount=[^&]+/, 'total_amount=0.01')}`);
        expect(forged.headers.get('location')).toBe('/');
        expect(fake.calls.length).toBe(asked);

        // paid at Alipay, notice lost; the first query's answer is lost too
        const lost = await recharge(7_000);
        await open(lost.checkout_url);
        fake.pay(lost.recharge_no);
        // two: the HTTP client asks once more by itself when a connection breaks
        fake.loseNextAnswers(2, lost.recharge_no);
        const first = await sweep();
        expect(first.unanswered).toBeGreaterThanOrEqual(1);
        expect((await rechargeRow(lost.recharge_no)).state).toBe('pending');
        const second = await sweep();
        expect(second.applied).toBeGreaterThanOrEqual(1);
        expect((await rechargeRow(lost.recharge_no)).state).toBe('paid');
        // nothing left to ask about it, and its notice arriving now changes nothing
        expect(await fake.notify(lost.recharge_no)).toBe('success');
        await sweep();
        expect((await wallet()).available_fen).toBe(before.available_fen + 13_000);
        expect(await db().selectFrom('ledger_transaction').select('id').where('reference', 'in', [back.recharge_no, lost.recharge_no]).execute()).toHaveLength(2);
        // a trade closed unpaid is closed here by the sweep
        const gone = await recharge(800);
        await open(gone.checkout_url);
        fake.closeTrade(gone.recharge_no);
        await sweep();
        expect((await rechargeRow(gone.recharge_no)).state).toBe('cancelled');
        // a checkout never opened: Alipay knows no trade; once it could no longer be paid, the sweep closes it
        const never = await recharge(900);
        expect((await sweep()).abandoned).toBe(0);
        expect((await rechargeRow(never.recharge_no)).state).toBe('pending');
        env.clock.advance(46 * 60);
        expect((await sweep()).abandoned).toBeGreaterThanOrEqual(1);
        expect((await rechargeRow(never.recharge_no)).state).toBe('cancelled');
        // the sign-in made before the clock moved has run out meanwhile
        buyer = (await env.login('buyer')).access_token;
      });

      it('refunds through Alipay once per refund number, even when an answer is lost, and never more than was paid', async () => {
        await useProvider('alipay');
        const r = await recharge(10_000);
        await open(r.checkout_url);
        fake.pay(r.recharge_no);
        expect(await fake.notify(r.recharge_no)).toBe('success');
        const alipay = env.payments.providers.alipay!;
        const trade_no = fake.trade(r.recharge_no).trade_no;
        const req = { order_no: r.recharge_no, trade_no, refund_no: `RF${r.recharge_no.slice(2)}1`, amount_fen: 3_000, reason: '测试退款' };
        // the answer is lost: the refund happened at Alipay, we only see an error
        fake.loseNextAnswers(2, r.recharge_no);
        await expect(alipay.refund(db(), req)).rejects.toMatchObject({ httpStatus: 503, clientMsg: paymentText.providerUnavailable });
        expect(fake.trade(r.recharge_no).refunds.size).toBe(1);
        // asked again with the same refund number: Alipay refunds nothing more and says so
        expect(await alipay.refund(db(), req)).toEqual({ refund_no: req.refund_no, amount_fen: 3_000 });
        expect(await alipay.refund(db(), req)).toEqual({ refund_no: req.refund_no, amount_fen: 3_000 });
        expect([...fake.trade(r.recharge_no).refunds.values()]).toEqual(['30.00']);
        // more than what is left is refused with Alipay's reason
        await expect(alipay.refund(db(), { ...req, refund_no: `${req.refund_no}2`, amount_fen: 7_001 })).rejects.toMatchObject({ httpStatus: 409, clientMsg: paymentText.providerRefused('退款金额超限') });
        expect(await alipay.refund(db(), { ...req, refund_no: `${req.refund_no}3`, amount_fen: 7_000 })).toEqual({ refund_no: `${req.refund_no}3`, amount_fen: 7_000 });
        expect(fake.trade(r.recharge_no).status).toBe('TRADE_CLOSED');
        // fully refunded, Alipay says TRADE_CLOSED; it was paid, so nothing here is cancelled
        expect(await alipay.queryTrade(db(), r.recharge_no)).toMatchObject({ outcome: 'paid', amount_fen: 10_000, trade_no });
        expect(await fake.notify(r.recharge_no, { fields: { refund_fee: '100.00', gmt_refund: '2026-11-22 12:00:00' } })).toBe('success');
        expect((await rechargeRow(r.recharge_no)).state).toBe('paid');
        await expect(alipay.refund(db(), { ...req, amount_fen: 0 })).rejects.toMatchObject({ httpStatus: 422 });
      });

      it('a recharge, a membership package, a paid service and an order payment started on a phone check out with wap pay, on a desktop with page pay; the notice completes each', async () => {
        await useProvider('alipay');
        const methodOf = (checkoutUrl: string) => {
          const url = new URL(checkoutUrl);
          return { method: url.searchParams.get('method'), product_code: (JSON.parse(url.searchParams.get('biz_content')!) as { product_code: string }).product_code };
        };
        const WAP = { method: 'alipay.trade.wap.pay', product_code: 'QUICK_WAP_WAY' };
        const PAGE = { method: 'alipay.trade.page.pay', product_code: 'FAST_INSTANT_TRADE_PAY' };
        /** the payer pays on Alipay's page (opened as the browser would), and Alipay's notice reaches us */
        const payAtAlipay = async (no: string, checkoutUrl: string) => {
          await open(checkoutUrl);
          fake.pay(no);
          expect(await fake.notify(no)).toBe('success');
        };

        // 钱包充值
        const before = await wallet();
        const phone = await env.api('walletRecharge', { amount_fen: 5_100, device: 'phone' }, { token: buyer, idempotencyKey: `alipay-${backend}-${++keyNo}-phone` });
        expect(phone.body.code, JSON.stringify(phone.body)).toBe(200);
        expect(methodOf(phone.body.data!.checkout_url)).toEqual(WAP);
        const desk = await env.api('walletRecharge', { amount_fen: 5_200, device: 'desktop' }, { token: buyer, idempotencyKey: `alipay-${backend}-${++keyNo}-desk` });
        expect(methodOf(desk.body.data!.checkout_url)).toEqual(PAGE);
        expect(methodOf((await recharge(5_300)).checkout_url)).toEqual(PAGE);
        const bad = await env.api('walletRecharge', { amount_fen: 5_400, device: 'tablet' as 'phone' }, { token: buyer, idempotencyKey: `alipay-${backend}-${++keyNo}-bad` });
        expect(bad.body).toMatchObject({ code: 422, field: 'device' });
        await payAtAlipay(phone.body.data!.recharge_no, phone.body.data!.checkout_url);
        expect((await rechargeRow(phone.body.data!.recharge_no)).state).toBe('paid');
        expect((await wallet()).available_fen).toBe(before.available_fen + 5_100);

        // 会员套餐
        const member = (await env.login('member')).access_token;
        const level = (await env.api('getPayPackages', {}, { token: member })).body.data!.packages[0].level_id;
        const orders: Record<'phone' | 'desktop', { no: string; url: string }> = { phone: { no: '', url: '' }, desktop: { no: '', url: '' } };
        for (const device of ['phone', 'desktop'] as const) {
          const no = (await env.api('createPackageOrder', { level_id: level }, { token: member })).body.data!.order_no;
          const pay = await env.api('payPackageOrder', { order_no: no, device }, { token: member });
          expect(pay.body.code, JSON.stringify(pay.body)).toBe(200);
          orders[device] = { no, url: pay.body.data!.checkout_url };
        }
        expect(methodOf(orders.phone.url)).toEqual(WAP);
        expect(methodOf(orders.desktop.url)).toEqual(PAGE);
        await payAtAlipay(orders.phone.no, orders.phone.url);
        expect((await env.api('getPackageOrder', { order_no: orders.phone.no }, { token: member })).body.data).toMatchObject({ state: 'paid' });

        // 付费服务 (a pack of stock queries for the buyer's level)
        const { level_id } = await db().selectFrom('company').select('level_id').where('id', '=', BUYER_CO).executeTakeFirstOrThrow();
        await db().deleteFrom('paid_service_product').where('service', '=', 'stock').where('level_id', '=', level_id!).execute();
        await db().insertInto('paid_service_product').values({ service: 'stock', level_id: level_id!, pack_size: 100, price_fen: 4_500, enabled: true, updated_by: null }).execute();
        const buy = (device: 'phone' | 'desktop') => env.api('paidServiceBuy', { service: 'stock', packs: 1, amount_fen: 4_500, method: 'provider', device }, { token: buyer, idempotencyKey: `alipay-${backend}-${++keyNo}-sv` });
        const sv = await buy('phone');
        expect(sv.body.code, JSON.stringify(sv.body)).toBe(200);
        expect(methodOf(sv.body.data!.checkout_url)).toEqual(WAP);
        expect(methodOf((await buy('desktop')).body.data!.checkout_url)).toEqual(PAGE);
        const remaining = async () => (await db().selectFrom('paid_service_balance').select('remaining').where('company_id', '=', BUYER_CO).where('service', '=', 'stock').executeTakeFirst())?.remaining ?? 0;
        const left = await remaining();
        await payAtAlipay(sv.body.data!.purchase_no, sv.body.data!.checkout_url);
        expect((await db().selectFrom('paid_service_purchase').select('state').where('purchase_no', '=', sv.body.data!.purchase_no).executeTakeFirstOrThrow()).state).toBe('paid');
        expect(await remaining()).toBe(left + 100);
        // the notice again changes nothing
        expect(await fake.notify(sv.body.data!.purchase_no)).toBe('success');
        expect(await remaining()).toBe(left + 100);
        // the gateway was asked for exactly these checkouts, each with its method
        expect(fake.calls.filter((c) => c.biz.out_trade_no === phone.body.data!.recharge_no).map((c) => c.method)).toContain('alipay.trade.wap.pay');

        // 订单付款 from the phone's payment page the same way; Alipay's notice marks the order paid and tells the seller
        const orderNo = 'SO20261128120000000777';
        await sql`insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, line_count, total_qty, total_fen,
            contact_name, contact_phone, address, created_at, confirmed_at)
          select ${orderNo}, 'CO20261128120000000777', ${BUYER_CO}, id, 2, 'confirmed', 1, 1, 6600, '王志强', '13800000004', '上海市闵行区沪闵路6088号', now(), now()
          from app_user where username = 'buyer'`.execute(db());
        const op = await env.api('orderPay', { order_nos: [orderNo], method: 'provider', device: 'phone' }, { token: buyer, idempotencyKey: `alipay-${backend}-${++keyNo}-op` });
        expect(op.body.code, JSON.stringify(op.body)).toBe(200);
        expect(methodOf(op.body.data!.checkout_url)).toEqual(WAP);
        await payAtAlipay(op.body.data!.payment_no, op.body.data!.checkout_url);
        expect(await db().selectFrom('goods_order').select(['pay_status', 'pay_channel']).where('order_no', '=', orderNo).executeTakeFirstOrThrow()).toEqual({ pay_status: 'paid', pay_channel: 'provider' });
        const told = await sql<{ text: string }>`select m.text from im_message m join app_user r on r.id = m.recipient_id
          where r.username = 'seller' and m.client_msg_id like ${`ntc-ord-${orderNo}-paid-%`}`.execute(db());
        expect(told.rows.map((r) => (JSON.parse(r.text) as { BusinessInfo: { 内容: string } }).BusinessInfo.内容)).toEqual([expect.stringContaining(`订单 ${orderNo} 在线付款 ¥66.00（在线支付）`)]);
      });

      it('a phone checkout is wap pay; with Alipay not configured its notice address answers 404', async () => {
        const alipay = env.payments.providers.alipay!;
        const { checkout_url } = await alipay.startCheckout(db(), { order_no: 'RC20261122120000000001', amount_fen: 100, subject: '手机支付', device: 'phone' });
        const url = new URL(checkout_url);
        expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
        expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', total_amount: '1.00' });
        expect(await alipay.queryTrade(db(), 'RC20261122120000000001')).toBeNull();
        const bare = await createTestEnv(backend);
        try {
          const r = await bare.raw('POST', '/api/pay/alipay/notify', { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
          expect(r.status).toBe(404);
          await bare.database.db.updateTable('system_param').set({ value: 'alipay' }).where('key', '=', 'pay_provider').execute();
          const t = (await bare.login('buyer')).access_token;
          const refused = await bare.api('walletRecharge', { amount_fen: 1000 }, { token: t, idempotencyKey: `alipay-${backend}-bare-0001` });
          expect(refused.body).toMatchObject({ code: 500, client_msg: membershipMsg.payNotConfigured });
        } finally {
          await bare.close();
        }
      });
    });

    describe('the sandbox', () => {
      it('answers queries from its own trades and refunds once per refund number, never more than was paid', async () => {
        await useProvider('sandbox');
        const sandbox = env.payments.providers.sandbox;
        const before = await wallet();
        const r = await recharge(9_000);
        expect(await sandbox.queryTrade(db(), r.recharge_no)).toBeNull();
        await expect(sandbox.refund(db(), { order_no: r.recharge_no, trade_no: '', refund_no: 'SBR-1', amount_fen: 100, reason: '' })).rejects.toMatchObject({ httpStatus: 409, clientMsg: paymentText.refundNotPaid });
        const confirm = await env.api('sandboxConfirm', { token: tokenOf(r.checkout_url), action: 'pay' }, { token: buyer });
        expect(confirm.body.data.state).toBe('paid');
        const paid = await sandbox.queryTrade(db(), r.recharge_no);
        expect(paid).toEqual({ order_no: r.recharge_no, amount_fen: 9_000, trade_no: (await rechargeRow(r.recharge_no)).trade_no, outcome: 'paid' });
        // a cancel after paying changes neither the provider's trade nor the recharge
        await env.api('sandboxConfirm', { token: tokenOf(r.checkout_url), action: 'cancel' }, { token: buyer });
        expect(await sandbox.queryTrade(db(), r.recharge_no)).toEqual(paid);

        const req = { order_no: r.recharge_no, trade_no: paid!.trade_no, refund_no: `SBR-${backend}-1`, amount_fen: 4_000, reason: '部分退款' };
        expect(await sandbox.refund(db(), req)).toEqual({ refund_no: req.refund_no, amount_fen: 4_000 });
        expect(await sandbox.refund(db(), req)).toEqual({ refund_no: req.refund_no, amount_fen: 4_000 });
        const both = await Promise.allSettled([
          sandbox.refund(db(), { ...req, refund_no: `SBR-${backend}-2`, amount_fen: 5_000 }),
          sandbox.refund(db(), { ...req, refund_no: `SBR-${backend}-3`, amount_fen: 5_000 }),
        ]);
        // two at once for the remaining 50.00: one is refunded, the other refused
        expect(both.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
        expect(both.find((x) => x.status === 'rejected')).toMatchObject({ reason: { httpStatus: 409, clientMsg: paymentText.refundTooMuch(9_000, 9_000) } });
        await expect(sandbox.refund(db(), { ...req, amount_fen: 1 })).rejects.toMatchObject({ httpStatus: 409, clientMsg: paymentText.refundNoReused });
        await expect(sandbox.refund(db(), { ...req, refund_no: 'SBR-x', trade_no: 'SBXOTHER' })).rejects.toMatchObject({ httpStatus: 409, clientMsg: paymentText.refundTradeMismatch });
        const refunds = await db().selectFrom('sandbox_refund').select(['amount_fen']).where('order_no', '=', r.recharge_no).execute();
        expect(refunds.map((x) => x.amount_fen).reduce((a, b) => a + b, 0)).toBe(9_000);
        expect((await wallet()).available_fen).toBe(before.available_fen + 9_000);
      });

      it('the checkout of a number already paid or cancelled leads back to its own page: the wallet for a recharge, the package order for a package', async () => {
        await useProvider('sandbox');
        const paid = await recharge(1_200);
        const token = tokenOf(paid.checkout_url);
        expect((await env.api('sandboxCheckout', { token }, { token: buyer })).body.data).toMatchObject({ state: 'pending', return_url: `/backend/accounting/wallet?recharge=${paid.recharge_no}` });
        await env.api('sandboxConfirm', { token, action: 'pay' }, { token: buyer });
        expect((await env.api('sandboxCheckout', { token }, { token: buyer })).body.data).toMatchObject({ state: 'paid', return_url: `/backend/accounting/wallet?recharge=${paid.recharge_no}` });
        const dropped = await recharge(1_300);
        await env.api('sandboxConfirm', { token: tokenOf(dropped.checkout_url), action: 'cancel' }, { token: buyer });
        expect((await env.api('sandboxCheckout', { token: tokenOf(dropped.checkout_url) }, { token: buyer })).body.data).toMatchObject({ state: 'cancelled', return_url: `/backend/accounting/wallet?recharge=${dropped.recharge_no}` });
        const member = (await env.login('member')).access_token;
        const level = (await env.api('getPayPackages', {}, { token: member })).body.data!.packages[0].level_id;
        const order = (await env.api('createPackageOrder', { level_id: level }, { token: member })).body.data!.order_no;
        const pay = await env.api('payPackageOrder', { order_no: order }, { token: member });
        const pk = tokenOf(pay.body.data!.checkout_url);
        expect((await env.api('sandboxCheckout', { token: pk }, { token: member })).body.data).toMatchObject({ state: 'pending', return_url: `/pay/package/order?order_no=${order}` });
        await env.api('sandboxConfirm', { token: pk, action: 'pay' }, { token: member });
        expect((await env.api('sandboxCheckout', { token: pk }, { token: member })).body.data).toMatchObject({ state: 'paid', return_url: `/pay/package/complete?order_no=${order}` });
      });

      it('closes an open trade past its expiry, and a cancelled checkout is closed', async () => {
        await useProvider('sandbox');
        const sandbox = env.payments.providers.sandbox;
        const a = await recharge(1_000);
        await env.api('sandboxConfirm', { token: tokenOf(a.checkout_url), action: 'cancel' }, { token: buyer });
        expect(await sandbox.queryTrade(db(), a.recharge_no)).toMatchObject({ outcome: 'closed', amount_fen: 1_000 });
        const b = await recharge(1_100);
        env.clock.advance(29 * 60);
        expect(await sandbox.queryTrade(db(), b.recharge_no)).toBeNull();
        env.clock.advance(2 * 60);
        expect(await sandbox.queryTrade(db(), b.recharge_no)).toMatchObject({ outcome: 'closed', amount_fen: 1_100 });
        // the sweep cancels the recharge whose trade closed
        await sweep();
        expect((await rechargeRow(b.recharge_no)).state).toBe('cancelled');
      });

      it('the sweep applies a paid trade whose notice was lost, once, for a recharge and a membership package', async () => {
        await useProvider('sandbox');
        const sandbox = env.payments.providers.sandbox;
        const before = await wallet();
        const r = await recharge(2_500);
        // the payer confirmed and the provider took it, but the server never applied it (a crash in between)
        await sandbox.verifyNotice(db(), { token: tokenOf(r.checkout_url), action: 'pay' });
        expect((await rechargeRow(r.recharge_no)).state).toBe('pending');
        const member = (await env.login('member')).access_token;
        const packages = await env.api('getPayPackages', {}, { token: member });
        const order = (await env.api('createPackageOrder', { level_id: packages.body.data.packages[0].level_id }, { token: member })).body.data.order_no;
        const pay = await env.api('payPackageOrder', { order_no: order }, { token: member });
        await sandbox.verifyNotice(db(), { token: tokenOf(pay.body.data.checkout_url), action: 'pay' });

        const counts = await sweep();
        expect(counts.applied).toBeGreaterThanOrEqual(2);
        expect((await rechargeRow(r.recharge_no)).state).toBe('paid');
        expect((await env.api('getPackageOrder', { order_no: order }, { token: member })).body.data.state).toBe('paid');
        // again: nothing more
        await sweep();
        await env.api('sandboxConfirm', { token: tokenOf(r.checkout_url), action: 'pay' }, { token: buyer });
        expect((await wallet()).available_fen).toBe(before.available_fen + 2_500);
        expect(await db().selectFrom('ledger_transaction').select('id').where('reference', '=', r.recharge_no).execute()).toHaveLength(1);
      });
    });
  });
});
