/**
 * 满减 activities (docs/activities.md "满减"): the operator's tiers and their refusals; sellers'
 * applications (another company's row, a row in two overlapping activities) and the approval
 * (nothing reserved); the cart's 已减 / 还差; the checkout taking the tier off the seller order,
 * split over its lines; a stale total refused with the new one; payment, receipt and an after-sale
 * refunding a line’s paid share; vouchers counted after 满减; the operator’s end giving the full price back. The ledger is
 * reconciled after every scenario.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { activityText } from '../../src/shared/domain/activities';
import { fullReductionText } from '../../src/shared/domain/full-reduction';
import { createLedgerService, type LedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const BUYER_CO = 3;
const SELLER_CO = 2;
const HOUR = 3600;
const TIERS = [{ threshold_fen: 30_000, reduce_fen: 3000 }, { threshold_fen: 50_000, reduce_fen: 6000 }];

describe.each(backends)('满减 on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'tiers, apply, cart, checkout, after-sale', () => {
    let env: TestEnv;
    let ledger: LedgerService;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `fr-${backend}-${++keyN}-0000`;
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | undefined = key()) => env.api(name, payload, { token: t[who] ?? who, idempotencyKey: k });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] ?? who });
    const activity = (p: Partial<PayloadIn<'opActivityCreate'>> = {}): PayloadIn<'opActivityCreate'> => ({
      name: '春季满减', kind: 'full_reduction', description: '刹车系统满减', start_at: now() - 60, end_at: now() + 5 * HOUR, tiers: TIERS, ...p,
    });
    const rows: number[] = [];
    let otherRow = 0;
    let activityId = 0;
    const counts = async () => (await sql<Record<string, number>>`select
      (select count(*) from activity)::int as activities, (select count(*) from activity_item)::int as items,
      (select count(*) from goods_order)::int as orders, (select coalesce(sum(quantity), 0) from stock where company_id = ${SELLER_CO})::int as stock`.execute(db())).rows[0];
    const cart = async () => {
      const c = (await get('buyer', 'cartList', {})).body.data!;
      return { c, g: c.groups.find((x) => x.companyId === SELLER_CO)!, items: c.groups.flatMap((x) => x.items).filter((i) => i.stockId !== null && rows.includes(i.stockId)) };
    };
    const fill = async (qtyA: number, qtyB: number) => {
      await sql`delete from cart_item where user_id = (select id from app_user where username = 'buyer')`.execute(db());
      if (qtyA) expect((await post('buyer', 'cartAdd', { stock_id: rows[0], qty: qtyA })).status).toBe(200);
      if (qtyB) expect((await post('buyer', 'cartAdd', { stock_id: rows[1], qty: qtyB })).status).toBe(200);
      return cart();
    };
    const submit = (items: Array<{ id: number }>, expected: number) => post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: expected, ...ADDRESS });

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 30 * 86_400 });
      ledger = createLedgerService(env.clock);
      for (const u of ['buyer', 'seller', 'operator']) t[u] = (await env.login(u)).access_token;
      t.lister = await operatorWith(env, `fr-list-${backend}`, ['D08-02']);
      t.auditor = await operatorWith(env, `fr-audit-${backend}`, ['D08-03']);
      rows.push(...(await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 3`.execute(db())).rows.map((r) => Number(r.id)));
      otherRow = Number((await sql<{ id: number }>`select id from stock where company_id not in (${SELLER_CO}, ${BUYER_CO}) and state = 'on' order by id limit 1`.execute(db())).rows[0].id);
      // 100 元 a piece at every column
      await sql`update stock set quantity = 100, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price5 = null, price99 = 10000 where id = any(${sql.val(rows)}::bigint[])`.execute(db());
    }, 600_000);
    afterEach(async () => {
      const r = await reconcile(db());
      expect(r.problems).toEqual([]);
    });
    afterAll(async () => env?.close());

    it('the operator creates a 满减 activity; bad tiers name their field and save nothing', async () => {
      const before = await counts();
      const cases: Array<[Partial<PayloadIn<'opActivityCreate'>>, string, string]> = [
        [{ tiers: [] }, 'tiers', fullReductionText.tiers],
        [{ tiers: [TIERS[1], TIERS[0]] }, 'tiers', fullReductionText.notIncreasing],
        [{ tiers: [{ threshold_fen: 30_000, reduce_fen: 30_000 }] }, 'tiers', fullReductionText.offNotBelow(1)],
        [{ tiers: [TIERS[0], { threshold_fen: 50_000, reduce_fen: 3000 }] }, 'tiers', fullReductionText.offNotIncreasing],
        [{ kind: 'seckill', tiers: [] }, 'per_buyer', activityText.perBuyer],
      ];
      for (const [p, field, text] of cases) {
        const r = await post('lister', 'opActivityCreate', activity(p));
        expect(r.body, JSON.stringify(p)).toMatchObject({ code: 422, field });
        expect(r.body.client_msg ?? r.body.msg).toContain(text);
      }
      expect((await post('seller', 'opActivityCreate', activity())).status).toBe(403);
      expect(await counts()).toEqual(before);
      const r = await post('lister', 'opActivityCreate', activity());
      expect(r.body.data).toMatchObject({ kind: 'full_reduction', kind_name: '满减', tiers: TIERS, tiers_text: '满300元减30元，满500元减60元', phase: 'running' });
      activityId = r.body.data!.id;
    });

    it('sellers apply rows without a price; another company’s row and a row in an overlapping activity are refused; approval reserves nothing', async () => {
      const before = await counts();
      expect((await post('seller', 'activityApply', { activity_id: activityId, stock_id: otherRow })).body).toMatchObject({ code: 422, field: 'stock_id', client_msg: activityText.notYourStock });
      const ids: number[] = [];
      for (const stockId of rows.slice(0, 2)) {
        const r = await post('seller', 'activityApply', { activity_id: activityId, stock_id: stockId });
        expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ state: 'pending', activity_kind: 'full_reduction', activity_price_fen: 0, activity_qty: 0, ordinary_fen: 10_000 });
        ids.push(r.body.data!.id);
      }
      // a second 满减 whose window overlaps: the same row is refused
      const other = (await post('lister', 'opActivityCreate', activity({ name: '夏季满减', start_at: now() + HOUR, end_at: now() + 3 * HOUR }))).body.data!;
      expect((await post('seller', 'activityApply', { activity_id: other.id, stock_id: rows[0] })).body).toMatchObject({ code: 409, client_msg: activityText.overlapping('春季满减') });
      for (const id of ids) expect((await post('auditor', 'opActivityApprove', { id })).body.data).toMatchObject({ state: 'approved', reserved: 0 });
      expect((await counts()).stock).toBe(before.stock);
      // bought through the cart, not the seckill order page
      expect((await get('buyer', 'activityOrderInfo', { item_id: ids[0], qty: 1 })).body).toMatchObject({ code: 409, client_msg: fullReductionText.notBuyable });
    });

    it('the cart shows 还差 and 已减; the checkout takes the tier off the seller order, split over its lines; a stale total is refused with the new one', async () => {
      let { g } = await fill(2, 0);
      expect(g.fullReduction).toMatchObject({ activityId, goodsFen: 20_000, offFen: 0, nextGapFen: 10_000, nextOffFen: 3000 });
      const full = await fill(2, 2);
      g = full.g;
      expect(g.fullReduction).toMatchObject({ goodsFen: 40_000, offFen: 3000, nextGapFen: 10_000, nextOffFen: 6000 });
      expect(full.items.map((i) => i.reductionFen)).toEqual([1500, 1500]);
      const before = await counts();
      expect((await submit(full.items, 40_000)).body).toMatchObject({ code: 409, client_msg: orderText.totalChanged(37_000) });
      expect(await counts()).toEqual(before);
      const r = await submit(full.items, 37_000);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const no = r.body.data!.orders[0].order_no;
      const d = (await get('buyer', 'orderRetrieve', { order_no: no })).body.data!;
      expect(d).toMatchObject({ total_fen: 37_000, reduction_fen: 3000, reduction_name: '春季满减', voucher_fen: 0 });
      expect(d.lines.map((l) => l.reduction_fen)).toEqual([1500, 1500]);

      // paid from the wallet, received; returning one piece of a line refunds its goods less its share
      await ledger.post(db(), {
        kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -37_000 }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: 37_000 }],
      });
      expect((await post('buyer', 'orderPay', { order_nos: [no], method: 'wallet' })).status).toBe(200);
      expect((await post('seller', 'orderConfirm', { order_no: no })).status).toBe(200);
      expect((await post('seller', 'orderDeliver', { order_no: no, logistics_company: '德邦物流', logistics_no: `DP${keyN}123456` })).status).toBe(200);
      expect((await post('buyer', 'orderReceipt', { order_no: no })).status).toBe(200);
      const as = (await post('buyer', 'afterSaleApply', { order_no: no, type: 'refund', reason: '少件/漏发', description: '', img_infos: [], lines: [{ order_line_id: d.lines[0].id, qty: 1 }] })).body.data!;
      expect(as.refund_fen).toBe(10_000 - 750);
      expect((await post('seller', 'afterSaleAgree', { as_no: as.as_no })).status).toBe(200);
      const done = await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '原路退回' });
      expect(done.body.data, JSON.stringify(done.body)).toMatchObject({ status: 'completed' });
      // the rest of the order comes to exactly what was paid
      const rest = (await post('buyer', 'afterSaleApply', { order_no: no, type: 'refund', reason: '少件/漏发', description: '', img_infos: [], lines: [{ order_line_id: d.lines[0].id, qty: 1 }, { order_line_id: d.lines[1].id, qty: 2 }] })).body.data!;
      expect(rest.refund_fen + as.refund_fen).toBeLessThanOrEqual(37_000);
      expect(rest.refund_fen).toBe(10_000 - 750 + 20_000 - 1500);
    });

    it('vouchers count what is left after 满减: a threshold the goods reach only before the reduction is not met', async () => {
      const tpl = await post('seller', 'voucherTemplateCreate', {
        name: '满380减10', kind: 'amount', amount_fen: 1000, min_order_fen: 38_000, start_at: now() - 60, end_at: now() + 10 * HOUR, valid_days: 0, total_count: 10, per_company: 1,
      });
      expect(tpl.status, JSON.stringify(tpl.body)).toBe(200);
      const claim = (await post('buyer', 'voucherClaim', { template_id: tpl.body.data!.id })).body.data!;
      // 400 元 of goods, 30 off: 370 元 left, below the voucher's 380
      const { items } = await fill(2, 2);
      const offer = (await get('buyer', 'voucherCheckout', { cart_ids: items.map((i) => i.id).join(','), type_code: '配件产品' })).body.data!;
      const g = offer.groups.find((x) => x.company_id === SELLER_CO)!;
      expect(g.goods_fen).toBe(37_000);
      expect(g.options.find((o) => o.claim_id === claim.id)).toMatchObject({ discount_fen: 0, reason: expect.stringContaining('未满使用金额') });
      const before = await counts();
      expect((await post('buyer', 'cartSubmit', { cart_ids: items.map((i) => i.id), expected_total_fen: 36_000, ...ADDRESS, vouchers: [{ company_id: SELLER_CO, claim_id: claim.id }] })).body)
        .toMatchObject({ code: 409, client_msg: expect.stringContaining('未满使用金额') });
      expect(await counts()).toEqual(before);
      // 5 pieces: 500 元, 60 off, 440 left: the voucher comes off that
      const five = await fill(3, 2);
      // the options for part of the ticked lines are reckoned over those lines, as the checkout
      // reckons them: 3 pieces, 300 元, reach 满300减30 on their own (not a share of the 60 off the whole cart)
      const three = five.items.filter((i) => i.stockId === rows[0]);
      const part = (await get('buyer', 'voucherCheckout', { cart_ids: three.map((i) => i.id).join(','), type_code: '配件产品' })).body.data!;
      expect(part.groups.find((x) => x.company_id === SELLER_CO)?.goods_fen).toBe(30_000 - 3000);
      const r = await post('buyer', 'cartSubmit', { cart_ids: five.items.map((i) => i.id), expected_total_fen: 50_000 - 6000 - 1000, ...ADDRESS, vouchers: [{ company_id: SELLER_CO, claim_id: claim.id }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await get('buyer', 'orderRetrieve', { order_no: r.body.data!.orders[0].order_no })).body.data).toMatchObject({ total_fen: 43_000, reduction_fen: 6000, voucher_fen: 1000 });
    });

    it('a 满减 ended between the cart and the checkout: the checkout answers the new total; the order is at full price', async () => {
      const { items, g } = await fill(3, 0);
      expect(g.fullReduction).toMatchObject({ offFen: 3000 });
      expect((await post('lister', 'opActivityEnd', { id: activityId })).body.data).toMatchObject({ phase: 'ended' });
      const before = await counts();
      expect((await submit(items, 27_000)).body).toMatchObject({ code: 409, client_msg: orderText.totalChanged(30_000) });
      expect(await counts()).toEqual(before);
      expect((await cart()).g.fullReduction).toBeUndefined();
      const r = await submit(items, 30_000);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await get('buyer', 'orderRetrieve', { order_no: r.body.data!.orders[0].order_no })).body.data).toMatchObject({ total_fen: 30_000, reduction_fen: 0 });
    });
  });
});
