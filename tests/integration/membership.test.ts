import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, membershipMsg } from '../../src/shared/messages';
import { refuseSandboxUnlessAsked } from '../../src/server/server';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const plusOneYear = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.getTime() / 1000;
};
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('membership packages and their payment on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    const tokens: Record<string, string> = {};
    const level = async (user: string, companyId: number) =>
      (await env.api('getCompanyLevel', { company_id: companyId }, { token: tokens[user] })).body.data[0];
    const order = (user: string, levelId: number | string, key?: string) =>
      env.api('createPackageOrder', { level_id: levelId }, { token: tokens[user], idempotencyKey: key });
    const pay = async (user: string, orderNo: string) => {
      const r = await env.api('payPackageOrder', { order_no: orderNo }, { token: tokens[user] });
      expect(r.body.code).toBe(200);
      return tokenOf(r.body.data.checkout_url);
    };
    // the sandbox's confirmation comes from the payer's own session
    const confirm = (token: string, action: 'pay' | 'cancel' = 'pay', user = 'member') =>
      env.api('sandboxConfirm', { token, action }, { token: tokens[user] });
    const formalId = async () => (await env.api('getPayPackages', {}, { token: tokens.member })).body.data.packages[0].level_id;

    beforeAll(async () => {
      // tokens outlive the checkout-expiry test's 31 minutes: the sandbox confirm needs a session now
      env = await createTestEnv(backend, { accessTtlSeconds: 3600 });
      for (const u of ['member', 'buyer', 'trial', 'clerk', 'seller', 'operator']) tokens[u] = (await env.login(u)).access_token;
    });
    afterAll(async () => env?.close());

    it('lists the paid levels on sale, with price in fen and duration, and who may buy', async () => {
      const r = await env.api('getPayPackages', {}, { token: tokens.member });
      expect(r.body.data.packages).toEqual([expect.objectContaining({ name: '正式会员', price_fen: 198000, duration_months: 12, stock_per_day: 9999, vin_type: 'date' })]);
      expect(r.body.data.may_buy).toBe(true);
      expect((await env.api('getPayPackages', {}, { token: tokens.clerk })).body.data.may_buy).toBe(false);
      expect((await env.api('getPayPackages')).status).toBe(401);
    });

    it('refuses bad input with a message naming the field, and changes nothing', async () => {
      const id = await formalId();
      const bad = await order('member', 'abc');
      expect(bad.body).toMatchObject({ code: 422, field: 'level_id', client_msg: msg.invalidPayload('level_id', '请选择套餐') });
      expect((await env.callRaw('POST', '/api/pay/orders', { token: tokens.member, body: {} })).body).toMatchObject({ code: 422, field: 'level_id' });
      const free = await order('member', 3);
      expect(free.body).toMatchObject({ code: 422, field: 'level_id', client_msg: msg.invalidPayload('level_id', membershipMsg.notAPackage) });
      expect((await env.api('getPackageOrder', { order_no: '12345' }, { token: tokens.member })).body).toMatchObject({ code: 422, field: 'order_no' });
      expect(await env.database.db.selectFrom('package_order').select('id').execute()).toEqual([]);
      expect((await order('member', id + 1000)).body.field).toBe('level_id');
      for (const huge of [2147483648, 1e308]) expect((await order('member', huge)).body).toMatchObject({ code: 422, field: 'level_id' });
      expect(await env.database.db.selectFrom('package_order').select('id').execute()).toEqual([]);
    });

    it('only the owner or an accounting user buys; a permanent level needs no package', async () => {
      const id = await formalId();
      const clerk = await order('clerk', id);
      expect(clerk.status).toBe(403);
      expect(clerk.body.client_msg).toBe(membershipMsg.mayNotBuy);
      const op = await order('operator', id);
      expect(op.status).toBe(409);
      expect(op.body.client_msg).toBe(membershipMsg.permanentLevel);
    });

    it('creates one order per package: the key replays, a second call reuses the pending order', async () => {
      const id = await formalId();
      const first = await order('member', id, 'member-order-0001');
      expect(first.body.data).toMatchObject({ company_id: 4, level_name: '正式会员', amount_fen: 198000, duration_months: 12, state: 'pending', paid_at: 0 });
      expect(first.body.data.order_no).toMatch(/^PK\d{20}$/);
      const replay = await order('member', id, 'member-order-0001');
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body.data.order_no).toBe(first.body.data.order_no);
      const again = await order('member', id, 'member-order-0002');
      expect(again.body.data.order_no).toBe(first.body.data.order_no);
      const n = await env.database.db.selectFrom('package_order').select(({ fn }) => fn.countAll<number>().as('n')).where('company_id', '=', 4).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(1);
    });

    it("another company's order is refused: read, pay, cancel", async () => {
      const no = (await order('member', await formalId())).body.data.order_no;
      const token = tokens.buyer;
      for (const send of [
        () => env.api('getPackageOrder', { order_no: no }, { token }),
        () => env.api('payPackageOrder', { order_no: no }, { token }),
        () => env.api('cancelPackageOrder', { order_no: no }, { token }),
      ]) {
        const r = await send();
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(msg.otherCompany);
      }
      expect((await env.api('getPackageOrder', { order_no: 'PK00000000000000000000' }, { token: tokens.member })).status).toBe(404);
    });

    it('a forged or altered confirmation is refused and changes nothing', async () => {
      const no = (await order('member', await formalId())).body.data.order_no;
      const token = await pay('member', no);
      const [body, mac] = token.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const cheaper = Buffer.from(JSON.stringify({ ...claims, a: 1 })).toString('base64url');
      for (const forged of [`${cheaper}.${mac}`, `${body}.${Buffer.from('x'.repeat(32)).toString('base64url')}`, 'nonsense', `${body}`]) {
        const r = await confirm(forged);
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(membershipMsg.signatureInvalid);
      }
      expect((await env.api('getPackageOrder', { order_no: no }, { token: tokens.member })).body.data.state).toBe('pending');
      expect((await level('member', 4)).name).toBe('注册会员');
    });

    it('the checkout page shows the signed amount; an old checkout expires', async () => {
      const no = (await order('member', await formalId())).body.data.order_no;
      const token = await pay('member', no);
      const page = await env.api('sandboxCheckout', { token }, { token: tokens.member });
      expect(page.body.data).toMatchObject({ order_no: no, amount_fen: 198000, company_name: '杭州顺捷汽车修理厂', state: 'pending' });
      expect(page.body.data.subject).toContain('正式会员');
      env.clock.advance(31 * 60);
      const late = await confirm(token);
      expect(late.status).toBe(409);
      expect(late.body.client_msg).toBe(membershipMsg.checkoutExpired);
      env.clock.advance(-31 * 60);
    });

    it('a confirmation arriving twice raises a free company once, from now, and unlocks VIN', async () => {
      const no = (await order('member', await formalId())).body.data.order_no;
      const token = await pay('member', no);
      const now = env.clock.now().getTime() / 1000;
      const first = await confirm(token);
      expect(first.body.data).toEqual({ order_no: no, state: 'paid', return_url: `/pay/package/complete?order_no=${no}` });
      const second = await confirm(token);
      expect(second.body.data.state).toBe('paid');
      const after = await level('member', 4);
      expect(after).toMatchObject({ name: '正式会员', level_type: 'paid', level_end_data: plusOneYear(now) });
      const detail = (await env.api('getPackageOrder', { order_no: no }, { token: tokens.member })).body.data;
      expect(detail).toMatchObject({ state: 'paid', paid_at: now, level_end_after: plusOneYear(now) });
      expect((await env.api('getVinAvailable', { company_id: 4 }, { token: tokens.member })).body.data.available).toBeNull();
      // a paid order cannot be cancelled, by the buyer or by a late "closed" notify
      expect((await env.api('cancelPackageOrder', { order_no: no }, { token: tokens.member })).body.client_msg).toBe(membershipMsg.orderAlreadyPaid);
      expect((await confirm(token, 'cancel')).status).toBe(409);
      expect((await env.api('payPackageOrder', { order_no: no }, { token: tokens.member })).body.client_msg).toBe(membershipMsg.alreadyPaid);
    });

    it('concurrent confirmations extend a running paid level once, from its expiry', async () => {
      const before = await level('buyer', 3);
      expect(before.level_type).toBe('paid');
      const no = (await order('buyer', await formalId())).body.data.order_no;
      const token = await pay('buyer', no);
      const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(token, 'pay', 'buyer')));
      for (const a of answers) expect(a.body.data?.state).toBe('paid');
      expect((await level('buyer', 3)).level_end_data).toBe(plusOneYear(before.level_end_data));
      const paid = await env.database.db.selectFrom('package_order').selectAll().where('order_no', '=', no).executeTakeFirstOrThrow();
      expect(paid.trade_no).toMatch(/^SBX[0-9A-F]{24}$/);
    });

    it('a cancelled order cannot be paid, even with a checkout made before', async () => {
      const trialBefore = await level('trial', 5);
      const no = (await order('trial', await formalId())).body.data.order_no;
      const token = await pay('trial', no);
      const cancelled = await env.api('cancelPackageOrder', { order_no: no }, { token: tokens.trial, idempotencyKey: 'trial-cancel-0001' });
      expect(cancelled.body.data.state).toBe('cancelled');
      const late = await confirm(token, 'pay', 'trial');
      expect(late.status).toBe(409);
      expect(late.body.client_msg).toBe(membershipMsg.cannotPayCancelled);
      expect((await env.api('payPackageOrder', { order_no: no }, { token: tokens.trial })).body.client_msg).toBe(membershipMsg.cannotPayCancelled);
      expect(await level('trial', 5)).toEqual(trialBefore);
      // a new order is a new one, not the cancelled one again
      expect((await order('trial', await formalId())).body.data.order_no).not.toBe(no);
    });

    it('取消 at the checkout closes the order without touching the level', async () => {
      const sellerBefore = await level('seller', 2);
      const no = (await order('seller', await formalId())).body.data.order_no;
      const r = await confirm(await pay('seller', no), 'cancel', 'seller');
      expect(r.body.data).toEqual({ order_no: no, state: 'cancelled', return_url: `/pay/package/order?order_no=${no}` });
      expect(await level('seller', 2)).toEqual(sellerBefore);
    });

    it('a sandbox payment is confirmed only by the payer\'s own session: no session, or another user, changes nothing', async () => {
      const no = (await order('member', await formalId())).body.data.order_no;
      const token = await pay('member', no);
      const anonymous = await env.api('sandboxConfirm', { token, action: 'pay' });
      expect(anonymous.status).toBe(401);
      const someoneElse = await confirm(token, 'pay', 'buyer');
      expect(someoneElse.status).toBe(403);
      expect(someoneElse.body.client_msg).toBe(membershipMsg.sandboxNotPayer);
      expect((await env.api('sandboxCheckout', { token }, { token: tokens.buyer })).status).toBe(403);
      expect((await env.api('getPackageOrder', { order_no: no }, { token: tokens.member })).body.data.state).toBe('pending');
      expect((await env.api('getPayPackages', {}, { token: tokens.member })).body.data.demo_payment).toBe(true);
      await env.api('cancelPackageOrder', { order_no: no }, { token: tokens.member });
    });

    it('without the sandbox enabled, payments refuse, its checkout is gone, and a PostgreSQL start naming it is refused', async () => {
      const real = await createTestEnv(backend, { paymentSandbox: false });
      try {
        const t = (await real.login('member')).access_token;
        const packages = await real.api('getPayPackages', {}, { token: t });
        expect(packages.body.data.demo_payment).toBe(false);
        const no = (await real.api('createPackageOrder', { level_id: packages.body.data.packages[0].level_id }, { token: t })).body.data.order_no;
        const r = await real.api('payPackageOrder', { order_no: no }, { token: t });
        expect(r.status).toBe(503);
        expect(r.body.client_msg).toBe(membershipMsg.payNotConfigured);
        // a checkout token signed while it was on is refused now
        const old = await pay('member', (await order('member', await formalId())).body.data.order_no);
        expect((await real.api('sandboxConfirm', { token: old, action: 'pay' }, { token: t })).status).toBeGreaterThanOrEqual(403);
        expect((await real.api('getCompanyLevel', { company_id: 4 }, { token: t })).body.data[0].name).toBe('注册会员');
        // the seed names the sandbox: with DATABASE_URL and no PAYMENT_PROVIDER=sandbox the server does not start
        await expect(refuseSandboxUnlessAsked(real.database.db, { port: 0, host: '127.0.0.1', databaseUrl: 'postgres://x/y' })).rejects.toThrow('PAYMENT_PROVIDER=sandbox');
        await expect(refuseSandboxUnlessAsked(real.database.db, { port: 0, host: '127.0.0.1', databaseUrl: 'postgres://x/y', paymentProvider: 'sandbox' })).resolves.toBeUndefined();
        await expect(refuseSandboxUnlessAsked(real.database.db, { port: 0, host: '127.0.0.1' })).resolves.toBeUndefined();
      } finally {
        await real.close();
      }
    });

    it('an unknown provider in the configuration stops new payments', async () => {
      const no = (await order('seller', await formalId())).body.data.order_no;
      await env.database.db.updateTable('system_param').set({ value: 'nosuchpay' }).where('key', '=', 'pay_provider').execute();
      const r = await env.api('payPackageOrder', { order_no: no }, { token: tokens.seller });
      expect(r.body.client_msg).toBe(membershipMsg.payNotConfigured);
      await env.database.db.updateTable('system_param').set({ value: 'sandbox' }).where('key', '=', 'pay_provider').execute();
    });
  });
});
