/**
 * Overseas bills (docs/money.md#overseas-bills): a Vietnamese company's monthly statements of its
 * dong wallet — months by China midnight, opening + lines = closing = the wallet's entries, each
 * closing the next opening, the rate and fen of each order payment and refund — the refusals, a
 * Chinese company beside it, the operator's 海外账单 with its codes and XLSX, on both backends.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { billText } from '../../src/shared/contracts/bill';
import { vnWalletText } from '../../src/shared/contracts/vn-wallet';
import type { VnBillStatement } from '../../src/shared/contracts/vn-bill';
import { createLedgerService, type LedgerService, type Posting } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv, vietnameseCompany } from './harness';

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;
const at = (iso: string) => new Date(iso);
/** 3,600 dong per yuan, in millionths */
const RATE = 3_600_000_000;

describe.each(backends)('overseas bills on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'dong statements, the operator\'s 海外账单', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    let vnCo = 0;
    let vnCo2 = 0;
    const t: Record<string, string> = {};
    let n = 0;
    const db = () => env.database.db;
    const wallet = () => ({ kind: 'vnd_wallet', company_id: vnCo } as const);
    /** an order paid in dong: the wallet's dong into fx VND, fx CNY's fen into clearing, at RATE */
    const pay = (no: string, dong: number, fen: number) => ledger.post(db(), {
      kind: 'vnd_order_payment' as Posting['kind'], reference: no, idempotency_key: `vnbill-pay-${backend}-${++n}`, created_by: null, fx_rate_micro: RATE,
      lines: [
        { account: wallet(), amount_fen: -dong }, { account: { kind: 'fx', currency: 'VND' }, amount_fen: dong },
        { account: { kind: 'fx', currency: 'CNY' }, amount_fen: -fen }, { account: { kind: 'platform_clearing' }, amount_fen: fen },
      ],
    });
    const refund = (no: string, dong: number, fen: number) => ledger.post(db(), {
      kind: 'vnd_order_refund' as Posting['kind'], reference: no, idempotency_key: `vnbill-refund-${backend}-${++n}`, created_by: null, fx_rate_micro: RATE,
      lines: [
        { account: { kind: 'platform_clearing' }, amount_fen: -fen }, { account: { kind: 'fx', currency: 'CNY' }, amount_fen: fen },
        { account: { kind: 'fx', currency: 'VND' }, amount_fen: -dong }, { account: wallet(), amount_fen: dong },
      ],
    });
    const statement = async (month: string, who = 'owner') => {
      const r = await env.api('vnBillGet', { month }, { token: t[who] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as VnBillStatement;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 30 * 86400 });
      ledger = createLedgerService(env.clock);
      vnCo = await vietnameseCompany(env, 'Công ty Phụ tùng Huế', 'vnbill_owner');
      vnCo2 = await vietnameseCompany(env, 'Công ty Phụ tùng Cần Thơ', 'vnbill_owner_2');
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), ${vnCo}, 'vnbill_clerk', 'vnbill_clerk', password_hash, array['C09']::text[] from app_user where username = 'buyer'`.execute(db());
      for (const [k, u] of [['owner', 'vnbill_owner'], ['owner2', 'vnbill_owner_2'], ['clerk', 'vnbill_clerk'], ['buyer', 'buyer']]) t[k] = (await env.login(u)).access_token;
      t.reader = await operatorWith(env, 'vnbill_reader', ['D09-01']);
      t.group = await operatorWith(env, 'vnbill_group', ['D09']);
      t.mall = await operatorWith(env, 'vnbill_mall', ['D09-03', 'D05']);

      // the last second of October in China: a recharge through the sandbox
      env.clock.current = at('2026-10-31T15:59:59Z');
      const r = await env.api('vnWalletRecharge', { amount_dong: 5_000_000 }, { token: t.owner, idempotencyKey: `vnbill-recharge-${backend}-0001` });
      expect((await env.api('sandboxConfirm', { token: tokenOf(r.body.data.checkout_url), action: 'pay' }, { token: t.owner })).body.data.state).toBe('paid');
      t.rechargeNo = r.body.data.recharge_no;
      // the first second of November in China: an order paid; mid-November part of it refunded and another paid
      env.clock.current = at('2026-10-31T16:00:00Z');
      await pay('SO-VNBILL-1', 1_800_000, 50_000);
      env.clock.current = at('2026-11-15T02:00:00Z');
      await refund('SO-VNBILL-1', 360_000, 10_000);
      await pay('SO-VNBILL-2', 720_000, 20_000);
      // the first second of December: the other company recharges (nothing of it in the first one's bill)
      env.clock.current = at('2026-11-30T16:00:00Z');
      await ledger.post(db(), {
        kind: 'vnd_recharge', reference: 'VR-OTHER', idempotency_key: `vnbill-other-${backend}`, created_by: null,
        lines: [{ account: { kind: 'vnd_provider', provider: 'sandbox' }, amount_fen: -1_000_000 }, { account: { kind: 'vnd_wallet', company_id: vnCo2 }, amount_fen: 1_000_000 }],
      });
      env.clock.current = at('2026-12-05T04:00:00Z');
    }, 600_000);
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    it('a month is China midnight to China midnight: opening + lines = closing, each closing the next opening, with each order\'s rate and fen', async () => {
      const oct = await statement('2026-10');
      const nov = await statement('2026-11');
      const dec = await statement('2026-12');
      expect(oct).toMatchObject({ opening_dong: 0, closing_dong: 5_000_000, in_dong: 5_000_000, out_dong: 0, count: 1, company_name: 'Công ty Phụ tùng Huế' });
      expect(oct.lines).toEqual([expect.objectContaining({ kind: 'vnd_recharge', group: 'recharge', reference: t.rechargeNo, amount_dong: 5_000_000, balance_after_dong: 5_000_000, rate_micro: 0, fx_fen: 0 })]);
      expect(nov.opening_dong).toBe(oct.closing_dong);
      expect(nov.lines.map((l) => [l.kind, l.reference, l.amount_dong, l.balance_after_dong, l.rate_micro, l.fx_fen])).toEqual([
        ['vnd_order_payment', 'SO-VNBILL-1', -1_800_000, 3_200_000, RATE, 50_000],
        ['vnd_order_refund', 'SO-VNBILL-1', 360_000, 3_560_000, RATE, 10_000],
        ['vnd_order_payment', 'SO-VNBILL-2', -720_000, 2_840_000, RATE, 20_000],
      ]);
      expect(nov).toMatchObject({ in_dong: 360_000, out_dong: -2_520_000, closing_dong: 2_840_000, count: 3 });
      const group = (g: string) => nov.groups.find((x) => x.group === g)!;
      expect(group('order_payment')).toMatchObject({ label: '订单付款', in_dong: 0, out_dong: -2_520_000, count: 2 });
      expect(group('order_refund')).toMatchObject({ label: '订单退款', in_dong: 360_000, out_dong: 0, count: 1 });
      expect(group('recharge')).toMatchObject({ count: 0 });
      expect(dec).toMatchObject({ opening_dong: nov.closing_dong, closing_dong: nov.closing_dong, count: 0, lines: [] });
      // the month's end is the dong wallet then, and its own entries line by line
      expect(dec.closing_dong).toBe((await ledger.wallet(db(), vnCo)).vnd_dong);
      const entries = (await env.api('vnWalletEntries', { page_size: 800 }, { token: t.owner })).body.data.data;
      expect([...entries].reverse().map((e: { transaction_id: number; balance_after_dong: number }) => [e.transaction_id, e.balance_after_dong]))
        .toEqual([...oct.lines, ...nov.lines].map((l) => [l.transaction_id, l.balance_after_dong]));
      const upTo = await sql<{ s: string }>`select coalesce(sum(e.amount_fen), 0)::text as s from ledger_entry e join ledger_account a on a.id = e.account_id
        where a.company_id = ${vnCo} and a.kind = 'vnd_wallet' and e.created_at < ${at('2026-11-30T16:00:00Z')}`.execute(db());
      expect(Number(upTo.rows[0].s)).toBe(nov.closing_dong);

      // the list of months: newest first, each opening the closing before it, the same totals
      const months = (await env.api('vnBillMonths', {}, { token: t.owner })).body.data;
      expect(months.total).toBe(3);
      expect(months.data.map((m: { month: string; opening_dong: number; closing_dong: number; count: number }) => [m.month, m.opening_dong, m.closing_dong, m.count]))
        .toEqual([['2026-12', 2_840_000, 2_840_000, 0], ['2026-11', 5_000_000, 2_840_000, 3], ['2026-10', 0, 5_000_000, 1]]);
      expect((await env.api('vnBillMonths', { page_size: 50, page_number: 2 }, { token: t.owner })).body.data).toEqual({ data: [], total: 3 });
      // the other Vietnamese company sees only its own
      expect((await env.api('vnBillGet', { month: '2026-11' }, { token: t.owner2 })).body.data).toMatchObject({ count: 0, closing_dong: 0 });
      expect((await env.api('vnBillGet', { month: '2026-12' }, { token: t.owner2 })).body.data).toMatchObject({ count: 1, closing_dong: 1_000_000 });
    });

    it('refuses a month not yet begun or malformed, a Chinese company, a clerk without an accounting code and no sign-in', async () => {
      for (const month of ['2027-01', '2026-13', 'x']) {
        const r = await env.api('vnBillGet', { month }, { token: t.owner });
        expect(r.body).toMatchObject({ code: 422, field: 'month' });
      }
      expect((await env.api('vnBillGet', { month: '2027-01' }, { token: t.owner })).body.client_msg).toContain(billText.futureMonth);
      // a Chinese company has no dong wallet and no dong bill; its CNY bill is untouched
      expect((await env.api('vnBillMonths', {}, { token: t.buyer })).body).toMatchObject({ code: 403, client_msg: vnWalletText.notVn });
      expect((await env.api('vnBillGet', { month: '2026-11' }, { token: t.buyer })).body).toMatchObject({ code: 403, client_msg: vnWalletText.notVn });
      expect((await env.api('billGet', { month: '2026-11' }, { token: t.buyer })).status).toBe(200);
      // the Vietnamese company's CNY bill shows no dong
      expect((await env.api('billGet', { month: '2026-11' }, { token: t.owner })).body.data).toMatchObject({ count: 0, closing_fen: 0 });
      expect((await env.api('vnBillGet', { month: '2026-11' }, { token: t.clerk })).body).toMatchObject({ code: 403, client_msg: vnWalletText.mayNotUse });
      expect((await env.api('vnBillMonths', {}, {})).status).toBe(401);
      expect((await env.raw('GET', '/api/vn-bill/download?month=2026-11&format=xlsx', { token: t.buyer })).status).toBe(403);
      expect((await env.raw('GET', '/api/vn-bill/download?month=2026-11&format=xlsx', { token: t.clerk })).status).toBe(403);
      expect((await env.raw('GET', '/api/vn-bill/download?month=2026-11&format=xlsx')).status).toBe(401);
      expect((await env.raw('GET', '/api/vn-bill/download?month=2026-11&format=pdf', { token: t.owner })).status).toBe(422);
      expect((await env.raw('GET', '/api/vn-bill/download?month=2027-02&format=xlsx', { token: t.owner })).status).toBe(422);
    });

    it('downloads the month as XLSX: the totals and every line with its rate and yuan', async () => {
      const x = await env.raw('GET', '/api/vn-bill/download?month=2026-11&format=xlsx', { token: t.owner });
      expect(x.status).toBe(200);
      expect(x.headers.get('content-disposition')).toContain(encodeURIComponent('越南盾账单'));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await x.arrayBuffer());
      const [sum, lines] = wb.worksheets;
      expect(sum.getRow(3).values).toEqual([undefined, '期初余额 · Số dư đầu kỳ', 5_000_000]);
      const last = sum.getRow(sum.rowCount).values as unknown[];
      expect(last.slice(1, 3)).toEqual(['期末余额 · Số dư cuối kỳ', 2_840_000]);
      expect(lines.rowCount).toBe(4);
      expect((lines.getRow(2).values as unknown[]).slice(2)).toEqual(['订单付款 · Thanh toán đơn hàng', 'SO-VNBILL-1', -1_800_000, 3_200_000, 3600, 500]);
    });

    it('the operator\'s 海外账单: every Vietnamese company\'s month by name, its statement, XLSX; D09, D09-01 or D09-02 only', async () => {
      const list = await env.api('opForeignBillList', { month: '2026-12' }, { token: t.reader });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const mine = list.body.data.data.filter((r: { company_id: number }) => [vnCo, vnCo2].includes(r.company_id));
      expect(mine).toEqual([
        expect.objectContaining({ company_id: vnCo2, opening_dong: 0, in_dong: 1_000_000, closing_dong: 1_000_000, count: 1 }),
        expect.objectContaining({ company_id: vnCo, opening_dong: 2_840_000, closing_dong: 2_840_000, count: 0 }),
      ]);
      // no Chinese company's wallet ever appears
      const cn = await sql<{ id: number }>`select id from company where country <> 'VN'`.execute(db());
      for (const r of list.body.data.data) expect(cn.rows.map((c) => Number(c.id))).not.toContain(r.company_id);
      const byName = await env.api('opForeignBillList', { month: '2026-11', company: 'Huế' }, { token: t.group });
      expect(byName.body.data).toEqual({ total: 1, data: [expect.objectContaining({ company_id: vnCo, month: '2026-11', opening_dong: 5_000_000, in_dong: 360_000, out_dong: -2_520_000, closing_dong: 2_840_000, count: 3 })] });
      expect((await env.api('opForeignBillList', { month: '2027-01' }, { token: t.reader })).body).toMatchObject({ code: 422, field: 'month' });
      // the statement, as the company's own
      const s = await env.api('opForeignBillGet', { company_id: vnCo, month: '2026-11' }, { token: t.reader });
      expect(s.body.data).toEqual(await statement('2026-11'));
      // a Chinese company: not found here
      expect((await env.api('opForeignBillGet', { company_id: 3, month: '2026-11' }, { token: t.reader })).body).toMatchObject({ code: 404, client_msg: vnWalletText.companyNotFound });
      // the list's XLSX and a statement's
      const file = await env.raw('GET', '/api/operation/export/opForeignBillList?month=2026-11&company=Hu%E1%BA%BF', { token: t.reader });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      expect((wb.worksheets[0].getRow(2).values as unknown[]).slice(1)).toEqual(['Công ty Phụ tùng Huế', '2026-11', 5_000_000, 360_000, -2_520_000, 2_840_000, 3]);
      expect((await env.raw('GET', `/api/operation/foreign/bill/download?company_id=${vnCo}&month=2026-11&format=xlsx`, { token: t.group })).status).toBe(200);
      expect((await env.raw('GET', '/api/operation/foreign/bill/download?company_id=3&month=2026-11&format=xlsx', { token: t.group })).status).toBe(404);
      // without D09, D09-01 or D09-02 (the mall's and the pay codes do not open it), and for a company's user, refused
      expect((await env.api('opForeignBillList', { month: '2026-11' }, { token: t.mall })).status).toBe(403);
      expect((await env.api('opForeignBillGet', { company_id: vnCo, month: '2026-11' }, { token: t.mall })).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opForeignBillList?month=2026-11', { token: t.mall })).status).toBe(403);
      expect((await env.raw('GET', `/api/operation/foreign/bill/download?company_id=${vnCo}&month=2026-11&format=xlsx`, { token: t.mall })).status).toBe(403);
      expect((await env.api('opForeignBillList', { month: '2026-11' }, { token: t.owner })).status).toBe(403);
    });
  });
});
