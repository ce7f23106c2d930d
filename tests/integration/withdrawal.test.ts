/**
 * Bank cards, withdrawals, the operator's 账户 with twice-approved adjustments, the reconciliation
 * call and the wallet's XLSX export (docs/money.md, "Bank cards and withdrawals", "Manual
 * adjustments"). Every scenario ends with the full reconciliation check.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { walletText } from '../../src/shared/contracts/wallet';
import { withdrawalText } from '../../src/shared/domain/withdrawal';
import { IM_ASSISTANT_UUID } from '../../src/shared/contracts/im';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

/** company 3 is the buyer's (its owner: buyer), company 2 the seller's */
const BUYER_CO = 3;
/** valid personal card numbers (Luhn) */
const CARD_A = '6222 0200 0000 0030 007';
const CARD_B = '6217 0000 0000 0060 008';
const CARD_C = '6228 4800 0000 0040 006';

describe.each(backends)('bank cards, withdrawals and adjustments on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let buyerCompany = '';
    const db = () => env.database.db;
    const key = () => `wd-${randomUUID()}`;
    /** a write under a fresh Idempotency-Key, the one given, or none (null) */
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who] });
    const wallet = (companyId = BUYER_CO) => ledger.wallet(db(), companyId);
    const fund = (companyId: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: companyId }, amount_fen: fen }],
    });
    const counts = async () => (await sql<{ t: number; c: number; w: number; a: number }>`select (select count(*) from ledger_transaction)::int as t,
      (select count(*) from bank_card)::int as c, (select count(*) from withdrawal)::int as w, (select count(*) from wallet_adjustment)::int as a`.execute(db())).rows[0];
    const noticesTo = async (username: string, like: string) => (await sql<{ text: string }>`select m.text from im_message m join app_user s on s.id = m.sender_id
      join app_user r on r.id = m.recipient_id where s.uuid = ${IM_ASSISTANT_UUID} and r.username = ${username} and m.client_msg_id like ${like} order by m.id`.execute(db())).rows
      .map((r) => (JSON.parse(r.text) as { BusinessInfo: { 内容: string } }).BusinessInfo.内容);
    /** a verified card of the buyer's company */
    const verifiedCard = async (no: string) => {
      const add = await post('buyer', 'bankCardAdd', { kind: 'personal', holder_name: '张三', bank_name: '中国工商银行', account_no: no });
      expect(add.status, JSON.stringify(add.body)).toBe(200);
      const v = await post('operator', 'opBankCardDecide', { id: add.body.data.id, verified: true });
      expect(v.body.data.state).toBe('verified');
      return add.body.data.id;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 3600 });
      ledger = createLedgerService(env.clock);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 3, 'wdclerk', '采购员', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(db());
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 1, 'payop2', '支付复核', password_hash, array['D05']::text[] from app_user where username = 'operator'`.execute(db());
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 1, 'nopayop', '订单运营', password_hash, array['D12-01']::text[] from app_user where username = 'operator'`.execute(db());
      for (const u of ['buyer', 'seller', 'wdclerk', 'operator', 'payop2', 'nopayop']) t[u] = (await env.login(u)).access_token;
      buyerCompany = (await db().selectFrom('company').select('name').where('id', '=', BUYER_CO).executeTakeFirstOrThrow()).name;
    });
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    it('adds cards with format checks, refuses bad ones changing nothing, and an operator verifies or rejects them with a notice', async () => {
      const before = await counts();
      const bad: Array<[PayloadIn<'bankCardAdd'>, string, string]> = [
        [{ kind: 'personal', holder_name: '张三', bank_name: '中国银行', account_no: '6222 0200 0000 0000 001' }, 'account_no', withdrawalText.personalLuhn],
        [{ kind: 'personal', holder_name: '张三', bank_name: '中国银行', account_no: '1234567' }, 'account_no', withdrawalText.personalLength],
        [{ kind: 'personal', holder_name: '张三', bank_name: '中国银行', account_no: '6222abc' }, 'account_no', withdrawalText.accountDigits],
        [{ kind: 'corporate', holder_name: '张三', bank_name: '中国银行', account_no: '11014987654321' }, 'holder_name', withdrawalText.corporateHolder(buyerCompany)],
        [{ kind: 'corporate', holder_name: buyerCompany, bank_name: '中国银行', account_no: '1234' }, 'account_no', withdrawalText.corporateLength],
        [{ kind: 'personal', holder_name: '', bank_name: '中国银行', account_no: CARD_A }, 'holder_name', withdrawalText.holderName],
        [{ kind: 'personal', holder_name: '张三', bank_name: '', account_no: CARD_A }, 'bank_name', withdrawalText.bankName],
      ];
      for (const [payload, field, text] of bad) {
        const r = await post('buyer', 'bankCardAdd', payload);
        expect(r.status, JSON.stringify(payload)).toBe(422);
        expect(r.body).toMatchObject({ field });
        expect(r.body.msg).toContain(text);
      }
      expect(await counts()).toEqual(before);

      const corp = await post('buyer', 'bankCardAdd', { kind: 'corporate', holder_name: buyerCompany, bank_name: '招商银行', account_no: '1101 4987 6543 21' });
      expect(corp.status, JSON.stringify(corp.body)).toBe(200);
      expect(corp.body.data).toMatchObject({ state: 'pending', account_no: '11014987654321' });
      const dup = await post('buyer', 'bankCardAdd', { kind: 'corporate', holder_name: buyerCompany, bank_name: '招商银行', account_no: '11014987654321' });
      expect(dup.body).toMatchObject({ code: 422, field: 'account_no' });
      // a pending card takes no withdrawal
      await fund(BUYER_CO, 1_000);
      const early = await post('buyer', 'withdrawalApply', { bank_card_id: corp.body.data.id, amount_fen: 500 });
      expect(early.body.msg).toBe(withdrawalText.cardNotVerified);

      const personal = await post('buyer', 'bankCardAdd', { kind: 'personal', holder_name: '李四', bank_name: '中国建设银行', account_no: CARD_C });
      const pending = await get('operator', 'opBankCardList', { state: 'pending', company: buyerCompany });
      expect(pending.status, JSON.stringify(pending.body)).toBe(200);
      expect(pending.body.data.data.map((c) => c.id)).toEqual(expect.arrayContaining([corp.body.data.id, personal.body.data.id]));
      // rejecting needs a reason
      const noReason = await post('operator', 'opBankCardDecide', { id: personal.body.data.id, verified: false });
      expect(noReason.body).toMatchObject({ code: 422, field: 'reason' });
      const rejected = await post('operator', 'opBankCardDecide', { id: personal.body.data.id, verified: false, reason: '开户名与法定代表人不符' });
      expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: '开户名与法定代表人不符', decided_by: 'operator' });
      const verified = await post('operator', 'opBankCardDecide', { id: corp.body.data.id, verified: true });
      expect(verified.body.data.state).toBe('verified');
      // a decided card is not decided again the other way
      expect((await post('operator', 'opBankCardDecide', { id: corp.body.data.id, verified: false, reason: '再看看' })).body.msg).toBe(withdrawalText.cardDecided);
      const mine = (await get('buyer', 'bankCardList', {})).body.data;
      expect(mine.find((c) => c.id === personal.body.data.id)).toMatchObject({ state: 'rejected', reason: '开户名与法定代表人不符' });
      expect(await noticesTo('buyer', `ntc-bank-card-${corp.body.data.id}-%`)).toEqual([`银行卡审核通过：招商银行 尾号 4321。`]);
      expect(await noticesTo('buyer', `ntc-bank-card-${personal.body.data.id}-%`)).toEqual([`银行卡审核未通过：中国建设银行 尾号 0006，原因：开户名与法定代表人不符。`]);
      const audit = await db().selectFrom('operator_audit').select(['action', 'username']).where('entity', '=', 'bank_card').where('entity_id', '=', String(corp.body.data.id)).execute();
      expect(audit).toEqual([{ action: 'approve', username: 'operator' }]);

      // removal: another company's card is refused, the own one leaves the list
      expect((await post('seller', 'bankCardRemove', { id: personal.body.data.id })).body.msg).toBe(withdrawalText.cardOtherCompany);
      expect((await post('buyer', 'bankCardRemove', { id: personal.body.data.id })).body.data).toEqual({ removed: true });
      expect((await get('buyer', 'bankCardList', {})).body.data.map((c) => c.id)).not.toContain(personal.body.data.id);
    });

    it('withdraws to a verified card: frozen on applying, approved, then paid out, each step once, audited and told to the owner', async () => {
      const card = await verifiedCard(CARD_A);
      await fund(BUYER_CO, 10_000);
      const w0 = await wallet();
      const noKey = await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: 3_000 }, null);
      expect(noKey.body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      const k = key();
      const applied = await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: 3_000 }, k);
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const no = applied.body.data.withdrawal_no;
      expect(applied.body.data).toMatchObject({ state: 'applied', amount_fen: 3_000, account_no: normalize(CARD_A) });
      // the replay is the same withdrawal
      const again = await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: 3_000 }, k);
      expect(again.body.data.withdrawal_no).toBe(no);
      expect(await wallet()).toMatchObject({ available_fen: w0.available_fen - 3_000, frozen_fen: w0.frozen_fen + 3_000 });
      expect((await get('buyer', 'withdrawalList', {})).body.data.data[0]).toMatchObject({ withdrawal_no: no, state: 'applied' });

      // paying before approval is refused
      expect((await post('operator', 'opWithdrawalPay', { withdrawal_no: no })).body.msg).toBe(withdrawalText.notApproved('申请中'));
      const approved = await post('operator', 'opWithdrawalApprove', { withdrawal_no: no });
      expect(approved.body.data).toMatchObject({ state: 'approved', approved_by: 'operator', company_name: buyerCompany });
      // approving again (another key) changes nothing
      expect((await post('payop2', 'opWithdrawalApprove', { withdrawal_no: no })).body.data).toMatchObject({ state: 'approved', approved_by: 'operator' });
      expect(await wallet()).toMatchObject({ available_fen: w0.available_fen - 3_000, frozen_fen: w0.frozen_fen + 3_000 });
      const paid = await post('payop2', 'opWithdrawalPay', { withdrawal_no: no, payout_ref: 'BANK-0001' });
      expect(paid.body.data).toMatchObject({ state: 'paid', paid_by: 'payop2', payout_ref: 'BANK-0001' });
      expect((await post('operator', 'opWithdrawalPay', { withdrawal_no: no })).body.data).toMatchObject({ state: 'paid', paid_by: 'payop2' });
      expect(await wallet()).toMatchObject({ available_fen: w0.available_fen - 3_000, frozen_fen: w0.frozen_fen });
      // paid is final: no rejection after it
      expect((await post('operator', 'opWithdrawalReject', { withdrawal_no: no, reason: '太晚了' })).body.msg).toBe(withdrawalText.notOpen('已打款'));
      const kinds = await db().selectFrom('ledger_transaction').select('kind').where('reference', '=', no).orderBy('id').execute();
      expect(kinds.map((x) => x.kind)).toEqual(['withdrawal_freeze', 'withdrawal_payout']);
      const audit = await db().selectFrom('operator_audit').select(['action', 'username']).where('entity', '=', 'withdrawal').where('entity_id', '=', no).orderBy('id').execute();
      expect(audit).toEqual([{ action: 'approve', username: 'operator' }, { action: 'mark_paid', username: 'payop2' }]);
      expect(await noticesTo('buyer', `ntc-withdrawal-${no}-%`)).toEqual([
        `提现已通过：提现单 ${no}，金额 ¥30.00，收款卡 中国工商银行 尾号 0007。`,
        `提现已打款：提现单 ${no}，金额 ¥30.00，收款卡 中国工商银行 尾号 0007。`,
      ]);
    });

    it('a rejection needs a reason and releases the frozen amount; a rejected withdrawal takes no further step', async () => {
      const card = await verifiedCard(CARD_B);
      await fund(BUYER_CO, 5_000);
      const w0 = await wallet();
      const no = (await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: 2_000 })).body.data.withdrawal_no;
      expect((await post('operator', 'opWithdrawalReject', { withdrawal_no: no, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      const r = await post('operator', 'opWithdrawalReject', { withdrawal_no: no, reason: '收款卡已注销' });
      expect(r.body.data).toMatchObject({ state: 'rejected', reason: '收款卡已注销', rejected_by: 'operator' });
      expect(await wallet()).toEqual(w0);
      expect((await post('operator', 'opWithdrawalApprove', { withdrawal_no: no })).body.msg).toBe(withdrawalText.notApplied('已拒绝'));
      expect((await post('operator', 'opWithdrawalPay', { withdrawal_no: no })).body.msg).toBe(withdrawalText.notApproved('已拒绝'));
      expect((await get('buyer', 'withdrawalList', { state: 'rejected' })).body.data.data[0]).toMatchObject({ withdrawal_no: no, reason: '收款卡已注销' });
      expect(await noticesTo('buyer', `ntc-withdrawal-${no}-%`)).toEqual([`提现已拒绝：提现单 ${no}，金额 ¥20.00，收款卡 中国工商银行 尾号 0008，原因：收款卡已注销。`]);
      // an approved one may still be rejected before it is paid
      const no2 = (await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: 1_000 })).body.data.withdrawal_no;
      await post('operator', 'opWithdrawalApprove', { withdrawal_no: no2 });
      expect((await post('operator', 'opWithdrawalReject', { withdrawal_no: no2, reason: '银行退票' })).body.data.state).toBe('rejected');
      expect(await wallet()).toEqual(w0);
    });

    it('refuses an amount over the balance, negative or fractional fen, and another company\'s card, changing nothing', async () => {
      const card = (await get('buyer', 'bankCardList', {})).body.data.find((c) => c.state === 'verified')!.id;
      const before = { w: await wallet(), c: await counts() };
      const over = await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: before.w.available_fen + 1 });
      expect(over.status).toBe(409);
      expect(over.body.msg).toContain(walletText.insufficientPlain);
      for (const amount_fen of [-100, 150.5, 0, 50]) {
        const r = await post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen });
        expect(r.body, String(amount_fen)).toMatchObject({ code: 422, field: 'amount_fen' });
        expect(r.body.msg).toContain(withdrawalText.amountFen);
      }
      // the seller withdrawing to the buyer's card
      await fund(2, 1_000);
      const sellerBefore = await wallet(2);
      expect((await post('seller', 'withdrawalApply', { bank_card_id: card, amount_fen: 500 })).body.msg).toBe(withdrawalText.cardOtherCompany);
      expect(await wallet(2)).toEqual(sellerBefore);
      expect(await wallet()).toEqual(before.w);
      expect(await counts()).toEqual({ ...before.c, t: before.c.t + 1 });
    });

    it('concurrent withdrawals never overdraw: as many succeed as the balance holds, the rest are refused with 余额不足', async () => {
      const card = (await get('buyer', 'bankCardList', {})).body.data.find((c) => c.state === 'verified')!.id;
      const { available_fen: a } = await wallet();
      const amount = Math.floor(a / 4);
      const results = await Promise.all(Array.from({ length: 10 }, () => post('buyer', 'withdrawalApply', { bank_card_id: card, amount_fen: amount })));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(4);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.msg).toContain(walletText.insufficientPlain);
      const w = await wallet();
      expect(w.available_fen).toBe(a - 4 * amount);
      expect(w.available_fen).toBeGreaterThanOrEqual(0);
      // release them for the scenarios after
      for (const r of ok) await post('operator', 'opWithdrawalReject', { withdrawal_no: r.body.data.withdrawal_no, reason: '测试退回' });
      expect((await wallet()).available_fen).toBe(a);
    });

    it('refuses a clerk without accounting codes, a non-operator and an operator without the pay codes', async () => {
      const before = await counts();
      for (const name of ['bankCardList', 'withdrawalList'] as const) {
        const r = await get('wdclerk', name, {});
        expect(r.status).toBe(403);
      }
      expect((await post('wdclerk', 'bankCardAdd', { kind: 'personal', holder_name: '王五', bank_name: '中国银行', account_no: CARD_C })).status).toBe(403);
      const no = (await db().selectFrom('withdrawal').select('withdrawal_no').where('company_id', '=', BUYER_CO).executeTakeFirstOrThrow()).withdrawal_no;
      for (const who of ['buyer', 'seller', 'nopayop']) {
        expect((await post(who, 'opWithdrawalApprove', { withdrawal_no: no })).status, who).toBe(403);
        expect((await get(who, 'opPayAccounts', {})).status, who).toBe(403);
        expect((await post(who, 'opAdjustmentCreate', { company_id: BUYER_CO, amount_fen: 100, reason: '测试' })).status, who).toBe(403);
      }
      expect(await counts()).toEqual(before);
    });

    it('an adjustment needs a reason and a second operator: the proposer cannot approve it; the approval posts it once', async () => {
      const w0 = await wallet();
      expect((await post('operator', 'opAdjustmentCreate', { company_id: BUYER_CO, amount_fen: 500, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      expect((await post('operator', 'opAdjustmentCreate', { company_id: BUYER_CO, amount_fen: 0, reason: '补差价' })).body).toMatchObject({ code: 422, field: 'amount_fen' });
      expect((await post('operator', 'opAdjustmentCreate', { company_id: BUYER_CO, amount_fen: 1.5, reason: '补差价' })).body).toMatchObject({ code: 422, field: 'amount_fen' });
      const made = await post('operator', 'opAdjustmentCreate', { company_id: BUYER_CO, amount_fen: 500, reason: '线下汇款补录' });
      expect(made.body.data).toMatchObject({ state: 'pending', created_by: 'operator', amount_fen: 500 });
      const id = made.body.data.id;
      expect(await wallet()).toEqual(w0);
      const self = await post('operator', 'opAdjustmentDecide', { id, approve: true });
      expect(self.status).toBe(403);
      expect(self.body.msg).toBe(withdrawalText.adjustSelf);
      expect(await wallet()).toEqual(w0);
      const accounts = await get('operator', 'opPayAccounts', { q: buyerCompany });
      expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
      expect(accounts.body.data.data.find((r) => r.company_id === BUYER_CO)).toMatchObject({ available_fen: w0.available_fen, frozen_fen: w0.frozen_fen, pending_adjustments: 1 });
      const ok = await post('payop2', 'opAdjustmentDecide', { id, approve: true, note: '已核对银行回单' });
      expect(ok.body.data).toMatchObject({ state: 'posted', decided_by: 'payop2', decision_note: '已核对银行回单' });
      expect(ok.body.data.transaction_id).toBeGreaterThan(0);
      expect((await post('payop2', 'opAdjustmentDecide', { id, approve: true })).body.data.transaction_id).toBe(ok.body.data.transaction_id);
      expect((await post('payop2', 'opAdjustmentDecide', { id, approve: false, note: '撤回' })).body.msg).toBe(withdrawalText.adjustDecided('已入账'));
      expect((await wallet()).available_fen).toBe(w0.available_fen + 500);
      // a debit larger than the balance: 余额不足 on approval, still pending
      const big = (await post('operator', 'opAdjustmentCreate', { company_id: BUYER_CO, amount_fen: -(w0.available_fen + 10_000), reason: '错误入账冲回' })).body.data.id;
      const refused = await post('payop2', 'opAdjustmentDecide', { id: big, approve: true });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain(walletText.insufficientPlain);
      const rej = await post('payop2', 'opAdjustmentDecide', { id: big, approve: false, note: '金额有误' });
      expect(rej.body.data).toMatchObject({ state: 'rejected', transaction_id: 0 });
      expect((await wallet()).available_fen).toBe(w0.available_fen + 500);
      const audit = await db().selectFrom('operator_audit').select(['action', 'username']).where('entity', '=', 'wallet_adjustment').where('entity_id', '=', String(id)).orderBy('id').execute();
      expect(audit).toEqual([{ action: 'create', username: 'operator' }, { action: 'approve', username: 'payop2' }]);
      const list = await get('operator', 'opAdjustmentList', { company_id: BUYER_CO });
      expect(list.body.data.data.map((r) => r.state)).toEqual(['rejected', 'posted']);
    });

    it('exports the wallet entries as XLSX with the filters: its rows are the entries', async () => {
      const sheetRows = async (query: Record<string, string>) => {
        const res = await env.raw('GET', `/api/wallet/export?${new URLSearchParams(query).toString()}`, { token: t.buyer });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('spreadsheetml');
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(await res.arrayBuffer());
        const out: unknown[][] = [];
        wb.getWorksheet('收支明细')!.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
        return out;
      };
      for (const kind of ['', 'withdrawal_freeze'] as const) {
        const rows = await sheetRows(kind ? { kind } : {});
        const entries = (await get('buyer', 'walletEntries', { kind, page_size: 800 })).body.data.data;
        expect(rows[0]).toEqual(['时间', '类型', '账户', '金额（元）', '变动后余额（元）', '单号', '交易编号']);
        expect(rows.slice(1).map((r) => [r[3], r[4], r[5], r[6]])).toEqual(entries.map((e) => [e.amount_fen / 100, e.balance_after_fen / 100, e.reference, e.transaction_id]));
        expect(entries.length).toBeGreaterThan(0);
      }
      const refused = await env.raw('GET', '/api/wallet/export', { token: t.wdclerk });
      expect(refused.status).toBe(403);
    });

    it('the reconciliation call reports a balanced ledger, fast and full, to the pay operators only', async () => {
      for (const fast of [true, false]) {
        const r = await post('operator', 'opReconcile', { fast }, null);
        expect(r.body.data).toMatchObject({ ok: true, fast, problems: [] });
      }
      expect((await post('nopayop', 'opReconcile', { fast: true }, null)).status).toBe(403);
    });
  });
});

const normalize = (s: string) => s.replace(/\s/g, '');
