import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { paidServiceText } from '../../src/shared/contracts/paid-service';
import { walletText } from '../../src/shared/contracts/wallet';
import { EPC_SAMPLE_VINS } from '../../src/server/db/seed-epc';
import { chinaDay } from '../../src/shared/domain/china-time';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** the 注册会员 company of `member` (level 3: 3 employees, 50 stock queries a day, 5 VIN decodes) */
const MEMBER_CO = 4;
const LEVEL = 3;
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('paid services on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'catalogue, packs that raise limits, records, agreement', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `ps-${backend}-${++keyN}-${randomUUID()}`;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const fund = (companyId: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: companyId }, amount_fen: fen }],
    });
    /** empties the member's wallet but `left` fen */
    const drainTo = async (left: number) => {
      const gap = (await ledger.wallet(db(), MEMBER_CO)).available_fen - left;
      if (gap > 0) {
        await ledger.post(db(), {
          kind: 'fee', reference: 'TEST', idempotency_key: key(), created_by: null,
          lines: [{ account: { kind: 'wallet_available', company_id: MEMBER_CO }, amount_fen: -gap }, { account: { kind: 'fee_income' }, amount_fen: gap }],
        });
      } else if (gap < 0) await fund(MEMBER_CO, -gap);
    };
    /** what a refusal must leave alone */
    const snapshot = async () => (await sql<Record<string, number>>`select
      (select count(*) from ledger_transaction)::int as t, (select count(*) from paid_service_purchase)::int as p,
      (select coalesce(sum(remaining), 0)::int from paid_service_balance) as b, (select vin_sum_qty from company where id = ${MEMBER_CO}) as v,
      (select count(*) from paid_service_product)::int as products, (select count(*) from service_agreement)::int as a`.execute(db())).rows[0];
    const buy = (who: string, service: 'user' | 'stock' | 'vin', packs: number, amount_fen: number, method: 'wallet' | 'provider' = 'wallet', k: string | null = key()) =>
      post(who, 'paidServiceBuy', { service, packs, amount_fen, method }, k);
    const newEmployee = (n: number) => post('member', 'employeeCreate', {
      username: `yuangong${n}${backend.slice(0, 2)}`, display_name: `员工${n}`, mobile: `1391111${String(2000 + n).padStart(4, '0')}`, password: `mima2026x${n}`, permissions: [],
    });
    const oe = async () => (await sql<{ oe_norm: string }>`select oe_norm from stock where state = 'on' order by id limit 1`.execute(db())).rows[0].oe_norm;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      ledger = createLedgerService(env.clock);
      // the member company's owner gets the accounting (M09) and organisation (M06) codes, as an owner grants them
      await sql`update app_user set permissions = array['C07', 'C15', 'M09', 'M06'] where username = 'member'`.execute(db());
      for (const u of ['member', 'seller', 'clerk', 'buyer', 'operator']) t[u] = (await env.login(u)).access_token;
      t.payReader = await operatorWith(env, 'ps-reader', ['D05-01']);
    });
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    it('the operator prices packs per level and can switch one off; bad input and readers are refused', async () => {
      const s0 = await snapshot();
      for (const [payload, field] of [
        [{ service: 'gift', level_id: LEVEL, pack_size: 1, price_fen: 100, enabled: true }, 'service'],
        [{ service: 'user', level_id: LEVEL, pack_size: 0, price_fen: 100, enabled: true }, 'pack_size'],
        [{ service: 'user', level_id: LEVEL, pack_size: 1, price_fen: 1.5, enabled: true }, 'price_fen'],
        [{ service: 'user', level_id: LEVEL, pack_size: 1, price_fen: -100, enabled: true }, 'price_fen'],
        [{ service: 'user', level_id: 999, pack_size: 1, price_fen: 100, enabled: true }, 'level_id'],
      ] as const) {
        const r = await post('operator', 'opPaidServiceProductSave', payload as never);
        expect(r.body, JSON.stringify(payload)).toMatchObject({ code: 422, field });
      }
      expect((await post('payReader', 'opPaidServiceProductSave', { service: 'user', level_id: LEVEL, pack_size: 2, price_fen: 10_000, enabled: true })).status).toBe(403);
      expect(await snapshot()).toEqual(s0);

      expect(ok(await post('operator', 'opPaidServiceProductSave', { service: 'user', level_id: LEVEL, pack_size: 2, price_fen: 10_000, enabled: true })))
        .toMatchObject({ service: 'user', level_id: LEVEL, level_name: '注册会员', configured: true, pack_size: 2, price_fen: 10_000, enabled: true });
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'stock', level_id: LEVEL, pack_size: 100, price_fen: 5_000, enabled: true }));
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'vin', level_id: LEVEL, pack_size: 10, price_fen: 3_000, enabled: false }));
      const list = ok(await get('payReader', 'opPaidServiceProducts', {})).data;
      expect(list.filter((p) => p.level_id === LEVEL && p.configured).map((p) => [p.service, p.pack_size, p.price_fen, p.enabled]))
        .toEqual([['user', 2, 10_000, true], ['stock', 100, 5_000, true], ['vin', 10, 3_000, false]]);
      expect(list.find((p) => p.level_id === 2 && p.service === 'user')).toMatchObject({ configured: false, enabled: false });
      // switched off: not offered, not sold
      const c = ok(await get('member', 'paidServiceCatalogue', {}));
      expect(c.products.map((p) => p.service)).toEqual(['user', 'stock']);
      expect(c).toMatchObject({ level_name: '注册会员', agreement: null, agreement_accepted: true, standing: { user: { have: 1, level_limit: 3, bought: 0, limit: 3 }, stock: { per_day: 50, remaining: 0 }, vin: { unlimited: false, bought: 5 } } });
      await fund(MEMBER_CO, 100_000);
      const s1 = await snapshot();
      expect((await buy('member', 'vin', 1, 3_000)).body).toMatchObject({ code: 409, client_msg: paidServiceText.notOffered });
      expect(await snapshot()).toEqual(s1);
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'vin', level_id: LEVEL, pack_size: 10, price_fen: 3_000, enabled: true }));
    });

    it('extra employee seats bought from the wallet let the company add employees beyond its level\'s limit, once per key', async () => {
      ok(await newEmployee(1));
      ok(await newEmployee(2));
      const full = await newEmployee(3);
      expect(full.status).toBe(409);
      const s0 = await snapshot();
      // bad input: the price of 2 packs is 20000; no key; 0 packs; an unknown method
      expect((await buy('member', 'user', 2, 10_000)).body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: paidServiceText.priceChanged(20_000) });
      expect((await buy('member', 'user', 1, 10_000, 'wallet', null)).body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      expect((await buy('member', 'user', 0, 0)).body).toMatchObject({ code: 422, field: 'packs' });
      expect((await post('member', 'paidServiceBuy', { service: 'user', packs: 1, amount_fen: 10_000, method: 'cash' as 'wallet' })).body).toMatchObject({ code: 422, field: 'method' });
      // a clerk without the accounting codes may not buy
      expect((await buy('clerk', 'user', 1, 10_000)).status).toBe(403);
      expect(await snapshot()).toEqual(s0);

      const before = await ledger.wallet(db(), MEMBER_CO);
      const k = key();
      const a = ok(await buy('member', 'user', 1, 10_000, 'wallet', k));
      const b = ok(await buy('member', 'user', 1, 10_000, 'wallet', k));
      expect(b).toEqual(a);
      expect(a).toMatchObject({ state: 'paid', amount_fen: 10_000, checkout_url: '' });
      expect(a.purchase_no).toMatch(/^SV\d{20}$/);
      expect((await ledger.wallet(db(), MEMBER_CO)).available_fen).toBe(before.available_fen - 10_000);
      expect(ok(await get('member', 'paidServiceCatalogue', {})).standing.user).toEqual({ have: 3, level_limit: 3, bought: 2, limit: 5 });
      ok(await newEmployee(3));
      ok(await newEmployee(4));
      expect((await newEmployee(5)).status).toBe(409);
      expect(ok(await get('member', 'employeeList', {}))).toMatchObject({ have: 5, limit: 5 });
    });

    it('extra stock queries are used after the day\'s free ones; over the balance is refused (余额不足) and changes nothing', async () => {
      const code = await oe();
      await sql`insert into stock_query_count (company_id, day, used) values (${MEMBER_CO}, ${chinaDay(env.clock.now())}, 50)
        on conflict (company_id, day) do update set used = 50`.execute(db());
      expect((await post('member', 'oeSearch', { oe_list: [code] })).status).toBe(429);
      await drainTo(4_999);
      const s0 = await snapshot();
      const short = await buy('member', 'stock', 1, 5_000);
      expect(short.body).toMatchObject({ code: 409 });
      expect(short.body.client_msg).toContain(walletText.insufficientPlain);
      expect(await snapshot()).toEqual(s0);
      expect((await post('member', 'oeSearch', { oe_list: [code] })).status).toBe(429);

      await fund(MEMBER_CO, 1);
      ok(await buy('member', 'stock', 1, 5_000));
      expect((await ledger.wallet(db(), MEMBER_CO)).available_fen).toBe(0);
      ok(await post('member', 'oeSearch', { oe_list: [code] }));
      ok(await post('member', 'oeSearch', { oe_list: [code] }));
      expect(ok(await get('member', 'paidServiceCatalogue', {})).standing.stock).toEqual({ per_day: 50, used_today: 50, remaining: 98, bought: 100 });
    });

    it('VIN decodes bought through the provider are added once the sandbox notice arrives; records show every purchase', async () => {
      await sql`insert into vin_query_log (company_id, user_id, vin, created_at)
        select ${MEMBER_CO}, (select id from app_user where username = 'member'), 'LFV00000000000' || g, now() - interval '2 days' from generate_series(1, 5) g`.execute(db());
      expect((await post('member', 'vinDecode', { vin: EPC_SAMPLE_VINS.sagitar })).status).toBe(429);
      const started = ok(await buy('member', 'vin', 2, 6_000, 'provider'));
      expect(started).toMatchObject({ state: 'pending', amount_fen: 6_000 });
      const token = tokenOf(started.checkout_url);
      expect((await env.api('sandboxCheckout', { token }, { token: t.member })).body.data).toMatchObject({ order_no: started.purchase_no, amount_fen: 6_000, state: 'pending' });
      // another company's user may not confirm it
      expect((await env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.buyer })).body).toMatchObject({ code: 403, client_msg: paidServiceText.sandboxNotPayer });
      const confirms = await Promise.all([1, 2, 3].map(() => env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.member })));
      for (const c of confirms) expect(c.body.data).toMatchObject({ state: 'paid', return_url: `/backend/accounting/service?purchase=${started.purchase_no}` });
      expect(ok(await get('member', 'paidServiceCatalogue', {})).standing.vin).toEqual({ unlimited: false, bought: 25, available: 20 });
      ok(await post('member', 'vinDecode', { vin: EPC_SAMPLE_VINS.sagitar }));
      const tx = (await sql<{ n: number }>`select count(*)::int as n from ledger_transaction where reference = ${started.purchase_no} and kind = 'fee'`.execute(db())).rows[0].n;
      expect(tx).toBe(1);
      // a purchase left pending is what the payment sweep asks the provider about
      const pending = ok(await buy('member', 'vin', 1, 3_000, 'provider')).purchase_no;
      const purpose = env.payments.purposes.find((p) => p.owns(pending))!;
      expect(await purpose.unfinished(db(), new Date(env.clock.now().getTime() + 1000))).toContainEqual(expect.objectContaining({ order_no: pending, provider: 'sandbox' }));

      // the operator's records
      const vin = ok(await get('payReader', 'opPaidServiceRecords', { service: 'vin' }));
      expect(vin.total).toBe(2);
      expect(vin.paid_fen).toBe(6_000);
      expect(vin.data.find((r) => r.purchase_no === started.purchase_no)).toMatchObject({ company_name: '杭州顺捷汽车修理厂', method: 'provider', state: 'paid', units: 20, used: 6, remaining: 19 });
      expect(ok(await get('payReader', 'opPaidServiceRecords', { service: 'vin', state: 'pending' })).data.map((r) => r.purchase_no)).toEqual([pending]);
      expect(ok(await get('payReader', 'opPaidServiceRecords', { service: 'user', company: '顺捷' })).data).toHaveLength(1);
      expect(ok(await get('payReader', 'opPaidServiceRecords', { service: 'stock' })).data[0]).toMatchObject({ units: 100, used: 2, remaining: 98 });
      expect(ok(await get('payReader', 'opPaidServiceRecords', { service: 'user', company: '骏达' })).total).toBe(0);
      expect((await get('payReader', 'opPaidServiceRecords', { service: 'vin', date_from: '2026-02-01', date_to: '2026-01-01' })).body).toMatchObject({ code: 422, field: 'date_to' });
      expect((await get('member', 'opPaidServiceRecords', { service: 'vin' })).status).toBe(403);
      expect(ok(await get('member', 'paidServicePurchases', {})).total).toBe(4);
      // another company sees none of them
      expect(ok(await get('seller', 'paidServicePurchases', {})).total).toBe(0);
    });

    it('an agreement once published must be accepted before a recharge or purchase; the operator sees who accepted which version', async () => {
      const s0 = await snapshot();
      expect((await post('operator', 'opAgreementPublish', { title: '', body: '正文' })).body).toMatchObject({ code: 422, field: 'title' });
      expect((await post('payReader', 'opAgreementPublish', { title: '服务协议', body: '正文' })).status).toBe(403);
      expect((await post('member', 'serviceAgreementAccept', { version: 1 })).body).toMatchObject({ code: 409, client_msg: paidServiceText.agreementNone });
      expect(await snapshot()).toEqual(s0);
      const v1 = ok(await post('operator', 'opAgreementPublish', { title: '汽配汇服务协议', body: '第一条 ……' }));
      expect(v1).toMatchObject({ version: 1, title: '汽配汇服务协议' });
      await fund(MEMBER_CO, 10_000);
      const s1 = await snapshot();
      expect((await buy('member', 'vin', 1, 3_000)).body).toMatchObject({ code: 403, client_msg: paidServiceText.agreementRequired });
      expect((await post('member', 'walletRecharge', { amount_fen: 10_000 })).body).toMatchObject({ code: 403, client_msg: paidServiceText.agreementRequired });
      expect(await snapshot()).toEqual(s1);
      expect(ok(await get('member', 'paidServiceCatalogue', {}))).toMatchObject({ agreement: { version: 1, title: '汽配汇服务协议' }, agreement_accepted: false });
      expect((await post('member', 'serviceAgreementAccept', { version: 2 })).body).toMatchObject({ code: 409, client_msg: paidServiceText.agreementNotCurrent });
      const accepted = ok(await post('member', 'serviceAgreementAccept', { version: 1 }));
      expect(ok(await post('member', 'serviceAgreementAccept', { version: 1 }))).toEqual(accepted);
      ok(await buy('member', 'vin', 1, 3_000));
      ok(await post('member', 'walletRecharge', { amount_fen: 10_000 }));
      const who = ok(await get('payReader', 'opAgreementAcceptances', { version: 1 }));
      expect(who).toMatchObject({ total: 1, data: [{ version: 1, company_name: '杭州顺捷汽车修理厂', user_name: 'member', accepted_at: accepted.accepted_at }] });
      // a new version: everyone accepts again
      ok(await post('operator', 'opAgreementPublish', { title: '汽配汇服务协议', body: '第一条 ……（修订）' }));
      expect((await buy('member', 'vin', 1, 3_000)).body).toMatchObject({ code: 403 });
      expect(ok(await get('payReader', 'opAgreements', {})).data.map((a) => [a.version, a.accepted])).toEqual([[2, 0], [1, 1]]);
    });
  });
});
