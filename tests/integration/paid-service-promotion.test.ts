import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { paidPromotionText, paidServiceText } from '../../src/shared/contracts/paid-service';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** the 注册会员 company of `member` (level 3) */
const MEMBER_CO = 4;
const LEVEL = 3;
const HOUR = 3600;
const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://x').searchParams.get('token')!;
type Service = 'user' | 'stock' | 'vin';

describe.each(backends)('promotion prices of paid services on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'pricing, limits under concurrency, uses, money-list exports', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    /** the extra 注册会员 companies made for the races: token and company id */
    const buyers: Array<{ token: string; company: number }> = [];
    let keyN = 0;
    const key = () => `pp-${backend}-${++keyN}-${randomUUID()}`;
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who] ?? who, idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] ?? who });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const fund = (companyId: number, fen: number) => ledger.post(db(), {
      kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
      lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -fen }, { account: { kind: 'wallet_available', company_id: companyId }, amount_fen: fen }],
    });
    const buy = (who: string, service: Service, packs: number, amount_fen: number, method: 'wallet' | 'provider' = 'wallet') =>
      post(who, 'paidServiceBuy', { service, packs, amount_fen, method });
    const promotion = (p: Partial<PayloadIn<'opPaidPromotionSave'>>): PayloadIn<'opPaidPromotionSave'> => ({
      name: '限时特惠', service: 'user', level_ids: [LEVEL], kind: 'price', value: 8_000, start_at: now() - HOUR, end_at: now() + 24 * HOUR, ...p,
    });
    const counts = async () => (await sql<Record<string, number>>`select
      (select count(*) from paid_service_promotion)::int as promotions, (select count(*) from paid_service_promotion_use)::int as uses,
      (select count(*) from paid_service_purchase)::int as purchases, (select count(*) from ledger_transaction)::int as transactions`.execute(db())).rows[0];
    const used = async (id: number) => (await sql<{ used: number }>`select used from paid_service_promotion where id = ${id}`.execute(db())).rows[0].used;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50 });
      ledger = createLedgerService(env.clock);
      await sql`update app_user set permissions = array['C07', 'C15', 'M09', 'M06'] where username = 'member'`.execute(db());
      for (const u of ['member', 'seller', 'operator']) t[u] = (await env.login(u)).access_token;
      t.payReader = await operatorWith(env, 'pp-reader', ['D05-01']);
      t.noPay = await operatorWith(env, 'pp-nopay', ['D01']);
      // the list prices of level 3: seats 2 for 100 元, stock queries 100 for 50 元, VIN decodes 10 for 30 元
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'user', level_id: LEVEL, pack_size: 2, price_fen: 10_000, enabled: true }));
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'stock', level_id: LEVEL, pack_size: 100, price_fen: 5_000, enabled: true }));
      ok(await post('operator', 'opPaidServiceProductSave', { service: 'vin', level_id: LEVEL, pack_size: 10, price_fen: 3_000, enabled: true }));
      await fund(MEMBER_CO, 200_000);
      // twelve more 注册会员 companies, each with an owner holding the accounting code and 1000 元
      for (let i = 0; i < 12; i++) {
        const co = (await sql<{ id: number }>`insert into company (name, short_name, level_id) values (${`促销测试汽配${i}号店`}, ${`促销${i}`}, ${LEVEL}) returning id`.execute(db())).rows[0].id;
        const username = `ppbuyer${i}${backend.slice(0, 2)}`;
        await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner, permissions)
          select gen_random_uuid(), ${co}, ${username}, '老板', password_hash, true, array['M09'] from app_user where username = 'member'`.execute(db());
        await fund(co, 100_000);
        buyers.push({ token: (await env.login(username)).access_token, company: co });
      }
    });
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
    });
    afterAll(async () => env?.close());

    let seatPromo = 0;

    it('the operator creates a promotion price; every refusal names its field and changes nothing; readers only read', async () => {
      const before = await counts();
      for (const [payload, field, text] of [
        [promotion({ name: '' }), 'name', paidPromotionText.name],
        [promotion({ level_ids: [] }), 'level_ids', paidPromotionText.levelIds],
        [promotion({ level_ids: [999] }), 'level_ids', paidPromotionText.level],
        [promotion({ level_ids: [2] }), 'level_ids', paidPromotionText.noProduct('正式会员')],
        [promotion({ kind: 'half' as 'price' }), 'kind', paidPromotionText.kind],
        [promotion({ value: 0 }), 'value', paidPromotionText.value],
        [promotion({ value: 10_000 }), 'value', paidPromotionText.aboveList('注册会员', 10_000)],
        [promotion({ value: 12_000 }), 'value', paidPromotionText.aboveList('注册会员', 10_000)],
        [promotion({ kind: 'percent', value: 100 }), 'value', paidPromotionText.percent],
        [promotion({ end_at: now() - 2 * HOUR }), 'end_at', paidPromotionText.window],
        [promotion({ start_at: now() - 3 * HOUR, end_at: now() - HOUR }), 'end_at', paidPromotionText.endPassed],
        [promotion({ max_uses: -1 }), 'max_uses', paidPromotionText.maxUses],
        [promotion({ per_company: 1.5 }), 'per_company', paidPromotionText.perCompany],
        [promotion({ service: 'gift' as Service }), 'service', paidServiceText.service],
      ] as const) {
        const r = await post('operator', 'opPaidPromotionSave', payload);
        expect(r.body, JSON.stringify(payload)).toMatchObject({ code: 422, field });
        expect(r.body.client_msg, field).toContain(text);
      }
      expect((await post('payReader', 'opPaidPromotionSave', promotion({}))).status).toBe(403);
      expect((await post('member', 'opPaidPromotionSave', promotion({}))).status).toBe(403);
      expect((await post('operator', 'opPaidPromotionSave', promotion({}), null)).body).toMatchObject({ code: 422, field: 'Idempotency-Key' });
      expect(await counts()).toEqual(before);

      const created = ok(await post('operator', 'opPaidPromotionSave', promotion({ max_uses: 3, per_company: 1 })));
      expect(created).toMatchObject({ name: '限时特惠', service: 'user', level_ids: [LEVEL], level_names: '注册会员', kind: 'price', value: 8_000, max_uses: 3, per_company: 1, used: 0, enabled: true, state: 'live', created_by: 'operator' });
      seatPromo = created.id;
      // every operator write is in the audit log
      expect((await sql<{ action: string; username: string }>`select action, username from operator_audit where entity = 'paid_service_promotion' and entity_id = ${String(created.id)}`.execute(db())).rows)
        .toEqual([{ action: 'create', username: 'operator' }]);
      // overlapping another enabled promotion of the same service and level: refused; disabled or later: allowed
      const overlap = await post('operator', 'opPaidPromotionSave', promotion({ name: '另一个', start_at: now() + HOUR, end_at: now() + 48 * HOUR }));
      expect(overlap.body).toMatchObject({ code: 422, field: 'start_at', client_msg: expect.stringContaining(paidPromotionText.overlap('限时特惠')) });
      const off = ok(await post('operator', 'opPaidPromotionSave', promotion({ name: '备用促销', enabled: false, kind: 'percent', value: 30 })));
      expect(off.state).toBe('disabled');
      expect((await post('operator', 'opPaidPromotionEnable', { id: off.id, enabled: true })).body).toMatchObject({ code: 422, field: 'start_at' });
      const later = ok(await post('operator', 'opPaidPromotionSave', promotion({ name: '下周特惠', start_at: now() + 7 * 24 * HOUR, end_at: now() + 8 * 24 * HOUR })));
      expect(later.state).toBe('upcoming');
      expect((await post('operator', 'opPaidPromotionSave', { ...promotion({ name: '改名' }), id: 99_999 })).status).toBe(404);

      // the list and its filters, for a reader too
      const all = ok(await get('payReader', 'opPaidPromotions', {}));
      expect(all.total).toBe(3);
      expect(ok(await get('payReader', 'opPaidPromotions', { state: 'live' })).data.map((p) => p.name)).toEqual(['限时特惠']);
      expect(ok(await get('payReader', 'opPaidPromotions', { state: 'upcoming' })).data.map((p) => p.name)).toEqual(['下周特惠']);
      expect(ok(await get('payReader', 'opPaidPromotions', { state: 'disabled', q: '备用' })).total).toBe(1);
      expect(ok(await get('payReader', 'opPaidPromotions', { service: 'vin' })).total).toBe(0);
      expect((await get('payReader', 'opPaidPromotions', { state: 'soon' as 'live' })).body).toMatchObject({ code: 422, field: 'state' });
      expect((await get('seller', 'opPaidPromotions', {})).status).toBe(403);
    });

    it('while live the catalogue offers the promotional price, buying charges it and records the use; the per-company limit then gives the list price', async () => {
      const c = ok(await get('member', 'paidServiceCatalogue', {}));
      expect(c.products.find((p) => p.service === 'user')).toMatchObject({ price_fen: 8_000, list_price_fen: 10_000, promotion: { id: seatPromo, name: '限时特惠' } });
      expect(c.products.find((p) => p.service === 'stock')).toMatchObject({ price_fen: 5_000, list_price_fen: 5_000, promotion: null });
      const before = await counts();
      // the list price is no longer what it costs
      expect((await buy('member', 'user', 1, 10_000)).body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: expect.stringContaining(paidServiceText.priceChanged(8_000)) });
      expect(await counts()).toEqual(before);
      expect(await used(seatPromo)).toBe(0);

      const wallet0 = (await ledger.wallet(db(), MEMBER_CO)).available_fen;
      const bought = ok(await buy('member', 'user', 2, 16_000));
      expect(bought).toMatchObject({ state: 'paid', amount_fen: 16_000 });
      expect((await ledger.wallet(db(), MEMBER_CO)).available_fen).toBe(wallet0 - 16_000);
      expect(await used(seatPromo)).toBe(1);
      const uses = ok(await get('payReader', 'opPaidPromotionUses', { promotion_id: seatPromo }));
      expect(uses).toMatchObject({ total: 1, original_fen: 20_000, charged_fen: 16_000 });
      expect(uses.data[0]).toMatchObject({ company_id: MEMBER_CO, company_name: '杭州顺捷汽车修理厂', service: 'user', promotion_name: '限时特惠', level_name: '注册会员', packs: 2, original_fen: 20_000, charged_fen: 16_000, purchase_no: bought.purchase_no, state: 'paid' });
      // the purchase itself, in the records, at what was charged
      const rec = ok(await get('payReader', 'opPaidServiceRecords', { service: 'user' }));
      expect(rec.data.find((r) => r.purchase_no === bought.purchase_no)).toMatchObject({ amount_fen: 16_000, units: 4, state: 'paid' });

      // one per company: the next purchase is at the list price and records no use
      const again = ok(await get('member', 'paidServiceCatalogue', {}));
      expect(again.products.find((p) => p.service === 'user')).toMatchObject({ price_fen: 10_000, promotion: null });
      expect((await buy('member', 'user', 1, 8_000)).body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: expect.stringContaining(paidServiceText.priceChanged(10_000)) });
      expect(ok(await buy('member', 'user', 1, 10_000)).amount_fen).toBe(10_000);
      expect(await used(seatPromo)).toBe(1);
      const listed = ok(await get('payReader', 'opPaidPromotions', { state: 'live' })).data[0];
      expect(listed).toMatchObject({ id: seatPromo, used: 1, paid_uses: 1, saved_fen: 4_000 });
      // uses filters
      expect(ok(await get('payReader', 'opPaidPromotionUses', { company: '顺捷' })).total).toBe(1);
      expect(ok(await get('payReader', 'opPaidPromotionUses', { service: 'vin' })).total).toBe(0);
      expect(ok(await get('payReader', 'opPaidPromotionUses', { date_from: '2026-11-23' })).total).toBe(0);
      expect((await get('payReader', 'opPaidPromotionUses', { date_from: '2026-11-23', date_to: '2026-11-01' })).body).toMatchObject({ code: 422, field: 'date_to' });
    });

    it('the total limit holds when twelve companies buy at once, and the per-company limit when one company buys in five tabs', async () => {
      // 20% off stock queries (50 元 → 40 元), five purchases in all
      const p = ok(await post('operator', 'opPaidPromotionSave', promotion({ name: '查询八折', service: 'stock', kind: 'percent', value: 20, max_uses: 5 })));
      const before = await counts();
      const answers = await Promise.all(buyers.map((b) => buy(b.token, 'stock', 1, 4_000)));
      const paid = answers.filter((r) => r.status === 200);
      expect(paid).toHaveLength(5);
      for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ code: 422, field: 'amount_fen', client_msg: expect.stringContaining(paidServiceText.priceChanged(5_000)) });
      expect(await used(p.id)).toBe(5);
      const after = await counts();
      expect(after.uses - before.uses).toBe(5);
      expect(after.purchases - before.purchases).toBe(5);
      expect(ok(await get('payReader', 'opPaidPromotions', { service: 'stock' })).data[0]).toMatchObject({ state: 'used_up', used: 5, paid_uses: 5, saved_fen: 5_000 });
      // raising the total gives more; lowering it below what was used is refused
      expect((await post('operator', 'opPaidPromotionSave', { ...promotion({ name: '查询八折', service: 'stock', kind: 'percent', value: 20, max_uses: 4 }), id: p.id })).body)
        .toMatchObject({ code: 422, field: 'max_uses', client_msg: expect.stringContaining(paidPromotionText.belowUsed(5)) });

      // two per company, five tabs of one company at once: two at 24 元, three refused
      const v = ok(await post('operator', 'opPaidPromotionSave', promotion({ name: 'VIN 特价', service: 'vin', value: 2_400, per_company: 2 })));
      const tabs = await Promise.all([1, 2, 3, 4, 5].map(() => buy(buyers[0].token, 'vin', 1, 2_400)));
      expect(tabs.filter((r) => r.status === 200)).toHaveLength(2);
      expect(await used(v.id)).toBe(2);
      expect(ok(await get('payReader', 'opPaidPromotionUses', { promotion_id: v.id })).data.every((u) => u.company_id === buyers[0].company && u.charged_fen === 2_400)).toBe(true);
    });

    it('a provider purchase holds its use while pending, gives it back when cancelled; disabling or the window\'s end restores the list price', async () => {
      const b = buyers[1];
      const started = ok(await buy(b.token, 'user', 1, 8_000, 'provider'));
      expect(started).toMatchObject({ state: 'pending', amount_fen: 8_000 });
      expect(await used(seatPromo)).toBe(2);
      expect(ok(await get('payReader', 'opPaidPromotionUses', { promotion_id: seatPromo, company: '促销测试汽配1号店' })).data[0]).toMatchObject({ state: 'pending', charged_fen: 8_000 });
      ok(await env.api('sandboxConfirm', { token: tokenOf(started.checkout_url), action: 'cancel' }, { token: b.token }));
      expect(await used(seatPromo)).toBe(1);
      const listed = ok(await get('payReader', 'opPaidPromotionUses', { promotion_id: seatPromo }));
      expect(listed.data.find((u) => u.purchase_no === started.purchase_no)).toMatchObject({ state: 'cancelled' });
      // cancelled uses are not counted in the sums
      expect(listed).toMatchObject({ original_fen: 20_000, charged_fen: 16_000 });

      // the use came back: the same company buys at the promotional price through the provider and pays
      const second = ok(await buy(b.token, 'user', 1, 8_000, 'provider'));
      ok(await env.api('sandboxConfirm', { token: tokenOf(second.checkout_url), action: 'pay' }, { token: b.token }));
      expect(ok(await get('payReader', 'opPaidPromotionUses', { promotion_id: seatPromo })).data.find((u) => u.purchase_no === second.purchase_no)).toMatchObject({ state: 'paid' });
      expect(await used(seatPromo)).toBe(2);

      // switched off: the list price at once; switched on again: the promotion again
      expect(ok(await post('operator', 'opPaidPromotionEnable', { id: seatPromo, enabled: false })).state).toBe('disabled');
      expect(ok(await get(buyers[2].token, 'paidServiceCatalogue', {})).products.find((p) => p.service === 'user')).toMatchObject({ price_fen: 10_000, promotion: null });
      expect((await buy(buyers[2].token, 'user', 1, 8_000)).body).toMatchObject({ code: 422, field: 'amount_fen' });
      expect(ok(await post('operator', 'opPaidPromotionEnable', { id: seatPromo, enabled: true })).state).toBe('live');
      expect(ok(await get(buyers[2].token, 'paidServiceCatalogue', {})).products.find((p) => p.service === 'user')).toMatchObject({ price_fen: 8_000 });
      // after the window's end: the list price
      env.clock.advance(25 * HOUR);
      // (the day's tokens have expired meanwhile)
      for (const [who, username] of [['operator', 'operator'], ['seller', 'seller'], ['member', 'member'], ['payReader', 'pp-reader'], ['noPay', 'pp-nopay'], ['late', `ppbuyer2${backend.slice(0, 2)}`]]) {
        t[who] = (await env.login(username)).access_token;
      }
      expect(ok(await get('late', 'paidServiceCatalogue', {})).products.find((p) => p.service === 'user')).toMatchObject({ price_fen: 10_000, promotion: null });
      expect(ok(await buy('late', 'user', 1, 10_000)).amount_fen).toBe(10_000);
      expect(ok(await get('payReader', 'opPaidPromotions', { state: 'ended' })).data.map((p) => p.name)).toContain('限时特惠');
    });

    it('the operator\'s money lists download as XLSX for operators with the list\'s codes only', async () => {
      const load = async (path: string, token: string) => {
        const r = await env.raw('GET', path, { token });
        expect(r.status, path).toBe(200);
        expect(r.headers.get('content-type')).toContain('spreadsheetml');
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(await r.arrayBuffer());
        return wb.worksheets[0];
      };
      const uses = await load(`/api/operation/export/opPaidPromotionUses?promotion_id=${seatPromo}&company=${encodeURIComponent('顺捷')}`, t.payReader);
      expect((uses.getRow(1).values as unknown[]).slice(1)).toEqual(['时间', '企业', '服务', '促销', '等级', '包数', '原价（元）', '实付（元）', '购买单号', '状态']);
      expect((uses.getRow(2).values as unknown[]).slice(2, 11)).toEqual(['杭州顺捷汽车修理厂', '员工名额', '限时特惠', '注册会员', 2, 200, 160, expect.stringMatching(/^SV\d{20}$/), '已支付']);
      expect(uses.rowCount).toBe(2);
      const records = await load('/api/operation/export/opPaidServiceRecords?service=stock', t.payReader);
      expect(records.rowCount).toBe(6);
      expect((records.getRow(2).values as unknown[])[7]).toBe(40);
      const accounts = await load(`/api/operation/export/opPayAccounts?q=${encodeURIComponent('促销测试汽配0号店')}`, t.operator);
      expect((accounts.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['促销测试汽配0号店', (await ledger.wallet(db(), buyers[0].company)).available_fen / 100]);
      for (const path of ['/api/operation/export/opWithdrawalList', '/api/operation/export/opCashPledgeList']) {
        expect((await load(path, t.operator)).getRow(1).cellCount).toBeGreaterThan(4);
      }
      // a member company, and an operator without the pay codes, are refused
      for (const name of ['opPayAccounts', 'opWithdrawalList', 'opCashPledgeList', 'opPaidPromotionUses']) {
        expect((await env.raw('GET', `/api/operation/export/${name}`, { token: t.seller })).status, name).toBe(403);
        expect((await env.raw('GET', `/api/operation/export/${name}`, { token: t.noPay })).status, name).toBe(403);
      }
      expect((await env.raw('GET', '/api/operation/export/opPaidServiceRecords?service=user', { token: t.member })).status).toBe(403);
      // the list's own checks
      expect((await env.raw('GET', '/api/operation/export/opPaidServiceRecords?service=gift', { token: t.operator })).status).toBe(422);
    });
  });
});
