import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { cashPledgeText } from '../../src/shared/contracts/cash-pledge';
import { walletText } from '../../src/shared/contracts/wallet';
import { afterSaleText } from '../../src/shared/contracts/aftersale';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { assistantNotices, backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
/** the seller's company (level 2) and the buyer's */
const SELLER_CO = 2;
const BUYER_CO = 3;
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('cash pledges on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'level amounts, pay, deduct, return', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `cp-${backend}-${++keyN}-${randomUUID()}`;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const fund = (companyId: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: companyId }, amount_fen: fen }],
    });
    const money = async (companyId: number) => ledger.wallet(db(), companyId);
    /** what a refusal must leave alone: the ledger, the pledge tables */
    const snapshot = async () => (await sql<{ t: number; p: number; e: number; l: number }>`select
      (select count(*) from ledger_transaction)::int as t, (select count(*) from cash_pledge_payment)::int as p,
      (select count(*) from cash_pledge_event)::int as e, (select coalesce(sum(amount_fen), 0)::int from cash_pledge_level) as l`.execute(db())).rows[0];
    const setLevel = async (fen: number) => ok(await post('operator', 'opCashPledgeLevelSave', { level_id: 2, amount_fen: fen }));

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      ledger = createLedgerService(env.clock);
      for (const u of ['seller', 'clerk', 'buyer', 'operator']) t[u] = (await env.login(u)).access_token;
      t.payReader = await operatorWith(env, 'cp-reader', ['D05-01']);
    });
    // every money scenario ends with the reconciliation: every transaction sums to zero, every wallet equals its entries, none below zero
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    it('the operator sets the amount per level; the seller sees what is due and pays it from the wallet, once', async () => {
      expect(ok(await get('seller', 'cashPledgeGet', {}))).toMatchObject({ is_seller: true, required_fen: 0, held_fen: 0, due_fen: 0 });
      // nothing asked: nothing to pay
      expect((await post('seller', 'cashPledgePay', { amount_fen: 100, method: 'wallet' })).body).toMatchObject({ code: 409, client_msg: cashPledgeText.notDue });
      const saved = await setLevel(500_000);
      expect(saved).toMatchObject({ level_id: 2, amount_fen: 500_000 });
      expect(ok(await get('operator', 'opCashPledgeLevels', {})).data.find((l) => l.level_id === 2)?.amount_fen).toBe(500_000);
      await fund(SELLER_CO, 800_000);
      const before = await money(SELLER_CO);
      expect(ok(await get('seller', 'cashPledgeGet', {}))).toMatchObject({ required_fen: 500_000, held_fen: 0, due_fen: 500_000, wallet_available_fen: before.available_fen });
      // the page's amount must be what is due
      const s0 = await snapshot();
      expect((await post('seller', 'cashPledgePay', { amount_fen: 400_000, method: 'wallet' })).body).toMatchObject({ code: 422, field: 'amount_fen' });
      expect(await snapshot()).toEqual(s0);
      // the Idempotency-Key is required, and a replay is the same payment
      expect((await post('seller', 'cashPledgePay', { amount_fen: 500_000, method: 'wallet' }, null)).body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      const k = key();
      const a = ok(await post('seller', 'cashPledgePay', { amount_fen: 500_000, method: 'wallet' }, k));
      const b = ok(await post('seller', 'cashPledgePay', { amount_fen: 500_000, method: 'wallet' }, k));
      expect(a).toEqual(b);
      expect(a).toMatchObject({ state: 'paid', amount_fen: 500_000, held_fen: 500_000, checkout_url: '' });
      expect(a.payment_no).toMatch(/^CP\d{20}$/);
      const after = await money(SELLER_CO);
      expect(after).toMatchObject({ available_fen: before.available_fen - 500_000, cash_pledge_fen: 500_000 });
      expect(ok(await get('seller', 'cashPledgeGet', {}))).toMatchObject({ held_fen: 500_000, due_fen: 0 });
      // paid in full: a second payment is refused
      expect((await post('seller', 'cashPledgePay', { amount_fen: 500_000, method: 'wallet' })).body).toMatchObject({ code: 409, client_msg: cashPledgeText.notDue });
      const events = ok(await get('seller', 'cashPledgeEvents', {}));
      expect(events.data).toEqual([expect.objectContaining({ action: 'pay', amount_fen: 500_000, reference: a.payment_no })]);
      // the shop's trust mark, for anyone
      expect(ok(await env.api('cashPledgeMark', { company_id: SELLER_CO }))).toEqual({ held_fen: 500_000 });
      expect(ok(await env.api('cashPledgeMark', { company_id: BUYER_CO }))).toEqual({ held_fen: 0 });
      // the operator's list
      const list = ok(await get('operator', 'opCashPledgeList', { company: '骏达' }));
      expect(list.data).toEqual([expect.objectContaining({ company_id: SELLER_CO, required_fen: 500_000, held_fen: 500_000, due_fen: 0, state: 'held' })]);
    });

    it('refuses paying over the balance (余额不足), concurrently at most once, and through the provider credits the pledge once', async () => {
      await setLevel(1_000_000);
      const w = await money(SELLER_CO);
      const due = 1_000_000 - w.cash_pledge_fen;
      // the wallet one fen short of what is due
      const gap = w.available_fen - (due - 1);
      if (gap > 0) {
        await ledger.post(db(), {
          kind: 'fee', reference: 'TEST', idempotency_key: key(), created_by: null,
          lines: [{ account: { kind: 'wallet_available', company_id: SELLER_CO }, amount_fen: -gap }, { account: { kind: 'fee_income' }, amount_fen: gap }],
        });
      } else if (gap < 0) await fund(SELLER_CO, -gap);
      const s0 = await snapshot();
      const short = await post('seller', 'cashPledgePay', { amount_fen: due, method: 'wallet' });
      expect(short.body).toMatchObject({ code: 409 });
      expect(short.body.client_msg).toContain(walletText.insufficientPlain);
      expect(await snapshot()).toEqual(s0);
      // enough for one: two tabs at once pay once, the other is told nothing is due
      await fund(SELLER_CO, 1);
      const both = await Promise.all([1, 2].map(() => post('seller', 'cashPledgePay', { amount_fen: due, method: 'wallet' })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await money(SELLER_CO)).cash_pledge_fen).toBe(1_000_000);
      // through the provider: raise the level, pay the rest through the sandbox
      await setLevel(1_200_000);
      const started = ok(await post('seller', 'cashPledgePay', { amount_fen: 200_000, method: 'provider' }));
      expect(started).toMatchObject({ state: 'pending', held_fen: 1_000_000 });
      const token = tokenOf(started.checkout_url);
      expect((await env.api('sandboxCheckout', { token }, { token: t.seller })).body.data).toMatchObject({ order_no: started.payment_no, amount_fen: 200_000, state: 'pending' });
      expect((await env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.buyer })).body).toMatchObject({ code: 403, client_msg: cashPledgeText.sandboxNotPayer });
      const confirms = await Promise.all([1, 2, 3].map(() => env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.seller })));
      for (const c of confirms) expect(c.body.data).toMatchObject({ state: 'paid', return_url: `/backend/accounting/cashpledge?payment=${started.payment_no}` });
      expect((await money(SELLER_CO)).cash_pledge_fen).toBe(1_200_000);
      // the sandbox page of the paid pledge leads back to the pledge page, not to an order
      expect((await env.api('sandboxCheckout', { token }, { token: t.seller })).body.data).toMatchObject({ state: 'paid', return_url: `/backend/accounting/cashpledge?payment=${started.payment_no}` });
      expect(ok(await get('seller', 'cashPledgeEvents', {})).data.filter((e) => e.reference === started.payment_no)).toHaveLength(1);
      // a payment left pending is what the payment sweep asks the provider about
      await setLevel(1_300_000);
      const pending = ok(await post('seller', 'cashPledgePay', { amount_fen: 100_000, method: 'provider' })).payment_no;
      const purpose = env.payments.purposes.find((p) => p.owns(pending))!;
      expect(await purpose.unfinished(db(), new Date(env.clock.now().getTime() + 1000))).toContainEqual(expect.objectContaining({ order_no: pending, provider: 'sandbox' }));
      await setLevel(1_200_000);
    });

    it('deducts on an after-sale decision to the buyer or the platform, with a reason and a notice; returns the rest when the seller leaves', async () => {
      // an after-sale of the buyer on the seller's order
      const stock = (await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
      await sql`update stock set quantity = 500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price99 = 1500, price5 = null where id = ${stock}`.execute(db());
      ok(await post('buyer', 'cartAdd', { stock_id: stock, qty: 2 }));
      const cart = ok(await get('buyer', 'cartList', {}));
      const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === stock);
      const o = ok(await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS })).orders[0];
      ok(await post('seller', 'orderConfirm', { order_no: o.order_no }));
      ok(await post('seller', 'orderDeliver', { order_no: o.order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' }));
      ok(await post('buyer', 'orderReceipt', { order_no: o.order_no }));
      const line = ok(await get('buyer', 'orderRetrieve', { order_no: o.order_no })).lines[0];
      const as = ok(await post('buyer', 'afterSaleApply', { order_no: o.order_no, type: 'return', reason: '质量问题', description: '刹车片有裂纹', lines: [{ order_line_id: line.id, qty: 1 }] }));

      const held = (await money(SELLER_CO)).cash_pledge_fen;
      const buyerBefore = await money(BUYER_CO);
      const s0 = await snapshot();
      // refusals change nothing: no such after-sale, over the held amount, bad amounts and reasons, no key, not the operator, a reader only
      expect((await post('operator', 'opCashPledgeDeduct', { as_no: 'AS00000000000000000000', amount_fen: 100, beneficiary: 'buyer', reason: '质量纠纷' })).body).toMatchObject({ code: 404, client_msg: afterSaleText.notFound });
      expect((await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: held + 1, beneficiary: 'buyer', reason: '质量纠纷' })).body).toMatchObject({ code: 409, client_msg: cashPledgeText.overHeld(held) });
      for (const amount of [0, -100, 1.5, 'abc', 100_000_001]) {
        expect((await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: amount as number, beneficiary: 'buyer', reason: '质量纠纷' })).body).toMatchObject({ code: 422, field: 'amount_fen' });
      }
      expect((await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 100, beneficiary: 'buyer', reason: '  ' })).body).toMatchObject({ code: 422, field: 'reason' });
      expect((await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 100, beneficiary: 'nobody' as 'buyer', reason: '质量纠纷' })).body).toMatchObject({ code: 422, field: 'beneficiary' });
      expect((await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 100, beneficiary: 'buyer', reason: '质量纠纷' }, null)).body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      expect((await post('seller', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 100, beneficiary: 'buyer', reason: '质量纠纷' })).status).toBe(403);
      expect((await post('payReader', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 100, beneficiary: 'buyer', reason: '质量纠纷' })).status).toBe(403);
      expect((await post('payReader', 'opCashPledgeLevelSave', { level_id: 2, amount_fen: 1 })).status).toBe(403);
      expect((await post('operator', 'opCashPledgeLevelSave', { level_id: 2, amount_fen: -1 })).body).toMatchObject({ code: 422, field: 'amount_fen' });
      expect((await post('operator', 'opCashPledgeLevelSave', { level_id: 99999, amount_fen: 1 })).body).toMatchObject({ code: 422, field: 'level_id' });
      expect(await snapshot()).toEqual(s0);
      // the reader sees the list
      expect((await get('payReader', 'opCashPledgeList', {})).status).toBe(200);

      // to the buyer's wallet
      const d = ok(await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 30_000, beneficiary: 'buyer', reason: '配件质量问题，平台裁定赔付买家' }));
      expect(d).toMatchObject({ held_fen: held - 30_000, event: { action: 'deduct', amount_fen: 30_000, reference: as.as_no, beneficiary: 'buyer', reason: '配件质量问题，平台裁定赔付买家' } });
      expect((await money(BUYER_CO)).available_fen).toBe(buyerBefore.available_fen + 30_000);
      const told = (await assistantNotices(env, 'seller')).filter((n) => n.标题 === '保证金已扣除');
      expect(told).toHaveLength(1);
      expect(told[0].内容).toContain('配件质量问题，平台裁定赔付买家');
      expect(told[0].内容).toContain('300.00');
      // to the platform
      const fee = async () => (await sql<{ b: number }>`select coalesce(sum(balance_fen), 0)::bigint as b from ledger_account where kind = 'fee_income'`.execute(db())).rows[0].b;
      const feeBefore = Number(await fee());
      ok(await post('operator', 'opCashPledgeDeduct', { as_no: as.as_no, amount_fen: 20_000, beneficiary: 'platform', reason: '违规发货' }));
      expect(Number(await fee())).toBe(feeBefore + 20_000);
      // now owing: the list and the seller's page say so
      expect(ok(await get('seller', 'cashPledgeGet', {}))).toMatchObject({ held_fen: held - 50_000, due_fen: 50_000 });
      expect(ok(await get('operator', 'opCashPledgeList', { state: 'due' })).data.map((r) => r.company_id)).toContain(SELLER_CO);

      // the seller leaves: everything held goes back to its wallet
      const sellerBefore = await money(SELLER_CO);
      expect((await post('operator', 'opCashPledgeReturn', { company_id: SELLER_CO, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      expect((await post('seller', 'opCashPledgeReturn', { company_id: SELLER_CO, reason: '退出' })).status).toBe(403);
      const r = ok(await post('operator', 'opCashPledgeReturn', { company_id: SELLER_CO, reason: '卖家申请退出平台' }));
      expect(r).toMatchObject({ held_fen: 0, event: { action: 'return', amount_fen: held - 50_000 } });
      expect(await money(SELLER_CO)).toMatchObject({ cash_pledge_fen: 0, available_fen: sellerBefore.available_fen + held - 50_000 });
      expect((await assistantNotices(env, 'seller')).filter((n) => n.标题 === '保证金已退还')).toHaveLength(1);
      // nothing left to return
      const s1 = await snapshot();
      expect((await post('operator', 'opCashPledgeReturn', { company_id: SELLER_CO, reason: '再次退还' })).body).toMatchObject({ code: 409, client_msg: cashPledgeText.nothingHeld });
      expect(await snapshot()).toEqual(s1);
      expect(ok(await get('operator', 'opCashPledgeEvents', { company_id: SELLER_CO })).data.map((e) => e.action).slice(0, 3)).toEqual(['return', 'deduct', 'deduct']);
    });

    it('refuses a company that is not a seller, a user without the wallet codes, and another company never sees this one', async () => {
      const s0 = await snapshot();
      // the buyer's company is not a seller: told so, nothing due
      expect(ok(await get('buyer', 'cashPledgeGet', {}))).toMatchObject({ is_seller: false, due_fen: 0 });
      expect((await post('buyer', 'cashPledgePay', { amount_fen: 100, method: 'wallet' })).body).toMatchObject({ code: 403, client_msg: cashPledgeText.notSeller });
      // the seller's clerk (M03, C11) opens neither
      expect((await get('clerk', 'cashPledgeGet', {})).status).toBe(403);
      expect((await post('clerk', 'cashPledgePay', { amount_fen: 100, method: 'wallet' })).status).toBe(403);
      // bad amounts and methods
      for (const amount of [0, -5, 2.5, '1e3']) {
        expect((await post('seller', 'cashPledgePay', { amount_fen: amount as number, method: 'wallet' })).body).toMatchObject({ code: 422, field: 'amount_fen' });
      }
      expect((await post('seller', 'cashPledgePay', { amount_fen: 100, method: 'cash' as 'wallet' })).body).toMatchObject({ code: 422, field: 'method' });
      // the events list is the caller's company's only: the buyer's is empty
      expect(ok(await get('buyer', 'cashPledgeEvents', {})).total).toBe(0);
      // not the operator
      expect((await get('seller', 'opCashPledgeList', {})).status).toBe(403);
      expect((await get('seller', 'opCashPledgeEvents', { company_id: SELLER_CO })).status).toBe(403);
      expect(await snapshot()).toEqual(s0);
    });
  });
});
