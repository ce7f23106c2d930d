import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { billText, type BillStatement } from '../../src/shared/contracts/bill';
import { walletText } from '../../src/shared/contracts/wallet';
import { createLedgerService, type LedgerService, type Posting } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;
/** company 3 is the buyer's (its owner) */
const BUYER_CO = 3;
/** A text as a PDF literal string holds it: UTF-16BE after its byte order mark, with ( ) \\ and control bytes escaped. */
const pdfString = (text: string) => {
  const escapes: Record<number, string> = { 0x0a: 'n', 0x0d: 'r', 0x09: 't', 0x08: 'b', 0x0c: 'f', 0x28: '(', 0x29: ')', 0x5c: '\\' };
  const out: number[] = [];
  for (const b of Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])) {
    if (escapes[b] !== undefined) out.push(0x5c, escapes[b].charCodeAt(0));
    else out.push(b);
  }
  return Buffer.from(out);
};
/** a moment in UTC */
const at = (iso: string) => new Date(iso);

describe.each(backends)('monthly bills on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'statements, the operator\'s list, downloads', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let keyNo = 0;
    const key = (tag: string) => `${tag}-${backend}-${++keyNo}-0000`;
    const db = () => env.database.db;
    const post = (kind: Posting['kind'], lines: Posting['lines']) => ledger.post(db(), { kind, reference: `T${keyNo}`, idempotency_key: key(kind), created_by: null, lines });
    const avail = { kind: 'wallet_available', company_id: BUYER_CO } as const;
    const frozen = { kind: 'wallet_frozen', company_id: BUYER_CO } as const;
    const provider = { kind: 'provider', provider: 'sandbox' } as const;
    const clearing = { kind: 'platform_clearing' } as const;
    const statement = async (month: string, who = 'buyer') => {
      const r = await env.api('billGet', { month }, { token: t[who] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 30 * 86400 });
      ledger = createLedgerService(env.clock);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 3, 'billclerk', '采购员', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(db());
      for (const u of ['buyer', 'seller', 'billclerk', 'operator']) t[u] = (await env.login(u)).access_token;
      t.payReader = await operatorWith(env, 'bill-reader', ['D05-01']);

      // the last second of October in China: a recharge through the sandbox
      env.clock.current = at('2026-10-31T15:59:59Z');
      const r = await env.api('walletRecharge', { amount_fen: 10_000 }, { token: t.buyer, idempotencyKey: `bill-recharge-${backend}-0001` });
      expect((await env.api('sandboxConfirm', { token: tokenOf(r.body.data.checkout_url), action: 'pay' }, { token: t.buyer })).body.data.state).toBe('paid');
      // the first second of November in China (still October 31 in UTC)
      env.clock.current = at('2026-10-31T16:00:00Z');
      await post('recharge', [{ account: provider, amount_fen: -20_000 }, { account: avail, amount_fen: 20_000 }]);
      // mid-November: a withdrawal frozen, an order paid, part of it refunded
      env.clock.current = at('2026-11-15T02:00:00Z');
      await post('withdrawal_freeze', [{ account: avail, amount_fen: -5_000 }, { account: frozen, amount_fen: 5_000 }]);
      await post('order_payment', [{ account: avail, amount_fen: -3_000 }, { account: clearing, amount_fen: 3_000 }]);
      await post('order_refund', [{ account: clearing, amount_fen: -1_000 }, { account: avail, amount_fen: 1_000 }]);
      // the last second of November: the withdrawal paid out
      env.clock.current = at('2026-11-30T15:59:59Z');
      await post('withdrawal_payout', [{ account: frozen, amount_fen: -5_000 }, { account: provider, amount_fen: 5_000 }]);
      // the first second of December
      env.clock.current = at('2026-11-30T16:00:00Z');
      await post('recharge', [{ account: provider, amount_fen: -7_000 }, { account: avail, amount_fen: 7_000 }]);
      env.clock.current = at('2026-12-05T04:00:00Z');
    });
    // every money scenario ends with the reconciliation: every transaction sums to zero, every wallet equals its entries, none below zero
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    it('a month is China midnight to China midnight: opening + movements = closing, each closing the next opening, the last the wallet now', async () => {
      const oct = await statement('2026-10');
      const nov = await statement('2026-11');
      const dec = await statement('2026-12');
      expect(oct.lines.map((l) => [l.kind, l.amount_fen])).toEqual([['recharge', 10_000]]);
      expect(oct.closing_fen).toBe(oct.opening_fen + 10_000);
      expect(nov.opening_fen).toBe(oct.closing_fen);
      expect(nov.lines.map((l) => [l.kind, l.available_fen, l.frozen_fen, l.amount_fen])).toEqual([
        ['recharge', 20_000, 0, 20_000],
        ['withdrawal_freeze', -5_000, 5_000, 0],
        ['order_payment', -3_000, 0, -3_000],
        ['order_refund', 1_000, 0, 1_000],
        ['withdrawal_payout', 0, -5_000, -5_000],
      ]);
      expect(nov.closing_fen).toBe(nov.opening_fen + 13_000);
      expect(nov.lines.at(-1)!.balance_after_fen).toBe(nov.closing_fen);
      expect(nov).toMatchObject({ in_fen: 21_000, out_fen: -8_000, count: 5, closing_frozen_fen: 0, closing_available_fen: nov.closing_fen });
      const group = (s: BillStatement, g: string) => s.groups.find((x) => x.group === g)!;
      expect(group(nov, 'recharge')).toMatchObject({ in_fen: 20_000, out_fen: 0, count: 1 });
      expect(group(nov, 'withdrawal')).toMatchObject({ in_fen: 0, out_fen: -5_000, count: 2 });
      expect(group(nov, 'order_payment')).toMatchObject({ in_fen: 0, out_fen: -3_000, count: 1 });
      expect(group(nov, 'order_refund')).toMatchObject({ in_fen: 1_000, out_fen: 0, count: 1 });
      expect(dec.opening_fen).toBe(nov.closing_fen);
      expect(dec.lines.map((l) => l.amount_fen)).toEqual([7_000]);
      // the month's end is the wallet then; the current month's end is the wallet now
      const w = await ledger.wallet(db(), BUYER_CO);
      expect(dec.closing_fen).toBe(w.available_fen + w.frozen_fen);

      // the lines are the wallet's own entries of those China days, transaction by transaction
      const entries = (await env.api('walletEntries', { date_from: '2026-11-01', date_to: '2026-11-30', page_size: 800 }, { token: t.buyer })).body.data.data;
      const byTx = new Map<number, number>();
      for (const e of [...entries].reverse()) byTx.set(e.transaction_id, (byTx.get(e.transaction_id) ?? 0) + e.amount_fen);
      expect([...byTx.entries()]).toEqual(nov.lines.map((l) => [l.transaction_id, l.amount_fen]));
      // and the sum of every entry up to the month's end is the closing balance
      const upTo = await sql<{ s: number }>`select coalesce(sum(e.amount_fen), 0)::bigint as s from ledger_entry e join ledger_account a on a.id = e.account_id
        where a.company_id = ${BUYER_CO} and a.kind in ('wallet_available', 'wallet_frozen') and e.created_at < ${at('2026-11-30T16:00:00Z')}`.execute(db());
      expect(Number(upTo.rows[0].s)).toBe(nov.closing_fen);

      // the list of months: newest first, the same totals
      const months = (await env.api('billMonths', {}, { token: t.buyer })).body.data;
      expect(months.data.slice(0, 3).map((m) => [m.month, m.opening_fen, m.in_fen, m.out_fen, m.closing_fen, m.count])).toEqual(
        [dec, nov, oct].map((s) => [s.month, s.opening_fen, s.in_fen, s.out_fen, s.closing_fen, s.count]),
      );
    });

    it('refuses a month not yet begun, a malformed month and a user without the wallet codes', async () => {
      expect((await env.api('billGet', { month: '2027-01' }, { token: t.buyer })).body).toMatchObject({ code: 422, field: 'month' });
      expect((await env.api('billGet', { month: '2027-01' }, { token: t.buyer })).body.client_msg).toContain(billText.futureMonth);
      for (const month of ['2026-13', '2026-1', '202611', '']) {
        expect((await env.api('billGet', { month }, { token: t.buyer })).body).toMatchObject({ code: 422, field: 'month' });
      }
      expect((await env.api('billGet', { month: '2026-11' }, { token: t.billclerk })).body).toMatchObject({ code: 403, client_msg: walletText.mayNotUse });
      expect((await env.api('billMonths', {}, { token: t.billclerk })).status).toBe(403);
      expect((await env.raw('GET', '/api/bill/download?month=2026-11&format=xlsx', { token: t.billclerk })).status).toBe(403);
      expect((await env.raw('GET', '/api/bill/download?month=2026-11&format=xlsx')).status).toBe(401);
    });

    it('the operator lists every company\'s month and reads each statement; others may not', async () => {
      const own = await statement('2026-11');
      const list = (await env.api('opBillList', { month: '2026-11', company: '申通' }, { token: t.operator })).body.data;
      expect(list.data).toEqual([{ company_id: BUYER_CO, company_name: own.company_name, month: '2026-11', opening_fen: own.opening_fen, in_fen: own.in_fen, out_fen: own.out_fen, closing_fen: own.closing_fen, count: own.count }]);
      expect((await env.api('opBillList', { month: '2026-11', company: '没有这家公司' }, { token: t.operator })).body.data).toEqual({ data: [], total: 0 });
      expect((await env.api('opBillGet', { company_id: BUYER_CO, month: '2026-11' }, { token: t.payReader })).body.data).toEqual(own);
      expect((await env.api('opBillGet', { company_id: 999_999, month: '2026-11' }, { token: t.operator })).body).toMatchObject({ code: 404, client_msg: billText.companyNotFound });
      expect((await env.api('opBillList', { month: '2026-11' }, { token: t.seller })).status).toBe(403);
      expect((await env.api('opBillGet', { company_id: BUYER_CO, month: '2026-11' }, { token: t.buyer })).status).toBe(403);
      expect((await env.raw('GET', `/api/operation/bill/download?company_id=${BUYER_CO}&month=2026-11&format=pdf`, { token: t.buyer })).status).toBe(403);
    });

    it('downloads the statement as XLSX (the lines as rows) and as a PDF with the company\'s name and an embedded Chinese font', async () => {
      const s = await statement('2026-11');
      const x = await env.raw('GET', '/api/bill/download?month=2026-11&format=xlsx', { token: t.buyer });
      expect(x.status).toBe(200);
      expect(x.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await x.arrayBuffer());
      const sum = wb.getWorksheet('账单汇总')!;
      expect(sum.getRow(2).values).toEqual([undefined, `${s.company_name} 2026年11月账单`]);
      expect(sum.getRow(3).values).toEqual([undefined, '期初余额', s.opening_fen / 100]);
      const lines = wb.getWorksheet('明细')!;
      expect(lines.rowCount).toBe(s.lines.length + 1);
      expect(lines.getRow(2).values).toEqual([undefined, '2026-11-01 00:00:00', '充值', s.lines[0].reference, 200, 0, 200, s.lines[0].balance_after_fen / 100]);
      expect(lines.getRow(6).values).toEqual([undefined, '2026-11-30 23:59:59', '提现打款', s.lines[4].reference, 0, -50, -50, s.closing_fen / 100]);

      for (const [path, token] of [['/api/bill/download?month=2026-11&format=pdf', t.buyer], [`/api/operation/bill/download?company_id=${BUYER_CO}&month=2026-11&format=pdf`, t.operator]] as const) {
        const p = await env.raw('GET', path, { token });
        expect(p.status).toBe(200);
        expect(p.headers.get('content-type')).toBe('application/pdf');
        const bytes = Buffer.from(await p.arrayBuffer());
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // the title names the company (UTF-16BE in the document's information), and the Chinese font is embedded
        const title = pdfString(s.company_name);
        expect(bytes.includes(title)).toBe(true);
        expect(bytes.includes(Buffer.from('/FontFile3'))).toBe(true);
        expect(bytes.includes(Buffer.from('/ToUnicode'))).toBe(true);
      }
      expect((await env.raw('GET', '/api/bill/download?month=2026-11&format=doc', { token: t.buyer })).status).toBe(422);
      expect((await env.raw('GET', '/api/bill/download?month=2027-02&format=pdf', { token: t.buyer })).status).toBe(422);
    });
  });
});
