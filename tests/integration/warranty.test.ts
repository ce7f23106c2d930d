/**
 * 平台质保 (docs/warranty.md): the operator's terms (system/warranty, audited, the system code only),
 * the paid service `warranty` bought from the wallet (ledger balanced, reconciliation after every
 * scenario; it extends from the later of now and the current end), the 质保 mark in search answers
 * only while the warranty runs, and the after-sale for a quality problem past the ordinary window
 * taken under it (质保售后) — refused without it, after it, past the term's months or for another reason.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { AFTERSALE_WINDOW_DAYS } from '../../src/shared/domain/aftersale';
import { addMonths, warrantyText } from '../../src/shared/domain/warranty';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const SELLER_CO = 2;
const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const DAY_MS = 86_400_000;
const WINDOW_PASSED = `已超过售后期限（确认收货后${AFTERSALE_WINDOW_DAYS}天内可申请）`;

describe.each(backends)('platform warranty on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'terms, purchase, mark, after-sale under warranty', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    let level: number;
    let stockA: number;
    let oeA: string;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `wr-${backend}-${++keyN}-${randomUUID()}`;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const until = async () => (await sql<{ u: Date | null }>`select warranty_until as u from company where id = ${SELLER_CO}`.execute(db())).rows[0].u;
    const markOf = async () => {
      const rows = ok(await post('buyer', 'oeSearch', { oe_list: [oeA] })).items.flatMap((g) => g.rows);
      return rows.find((r) => r.id === stockA)?.warranty_months;
    };

    /** A received order of one piece of A; its receipt moved `daysAgo` days back. */
    const received = async (daysAgo: number) => {
      ok(await post('buyer', 'cartAdd', { stock_id: stockA, qty: 1 }));
      const cart = ok(await get('buyer', 'cartList', {}));
      const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === stockA);
      const o = ok(await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS })).orders[0];
      ok(await post('seller', 'orderConfirm', { order_no: o.order_no }));
      ok(await post('seller', 'orderDeliver', { order_no: o.order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' }));
      ok(await post('buyer', 'orderReceipt', { order_no: o.order_no }));
      const at = new Date(env.clock.now().getTime() - daysAgo * DAY_MS);
      await sql`update goods_order set received_at = ${at} where order_no = ${o.order_no}`.execute(db());
      const d = ok(await get('buyer', 'orderRetrieve', { order_no: o.order_no }));
      return { no: o.order_no, line: d.lines.find((l) => l.stock_id === stockA)! };
    };
    const apply = (o: { no: string; line: { id: number } }, reason: PayloadIn<'afterSaleApply'>['reason'] = '质量问题') =>
      post('buyer', 'afterSaleApply', { order_no: o.no, type: 'refund', reason, description: reason === '其他' ? '说明' : '', lines: [{ order_line_id: o.line.id, qty: 1 }] });

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      ledger = createLedgerService(env.clock);
      for (const u of ['seller', 'clerk', 'buyer', 'operator']) t[u] = (await env.login(u)).access_token;
      t.payOnly = await operatorWith(env, 'wr-pay', ['D05']);
      t.system = await operatorWith(env, 'wr-system', ['D11-01']);
      level = (await sql<{ level_id: number }>`select level_id from company where id = ${SELLER_CO}`.execute(db())).rows[0].level_id;
      const s = (await sql<{ id: number; oe_norm: string }>`select id, oe_norm from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0];
      [stockA, oeA] = [s.id, s.oe_norm];
      await sql`update stock set quantity = 500, price0 = 1000, price1 = 1130, price2 = 1300, price3 = 1400, price99 = 1500, price5 = null, category_name = '易损件' where id = ${stockA}`.execute(db());
    });
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    it('terms: only operators with the system code write them; each write is audited; bad input names its field', async () => {
      const term = { id: 0, name: '易损件质保', months: 6, categories: ['易损件'], description: '刹车片、雨刮等易损件，收货后6个月内质量问题可申请售后', enabled: true };
      expect((await post('payOnly', 'opWarrantyTermSave', term)).status).toBe(403);
      expect((await post('seller', 'opWarrantyTermSave', term)).status).toBe(403);
      expect((await get('payOnly', 'opWarrantyTerms', {})).status).toBe(403);
      for (const [bad, field] of [[{ months: 0 }, 'months'], [{ months: 37 }, 'months'], [{ name: '' }, 'name'], [{ categories: [''] }, 'categories.0']] as const) {
        expect((await post('system', 'opWarrantyTermSave', { ...term, ...bad } as never)).body, field).toMatchObject({ code: 422, field });
      }
      expect(await sql`select * from warranty_term`.execute(db()).then((r) => r.rows)).toEqual([]);

      const saved = ok(await post('system', 'opWarrantyTermSave', term));
      expect(saved).toMatchObject({ name: '易损件质保', months: 6, categories: ['易损件'], enabled: true, updated_by: 'wr-system' });
      expect((await post('operator', 'opWarrantyTermSave', { ...term })).body).toMatchObject({ code: 422, field: 'name', client_msg: warrantyText.nameTaken });
      const all = ok(await post('operator', 'opWarrantyTermSave', { ...term, name: '全车配件质保', months: 3, categories: [], description: '' }));
      ok(await post('operator', 'opWarrantyTermSave', { ...all, enabled: false }));
      const list = ok(await get('system', 'opWarrantyTerms', {}));
      expect(list.data.map((x) => [x.name, x.months, x.enabled])).toEqual([['易损件质保', 6, true], ['全车配件质保', 3, false]]);
      expect(ok(await get('system', 'opWarrantyTerms', { enabled: 'false' })).total).toBe(1);
      const log = (await sql<{ action: string; username: string }>`select action, username from operator_audit where entity = 'warranty_term' order by id`.execute(db())).rows;
      expect(log).toEqual([{ action: 'create', username: 'wr-system' }, { action: 'create', username: 'operator' }, { action: 'disable', username: 'operator' }]);
    });

    it('a seller buys months of warranty from the wallet: one balanced fee, the end extended from the later of now and the current end; only the wallet\'s people buy', async () => {
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'warranty', level_id: level, pack_size: 12, price_fen: 120_000, enabled: true }));
      const c = ok(await get('seller', 'paidServiceCatalogue', {}));
      expect(c.products.find((p) => p.service === 'warranty')).toMatchObject({ pack_size: 12, price_fen: 120_000 });
      expect(c.standing.warranty).toEqual({ until: 0, active: false, months: 6 });
      await ledger.post(db(), {
        kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -500_000 }, { account: { kind: 'wallet_available', company_id: SELLER_CO }, amount_fen: 500_000 }],
      });
      const before = (await ledger.wallet(db(), SELLER_CO)).available_fen;
      // a clerk without the accounting codes may not buy; nothing moves
      expect((await post('clerk', 'paidServiceBuy', { service: 'warranty', packs: 1, amount_fen: 120_000, method: 'wallet' })).status).toBe(403);
      expect(await until()).toBeNull();

      const r = ok(await post('seller', 'paidServiceBuy', { service: 'warranty', packs: 1, amount_fen: 120_000, method: 'wallet' }));
      expect(r).toMatchObject({ state: 'paid', amount_fen: 120_000 });
      const now = env.clock.now();
      expect((await until())?.getTime()).toBe(addMonths(now, 12).getTime());
      expect((await ledger.wallet(db(), SELLER_CO)).available_fen).toBe(before - 120_000);
      const entries = (await sql<{ amount_fen: string; kind: string }>`select e.amount_fen, a.kind from ledger_entry e join ledger_transaction x on x.id = e.transaction_id
        join ledger_account a on a.id = e.account_id where x.reference = ${r.purchase_no} order by e.amount_fen`.execute(db())).rows;
      expect(entries.map((e) => [e.kind, Number(e.amount_fen)])).toEqual([['wallet_available', -120_000], ['fee_income', 120_000]]);

      // a second purchase while it runs adds to the current end, not to now
      ok(await post('seller', 'paidServiceBuy', { service: 'warranty', packs: 2, amount_fen: 240_000, method: 'wallet' }));
      expect((await until())?.getTime()).toBe(addMonths(addMonths(now, 12), 24).getTime());
      const standing = ok(await get('seller', 'paidServiceCatalogue', {})).standing.warranty;
      expect(standing).toMatchObject({ active: true, months: 6 });
      const rec = ok(await get('payOnly', 'opPaidServiceRecords', { service: 'warranty' }));
      expect(rec).toMatchObject({ total: 2, paid_fen: 360_000 });
      expect(rec.data[0]).toMatchObject({ units: 24, remaining: 36, company_id: SELLER_CO });

      // a pack is at most 36 months; a purchase may not take the end more than ten years ahead, and nothing moves
      expect((await post('operator', 'opPaidServiceProductSave', { service: 'warranty', level_id: level, pack_size: 37, price_fen: 120_000, enabled: true })).body)
        .toMatchObject({ code: 422, field: 'pack_size', client_msg: warrantyText.packMonths });
      const end = await until();
      const wallet = (await ledger.wallet(db(), SELLER_CO)).available_fen;
      const far = await post('seller', 'paidServiceBuy', { service: 'warranty', packs: 8, amount_fen: 960_000, method: 'wallet' });
      expect(far.body).toMatchObject({ code: 422, field: 'packs' });
      expect(far.body.client_msg).toContain('平台质保最多购买到 10 年后');
      expect(await until()).toEqual(end);
      expect((await ledger.wallet(db(), SELLER_CO)).available_fen).toBe(wallet);
    });

    it('the 质保 mark is in search answers and on the shop only while the warranty runs and a term covers the part', async () => {
      expect(await markOf()).toBe(6);
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).warranty_months).toBe(6);
      // a part of a category no enabled term covers has no mark
      await sql`update stock set category_name = '发动机件' where id = ${stockA}`.execute(db());
      expect(await markOf()).toBeUndefined();
      await sql`update stock set category_name = '易损件' where id = ${stockA}`.execute(db());
      // lapsed: no mark anywhere
      const kept = await until();
      await sql`update company set warranty_until = ${new Date(env.clock.now().getTime() - 1000)} where id = ${SELLER_CO}`.execute(db());
      expect(await markOf()).toBeUndefined();
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).warranty_months).toBe(0);
      await sql`update company set warranty_until = ${kept} where id = ${SELLER_CO}`.execute(db());
      expect(await markOf()).toBe(6);
    });

    it('past the ordinary window a quality problem is taken under the warranty (质保售后), refused without it, after it, past the term or for another reason', async () => {
      const late = await received(AFTERSALE_WINDOW_DAYS + 5);
      expect((await apply(late, '买错了/不想要了')).body).toMatchObject({ code: 409, client_msg: WINDOW_PASSED });
      const a = ok(await apply(late));
      expect(a).toMatchObject({ status: 'pending', warranty_months: 6, reason: '质量问题' });
      // the seller and the operator see it as one
      expect(ok(await get('seller', 'afterSaleRetrieve', { as_no: a.as_no }))).toMatchObject({ side: 'seller', warranty_months: 6 });
      const opList = ok(await get('operator', 'opAfterSaleList', { no: a.as_no }));
      expect(opList.data[0]).toMatchObject({ as_no: a.as_no, warranty_months: 6 });
      const sellerList = ok(await get('seller', 'afterSaleSearch', { side: 'seller', no: a.as_no }));
      expect(sellerList.data[0]).toMatchObject({ warranty_months: 6 });

      // past the term's 6 months after receipt
      const tooOld = await received(200);
      expect((await apply(tooOld)).body).toMatchObject({ code: 409, client_msg: WINDOW_PASSED });
      // an ordinary after-sale inside the window is not marked
      const fresh = await received(1);
      expect(ok(await apply(fresh))).toMatchObject({ warranty_months: 0 });

      // after the warranty ended: refused with the ordinary message
      const kept = await until();
      await sql`update company set warranty_until = ${new Date(env.clock.now().getTime() - 1000)} where id = ${SELLER_CO}`.execute(db());
      const after = await received(AFTERSALE_WINDOW_DAYS + 5);
      expect((await apply(after)).body).toMatchObject({ code: 409, client_msg: WINDOW_PASSED });
      // never bought at all (another state of "without")
      await sql`update company set warranty_until = null where id = ${SELLER_CO}`.execute(db());
      expect((await apply(after)).body).toMatchObject({ code: 409, client_msg: WINDOW_PASSED });
      await sql`update company set warranty_until = ${kept} where id = ${SELLER_CO}`.execute(db());
      expect(ok(await apply(after))).toMatchObject({ warranty_months: 6 });
    });
  });
});
