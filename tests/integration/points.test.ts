/**
 * Points (docs/points.md) on both backends: the operator's rules (audited, refused without D10,
 * bad input naming its field); earning when an order completes (received after an offline
 * payment, paid from the wallet after receipt) with category rates and caps; refunds after
 * completion taking back their share; the points mall (operator's products with stock, the
 * buyer's redemption, refusals changing nothing, two tabs spending at once); the operator's
 * redemptions (ship, cancel with points and stock back); manual adjustment with a reason,
 * audited; the year-end notice and expiry. The points ledger is reconciled after every scenario
 * (every transaction balanced, every balance the sum of its entries) and so is the money ledger.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { pointsText } from '../../src/shared/domain/points';
import { msg } from '../../src/shared/messages';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { reconcilePoints } from '../../src/server/modules/points/points.reconcile';
import { assistantNotices, backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const BUYER_CO = 3;
const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('points on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'rules, earning, refunds, mall, redemptions, adjustment, expiry', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    let stockA: number;
    let stockB: number;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `pt-${backend}-${++keyN}-${randomUUID()}`;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | null = key()) =>
      env.api(name, payload, { token: t[who], idempotencyKey: k ?? undefined });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data as T; };
    const balance = async () => ok(await get('buyer', 'pointsSummary', {})).balance;
    const audits = async (entity: string) => (await sql<{ action: string; note: string; username: string }>`
      select action, note, username from operator_audit where entity = ${entity} order by id`.execute(db())).rows;
    /** what a refusal must leave as it was */
    const snapshot = async () => ({
      tx: (await sql<{ n: number }>`select count(*)::int as n from points_transaction`.execute(db())).rows[0].n,
      redemptions: (await sql<{ n: number }>`select count(*)::int as n from points_redemption`.execute(db())).rows[0].n,
      stock: (await sql`select id, stock from points_product order by id`.execute(db())).rows,
      balances: (await sql`select id, balance from points_account order by id`.execute(db())).rows,
    });

    /** An order of these stock rows (qty each) placed by the buyer, confirmed and shipped by the seller. */
    const shipped = async (lines: Array<[number, number]>) => {
      for (const [id, qty] of lines) ok(await post('buyer', 'cartAdd', { stock_id: id, qty }));
      const cart = ok(await get('buyer', 'cartList', {}));
      const items = cart.groups.flatMap((g) => g.items).filter((i) => lines.some(([id]) => id === i.stockId));
      const o = ok(await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: items.reduce((s, i) => s + i.amount, 0), ...ADDRESS })).orders[0];
      ok(await post('seller', 'orderConfirm', { order_no: o.order_no }));
      return o.order_no;
    };
    const deliver = async (no: string) => ok(await post('seller', 'orderDeliver', { order_no: no, logistics_company: '顺丰速运', logistics_no: `SF${Date.now()}${keyN}` }));
    const entriesOf = async () => ok(await get('buyer', 'pointsEntries', { page_size: 50 })).data;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200, accessTtlSeconds: 400 * 86_400 });
      ledger = createLedgerService(env.clock);
      for (const u of ['seller', 'buyer', 'clerk', 'operator', 'member']) t[u] = (await env.login(u)).access_token;
      t.pointsOp = await operatorWith(env, 'pt-points', ['D10-01']);
      t.ordersOp = await operatorWith(env, 'pt-orders', ['D10-02']);
      t.productsOp = await operatorWith(env, 'pt-products', ['D10-03']);
      t.payOp = await operatorWith(env, 'pt-pay', ['D05']);
      const rows = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 2`.execute(db())).rows;
      [stockA, stockB] = [rows[0].id, rows[1].id];
      await sql`update stock set quantity = 500, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null, category_name = '机油' where id = ${stockA}`.execute(db());
      await sql`update stock set quantity = 500, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price99 = 10000, price5 = null, category_name = '刹车片' where id = ${stockB}`.execute(db());
    });
    afterEach(async () => {
      const p = await reconcilePoints(db());
      expect(p.problems).toEqual([]);
      const m = await reconcile(db());
      expect(m.problems).toEqual([]);
      // the buyer's entries add up to its balance
      const all = ok(await get('buyer', 'pointsEntries', { page_size: 50 }));
      if (all.total <= 50) expect(all.data.reduce((s, e) => s + e.points, 0)).toBe(await balance());
    });
    afterAll(async () => env?.close());

    it('rules: D10-01 reads and saves them, audited; others are refused; bad input names its field and changes nothing', async () => {
      const rule = ok(await get('pointsOp', 'opPointsRule', {}));
      expect(rule).toMatchObject({ enabled: true, per_100_yuan: 100, order_cap: 0, month_cap: 0, notice_days: 30, categories: [] });
      const next = { enabled: true, per_100_yuan: 100, order_cap: 0, month_cap: 0, notice_days: 30, categories: [{ category: '机油', per_100_yuan: 300 }] };
      expect((await post('payOp', 'opPointsRuleSave', next)).status).toBe(403);
      expect((await post('buyer', 'opPointsRuleSave', next)).status).toBe(403);
      expect((await get('productsOp', 'opPointsRule', {})).status).toBe(403);
      expect((await post('pointsOp', 'opPointsRuleSave', { ...next, per_100_yuan: -1 })).body).toMatchObject({ code: 422, field: 'per_100_yuan', client_msg: expect.stringContaining(pointsText.rate) });
      expect((await post('pointsOp', 'opPointsRuleSave', { ...next, notice_days: 0 })).body).toMatchObject({ code: 422, field: 'notice_days' });
      expect((await post('pointsOp', 'opPointsRuleSave', { ...next, categories: [{ category: '机油', per_100_yuan: 1 }, { category: '机油', per_100_yuan: 2 }] })).body)
        .toMatchObject({ code: 422, field: 'categories', client_msg: expect.stringContaining(pointsText.categories) });
      expect(ok(await get('pointsOp', 'opPointsRule', {})).categories).toEqual([]);
      const saved = ok(await post('pointsOp', 'opPointsRuleSave', next));
      expect(saved.categories).toEqual([{ category: '机油', per_100_yuan: 300 }]);
      expect(await audits('points_rule')).toEqual([{ action: 'update', note: '', username: 'pt-points' }]);
      // the buyer reads the rule with its balance
      expect(ok(await get('buyer', 'pointsSummary', {})).rule.categories).toEqual([{ category: '机油', per_100_yuan: 300 }]);
    });

    it('earning: a completed order earns by category rate on what was paid, once; a received unpaid one earns when paid from the wallet', async () => {
      expect(await balance()).toBe(0);
      // 2 × 机油 (300 per 100 yuan) + 1 × 刹车片 (default 100): 600 + 100
      const a = await shipped([[stockA, 2], [stockB, 1]]);
      ok(await post('seller', 'orderOfflinePayment', { order_no: a, pay_method: '银行转账' }));
      await deliver(a);
      expect(await balance()).toBe(0);
      ok(await post('buyer', 'orderReceipt', { order_no: a }));
      expect(await balance()).toBe(700);
      const e = await entriesOf();
      expect(e[0]).toMatchObject({ kind: 'earn', points: 700, balance_after: 700, reference: a });
      // receipt again is refused and earns nothing more
      expect((await post('buyer', 'orderReceipt', { order_no: a })).status).toBe(409);
      expect(await balance()).toBe(700);

      // received unpaid, then paid from the wallet: completes and earns
      const b = await shipped([[stockB, 3]]);
      await deliver(b);
      ok(await post('buyer', 'orderReceipt', { order_no: b }));
      expect(await balance()).toBe(700);
      await ledger.post(db(), {
        kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -30_000 }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: 30_000 }],
      });
      ok(await post('buyer', 'orderPay', { order_nos: [b], method: 'wallet' }));
      expect(ok(await get('buyer', 'orderRetrieve', { order_no: b })).status).toBe('completed');
      expect(await balance()).toBe(1000);
    });

    it('caps: the order cap and the month cap bound what an order earns', async () => {
      ok(await post('pointsOp', 'opPointsRuleSave', { enabled: true, per_100_yuan: 100, order_cap: 150, month_cap: 1200, notice_days: 30, categories: [] }));
      const before = await balance();
      const a = await shipped([[stockB, 4]]);
      ok(await post('seller', 'orderOfflinePayment', { order_no: a, pay_method: '银行转账' }));
      await deliver(a);
      ok(await post('buyer', 'orderReceipt', { order_no: a }));
      // 400 by the rate, 150 by the order cap
      expect(await balance()).toBe(before + 150);
      const b = await shipped([[stockB, 4]]);
      ok(await post('seller', 'orderOfflinePayment', { order_no: b, pay_method: '银行转账' }));
      await deliver(b);
      ok(await post('buyer', 'orderReceipt', { order_no: b }));
      // this month earned 1150 before: 50 left of 1200
      expect(await balance()).toBe(before + 200);
      ok(await post('pointsOp', 'opPointsRuleSave', { enabled: true, per_100_yuan: 100, order_cap: 0, month_cap: 0, notice_days: 30, categories: [] }));
    });

    it('refunds after completion take back the refunded share; a full refund takes back the rest', async () => {
      const no = await shipped([[stockB, 2]]);
      ok(await post('seller', 'orderOfflinePayment', { order_no: no, pay_method: '银行转账' }));
      await deliver(no);
      const before = await balance();
      ok(await post('buyer', 'orderReceipt', { order_no: no }));
      expect(await balance()).toBe(before + 200);
      const line = ok(await get('buyer', 'orderRetrieve', { order_no: no })).lines[0];
      const refund = async () => {
        const as = ok(await post('buyer', 'afterSaleApply', { order_no: no, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: line.id, qty: 1 }] }));
        ok(await post('seller', 'afterSaleAgree', { as_no: as.as_no }));
        ok(await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '银行转账' }));
      };
      await refund();
      expect(await balance()).toBe(before + 100);
      expect((await entriesOf())[0]).toMatchObject({ kind: 'reverse', points: -100, reference: no });
      await refund();
      expect(await balance()).toBe(before);
    });

    it('products: D10-03 lists them with stock, audited; bad input names its field; others are refused', async () => {
      const p = { id: 0, name: '汽配汇定制保温杯', description: '304不锈钢，500ml', image: '', points: 300, stock: 3, enabled: true };
      expect((await post('pointsOp', 'opPointsProductSave', p)).status).toBe(403);
      expect((await post('productsOp', 'opPointsProductSave', { ...p, points: 0 })).body).toMatchObject({ code: 422, field: 'points', client_msg: expect.stringContaining(pointsText.points) });
      expect((await post('productsOp', 'opPointsProductSave', { ...p, stock: -1 })).body).toMatchObject({ code: 422, field: 'stock' });
      expect((await post('productsOp', 'opPointsProductSave', { ...p, name: '' })).body).toMatchObject({ code: 422, field: 'name' });
      expect((await post('productsOp', 'opPointsProductSave', { ...p, image: 'javascript:alert(1)' })).body).toMatchObject({ code: 422, field: 'image' });
      const cup = ok(await post('productsOp', 'opPointsProductSave', p));
      expect(cup).toMatchObject({ name: p.name, points: 300, stock: 3, enabled: true });
      expect((await post('productsOp', 'opPointsProductSave', { ...p, description: '' })).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining(pointsText.nameTaken) });
      ok(await post('productsOp', 'opPointsProductSave', { ...p, id: 0, name: '下架的雨刮', points: 10, stock: 10, enabled: false }));
      ok(await post('productsOp', 'opPointsProductSave', { ...p, id: 0, name: '扭力扳手套装', points: 100_000, stock: 5, enabled: true }));
      const list = ok(await get('productsOp', 'opPointsProducts', { k: '保温杯' }));
      expect(list.data.map((r) => r.name)).toEqual([p.name]);
      // the mall shows only listed products, searched by name
      const mall = ok(await get('buyer', 'pointsProductSearch', { k: '' }));
      expect(mall.data.map((r) => r.name)).toEqual([p.name, '扭力扳手套装']);
      expect(ok(await get('buyer', 'pointsProductSearch', { k: '雨刮' })).total).toBe(0);
      expect((await audits('points_product')).map((a) => a.action)).toEqual(['create', 'create', 'create']);
    });

    it('redeem: points and stock off, a 待发货 redemption; refusals say why in Chinese and change nothing', async () => {
      const cup = ok(await get('buyer', 'pointsProductSearch', { k: '保温杯' })).data[0];
      const off = ok(await get('productsOp', 'opPointsProducts', { k: '雨刮' })).data[0];
      const wrench = ok(await get('buyer', 'pointsProductSearch', { k: '扳手' })).data[0];
      const before = await snapshot();
      const have = await balance();
      const redeem = (extra: Partial<PayloadIn<'pointsRedeem'>> = {}, who = 'buyer', k: string | null = key()) =>
        post(who, 'pointsRedeem', { product_id: cup.id, qty: 1, ...ADDRESS, ...extra }, k);
      expect((await redeem({}, 'buyer', null)).body.client_msg).toBe(msg.idempotencyKeyMissing);
      expect((await redeem({ qty: 0 })).body).toMatchObject({ code: 422, field: 'qty', client_msg: expect.stringContaining(pointsText.qty) });
      expect((await redeem({ contact_phone: '123' })).body).toMatchObject({ code: 422, field: 'contact_phone' });
      expect((await redeem({ product_id: 999999 })).body).toMatchObject({ code: 422, field: 'product_id' });
      expect((await redeem({ product_id: off.id })).body).toMatchObject({ code: 409, client_msg: pointsText.productOff });
      expect((await redeem({ qty: 4 })).body).toMatchObject({ code: 409, client_msg: pointsText.stockShort(3) });
      expect((await redeem({ product_id: wrench.id })).body).toMatchObject({ code: 409, client_msg: pointsText.insufficient(have, 100_000) });
      // a user of a company without purchase or accounting codes
      expect((await redeem({}, 'member')).status).toBe(403);
      expect(await snapshot()).toEqual(before);

      const r = ok(await redeem());
      expect(r.balance).toBe(have - 300);
      expect(r.redemption).toMatchObject({ status: 'pending', product_name: cup.name, qty: 1, points_total: 300, company_id: BUYER_CO });
      expect(ok(await get('buyer', 'pointsProductSearch', { k: '保温杯' })).data[0].stock).toBe(2);
      expect((await entriesOf())[0]).toMatchObject({ kind: 'redeem', points: -300, reference: r.redemption.redemption_no });
      expect(ok(await get('buyer', 'pointsRedemptions', {})).data.map((x) => x.redemption_no)).toEqual([r.redemption.redemption_no]);
      // the same key replays the first answer: nothing more spent
      const k = key();
      ok(await redeem({}, 'buyer', k));
      const again = await redeem({}, 'buyer', k);
      expect(again.status).toBe(200);
      expect(await balance()).toBe(have - 600);
    });

    it('two tabs spending at once: exactly what the balance covers goes through, the rest is refused with 积分不足, nothing lost', async () => {
      ok(await post('productsOp', 'opPointsProductSave', { id: 0, name: '并发测试抱枕', description: '', image: '', points: 100, stock: 100, enabled: true }));
      const pillow = ok(await get('buyer', 'pointsProductSearch', { k: '抱枕' })).data[0];
      const have = await balance();
      const covered = Math.floor(have / 100);
      const tabs = covered + 4;
      const answers = await Promise.all(Array.from({ length: tabs }, () => post('buyer', 'pointsRedeem', { product_id: pillow.id, qty: 1, ...ADDRESS })));
      const passed = answers.filter((a) => a.status === 200);
      expect(passed.length).toBe(covered);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.body).toMatchObject({ code: 409, client_msg: expect.stringMatching(/^积分不足：当前 \d+ 积分，需要 100 积分$/) });
      expect(await balance()).toBe(have - covered * 100);
      expect(ok(await get('buyer', 'pointsProductSearch', { k: '抱枕' })).data[0].stock).toBe(100 - covered);
    });

    it('redemptions: D10-02 ships (待发货 → 已发货) or cancels with a reason (points and stock back); moves are audited; a wrong move says why', async () => {
      const list = ok(await get('ordersOp', 'opPointsOrders', { status: 'pending', k: '保温杯' }));
      expect(list.data.length).toBe(2);
      const [first, second] = list.data;
      expect((await post('productsOp', 'opPointsOrderShip', { redemption_no: first.redemption_no, logistics_company: '顺丰速运', logistics_no: 'SF100200300' })).status).toBe(403);
      expect((await post('ordersOp', 'opPointsOrderShip', { redemption_no: first.redemption_no, logistics_company: '', logistics_no: 'SF100200300' })).body).toMatchObject({ code: 422, field: 'logistics_company' });
      expect((await post('ordersOp', 'opPointsOrderCancel', { redemption_no: first.redemption_no, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      expect((await post('ordersOp', 'opPointsOrderShip', { redemption_no: 'PR00000000000000000000', logistics_company: '顺丰速运', logistics_no: 'SF100200300' })).body)
        .toMatchObject({ code: 404, client_msg: pointsText.redemptionNotFound });
      const shippedOne = ok(await post('ordersOp', 'opPointsOrderShip', { redemption_no: first.redemption_no, logistics_company: '顺丰速运', logistics_no: 'SF100200300' }));
      expect(shippedOne).toMatchObject({ status: 'shipped', logistics_no: 'SF100200300' });
      expect((await post('ordersOp', 'opPointsOrderCancel', { redemption_no: first.redemption_no, reason: '缺货无法发出' })).body)
        .toMatchObject({ code: 409, client_msg: '兑换订单已发货，不能取消' });
      const have = await balance();
      const stock = ok(await get('buyer', 'pointsProductSearch', { k: '保温杯' })).data[0].stock;
      const cancelled = ok(await post('ordersOp', 'opPointsOrderCancel', { redemption_no: second.redemption_no, reason: '缺货无法发出' }));
      expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: '缺货无法发出' });
      expect(await balance()).toBe(have + 300);
      expect(ok(await get('buyer', 'pointsProductSearch', { k: '保温杯' })).data[0].stock).toBe(stock + 1);
      expect((await entriesOf())[0]).toMatchObject({ kind: 'redeem_cancel', points: 300, reference: second.redemption_no });
      expect((await post('ordersOp', 'opPointsOrderShip', { redemption_no: second.redemption_no, logistics_company: '顺丰速运', logistics_no: 'SF100200301' })).body)
        .toMatchObject({ code: 409, client_msg: '兑换订单已取消，不能发货' });
      expect((await audits('points_redemption')).map((a) => a.action)).toEqual(['ship', 'cancel']);
    });

    it('adjustment: D10-01 adds or takes points with a reason, audited; never below zero; bad input names its field', async () => {
      const have = await balance();
      const adjust = (points: number, reason = '线下活动奖励积分', who = 'pointsOp') => post(who, 'opPointsAdjust', { company_id: BUYER_CO, points, reason });
      expect((await adjust(100, '线下活动奖励积分', 'ordersOp')).status).toBe(403);
      expect((await adjust(100, '')).body).toMatchObject({ code: 422, field: 'reason' });
      expect((await adjust(0)).body).toMatchObject({ code: 422, field: 'points', client_msg: expect.stringContaining(pointsText.adjustZero) });
      expect((await post('pointsOp', 'opPointsAdjust', { company_id: 999999, points: 5, reason: '线下活动奖励积分' })).body).toMatchObject({ code: 422, field: 'company_id' });
      expect((await adjust(-(have + 1), '扣回误发积分')).body).toMatchObject({ code: 422, field: 'points', client_msg: expect.stringContaining(pointsText.adjustBelowZero(have)) });
      expect(await balance()).toBe(have);
      expect(ok(await adjust(500))).toEqual({ company_id: BUYER_CO, balance: have + 500 });
      expect(ok(await adjust(-200, '扣回误发积分')).balance).toBe(have + 300);
      expect((await entriesOf())[0]).toMatchObject({ kind: 'adjust', points: -200, note: '扣回误发积分' });
      expect((await audits('points_account')).map((a) => [a.action, a.note])).toEqual([['points_adjust', '线下活动奖励积分'], ['points_adjust', '扣回误发积分']]);
      const row = ok(await get('pointsOp', 'opPointsCompanies', { k: String(BUYER_CO) })).data.find((r) => r.company_id === BUYER_CO);
      expect(row?.balance).toBe(have + 300);
      const entries = ok(await get('pointsOp', 'opPointsCompanyEntries', { company_id: BUYER_CO }));
      expect(entries.data[0]).toMatchObject({ kind: 'adjust', points: -200 });
      // a buyer without the right codes sees nothing of it
      expect((await get('clerk', 'pointsSummary', {})).status).toBe(403);
    });

    it('expiry: told once in the message assistant the set days before the year end; after it, the year\'s points left expire once, newer points stay', async () => {
      const have = await balance();
      expect(have).toBeGreaterThan(0);
      env.clock.current = new Date('2026-11-20T02:00:00Z');
      expect(await env.pointsJobs.sweep(env.clock.now())).toEqual({ expired: 0, noticed: 0 });
      env.clock.current = new Date('2026-12-05T02:00:00Z');
      const first = await env.pointsJobs.sweep(env.clock.now());
      expect(first.expired).toBe(0);
      expect(first.noticed).toBeGreaterThanOrEqual(1);
      expect((await env.pointsJobs.sweep(env.clock.now())).noticed).toBe(0);
      const told = (await assistantNotices(env, 'buyer')).filter((n) => n.标题 === '积分即将过期');
      expect(told).toEqual([expect.objectContaining({ 内容: `积分即将过期：贵公司有 ${have} 积分将于 2026-12-31 24:00 过期，请尽快到积分商城兑换。` })]);
      // 2027-01-01 08:00 China: 100 earned in the new year, 50 spent (the old points go first)
      env.clock.current = new Date('2027-01-01T00:00:00Z');
      ok(await post('pointsOp', 'opPointsAdjust', { company_id: BUYER_CO, points: 100, reason: '新年活动奖励' }));
      ok(await post('pointsOp', 'opPointsAdjust', { company_id: BUYER_CO, points: -50, reason: '扣回误发积分' }));
      expect((await env.pointsJobs.sweep(env.clock.now())).expired).toBeGreaterThanOrEqual(1);
      expect(await balance()).toBe(100);
      expect((await entriesOf())[0]).toMatchObject({ kind: 'expire', points: -(have - 50), reference: '2026' });
      expect((await env.pointsJobs.sweep(env.clock.now())).expired).toBe(0);
      expect(await balance()).toBe(100);
    });

    it('the ledger is written once: the database refuses changes to entries and balances', async () => {
      await expect(sql`update points_entry set points = points + 1`.execute(db())).rejects.toThrow(/积分账目只能追加/);
      await expect(sql`update points_account set balance = balance + 1`.execute(db())).rejects.toThrow(/积分余额只能由积分分录改变/);
      await expect(sql`delete from points_transaction`.execute(db())).rejects.toThrow(/积分账目只能追加/);
    });
  });
});
