/**
 * The dong wallet (docs/money.md#money-in-dong): a Vietnamese company's balance and entries, its
 * recharges in whole dong through the sandbox, the refusals, Chinese and Vietnamese companies side
 * by side, and the ledger balancing per currency after every scenario, on both backends.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { membershipMsg, msg } from '../../src/shared/messages';
import { vnWalletText } from '../../src/shared/contracts/vn-wallet';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { startFakeAlipay, type FakeAlipay } from './fake-alipay';
import ExcelJS from 'exceljs';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv, vietnameseCompany } from './harness';

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;

describe.each(backends)('the dong wallet on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let fake: FakeAlipay;
    let ledger: LedgerService;
    let vnCompany = 0;
    const t: Record<string, string> = {};
    let n = 0;
    const key = (tag: string) => `${tag}-${backend}-${++n}-vnwallet`;
    const db = () => env.database.db;
    const balance = async (companyId = vnCompany) => (await ledger.wallet(db(), companyId)).vnd_dong;
    const recharges = async () => (await db().selectFrom('vnd_recharge').select('id').execute()).length;

    beforeAll(async () => {
      fake = await startFakeAlipay();
      env = await createTestEnv(backend, {
        accessTtlSeconds: 3600,
        alipay: { appId: fake.appId, privateKey: fake.appPrivateKey, alipayPublicKey: fake.alipayPublicKey, gateway: fake.gateway, notifyBaseUrl: 'https://qipei.example.test/' },
      });
      ledger = createLedgerService(env.clock);
      // two Vietnamese companies: each an owner; the first also a purchase clerk without an accounting code
      const vnCompanyOf = (name: string, username: string) => vietnameseCompany(env, name, username);
      vnCompany = await vnCompanyOf('Công ty Phụ tùng Hà Nội', 'vnw_owner_1');
      await vnCompanyOf('Công ty Phụ tùng Đà Nẵng', 'vnw_owner_2');
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), ${vnCompany}, 'vnw_clerk', 'vnw_clerk', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(db());
      for (const u of ['vnw_owner_1', 'vnw_owner_2', 'vnw_clerk', 'buyer']) t[u] = (await env.login(u)).access_token;
      t.op_foreign = await operatorWith(env, 'vnw_op_foreign', ['D05-05']);
      t.op_pay = await operatorWith(env, 'vnw_op_pay', ['D05-01']);
      t.op_other = await operatorWith(env, 'vnw_op_other', ['D09', 'D05-03']);
       }, 600_000);
    // every scenario ends with the reconciliation, per currency: fen and dong each sum to zero
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
    });
    afterAll(async () => {
      await env?.close();
      await fake?.stop();
    });

    it('recharges in whole dong through the sandbox: a repeated notice, even at once, credits the dong wallet exactly once', async () => {
      expect((await env.api('vnWalletGet', {}, { token: t.vnw_owner_1 })).body.data).toMatchObject({ company_id: vnCompany, balance_dong: 0, demo_payment: true });
      const r = await env.api('vnWalletRecharge', { amount_dong: 2_500_000 }, { token: t.vnw_owner_1, idempotencyKey: key('once') });
      expect(r.body.data).toMatchObject({ amount_dong: 2_500_000, provider: 'sandbox' });
      expect(r.body.data.recharge_no).toMatch(/^VR\d{20}$/);
      const token = tokenOf(r.body.data.checkout_url);
      // the sandbox's page shows the amount in dong
      const view = await env.api('sandboxCheckout', { token }, { token: t.vnw_owner_1 });
      expect(view.body.data).toMatchObject({ order_no: r.body.data.recharge_no, amount_fen: 2_500_000, currency: 'VND', state: 'pending', company_name: 'Công ty Phụ tùng Hà Nội' });
      // only the payer confirms a sandbox payment
      expect((await env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.vnw_owner_2 })).body).toMatchObject({ code: 403, client_msg: vnWalletText.sandboxNotPayer });
      const confirms = await Promise.all([1, 2, 3].map(() => env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.vnw_owner_1 })));
      for (const c of confirms) expect(c.body.data).toMatchObject({ state: 'paid', return_url: `/vnwallet?recharge=${r.body.data.recharge_no}` });
      expect((await env.api('sandboxConfirm', { token, action: 'cancel' }, { token: t.vnw_owner_1 })).body.data.state).toBe('paid');
      expect(await balance()).toBe(2_500_000);
      expect((await env.api('vnWalletGet', {}, { token: t.vnw_owner_1 })).body.data.balance_dong).toBe(2_500_000);
      expect((await env.api('vnWalletRechargeGet', { recharge_no: r.body.data.recharge_no }, { token: t.vnw_owner_1 })).body.data).toMatchObject({ state: 'paid', amount_dong: 2_500_000 });
      const entries = await env.api('vnWalletEntries', {}, { token: t.vnw_owner_1 });
      expect(entries.body.data).toEqual({ total: 1, data: [expect.objectContaining({ kind: 'vnd_recharge', reference: r.body.data.recharge_no, amount_dong: 2_500_000, balance_after_dong: 2_500_000 })] });
      // the ledger: one transaction, dong only (a dong provider account against the wallet), nothing in the company's CNY wallet
      const rows = (await sql<{ kind: string; currency: string; amount: string }>`select a.kind, a.currency, e.amount_fen::text as amount from ledger_entry e
        join ledger_account a on a.id = e.account_id join vnd_recharge r on r.ledger_transaction_id = e.transaction_id where r.recharge_no = ${r.body.data.recharge_no} order by a.kind`.execute(db())).rows;
      expect(rows).toEqual([{ kind: 'vnd_provider', currency: 'VND', amount: '-2500000' }, { kind: 'vnd_wallet', currency: 'VND', amount: '2500000' }]);
      expect((await ledger.wallet(db(), vnCompany)).available_fen).toBe(0);
      // the same Idempotency-Key is the same recharge
      const again = await env.api('vnWalletRecharge', { amount_dong: 2_500_000 }, { token: t.vnw_owner_1, idempotencyKey: 'vnw-replay-0001' });
      const replay = await env.api('vnWalletRecharge', { amount_dong: 2_500_000 }, { token: t.vnw_owner_1, idempotencyKey: 'vnw-replay-0001' });
      expect(replay.body.data.recharge_no).toBe(again.body.data.recharge_no);
    });

    it('a cancelled dong recharge credits nothing, and its later payment is refused', async () => {
      const before = await balance();
      const r = await env.api('vnWalletRecharge', { amount_dong: 100_000 }, { token: t.vnw_owner_1, idempotencyKey: key('cancel') });
      const token = tokenOf(r.body.data.checkout_url);
      expect((await env.api('sandboxConfirm', { token, action: 'cancel' }, { token: t.vnw_owner_1 })).body.data.state).toBe('cancelled');
      expect((await env.api('sandboxConfirm', { token, action: 'pay' }, { token: t.vnw_owner_1 })).body).toMatchObject({ code: 409, client_msg: vnWalletText.cancelled });
      expect(await balance()).toBe(before);
      expect((await env.api('vnWalletRechargeGet', { recharge_no: r.body.data.recharge_no }, { token: t.vnw_owner_1 })).body.data.state).toBe('cancelled');
    });

    it('a notice whose signature does not match (another amount) is refused and credits nothing', async () => {
      const before = await balance();
      const r = await env.api('vnWalletRecharge', { amount_dong: 300_000 }, { token: t.vnw_owner_1, idempotencyKey: key('tamper') });
      const [body, mac] = tokenOf(r.body.data.checkout_url).split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { a: number };
      const forged = `${Buffer.from(JSON.stringify({ ...claims, a: 30_000_000 })).toString('base64url')}.${mac}`;
      expect((await env.api('sandboxConfirm', { token: forged, action: 'pay' }, { token: t.vnw_owner_1 })).body).toMatchObject({ code: 403, client_msg: membershipMsg.signatureInvalid });
      expect(await balance()).toBe(before);
      expect((await env.api('vnWalletRechargeGet', { recharge_no: r.body.data.recharge_no }, { token: t.vnw_owner_1 })).body.data.state).toBe('pending');
    });

    it('refuses bad amounts, Chinese companies, clerks, other companies and a provider without dong, and creates nothing', async () => {
      const before = await recharges();
      for (const amount of [0, -10_000, 9_999, 10_000.5, 500_000_001, '1.000.000', '']) {
        const r = await env.api('vnWalletRecharge', { amount_dong: amount as number }, { token: t.vnw_owner_1, idempotencyKey: key('bad') });
        expect(r.body).toMatchObject({ code: 422, field: 'amount_dong', client_msg: msg.invalidPayload('amount_dong', vnWalletText.amount) });
      }
      // a Chinese company has no dong wallet: every call says so
      expect((await env.api('vnWalletGet', {}, { token: t.buyer })).body).toMatchObject({ code: 403, client_msg: vnWalletText.notVn });
      expect((await env.api('vnWalletEntries', {}, { token: t.buyer })).body).toMatchObject({ code: 403, client_msg: vnWalletText.notVn });
      expect((await env.api('vnWalletRecharge', { amount_dong: 100_000 }, { token: t.buyer, idempotencyKey: key('cn') })).body).toMatchObject({ code: 403, client_msg: vnWalletText.notVn });
      // a purchase clerk without an accounting code: the wallet is the owner's and accounting's
      expect((await env.api('vnWalletGet', {}, { token: t.vnw_clerk })).body).toMatchObject({ code: 403, client_msg: vnWalletText.mayNotUse });
      expect((await env.api('vnWalletRecharge', { amount_dong: 100_000 }, { token: t.vnw_clerk, idempotencyKey: key('clerk') })).body).toMatchObject({ code: 403, client_msg: vnWalletText.mayNotUse });
      // another Vietnamese company sees its own wallet only, and not this company's recharge
      expect((await env.api('vnWalletGet', {}, { token: t.vnw_owner_2 })).body.data).toMatchObject({ balance_dong: 0, company_name: 'Công ty Phụ tùng Đà Nẵng' });
      expect((await env.api('vnWalletEntries', {}, { token: t.vnw_owner_2 })).body.data).toEqual({ data: [], total: 0 });
      const mine = (await db().selectFrom('vnd_recharge').select('recharge_no').where('company_id', '=', vnCompany).executeTakeFirstOrThrow()).recharge_no;
      expect((await env.api('vnWalletRechargeGet', { recharge_no: mine }, { token: t.vnw_owner_2 })).body).toMatchObject({ code: 403, client_msg: msg.otherCompany });
      expect((await env.api('vnWalletRechargeGet', { recharge_no: 'RC20261122000000000000' }, { token: t.vnw_owner_1 })).body).toMatchObject({ code: 422, field: 'recharge_no' });
      expect((await env.api('vnWalletRechargeGet', { recharge_no: 'VR20261122000000000000' }, { token: t.vnw_owner_1 })).body).toMatchObject({ code: 404, client_msg: vnWalletText.rechargeNotFound });
      // a provider that takes CNY only (Alipay) is not asked for dong
      await sql`update system_param set value = 'alipay' where key = 'pay_provider'`.execute(db());
      try {
        expect((await env.api('vnWalletRecharge', { amount_dong: 100_000 }, { token: t.vnw_owner_1, idempotencyKey: key('alipay') })).body).toMatchObject({ code: 409, client_msg: vnWalletText.providerNoVnd });
      } finally {
        await sql`update system_param set value = 'sandbox' where key = 'pay_provider'`.execute(db());
      }
      expect(await recharges()).toBe(before);
    });

    it('the database balances each currency on its own: fen and dong never offset each other', async () => {
      const acc = async (kind: string, currency: string, companyId: number | null) =>
        Number((await sql<{ id: number }>`select id from ledger_account where kind = ${kind} and currency = ${currency} and company_id is not distinct from ${companyId}`.execute(db())).rows[0].id);
      const vndWallet = await acc('vnd_wallet', 'VND', vnCompany);
      await ledger.post(db(), {
        kind: 'recharge', reference: 'TEST', idempotency_key: key('fund'), created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -100 }, { account: { kind: 'wallet_available', company_id: 3 }, amount_fen: 100 }],
      });
      const cnyWallet = await acc('wallet_available', 'CNY', 3);
      // 100 dong out of one wallet, 100 fen into another: the sum is zero, but neither currency balances
      await expect(db().transaction().execute(async (trx) => {
        const tx = await sql<{ id: number }>`insert into ledger_transaction (kind, idempotency_key) values ('adjustment', ${key('mixed')}) returning id`.execute(trx);
        await sql`insert into ledger_entry (transaction_id, account_id, amount_fen) values (${tx.rows[0].id}, ${vndWallet}, -100), (${tx.rows[0].id}, ${cnyWallet}, 100)`.execute(trx);
      })).rejects.toThrow(/账目不平/);
      // a dong wallet never goes below zero; an account's currency never changes
      const held = await balance();
      await expect(ledger.post(db(), {
        kind: 'adjustment', reference: 'TEST', idempotency_key: key('overdraw'), created_by: null,
        lines: [{ account: { kind: 'vnd_wallet', company_id: vnCompany }, amount_fen: -held - 1 }, { account: { kind: 'vnd_provider', provider: 'sandbox' }, amount_fen: held + 1 }],
      })).rejects.toMatchObject({ httpStatus: 409, message: vnWalletText.insufficient(held, held + 1) });
      await expect(sql`update ledger_account set currency = 'CNY' where id = ${vndWallet}`.execute(db())).rejects.toThrow();
      // a conversion through the FX pair balances each currency and keeps its rate on the transaction
      const posted = await ledger.post(db(), {
        kind: 'adjustment', reference: 'FX-TEST', idempotency_key: key('fx'), created_by: null, fx_rate_micro: 3_618_500_000,
        lines: [
          { account: { kind: 'vnd_wallet', company_id: vnCompany }, amount_fen: -1_000_000 },
          { account: { kind: 'fx', currency: 'VND' }, amount_fen: 1_000_000 },
          { account: { kind: 'fx', currency: 'CNY' }, amount_fen: -27_636 },
          { account: { kind: 'wallet_available', company_id: 3 }, amount_fen: 27_636 },
        ],
      });
      expect((await sql<{ r: string }>`select fx_rate_micro::text as r from ledger_transaction where id = ${posted.transaction_id}`.execute(db())).rows[0].r).toBe('3618500000');
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
    });

    it('the operator reads the dong wallet of every Vietnamese company, its entries and the recharges (D05-05 or D05-01), with XLSX', async () => {
      const accounts = await env.api('opForeignAccounts', {}, { token: t.op_foreign });
      expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
      const rows = accounts.body.data.data;
      // only Vietnamese companies, the largest balance first; a Chinese company never appears
      expect(rows.map((r) => r.company_name)).toEqual(expect.arrayContaining(['Công ty Phụ tùng Hà Nội', 'Công ty Phụ tùng Đà Nẵng']));
      expect(rows.every((r) => r.company_id !== 3)).toBe(true);
      const mine = rows.find((r) => r.company_id === vnCompany)!;
      expect(mine).toMatchObject({ balance_dong: await balance(), recharged_dong: 2_500_000 });
      expect(mine.last_entry_at).toBeGreaterThan(0);
      expect(rows[0].balance_dong).toBeGreaterThanOrEqual(rows[rows.length - 1].balance_dong);
      expect(accounts.body.data.balance_total_dong).toBe(rows.reduce((s, r) => s + r.balance_dong, 0));
      expect((await env.api('opForeignAccounts', { q: 'Đà Nẵng' }, { token: t.op_pay })).body.data.data.map((r) => r.company_name)).toEqual(['Công ty Phụ tùng Đà Nẵng']);
      const entries = await env.api('opForeignAccountEntries', { company_id: vnCompany }, { token: t.op_foreign });
      expect(entries.body.data.company_name).toBe('Công ty Phụ tùng Hà Nội');
      expect(entries.body.data.data[entries.body.data.data.length - 1]).toMatchObject({ kind: 'vnd_recharge', amount_dong: 2_500_000, balance_after_dong: 2_500_000 });
      // a Chinese company has no dong wallet here
      expect((await env.api('opForeignAccountEntries', { company_id: 3 }, { token: t.op_foreign })).body).toMatchObject({ code: 404, client_msg: vnWalletText.companyNotFound });
      const recharges = await env.api('opForeignRecharges', { company: 'Hà Nội' }, { token: t.op_foreign });
      expect(recharges.body.data.data.map((r) => r.state).sort()).toEqual(['cancelled', 'paid', 'pending', 'pending']);
      expect(recharges.body.data.paid_dong).toBe(2_500_000);
      const paid = await env.api('opForeignRecharges', { state: 'paid' }, { token: t.op_pay });
      expect(paid.body.data.data).toEqual([expect.objectContaining({ company_id: vnCompany, amount_dong: 2_500_000, state: 'paid', provider: 'sandbox', username: 'vnw_owner_1' })]);
      expect(paid.body.data.data[0].trade_no).toMatch(/^SBX/);
      const one = await env.api('opForeignRecharges', { no: paid.body.data.data[0].recharge_no }, { token: t.op_foreign });
      expect(one.body.data.total).toBe(1);
      expect((await env.callRaw('GET', '/api/operation/pay/foreign-recharges?state=refunded', { token: t.op_foreign })).body).toMatchObject({ code: 422, field: 'state' });
      const file = await env.raw('GET', '/api/operation/export/opForeignRecharges?state=paid', { token: t.op_foreign });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe(paid.body.data.data[0].recharge_no);
      expect(wb.worksheets[0].getRow(2).getCell(5).value).toBe(2_500_000);
      // without D05, D05-01 or D05-05, and for a company's user, refused
      expect((await env.api('opForeignAccounts', {}, { token: t.op_other })).status).toBe(403);
      expect((await env.api('opForeignRecharges', {}, { token: t.op_other })).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opForeignRecharges', { token: t.op_other })).status).toBe(403);
      expect((await env.api('opForeignAccounts', {}, { token: t.vnw_owner_1 })).status).toBe(403);
    });
  });
});
