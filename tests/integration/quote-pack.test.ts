/**
 * The daily quote limit and quote packs (报价包, docs/money.md#paid-services) on both backends: the
 * operator sets a level's free quotes a day; a seller's new quotes take the free ones, then bought
 * ones; past both a quote is refused with a Chinese message and changes nothing; 无货 and changing a
 * given quote are free; a pack bought from the wallet is counted in the operator's records; two
 * quotes racing for the last bought one: exactly one is stored; the next China day starts afresh.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { quoteQuotaText } from '../../src/shared/domain/quote-quota';
import { chinaDay } from '../../src/shared/domain/china-time';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

/** the seller's company (骏达汽配) and its level (正式会员) */
const SELLER_CO = 2;
const LEVEL = 2;
const levelEdit = { id: LEVEL, name: '正式会员', price: 198000, duration_months: 12, employee_limit: 30, stock_per_day: 9999, vin_count: 0 };

describe.each(backends)('quote packs on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'limit, pack, refusal, race', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let enquiryId = 0;
    let lineIds: number[] = [];
    const db = () => env.database.db;
    const call = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who], idempotencyKey: randomUUID() });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const quote = (line: number, price: number | null = 10_000) =>
      call('seller', 'quoteSubmit', { enquiry_id: enquiryId, line_id: lineIds[line], ...(price === null ? { no_stock: true } : { price, brand: '博世', quality: '品牌件' }) });
    const allowance = async () => ok(await env.api('quoteAllowance', {}, { token: t.seller }));
    /** what a refused quote must leave alone */
    const snapshot = async () => (await sql<Record<string, number>>`select
      (select count(*) from quote where seller_company_id = ${SELLER_CO})::int as quotes,
      (select count(*) from quote_revision where seller_company_id = ${SELLER_CO})::int as revisions,
      (select coalesce(sum(used), 0) from quote_count where company_id = ${SELLER_CO})::int as free,
      (select coalesce(sum(used), 0) from paid_service_use where company_id = ${SELLER_CO} and service = 'quote')::int as used,
      (select coalesce(sum(remaining), 0) from paid_service_balance where company_id = ${SELLER_CO} and service = 'quote')::int as left`.execute(db())).rows[0];

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 20, accessTtlSeconds: 30 * 86400 });
      ledger = createLedgerService(env.clock);
      for (const u of ['seller', 'buyer', 'operator']) t[u] = (await env.login(u)).access_token;
      const e = ok(await call('buyer', 'enquiryAdd', {
        seller_ids: [SELLER_CO],
        lines: ['前刹车片', '机油滤清器', '空气滤清器', '火花塞', '雨刮片', '刹车盘'].map((name, i) => ({ oe: `06H11556${i}`, name, qty: 1, quality: '不限' })),
      }));
      enquiryId = e.id;
      lineIds = e.lines.map((l) => l.id);
    });
    afterEach(async () => {
      expect((await reconcile(db())).problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    it('the operator sets the free quotes a day on the level page; empty is no limit, left out keeps it', async () => {
      expect(ok(await env.api('opLevelList', {}, { token: t.operator })).map((l) => [l.name, l.quote_per_day]))
        .toEqual([['平台运营', null], ['正式会员', 200], ['注册会员', 20], ['试用会员', 20]]);
      expect((await call('operator', 'opLevelSave', { ...levelEdit, quote_per_day: -1 as number })).body).toMatchObject({ code: 422, field: 'quote_per_day' });
      expect(ok(await call('operator', 'opLevelSave', { ...levelEdit, quote_per_day: '' }))).toMatchObject({ quote_per_day: null });
      expect(ok(await call('operator', 'opLevelSave', { ...levelEdit, quote_per_day: '2' }))).toMatchObject({ quote_per_day: 2 });
      expect(ok(await call('operator', 'opLevelSave', levelEdit))).toMatchObject({ quote_per_day: 2 });
      expect(await allowance()).toEqual({ per_day: 2, used_today: 0, free_left: 2, bought_left: 0, next: 'free' });
    });

    it('new quotes take the free ones; 无货 and a changed quote are free; past them a quote is refused, changing nothing', async () => {
      ok(await quote(0));
      ok(await quote(1, 12_000));
      ok(await quote(2, null));
      ok(await quote(0, 9_500));
      expect(await allowance()).toEqual({ per_day: 2, used_today: 2, free_left: 0, bought_left: 0, next: 'none' });
      const before = await snapshot();
      for (const r of [await quote(3), await quote(2)]) {
        // a new line, and pricing a line answered 无货: both need a quote
        expect(r.status).toBe(429);
        expect(r.body).toMatchObject({ client_msg: quoteQuotaText.usedUp });
      }
      expect(await snapshot()).toEqual(before);
      const seen = ok(await env.api('quoteEnquiry', {}, { token: t.seller, id: enquiryId }));
      expect(seen.quotes.map((q) => [lineIds.indexOf(q.line_id), q.price_fen]).sort()).toEqual([[0, 9_500], [1, 12_000], [2, -1]]);
    });

    it('a quote pack bought from the wallet is used after the free ones and shows in the records; two quotes racing for the last one: one is stored', async () => {
      ok(await call('operator', 'opPaidServiceProductSave', { service: 'quote', level_id: LEVEL, pack_size: 1, price_fen: 500, enabled: true }));
      await ledger.post(db(), {
        kind: 'recharge', reference: 'TEST', idempotency_key: randomUUID(), created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -10_000 }, { account: { kind: 'wallet_available', company_id: SELLER_CO }, amount_fen: 10_000 }],
      });
      const c = ok(await env.api('paidServiceCatalogue', {}, { token: t.seller }));
      expect(c.products.find((p) => p.service === 'quote')).toMatchObject({ pack_size: 1, price_fen: 500 });
      expect(c.standing.quote).toEqual({ per_day: 2, free_left: 0, used_today: 2, remaining: 0, bought: 0 });
      const bought = ok(await call('seller', 'paidServiceBuy', { service: 'quote', packs: 2, amount_fen: 1_000, method: 'wallet' }));
      expect(bought).toMatchObject({ state: 'paid', amount_fen: 1_000 });
      expect(await allowance()).toEqual({ per_day: 2, used_today: 2, free_left: 0, bought_left: 2, next: 'bought' });

      ok(await quote(2, 8_800));
      // the last bought quote, wanted by two new quotes at once
      const race = await Promise.all([quote(3), quote(4)]);
      expect(race.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(race.find((r) => r.status === 429)!.body).toMatchObject({ client_msg: quoteQuotaText.usedUp });
      expect(await allowance()).toEqual({ per_day: 2, used_today: 4, free_left: 0, bought_left: 0, next: 'none' });
      expect(await snapshot()).toMatchObject({ quotes: 4, free: 2, used: 2, left: 0 });

      const records = ok(await env.api('opPaidServiceRecords', { service: 'quote' }, { token: t.operator }));
      expect(records.data).toHaveLength(1);
      expect(records.data[0]).toMatchObject({ purchase_no: bought.purchase_no, service: 'quote', units: 2, used: 2, remaining: 0, state: 'paid' });
      expect(records.paid_fen).toBe(1_000);
      expect(ok(await env.api('opPaidServiceRecords', { service: 'stock' }, { token: t.operator })).data).toEqual([]);
    });

    it('the next China day gives the free quotes again; a level without a limit is never refused', async () => {
      const day = chinaDay(env.clock.now());
      env.clock.advance(86_400);
      expect(chinaDay(env.clock.now())).not.toBe(day);
      expect(await allowance()).toEqual({ per_day: 2, used_today: 0, free_left: 2, bought_left: 0, next: 'free' });
      const open = ok(await env.api('quoteEnquiry', {}, { token: t.seller, id: enquiryId }));
      const unanswered = lineIds.map((id, i) => [id, i] as const).filter(([id]) => !open.quotes.some((q) => q.line_id === id)).map(([, i]) => i);
      expect(unanswered.length).toBeGreaterThan(0);
      ok(await quote(unanswered[0]));
      ok(await call('operator', 'opLevelSave', { ...levelEdit, quote_per_day: null }));
      for (const i of unanswered.slice(1)) ok(await quote(i));
      expect(await allowance()).toMatchObject({ per_day: null, free_left: null, next: 'free', used_today: unanswered.length });
    });

    it('two tabs pricing the same never-priced line at once take one bought quote, not two', async () => {
      // no free quotes a day: every new quote is a bought one
      ok(await call('operator', 'opLevelSave', { ...levelEdit, quote_per_day: '0' }));
      ok(await call('seller', 'paidServiceBuy', { service: 'quote', packs: 2, amount_fen: 1_000, method: 'wallet' }));
      const e = ok(await call('buyer', 'enquiryAdd', { seller_ids: [SELLER_CO], lines: [{ oe: '06H115561X', name: '节温器', qty: 2, quality: '不限' }] }));
      const before = await snapshot();
      expect(before.left).toBe(2);
      const race = await Promise.all([11_000, 11_500].map((price) =>
        call('seller', 'quoteSubmit', { enquiry_id: e.id, line_id: e.lines[0].id, price, brand: '博世', quality: '品牌件' })));
      expect(race.map((r) => r.status)).toEqual([200, 200]);
      const after = await snapshot();
      expect({ quotes: after.quotes - before.quotes, used: after.used - before.used, left: after.left }).toEqual({ quotes: 1, used: 1, left: 1 });
      expect(await allowance()).toMatchObject({ bought_left: 1 });
    });
  });
});
