import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { walletText } from '../../src/shared/contracts/wallet';
import { createLedgerService, LedgerMisuse, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { createLedgerHealth, reconcile } from '../../src/server/modules/ledger/reconcile';
import { AppError } from '../../src/server/http/errors';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;
/** company 3 is the buyer's (its owner), company 4 the member's */
const BUYER_CO = 3;

describe.each(backends)('the money ledger and the wallet on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const tokens: Record<string, string> = {};
    let keyNo = 0;
    const key = (tag: string) => `${tag}-${backend}-${++keyNo}-0000`;
    const db = () => env.database.db;
    const wallet = async (companyId = BUYER_CO) => ledger.wallet(db(), companyId);
    const fund = (companyId: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key('fund'), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: companyId }, amount_fen: fen }],
    });
    const counts = async () => (await sql<{ t: number; e: number }>`select (select count(*) from ledger_transaction)::int as t, (select count(*) from ledger_entry)::int as e`.execute(db())).rows[0];

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 3600 });
      ledger = createLedgerService(env.clock);
      // a purchase clerk of the buyer's company: opens the finance page, but the wallet is the owner's and accounting's
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 3, 'buyclerk', '采购员', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(env.database.db);
      for (const u of ['buyer', 'seller', 'clerk', 'buyclerk']) tokens[u] = (await env.login(u)).access_token;
    });
    // every money scenario ends with the reconciliation: every transaction sums to zero, every wallet equals its entries, none below zero
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    it('commits a balanced transaction: the wallet is the sum of its entries, with the running balance on each entry', async () => {
      const before = await wallet();
      const posted = await fund(BUYER_CO, 12_345);
      expect(posted.replayed).toBe(false);
      expect(posted.entries.map((e) => e.amount_fen).sort((a, b) => a - b)).toEqual([-12_345, 12_345]);
      expect((await wallet()).available_fen).toBe(before.available_fen + 12_345);
      expect(posted.entries.find((e) => e.kind === 'wallet_available')!.balance_after_fen).toBe(before.available_fen + 12_345);
      const sum = await sql<{ s: number }>`select coalesce(sum(e.amount_fen), 0)::int as s from ledger_entry e join ledger_account a on a.id = e.account_id
        where a.company_id = ${BUYER_CO} and a.kind = 'wallet_available'`.execute(db());
      expect(sum.rows[0].s).toBe((await wallet()).available_fen);
    });

    it('refuses an unbalanced or malformed posting in the service, and the database refuses it at commit', async () => {
      const before = await counts();
      const bad = (lines: Array<{ account: Parameters<LedgerService['post']>[1]['lines'][number]['account']; amount_fen: number }>, kind: 'recharge' | 'order_payment' = 'recharge') =>
        ledger.post(db(), { kind, reference: 'BAD', idempotency_key: key('bad'), created_by: null, lines });
      await expect(bad([{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -100 }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: 99 }])).rejects.toBeInstanceOf(LedgerMisuse);
      await expect(bad([{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -1.5 }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: 1.5 }])).rejects.toBeInstanceOf(LedgerMisuse);
      // a recharge may only raise a wallet from a provider
      await expect(bad([{ account: { kind: 'wallet_available', company_id: 4 }, amount_fen: -100 }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: 100 }])).rejects.toBeInstanceOf(LedgerMisuse);
      // straight to the database: one entry of a transaction that does not sum to zero fails the commit
      const provider = (await sql<{ id: number }>`select id from ledger_account where kind = 'provider' and provider = 'sandbox'`.execute(db())).rows[0].id;
      await expect(db().transaction().execute(async (trx) => {
        const t = await sql<{ id: number }>`insert into ledger_transaction (kind, idempotency_key) values ('recharge', ${key('raw')}) returning id`.execute(trx);
        await sql`insert into ledger_entry (transaction_id, account_id, amount_fen) values (${t.rows[0].id}, ${provider}, -500)`.execute(trx);
      })).rejects.toThrow(/账目不平/);
      // and a transaction without entries
      await expect(sql`insert into ledger_transaction (kind, idempotency_key) values ('recharge', ${key('empty')})`.execute(db())).rejects.toThrow(/账目不平/);
      // entries cannot be added later to a transaction already committed, even balanced ones
      const old = await fund(BUYER_CO, 100);
      const walletAcc = old.entries.find((e) => e.kind === 'wallet_available')!.account_id;
      await expect(db().transaction().execute(async (trx) => {
        await sql`insert into ledger_entry (transaction_id, account_id, amount_fen) values (${old.transaction_id}, ${provider}, -1), (${old.transaction_id}, ${walletAcc}, 1)`.execute(trx);
      })).rejects.toThrow(/只能与其交易一同写入|duplicate key/);
      expect(await counts()).toEqual({ t: before.t + 1, e: before.e + 2 });
    });

    it('refuses UPDATE, DELETE and TRUNCATE of transactions and entries, and a balance moved by hand', async () => {
      const posted = await fund(BUYER_CO, 700);
      const before = await wallet();
      const tries = [
        sql`update ledger_entry set amount_fen = amount_fen * 2 where transaction_id = ${posted.transaction_id}`,
        sql`delete from ledger_entry where transaction_id = ${posted.transaction_id}`,
        sql`update ledger_transaction set reference = 'X' where id = ${posted.transaction_id}`,
        sql`delete from ledger_transaction where id = ${posted.transaction_id}`,
        sql`truncate ledger_entry`,
        sql`update ledger_account set balance_fen = balance_fen + 1000000 where company_id = ${BUYER_CO}`,
        sql`delete from ledger_account where company_id = ${BUYER_CO}`,
      ];
      for (const q of tries) await expect(q.execute(db())).rejects.toThrow(/账目只能追加|账户余额只能由账目分录改变/);
      expect(await wallet()).toEqual(before);
    });

    it('a replay with the same key returns the first answer and moves nothing; the same key for another movement is refused', async () => {
      const k = key('replay');
      const move = (fen: number) => ledger.post(db(), {
        kind: 'recharge', reference: 'REPLAY', idempotency_key: k, created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: fen }],
      });
      const first = await move(2_000);
      const after = await wallet();
      const again = await move(2_000);
      expect(again).toEqual({ ...first, replayed: true });
      expect(await wallet()).toEqual(after);
      await expect(move(3_000)).rejects.toMatchObject({ code: 409, message: walletText.keyReused });
      expect(await wallet()).toEqual(after);

      // the recharge call: the Idempotency-Key is required, and a replay is the same recharge
      const noKey = await env.api('walletRecharge', { amount_fen: 10_000 }, { token: tokens.buyer });
      expect(noKey.body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      const a = await env.api('walletRecharge', { amount_fen: 10_000 }, { token: tokens.buyer, idempotencyKey: 'recharge-replay-0001' });
      const b = await env.api('walletRecharge', { amount_fen: 10_000 }, { token: tokens.buyer, idempotencyKey: 'recharge-replay-0001' });
      expect(b.headers.get('Idempotent-Replayed')).toBe('true');
      expect(b.body.data).toEqual(a.body.data);
      expect(await db().selectFrom('wallet_recharge').select('id').where('company_id', '=', BUYER_CO).execute()).toHaveLength(1);
    });

    it('recharges through the sandbox: a repeated notice, even at once, credits the wallet exactly once', async () => {
      const before = await wallet();
      const r = await env.api('walletRecharge', { amount_fen: 10_000 }, { token: tokens.buyer, idempotencyKey: 'recharge-once-0001' });
      expect(r.body.data).toMatchObject({ amount_fen: 10_000, provider: 'sandbox' });
      expect(r.body.data.recharge_no).toMatch(/^RC\d{20}$/);
      const token = tokenOf(r.body.data.checkout_url);
      const view = await env.api('sandboxCheckout', { token }, { token: tokens.buyer });
      expect(view.body.data).toMatchObject({ order_no: r.body.data.recharge_no, amount_fen: 10_000, state: 'pending' });
      // only the payer confirms a sandbox payment
      expect((await env.api('sandboxConfirm', { token, action: 'pay' }, { token: tokens.seller })).body).toMatchObject({ code: 403, client_msg: walletText.sandboxNotPayer });
      const confirms = await Promise.all([1, 2, 3].map(() => env.api('sandboxConfirm', { token, action: 'pay' }, { token: tokens.buyer })));
      for (const c of confirms) expect(c.body.data).toMatchObject({ state: 'paid', return_url: `/backend/accounting/wallet?recharge=${r.body.data.recharge_no}` });
      expect((await env.api('sandboxConfirm', { token, action: 'pay' }, { token: tokens.buyer })).body.data.state).toBe('paid');
      // a cancel after the payment changes nothing
      expect((await env.api('sandboxConfirm', { token, action: 'cancel' }, { token: tokens.buyer })).body.data.state).toBe('paid');
      expect((await wallet()).available_fen).toBe(before.available_fen + 10_000);
      const shown = await env.api('walletGet', {}, { token: tokens.buyer });
      expect(shown.body.data).toMatchObject({ company_id: BUYER_CO, available_fen: before.available_fen + 10_000, frozen_fen: 0 });
      const got = await env.api('walletRechargeGet', { recharge_no: r.body.data.recharge_no }, { token: tokens.buyer });
      expect(got.body.data).toMatchObject({ state: 'paid', amount_fen: 10_000 });
      const list = await env.api('walletEntries', { kind: 'recharge' }, { token: tokens.buyer });
      expect(list.body.data.data.filter((e) => e.reference === r.body.data.recharge_no)).toEqual([
        expect.objectContaining({ kind: 'recharge', part: 'available', amount_fen: 10_000, balance_after_fen: before.available_fen + 10_000 }),
      ]);
      // another company's recharge is not this company's to read
      expect((await env.api('walletRechargeGet', { recharge_no: r.body.data.recharge_no }, { token: tokens.seller })).body).toMatchObject({ code: 403, client_msg: msg.otherCompany });
    });

    it('a cancelled recharge credits nothing, and its later payment is refused', async () => {
      const before = await wallet();
      const r = await env.api('walletRecharge', { amount_fen: 500 }, { token: tokens.buyer, idempotencyKey: 'recharge-cancel-0001' });
      const token = tokenOf(r.body.data.checkout_url);
      expect((await env.api('sandboxConfirm', { token, action: 'cancel' }, { token: tokens.buyer })).body.data.state).toBe('cancelled');
      const late = await env.api('sandboxConfirm', { token, action: 'pay' }, { token: tokens.buyer });
      expect(late.body).toMatchObject({ code: 409, client_msg: walletText.cancelled });
      expect(await wallet()).toEqual(before);
    });

    it('refuses bad amounts and callers with a Chinese message naming the field, and creates nothing', async () => {
      const n = async () => (await db().selectFrom('wallet_recharge').select('id').execute()).length;
      const before = await n();
      for (const amount of [0, -100, 99, 150.5, 100_000_001, '100元', '']) {
        const r = await env.api('walletRecharge', { amount_fen: amount as number }, { token: tokens.buyer, idempotencyKey: `bad-amount-${String(amount).length}-${keyNo++}-x` });
        expect(r.body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: msg.invalidPayload('amount_fen', walletText.amountFen) });
      }
      // a clerk without the finance page's codes is refused at the edge; an owner of another company sees only their own wallet
      expect((await env.api('walletGet', {}, { token: tokens.clerk })).status).toBe(403);
      const reversed = await env.api('walletEntries', { date_from: '2026-11-10', date_to: '2026-11-01' }, { token: tokens.buyer });
      expect(reversed.body).toMatchObject({ code: 422, field: 'date_to', client_msg: msg.invalidPayload('date_to', walletText.rangeReversed) });
      expect((await env.api('walletEntries', { kind: 'lottery' as 'recharge' }, { token: tokens.buyer })).body).toMatchObject({ code: 422, field: 'kind' });
      expect((await env.api('walletGet', {}, { token: tokens.buyclerk })).body).toMatchObject({ code: 403, client_msg: walletText.mayNotUse });
      expect((await env.api('walletRecharge', { amount_fen: 10_000 }, { token: tokens.buyclerk, idempotencyKey: 'clerk-recharge-0001' })).body).toMatchObject({ code: 403, client_msg: walletText.mayNotUse });
      expect((await env.api('walletGet', {}, { token: tokens.seller })).body.data).toMatchObject({ company_id: 2, available_fen: 0 });
      expect(await n()).toBe(before);
    });

    it('lists entries by date and kind, newest first, in pages', async () => {
      const all = await env.api('walletEntries', {}, { token: tokens.buyer });
      expect(all.body.data.total).toBeGreaterThan(3);
      const page = await env.api('walletEntries', { page_size: 50, page_number: 2 }, { token: tokens.buyer });
      expect(page.body.data).toEqual({ data: [], total: all.body.data.total });
      const ids = all.body.data.data.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      // the test clock's day (China time) has them all; the day before has none
      expect((await env.api('walletEntries', { date_from: '2026-11-22', date_to: '2026-11-22' }, { token: tokens.buyer })).body.data.total).toBe(all.body.data.total);
      expect((await env.api('walletEntries', { date_to: '2026-11-21' }, { token: tokens.buyer })).body.data.total).toBe(0);
      expect((await env.api('walletEntries', { kind: 'order_payment' }, { token: tokens.buyer })).body.data.total).toBe(0);
    });

    it('50 concurrent debits from a wallet holding enough for 10: exactly 10 succeed, the wallet ends at 0, never below', async () => {
      const company = 4;
      await fund(company, 10 * 1_000);
      const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => ledger.post(db(), {
        kind: 'order_payment', reference: `SO-CONCURRENT-${i}`, idempotency_key: key(`pay${i}`), created_by: null,
        lines: [{ account: { kind: 'wallet_available', company_id: company }, amount_fen: -1_000 }, { account: { kind: 'platform_clearing' }, amount_fen: 1_000 }],
      })));
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AppError);
        expect((r.reason as AppError).message).toMatch(/^余额不足/);
      }
      expect((await wallet(company)).available_fen).toBe(0);
      const balances = await sql<{ b: number }>`select e.balance_after_fen::int as b from ledger_entry e join ledger_account a on a.id = e.account_id
        where a.company_id = ${company} and a.kind = 'wallet_available'`.execute(db());
      expect(Math.min(...balances.rows.map((r) => r.b))).toBe(0);
    });

    it('the reconciliation and the start check catch a ledger that does not balance', async () => {
      const health = createLedgerHealth();
      await health.runAtStart(db(), () => undefined);
      expect(health.status()).toBe('ok');
      // only by switching the ledger's triggers off (as a database owner could) can a balance drift
      await sql`alter table ledger_account disable trigger user`.execute(db());
      try {
        await sql`update ledger_account set balance_fen = balance_fen + 1 where company_id = ${BUYER_CO} and kind = 'wallet_available'`.execute(db());
        const r = await reconcile(db());
        expect(r.ok).toBe(false);
        expect(r.problems.join('\n')).toMatch(/与分录合计 .* 分不符/);
        const lines: string[] = [];
        await health.runAtStart(db(), (_level, text) => lines.push(text));
        expect(health.status()).toBe('failed');
        expect(lines[0]).toMatch(/^LEDGER CHECK FAILED/);
      } finally {
        await sql`update ledger_account set balance_fen = balance_fen - 1 where company_id = ${BUYER_CO} and kind = 'wallet_available'`.execute(db());
        await sql`alter table ledger_account enable trigger user`.execute(db());
      }
    });
  });
});
