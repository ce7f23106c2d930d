/**
 * 组合套装 (docs/activities.md "组合套装"): the operator's bundle activity; a seller's bundle of
 * rows and every refusal (1 row or 6, another company's row, a row twice, a line of 0, a price that
 * saves nothing, more bundles than a row allows, the wrong kind, a row in an overlapping activity);
 * the approval taking bundles × pieces out of each row; buying n bundles (the order's lines at the
 * everyday price with their share of the saving), a cancel back into the reserve, an after-sale
 * refunding a line's paid part exactly; buyers at once against 3 bundles; the end giving each row
 * its unsold pieces. After each scenario every row's pieces add up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { activityText } from '../../src/shared/domain/activities';
import { bundleText } from '../../src/shared/domain/bundles';
import { createActivityService } from '../../src/server/modules/activity/activity.service';
import { createLedgerService } from '../../src/server/modules/ledger/ledger.service';
import { reconcile } from '../../src/server/modules/ledger/reconcile';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const SELLER_CO = 2;
const BUYER_CO = 3;
const HOUR = 3600;

describe.each(backends)('bundles on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'apply, audit, buy, after-sale, oversell, end', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `bundle-${backend}-${++keyN}-0000`;
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | undefined = key()) => env.api(name, payload, { token: t[who] ?? who, idempotencyKey: k });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] ?? who });
    const rows: number[] = [];
    let oe0 = '';
    const qtyOf = async (stockId: number) => (await sql<{ quantity: number }>`select quantity from stock where id = ${stockId}`.execute(db())).rows[0].quantity;
    const itemOf = async (id: number) => (await sql<{ state: string; reserved: number; sold: number; returned: number }>`select state, reserved, sold, returned from activity_item where id = ${id}`.execute(db())).rows[0];
    const counts = async () => (await sql<Record<string, number>>`select
      (select count(*) from activity)::int as activities, (select count(*) from activity_item)::int as items, (select count(*) from activity_bundle_line)::int as lines,
      (select count(*) from goods_order)::int as orders, (select coalesce(sum(qty), 0) from activity_buyer)::int as bought,
      (select coalesce(sum(quantity), 0) from stock where company_id = ${SELLER_CO})::int as stock, (select coalesce(sum(sold), 0) from activity_item)::int as sold`.execute(db())).rows[0];
    /** a row's pieces: on the row, in unsettled bundle reserves (bundles × pieces each), on live orders */
    const pieces = async (stockId: number) => (await sql<{ n: number }>`select (
      (select quantity from stock where id = ${stockId})
      + (select coalesce(sum((i.reserved - i.sold - i.returned) * b.qty), 0) from activity_bundle_line b join activity_item i on i.id = b.item_id where b.stock_id = ${stockId} and i.state = 'approved')
      + (select coalesce(sum(l.qty), 0) from goods_order_line l join goods_order o on o.id = l.order_id where l.stock_id = ${stockId} and o.status not in ('cancelled', 'rejected'))
    )::int as n`.execute(db())).rows[0].n;
    const original = new Map<number, number>();
    const balanced = async () => { for (const r of rows) expect(await pieces(r), `row ${r}`).toBe(original.get(r)); };
    const create = async (p: Partial<PayloadIn<'opActivityCreate'>> = {}) => {
      const r = await post('operator', 'opActivityCreate', { name: '保养套装', kind: 'bundle', start_at: now() + 60, end_at: now() + HOUR, per_buyer: 3, ...p });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    /** 2 × row 0 (100 元) + 1 × row 1 (300 元): 500 元 every day */
    const applyBundle = async (activityId: number, price = 45_000, bundles = 10, lines = [{ stock_id: rows[0], qty: 2 }, { stock_id: rows[1], qty: 1 }]) => {
      const r = await post('seller', 'activityApplyBundle', { activity_id: activityId, lines, bundle_price_fen: price, bundle_qty: bundles });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const approve = async (itemId: number) => {
      const r = await post('auditor', 'opActivityApprove', { id: itemId });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const newBuyer = async (i: number) => {
      const co = (await sql<{ id: number }>`insert into company (name, short_name, level_id) values (${`套装汽配${backend}${i}`}, ${`套装${i}`}, 3) returning id`.execute(db())).rows[0].id;
      const username = `bundlebuyer${i}${backend.slice(0, 2)}`;
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner, permissions)
        select gen_random_uuid(), ${co}, ${username}, '老板', password_hash, true, array['C09'] from app_user where username = 'buyer'`.execute(db());
      return (await env.login(username)).access_token;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 100, accessTtlSeconds: 30 * 86_400 });
      for (const u of ['buyer', 'seller', 'operator', 'member']) t[u] = (await env.login(u)).access_token;
      t.auditor = await operatorWith(env, `bundle-audit-${backend}`, ['D08-03']);
      rows.push(...(await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 6`.execute(db())).rows.map((r) => Number(r.id)));
      const price = [10_000, 30_000, 5_000, 5_000, 5_000, 5_000];
      for (const [n, r] of rows.entries()) {
        await sql`update stock set quantity = 100, price0 = ${price[n]}, price1 = ${price[n]}, price2 = ${price[n]}, price3 = ${price[n]}, price5 = null, price99 = ${price[n]} where id = ${r}`.execute(db());
      }
      for (const r of rows) original.set(r, await pieces(r));
      oe0 = (await sql<{ supplier_oe: string }>`select supplier_oe from stock where id = ${rows[0]}`.execute(db())).rows[0].supplier_oe;
      await sql`update app_user set permissions = array_append(permissions, 'M03') where username = 'member'`.execute(db());
      t.member = (await env.login('member')).access_token;
    }, 600_000);
    afterAll(async () => env?.close());

    it('the operator creates a bundle activity; a seller applies a bundle; every bad input names its field and changes nothing; the approval takes bundles × pieces out of each row', async () => {
      expect((await post('operator', 'opActivityCreate', { name: '无限购', kind: 'bundle', start_at: now() + 60, end_at: now() + HOUR })).body).toMatchObject({ code: 422, field: 'per_buyer' });
      const a = await create({ start_at: now() + 10 * HOUR, end_at: now() + 12 * HOUR });
      expect(a).toMatchObject({ kind: 'bundle', kind_name: '组合套装', per_buyer: 3 });
      const seckill = (await post('operator', 'opActivityCreate', { name: '秒杀', kind: 'seckill', start_at: now() + 20 * HOUR, end_at: now() + 21 * HOUR, per_buyer: 1 })).body.data!;
      const other = Number((await sql<{ id: number }>`select id from stock where company_id <> ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0].id);
      const before = await counts();
      const two = [{ stock_id: rows[0], qty: 2 }, { stock_id: rows[1], qty: 1 }];
      const bad = async (p: Partial<PayloadIn<'activityApplyBundle'>>, who = 'seller') =>
        (await post(who, 'activityApplyBundle', { activity_id: a.id, lines: two, bundle_price_fen: 45_000, bundle_qty: 10, ...p })).body;
      expect(await bad({ lines: [two[0]] })).toMatchObject({ code: 422, field: 'lines', client_msg: bundleText.lines });
      expect(await bad({ lines: rows.map((r) => ({ stock_id: r, qty: 1 })) })).toMatchObject({ code: 422, field: 'lines', client_msg: bundleText.lines });
      expect(await bad({ lines: [two[0], { stock_id: other, qty: 1 }] })).toMatchObject({ code: 422, field: 'lines', client_msg: activityText.notYourStock });
      expect(await bad({ lines: [two[0], { stock_id: rows[0], qty: 1 }] })).toMatchObject({ code: 422, field: 'lines', client_msg: bundleText.duplicate });
      expect(await bad({ lines: [two[0], { stock_id: rows[1], qty: 0 }] })).toMatchObject({ code: 422, field: 'lines.1.qty', client_msg: bundleText.lineQty });
      expect(await bad({ bundle_price_fen: 50_000 })).toMatchObject({ code: 422, field: 'bundle_price_fen', client_msg: bundleText.priceNotBelow('¥500.00') });
      expect(await bad({ bundle_price_fen: 0 })).toMatchObject({ code: 422, field: 'bundle_price_fen' });
      expect(await bad({ bundle_qty: 51 })).toMatchObject({ code: 422, field: 'bundle_qty', client_msg: bundleText.qtyOverStock(oe0, 100, 50) });
      expect(await bad({ bundle_qty: 0 })).toMatchObject({ code: 422, field: 'bundle_qty' });
      expect(await bad({ activity_id: seckill.id })).toMatchObject({ code: 422, field: 'activity_id', client_msg: bundleText.notBundle });
      expect((await post('seller', 'activityApply', { activity_id: a.id, stock_id: rows[0], activity_price_fen: 5000, activity_qty: 1 })).body).toMatchObject({ code: 422, field: 'activity_id', client_msg: bundleText.isBundle });
      expect(await bad({}, 'member')).toMatchObject({ code: 403, client_msg: activityText.notSeller });
      expect((await post('buyer', 'activityApplyBundle', { activity_id: a.id, lines: two, bundle_price_fen: 45_000, bundle_qty: 10 })).status).toBe(403);
      expect(await counts()).toEqual(before);

      const item = await applyBundle(a.id);
      expect(item).toMatchObject({ state: 'pending', activity_kind: 'bundle', activity_price_fen: 45_000, ordinary_fen: 50_000, activity_qty: 10, reserved: 0, stock_id: rows[0] });
      expect(item.lines.map((l) => [l.stock_id, l.qty, l.ordinary_fen, l.share_fen])).toEqual([[rows[0], 2, 10_000, 18_000], [rows[1], 1, 30_000, 27_000]]);
      // a row of this bundle in an overlapping activity (as a bundle's second row, or a 秒杀 row): refused, naming the activity
      const overlap = await create({ name: '重叠套装', start_at: now() + 11 * HOUR, end_at: now() + 13 * HOUR });
      const mid = await counts();
      expect((await post('seller', 'activityApplyBundle', { activity_id: overlap.id, lines: [{ stock_id: rows[2], qty: 1 }, { stock_id: rows[1], qty: 1 }], bundle_price_fen: 30_000, bundle_qty: 1 })).body)
        .toMatchObject({ code: 409, client_msg: expect.stringContaining(activityText.overlapping('保养套装')) });
      const overlapSeckill = (await post('operator', 'opActivityCreate', { name: '重叠秒杀', kind: 'seckill', start_at: now() + 11 * HOUR, end_at: now() + 13 * HOUR, per_buyer: 1 })).body.data!;
      expect((await post('seller', 'activityApply', { activity_id: overlapSeckill.id, stock_id: rows[1], activity_price_fen: 100, activity_qty: 1 })).body)
        .toMatchObject({ code: 409, client_msg: activityText.overlapping('保养套装') });
      expect((await counts()).items).toBe(mid.items);

      // the operator sees the bundle's rows and approves: 20 pieces of row 0 and 10 of row 1 into the reserve
      const queue = (await get('auditor', 'opActivityItems', { activity_id: a.id })).body.data!;
      expect(queue.data[0].lines).toHaveLength(2);
      const approved = await approve(item.id);
      expect(approved).toMatchObject({ state: 'approved', reserved: 10 });
      expect(await qtyOf(rows[0])).toBe(80);
      expect(await qtyOf(rows[1])).toBe(90);
      expect((await post('auditor', 'opActivityApprove', { id: item.id })).body).toMatchObject({ code: 409, client_msg: activityText.notPending });
      // a bundle whose row was sold down below bundles × pieces cannot be approved; nothing leaves any row
      const late = await create({ name: '库存不足套装', start_at: now() + 30 * HOUR, end_at: now() + 31 * HOUR });
      const short = await applyBundle(late.id, 12_000, 40, [{ stock_id: rows[2], qty: 1 }, { stock_id: rows[3], qty: 2 }]);
      await sql`update stock set quantity = 70 where id = ${rows[3]}`.execute(db());
      expect((await post('auditor', 'opActivityApprove', { id: short.id })).body).toMatchObject({ code: 409, client_msg: bundleText.approveShort(short.lines[1].supplier_oe, 70) });
      expect(await qtyOf(rows[2])).toBe(100);
      expect(await itemOf(short.id)).toMatchObject({ state: 'pending', reserved: 0 });
      await sql`update stock set quantity = 100 where id = ${rows[3]}`.execute(db());
      // ended early by the operator: the 10 bundles go back, 20 and 10 pieces
      expect((await post('operator', 'opActivityEnd', { id: a.id })).status).toBe(200);
      expect(await qtyOf(rows[0])).toBe(100);
      expect(await qtyOf(rows[1])).toBe(100);
      expect((await post('operator', 'opActivityEnd', { id: late.id })).status).toBe(200);
      await balanced();
    });

    it('a buyer buys 2 bundles: the order\'s lines at the everyday price with their share of the saving; a cancel goes back to the reserve; an after-sale refunds a line\'s paid part exactly', async () => {
      const a = await create({ name: '刹车套装' });
      const item = await applyBundle(a.id);
      await approve(item.id);
      const info = (q: number) => get('buyer', 'activityOrderInfo', { item_id: item.id, qty: q });
      expect((await info(1)).body.data).toMatchObject({ reason: activityText.notStarted });
      env.clock.advance(120);
      const shown = (await get('buyer', 'activityList', {})).body.data!.data.find((x) => x.activity.id === a.id)!;
      expect(shown.items[0]).toMatchObject({ item_id: item.id, activity_price_fen: 45_000, ordinary_fen: 50_000, left: 10 });
      expect(shown.items[0].lines.map((l) => l.qty)).toEqual([2, 1]);
      expect((await info(2)).body.data).toMatchObject({ reason: '', total_fen: 90_000, ordinary_total_fen: 100_000, saved_fen: 10_000, may_buy: 3 });

      const before = await counts();
      const buy = (qty: number, expected: number, who = 'buyer') => post(who, 'activityOrderComplete', { item_id: item.id, qty, expected_total_fen: expected, ...ADDRESS });
      expect((await buy(2, 100_000)).body).toMatchObject({ code: 409, field: 'expected_total_fen', client_msg: activityText.totalChanged('¥900.00') });
      expect((await buy(4, 180_000)).body).toMatchObject({ code: 409, client_msg: activityText.overLimit(3, 0, '套') });
      expect((await buy(1, 45_000, 'seller')).body).toMatchObject({ code: 409, client_msg: activityText.ownStock });
      expect(await counts()).toEqual(before);

      const placed = await buy(2, 90_000);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const no = placed.body.data!.order.order_no;
      const d = (await get('buyer', 'orderRetrieve', { order_no: no })).body.data!;
      expect(d).toMatchObject({ total_fen: 90_000, total_qty: 6, line_count: 2, reduction_fen: 10_000, reduction_name: '刹车套装', reduction_kind: 'bundle' });
      expect(d.lines.map((l) => [l.stock_id, l.qty, l.unit_price_fen, l.amount_fen, l.reduction_fen])).toEqual([[rows[0], 4, 10_000, 40_000, 4000], [rows[1], 2, 30_000, 60_000, 6000]]);
      expect(await qtyOf(rows[0])).toBe(80);
      expect(await itemOf(item.id)).toMatchObject({ reserved: 10, sold: 2 });
      expect((await info(2)).body.data).toMatchObject({ bought: 2, may_buy: 1, reason: activityText.overLimit(3, 2, '套') });
      await balanced();

      // cancelled: both lines' pieces back into the reserve (2 bundles), the rows as they were
      expect((await post('buyer', 'orderCancel', { order_no: no, reason: '买错了' })).status).toBe(200);
      expect(await itemOf(item.id)).toMatchObject({ sold: 0 });
      expect(await qtyOf(rows[0])).toBe(80);
      expect(await qtyOf(rows[1])).toBe(90);
      await balanced();

      // one bundle paid, received; the lines returned one piece at a time refund exactly the 450 元 paid
      const one = await buy(1, 45_000);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      const no1 = one.body.data!.order.order_no;
      const d1 = (await get('buyer', 'orderRetrieve', { order_no: no1 })).body.data!;
      const ledger = createLedgerService(env.clock);
      await ledger.post(db(), {
        kind: 'recharge', reference: 'TEST', idempotency_key: key(), created_by: null,
        lines: [{ account: { kind: 'provider', provider: 'sandbox' }, amount_fen: -45_000 }, { account: { kind: 'wallet_available', company_id: BUYER_CO }, amount_fen: 45_000 }],
      });
      expect((await post('buyer', 'orderPay', { order_nos: [no1], method: 'wallet' })).status).toBe(200);
      expect((await post('seller', 'orderConfirm', { order_no: no1 })).status).toBe(200);
      expect((await post('seller', 'orderDeliver', { order_no: no1, logistics_company: '德邦物流', logistics_no: `DP${keyN}654321` })).status).toBe(200);
      expect((await post('buyer', 'orderReceipt', { order_no: no1 })).status).toBe(200);
      let refunded = 0;
      const back = [[d1.lines[0].id, 1, 9000], [d1.lines[0].id, 1, 9000], [d1.lines[1].id, 1, 27_000]] as const;
      for (const [lineId, qty, fen] of back) {
        const as = (await post('buyer', 'afterSaleApply', { order_no: no1, type: 'refund', reason: '少件/漏发', description: '', img_infos: [], lines: [{ order_line_id: lineId, qty }] })).body.data!;
        expect(as.refund_fen).toBe(fen);
        expect((await post('seller', 'afterSaleAgree', { as_no: as.as_no })).status).toBe(200);
        expect((await post('seller', 'afterSaleComplete', { as_no: as.as_no, refund_method: '原路退回' })).body.data).toMatchObject({ status: 'completed' });
        refunded += as.refund_fen;
      }
      expect(refunded).toBe(45_000);
      expect((await reconcile(db())).problems).toEqual([]);
    });

    it('buyers at once against 3 bundles: exactly 3 orders; more than is left, and after the end, are refused; a cancel during the settlement gives each row its pieces', async () => {
      const a = await create({ name: '三套抢购', per_buyer: 9 });
      const item = await applyBundle(a.id, 12_000, 3, [{ stock_id: rows[4], qty: 1 }, { stock_id: rows[5], qty: 2 }]);
      await approve(item.id);
      expect(await qtyOf(rows[5])).toBe(94);
      env.clock.advance(120);
      const before = await counts();
      expect((await post('buyer', 'activityOrderComplete', { item_id: item.id, qty: 4, expected_total_fen: 48_000, ...ADDRESS })).body).toMatchObject({ code: 409, client_msg: activityText.notEnough(3, '套') });
      expect(await counts()).toEqual(before);
      const tokens: string[] = [];
      for (let i = 0; i < 8; i++) tokens.push(await newBuyer(i));
      const race = await Promise.all(tokens.map((tk) => env.api('activityOrderComplete', { item_id: item.id, qty: 1, expected_total_fen: 12_000, ...ADDRESS }, { token: tk, idempotencyKey: key() })));
      expect(race.filter((r) => r.status === 200)).toHaveLength(3);
      for (const r of race.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ code: 409, client_msg: activityText.soldOut });
      expect(await itemOf(item.id)).toMatchObject({ reserved: 3, sold: 3 });
      expect((await counts()).orders - before.orders).toBe(3);
      await balanced();

      // the end refuses at once; the sweep settles while a buyer cancels: whichever goes first, each row gets 1 × its pieces back
      env.clock.advance(HOUR);
      expect((await post('buyer', 'activityOrderComplete', { item_id: item.id, qty: 1, expected_total_fen: 12_000, ...ADDRESS })).body).toMatchObject({ code: 409, client_msg: activityText.activityEnded });
      const row4 = await qtyOf(rows[4]);
      const row5 = await qtyOf(rows[5]);
      const won = race.findIndex((r) => r.status === 200);
      const [cancel] = await Promise.all([
        env.api('orderCancel', { order_no: (race[won].body.data as { order: { order_no: string } }).order.order_no, reason: '不要了' }, { token: tokens[won], idempotencyKey: key() }),
        createActivityService({ clock: env.clock }).settleEnded(db(), env.clock.now()),
      ]);
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      const settled = await itemOf(item.id);
      expect(settled.sold + settled.returned).toBe(3);
      expect(await qtyOf(rows[4])).toBe(row4 + 1);
      expect(await qtyOf(rows[5])).toBe(row5 + 2);
      await balanced();
    }, 300_000);
  });
});
