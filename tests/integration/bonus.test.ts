/**
 * The performance bonus (docs/bonus.md) on both backends: the operator's rule sets (D05-03,
 * audited; overlapping or gapped bands, a past month and a bad month refused under their field,
 * changing nothing); this month's running figures (D05-03 or D05-01) from completed orders' lines of rows
 * marked in 业绩设置 for the buyer's province, less completed refunds; the seller's own figures
 * (owner or accounting code only); settlement (D05-03) of an ended month into the seller's
 * wallet through the ledger — twice, or concurrently with the sweep, pays once; the settled
 * figures are written once. The money ledger is reconciled after every scenario.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { bonusText, type BonusBand } from '../../src/shared/domain/bonus';
import { createLedgerService } from '../../src/server/modules/ledger/ledger.service';
import { createBonusService } from '../../src/server/modules/bonus/bonus.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const SELLER_CO = 2;
const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '上海市闵行区沪闵路6088号' };
// ¥0–1,000 → 0 %, ¥1,000–5,000 → 1 %, ¥5,000 and more → 2 %
const BANDS: BonusBand[] = [
  { from_fen: 0, to_fen: 100_000, rate_bp: 0 },
  { from_fen: 100_000, to_fen: 500_000, rate_bp: 100 },
  { from_fen: 500_000, to_fen: 0, rate_bp: 200 },
];

describe.each(backends)('performance bonus on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'rules, running figures, settlement', () => {
    let env: TestEnv;
    let national: number;
    let guangdong: number;
    let plain: number;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `bo-${backend}-${++keyN}-${randomUUID()}`;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who], idempotencyKey: key() });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data as T; };
    const wallet = async () => ok(await get('seller', 'walletGet', {})).available_fen;
    const bonusTx = async () => (await sql<{ n: number }>`select count(*)::int as n from ledger_transaction where kind = 'bonus'`.execute(db())).rows[0].n;
    const audits = async (entity: string) => (await sql<{ action: string; entity_id: string; username: string }>`
      select action, entity_id, username from operator_audit where entity = ${entity} order by id`.execute(db())).rows;

    /** A completed order of these rows (qty each): placed, paid offline, shipped, received. */
    const completed = async (lines: Array<[number, number]>) => {
      for (const [id, qty] of lines) ok(await post('buyer', 'cartAdd', { stock_id: id, qty }));
      const cart = ok(await get('buyer', 'cartList', {}));
      const items = cart.groups.flatMap((g) => g.items).filter((i) => lines.some(([id]) => id === i.stockId));
      const o = ok(await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS })).orders[0];
      ok(await post('seller', 'orderConfirm', { order_no: o.order_no }));
      ok(await post('seller', 'orderOfflinePayment', { order_no: o.order_no, pay_method: '银行转账' }));
      ok(await post('seller', 'orderDeliver', { order_no: o.order_no, logistics_company: '顺丰速运', logistics_no: `SF${keyN}${Date.now()}` }));
      ok(await post('buyer', 'orderReceipt', { order_no: o.order_no }));
      return o.order_no;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200, accessTtlSeconds: 400 * 86_400 });
      for (const u of ['seller', 'buyer', 'clerk', 'operator']) t[u] = (await env.login(u)).access_token;
      // D05-03 sets rules and settles; D05-01 reads; D10 (积分) is another group
      t.settingOp = await operatorWith(env, 'bo-setting', ['D05-03']);
      t.currentOp = await operatorWith(env, 'bo-reader', ['D05-01']);
      t.pointsOp = await operatorWith(env, 'bo-points', ['D10']);
      const rows = (await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 3`.execute(db())).rows;
      [national, guangdong, plain] = rows.map((r) => r.id);
      await sql`update stock set performance = false, province_ids = '{}' where company_id = ${SELLER_CO}`.execute(db());
      await sql`update stock set quantity = 500, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null where id in (${national}, ${guangdong}, ${plain})`.execute(db());
      // 业绩设置: one row for the whole country, one for 广东省 only (the buyer is in 上海市), one not taking part
      ok(await post('seller', 'updatePerformanceSetting', { id: national, performance: true, province_ids: [] } as PayloadIn<'updatePerformanceSetting'>));
      ok(await post('seller', 'updatePerformanceSetting', { id: guangdong, performance: true, province_ids: [44] } as PayloadIn<'updatePerformanceSetting'>));
    });
    afterEach(async () => {
      const m = await reconcile(db());
      expect(m.problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    it('rules: D05-03 saves bands from this month on, audited; bad bands are refused naming the band, and change nothing', async () => {
      const save = (who: string, p: PayloadIn<'opBonusRuleSave'>) => post(who, 'opBonusRuleSave', p);
      const good = { effective_month: '2026-11', bands: BANDS };
      expect((await save('currentOp', good)).status).toBe(403);
      expect((await save('pointsOp', good)).status).toBe(403);
      expect((await save('seller', good)).status).toBe(403);
      expect((await get('seller', 'opBonusRules', {})).status).toBe(403);
      const overlap = await save('settingOp', { ...good, bands: [BANDS[0], { ...BANDS[1], from_fen: 90_000 }, BANDS[2]] });
      expect(overlap.body).toMatchObject({ code: 422, field: 'bands', client_msg: expect.stringContaining('第2档与第1档重叠：第2档应从 ¥1,000.00 起') });
      const gap = await save('settingOp', { ...good, bands: [BANDS[0], BANDS[1], { ...BANDS[2], from_fen: 600_000 }] });
      expect(gap.body).toMatchObject({ code: 422, field: 'bands', client_msg: expect.stringContaining('第3档与第2档之间有空缺') });
      expect((await save('settingOp', { ...good, bands: [BANDS[0], BANDS[1]] })).body).toMatchObject({ code: 422, field: 'bands', client_msg: expect.stringContaining('最后一档（第2档）应不设上限') });
      expect((await save('settingOp', { ...good, bands: [{ ...BANDS[0], rate_bp: 3001, to_fen: 0 }] })).body).toMatchObject({ code: 422, field: 'bands.0.rate_bp', client_msg: expect.stringContaining('奖励比例应为0至3000的整数') });
      expect((await save('settingOp', { ...good, effective_month: '2026-10' })).body).toMatchObject({ code: 422, field: 'effective_month', client_msg: expect.stringContaining(bonusText.effectivePast) });
      expect((await save('settingOp', { ...good, effective_month: '2026-13' })).body).toMatchObject({ code: 422, field: 'effective_month', client_msg: expect.stringContaining(bonusText.effectiveMonth) });
      expect(ok(await get('settingOp', 'opBonusRules', {}))).toEqual({ current_month: '2026-11', in_force: '', rules: [] });

      // a first rule for December, then this month's; saving a month again replaces its bands
      ok(await save('settingOp', { effective_month: '2026-12', bands: [{ from_fen: 0, to_fen: 0, rate_bp: 50 }] }));
      const saved = ok(await save('settingOp', { ...good, bands: [{ from_fen: 0, to_fen: 0, rate_bp: 10 }] }));
      expect(saved).toMatchObject({ effective_month: '2026-11', bands: [{ from_fen: 0, to_fen: 0, rate_bp: 10 }], updated_by_name: 'bo-setting' });
      ok(await save('settingOp', good));
      const rules = ok(await get('currentOp', 'opBonusRules', {}));
      expect(rules.in_force).toBe('2026-11');
      expect(rules.rules.map((r) => [r.effective_month, r.bands])).toEqual([['2026-12', [{ from_fen: 0, to_fen: 0, rate_bp: 50 }]], ['2026-11', BANDS]]);
      expect(await audits('bonus_rule')).toEqual([
        { action: 'create', entity_id: '2026-12', username: 'bo-setting' },
        { action: 'create', entity_id: '2026-11', username: 'bo-setting' },
        { action: 'update', entity_id: '2026-11', username: 'bo-setting' },
      ]);
    });

    it('running figures: completed orders of flagged rows for the buyer province, less completed refunds; the band, the bonus and what is left to the next', async () => {
      const current = async () => ok(await get('currentOp', 'opBonusCurrentMonth', { k: '' }));
      expect((await current()).data).toEqual([]);
      // 12 × ¥100 of the national row: counted; 5 × the 广东 row to 上海: not; an unflagged row beside a flagged one: only the flagged
      const a = await completed([[national, 12]]);
      await completed([[guangdong, 5]]);
      await completed([[national, 1], [plain, 3]]);
      // an order not completed counts nothing yet
      ok(await post('buyer', 'cartAdd', { stock_id: national, qty: 50 }));
      const cart = ok(await get('buyer', 'cartList', {}));
      const items = cart.groups.flatMap((g) => g.items).filter((i) => i.stockId === national);
      ok(await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS }));
      let f = await current();
      expect(f.data).toEqual([expect.objectContaining({ company_id: SELLER_CO, order_count: 2, sales_fen: 130_000, band: 2, rate_bp: 100, bonus_fen: 1_300, to_next_fen: 370_000, next_rate_bp: 200 })]);
      // a refund of one piece, completed: less ¥100
      const line = ok(await get('buyer', 'orderRetrieve', { order_no: a })).lines[0];
      const as = ok(await post('buyer', 'afterSaleApply', { order_no: a, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: line.id, qty: 1 }] }));
      ok(await post('seller', 'afterSaleAgree', { as_no: as.as_no }));
      f = await current();
      expect(f.data[0].sales_fen).toBe(130_000);
      ok(await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '银行转账' }));
      f = await current();
      expect(f).toMatchObject({ month: '2026-11', bands: BANDS, total: 1, sales_total_fen: 120_000, bonus_total_fen: 1_200 });
      expect(f.data[0]).toMatchObject({ sales_fen: 120_000, bonus_fen: 1_200, to_next_fen: 380_000 });
      expect((await get('currentOp', 'opBonusCurrentMonth', { k: '不存在的公司' })).body.data).toMatchObject({ total: 0, data: [] });
      expect((await get('pointsOp', 'opBonusCurrentMonth', { k: '' })).status).toBe(403);

      // the seller sees its own; a clerk without an accounting code and a buyer company do not
      const mine = ok(await get('seller', 'bonusMine', {}));
      expect(mine).toMatchObject({ month: '2026-11', bands: BANDS, current: { company_id: SELLER_CO, sales_fen: 120_000, band: 2, bonus_fen: 1_200 }, history: [] });
      expect((await get('clerk', 'bonusMine', {})).status).toBe(403);
      expect((await get('buyer', 'bonusMine', {})).status).toBe(403);
    });

    it('settlement: only an ended month with a rule; pays the seller wallet through the ledger once; the figures are written once', async () => {
      expect((await post('currentOp', 'opBonusSettle', { month: '2026-10' })).status).toBe(403);
      expect((await post('settingOp', 'opBonusSettle', { month: '2026-11' })).body).toMatchObject({ code: 422, field: 'month', client_msg: expect.stringContaining(bonusText.settleNotEnded) });
      expect((await post('settingOp', 'opBonusSettle', { month: '2026-10' })).body).toMatchObject({ code: 422, field: 'month', client_msg: expect.stringContaining(bonusText.noRule('2026-10')) });
      expect((await post('settingOp', 'opBonusSettle', { month: '11/2026' } as PayloadIn<'opBonusSettle'>)).body).toMatchObject({ code: 422, field: 'month' });
      expect(await bonusTx()).toBe(0);

      // 2026-12-02 in China
      env.clock.current = new Date('2026-12-01T18:00:00Z');
      const before = await wallet();
      const first = ok(await post('settingOp', 'opBonusSettle', { month: '2026-11' }));
      expect(first).toEqual({ month: '2026-11', settled: 1, already: 0, paid_fen: 1_200 });
      expect(await wallet()).toBe(before + 1_200);
      const again = ok(await post('settingOp', 'opBonusSettle', { month: '2026-11' }));
      expect(again).toEqual({ month: '2026-11', settled: 0, already: 1, paid_fen: 0 });
      expect(await wallet()).toBe(before + 1_200);
      expect(await bonusTx()).toBe(1);
      const entry = ok(await get('seller', 'walletEntries', { kind: 'bonus' } as PayloadIn<'walletEntries'>)).data[0];
      expect(entry).toMatchObject({ kind: 'bonus', amount_fen: 1_200 });
      expect(await audits('bonus_settlement')).toEqual([{ action: 'settle', entity_id: '2026-11', username: 'bo-setting' }]);

      const h = ok(await get('settingOp', 'opBonusHistory', { month: '2026-11', k: '' }));
      expect(h).toMatchObject({ total: 1, bonus_total_fen: 1_200, last_month: '2026-11' });
      expect(h.data[0]).toMatchObject({ month: '2026-11', company_id: SELLER_CO, order_count: 2, sales_fen: 120_000, band: 2, rate_bp: 100, bonus_fen: 1_200, bands: BANDS, settled_by_name: 'bo-setting' });
      expect(h.data[0].transaction_id).toBeGreaterThan(0);
      expect((await get('pointsOp', 'opBonusHistory', { month: '', k: '' })).status).toBe(403);
      expect(ok(await get('currentOp', 'opBonusHistory', { month: '', k: '' })).total).toBe(1);
      const mine = ok(await get('seller', 'bonusMine', {}));
      expect(mine.month).toBe('2026-12');
      expect(mine.current).toMatchObject({ sales_fen: 0, band: 1, rate_bp: 50, bonus_fen: 0 });
      expect(mine.history).toEqual([expect.objectContaining({ month: '2026-11', bonus_fen: 1_200 })]);

      // a settled month is a record: the database refuses to change it
      await expect(sql`update bonus_settlement set bonus_fen = 1`.execute(db())).rejects.toThrow();
      await expect(sql`delete from bonus_settlement`.execute(db())).rejects.toThrow();
    });

    it('the sweep settles last month from its 8th day; with the operator at the same moment it still pays once', async () => {
      await completed([[national, 30]]); // ¥3,000 in December at 0.5 %: ¥15
      const sweeper = createBonusService({ clock: env.clock, ledger: createLedgerService(env.clock), wallet: { holder: async () => { throw new Error('not used'); } } });
      env.clock.current = new Date('2027-01-06T04:00:00Z');
      expect(await sweeper.sweep(db(), env.clock.now())).toEqual({ settled: 0 });
      expect(await bonusTx()).toBe(1);
      env.clock.current = new Date('2027-01-08T04:00:00Z');
      const before = await wallet();
      const [s1, s2, op] = await Promise.all([
        sweeper.sweep(db(), env.clock.now()), sweeper.sweep(db(), env.clock.now()), post('settingOp', 'opBonusSettle', { month: '2026-12' }),
      ]);
      expect(s1.settled + s2.settled + ok(op).settled).toBe(1);
      expect(await wallet()).toBe(before + 1_500);
      expect(await bonusTx()).toBe(2);
      const dec = ok(await get('settingOp', 'opBonusHistory', { month: '2026-12', k: '' })).data;
      expect(dec).toEqual([expect.objectContaining({ company_id: SELLER_CO, sales_fen: 300_000, band: 1, rate_bp: 50, bonus_fen: 1_500 })]);
    });
  });
});
