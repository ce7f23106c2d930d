/**
 * Activities (活动, docs/activities.md): the operator's activity and every bad input; a seller's
 * application and its refusals (activity price not below the everyday price, more than the row
 * holds, another company's row, the same row in two overlapping activities); the audit (the
 * reserve leaves the row on approval); buying through getinfo and complete with every refusal;
 * 50 buyers at once against 10 pieces; a cancelled order's pieces back in the reserve; the end
 * (the operator's and the sweep's) giving the unsold reserve back to the row. After each
 * scenario the pieces add up: row + reserve left + pieces on live orders = what the row had.
 */
import { stockText } from '../../src/shared/domain/stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { activityText } from '../../src/shared/domain/activities';
import { createActivityService } from '../../src/server/modules/activity/activity.service';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const SELLER_CO = 2;
const HOUR = 3600;

describe.each(backends)('activities on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'create, apply, audit, buy, oversell, end', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let keyN = 0;
    const key = () => `act-${backend}-${++keyN}-0000`;
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>, k: string | undefined = key()) => env.api(name, payload, { token: t[who] ?? who, idempotencyKey: k });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] ?? who });
    const activity = (p: Partial<PayloadIn<'opActivityCreate'>> = {}): PayloadIn<'opActivityCreate'> => ({
      name: '周末秒杀', kind: 'seckill', description: '刹车片限时秒杀', start_at: now() + HOUR, end_at: now() + 5 * HOUR, per_buyer: 2, ...p,
    });
    const rows: number[] = [];
    const qtyOf = async (stockId: number) => (await sql<{ quantity: number }>`select quantity from stock where id = ${stockId}`.execute(db())).rows[0].quantity;
    const itemOf = async (id: number) => (await sql<{ state: string; reserved: number; sold: number; returned: number }>`select state, reserved, sold, returned from activity_item where id = ${id}`.execute(db())).rows[0];
    const counts = async () => (await sql<Record<string, number>>`select
      (select count(*) from activity)::int as activities, (select count(*) from activity_item)::int as items,
      (select count(*) from activity_order)::int as activity_orders, (select count(*) from goods_order)::int as orders,
      (select coalesce(sum(qty), 0) from activity_buyer)::int as bought, (select coalesce(sum(quantity), 0) from stock where company_id = ${SELLER_CO})::int as stock,
      (select coalesce(sum(sold), 0) from activity_item)::int as sold, (select coalesce(sum(reserved), 0) from activity_item)::int as reserved`.execute(db())).rows[0];
    /** the pieces of a row: on the row, left in unsettled reserves, and on orders not cancelled or rejected */
    const pieces = async (stockId: number) => (await sql<{ n: number }>`select (
      (select quantity from stock where id = ${stockId})
      + (select coalesce(sum(reserved - sold - returned), 0) from activity_item where stock_id = ${stockId} and state = 'approved')
      + (select coalesce(sum(l.qty), 0) from goods_order_line l join goods_order o on o.id = l.order_id where l.stock_id = ${stockId} and o.status not in ('cancelled', 'rejected'))
    )::int as n`.execute(db())).rows[0].n;
    const newBuyer = async (i: number) => {
      const co = (await sql<{ id: number }>`insert into company (name, short_name, level_id) values (${`秒杀汽配${backend}${i}`}, ${`秒杀${i}`}, 3) returning id`.execute(db())).rows[0].id;
      const username = `actbuyer${i}${backend.slice(0, 2)}`;
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner, permissions)
        select gen_random_uuid(), ${co}, ${username}, '老板', password_hash, true, array['C09'] from app_user where username = 'buyer'`.execute(db());
      return (await env.login(username)).access_token;
    };
    const create = async (p: Partial<PayloadIn<'opActivityCreate'>> = {}) => {
      const r = await post('operator', 'opActivityCreate', activity(p));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const apply = async (activityId: number, stockId: number, price: number, qty: number) => {
      const r = await post('seller', 'activityApply', { activity_id: activityId, stock_id: stockId, activity_price_fen: price, activity_qty: qty });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const approve = async (itemId: number) => {
      const r = await post('auditor', 'opActivityApprove', { id: itemId });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const original = new Map<number, number>();

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 30 * 86_400 });
      for (const u of ['buyer', 'seller', 'operator', 'member']) t[u] = (await env.login(u)).access_token;
      t.lister = await operatorWith(env, `act-list-${backend}`, ['D08-02']);
      t.auditor = await operatorWith(env, `act-audit-${backend}`, ['D08-03']);
      rows.push(...(await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 8`.execute(db())).rows.map((r) => Number(r.id)));
      // 100 元 every day (90 元 the lowest column), 100 pieces each
      await sql`update stock set quantity = 100, price0 = 9000, price1 = 10000, price2 = 10000, price3 = 10000, price5 = null, price99 = 10000 where id = any(${sql.val(rows)}::bigint[])`.execute(db());
      // the pieces each row accounts for, from here on (the seed's demo orders hold some)
      for (const r of rows) original.set(r, await pieces(r));
      // the member's company (4) gets the product code but is no seller
      await sql`update app_user set permissions = array_append(permissions, 'M03') where username = 'member'`.execute(db());
      t.member = (await env.login('member')).access_token;
    }, 600_000);
    afterAll(async () => env?.close());

    const balanced = async () => { for (const r of rows) expect(await pieces(r), `row ${r}`).toBe(original.get(r)); };

    it('the operator creates and edits an activity; every bad input names its field and saves nothing; others may not', async () => {
      const before = await counts();
      const cases: Array<[Partial<PayloadIn<'opActivityCreate'>>, string, string]> = [
        [{ name: '' }, 'name', activityText.name],
        [{ start_at: now() + 100, end_at: now() + 50 }, 'end_at', activityText.window],
        [{ start_at: now() - 100, end_at: now() - 50 }, 'end_at', activityText.ended],
        [{ start_at: now(), end_at: now() + 32 * 86_400 }, 'end_at', activityText.tooLong],
        [{ per_buyer: 0 }, 'per_buyer', activityText.perBuyer],
        [{ kind: 'gift' as 'seckill' }, 'kind', activityText.kind],
      ];
      for (const [p, field, text] of cases) {
        const r = await post('operator', 'opActivityCreate', activity(p));
        expect(r.body, JSON.stringify(p)).toMatchObject({ code: 422, field });
        expect(r.body.client_msg ?? r.body.msg).toContain(text);
      }
      expect((await post('auditor', 'opActivityCreate', activity())).status).toBe(403);
      expect((await post('seller', 'opActivityCreate', activity())).status).toBe(403);
      expect(await counts()).toEqual(before);

      const a = (await post('lister', 'opActivityCreate', activity())).body.data!;
      expect(a).toMatchObject({ name: '周末秒杀', kind_name: '秒杀', phase: 'upcoming', phase_name: '未开始', per_buyer: 2, pending: 0 });
      const edited = await post('lister', 'opActivityUpdate', { id: a.id, ...activity({ name: '周末秒杀·改', per_buyer: 3, start_at: a.start_at, end_at: a.end_at }) });
      expect(edited.body.data).toMatchObject({ name: '周末秒杀·改', per_buyer: 3 });
      const list = (await get('lister', 'opActivityList', { phase: 'upcoming' })).body.data!;
      expect(list.data.map((x) => x.id)).toContain(a.id);
      // the activity is ended at once (nothing applied): it cannot change any more
      expect((await post('lister', 'opActivityEnd', { id: a.id })).body.data).toMatchObject({ phase: 'ended' });
      expect((await post('lister', 'opActivityUpdate', { id: a.id, ...activity({ start_at: a.start_at, end_at: a.end_at }) })).body).toMatchObject({ code: 409, client_msg: activityText.activityEnded });
    });

    it('a seller applies a row; a price not below the everyday price, more than the row holds, another company\'s row, a non-seller and an overlapping activity are refused and nothing changes', async () => {
      const a = await create({ name: '秒杀一' });
      const overlap = await create({ name: '秒杀重叠', start_at: now() + 2 * HOUR, end_at: now() + 6 * HOUR });
      const later = await create({ name: '秒杀以后', start_at: now() + 6 * HOUR, end_at: now() + 8 * HOUR });
      const other = Number((await sql<{ id: number }>`select id from stock where company_id <> ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0].id);
      const before = await counts();
      const bad = async (p: Partial<PayloadIn<'activityApply'>>, who = 'seller') =>
        (await post(who, 'activityApply', { activity_id: a.id, stock_id: rows[0], activity_price_fen: 5000, activity_qty: 10, ...p })).body;
      expect(await bad({ activity_price_fen: 9000 })).toMatchObject({ code: 422, field: 'activity_price_fen', client_msg: activityText.priceNotBelow('¥90.00') });
      expect(await bad({ activity_price_fen: 12_000 })).toMatchObject({ code: 422, field: 'activity_price_fen' });
      expect(await bad({ activity_price_fen: 0 })).toMatchObject({ code: 422, field: 'activity_price_fen' });
      expect(await bad({ activity_qty: 101 })).toMatchObject({ code: 422, field: 'activity_qty', client_msg: activityText.qtyOverStock(100) });
      expect(await bad({ stock_id: other })).toMatchObject({ code: 422, field: 'stock_id', client_msg: activityText.notYourStock });
      expect(await bad({ activity_id: 999_999 })).toMatchObject({ code: 422, field: 'activity_id' });
      expect(await bad({}, 'member')).toMatchObject({ code: 403, client_msg: activityText.notSeller });
      expect((await post('buyer', 'activityApply', { activity_id: a.id, stock_id: rows[0], activity_price_fen: 5000, activity_qty: 10 })).status).toBe(403);
      expect(await counts()).toEqual(before);

      const item = await apply(a.id, rows[0], 5000, 10);
      expect(item).toMatchObject({ state: 'pending', state_name: '待审核', ordinary_fen: 9000, activity_price_fen: 5000, activity_qty: 10, reserved: 0 });
      // the same row in an activity whose window overlaps: refused, in words naming that activity
      const mid = await counts();
      expect((await post('seller', 'activityApply', { activity_id: overlap.id, stock_id: rows[0], activity_price_fen: 5000, activity_qty: 5 })).body)
        .toMatchObject({ code: 409, client_msg: activityText.overlapping('秒杀一') });
      // two applications at once of one row to the two overlapping activities: one only
      const race = await Promise.all([overlap.id, a.id].map((id) => post('seller', 'activityApply', { activity_id: id, stock_id: rows[1], activity_price_fen: 5000, activity_qty: 5 })));
      expect(race.filter((r) => r.status === 200)).toHaveLength(1);
      expect(mid.items + 1).toBe((await counts()).items);
      // a window that only touches the first one's end is fine
      await apply(later.id, rows[0], 6000, 5);
      const mine = (await get('seller', 'activityApplications', { state: 'pending' })).body.data!;
      expect(mine.data.map((i) => i.id)).toContain(item.id);
      expect(mine.data.every((i) => i.company_id === SELLER_CO)).toBe(true);
      await balanced();
    });

    it('the operator audits: a rejection keeps its reason; an approval takes the quantity out of the row; a second audit is refused', async () => {
      const a = await create({ name: '审核秒杀', start_at: now() + 10 * HOUR, end_at: now() + 12 * HOUR });
      const i1 = await apply(a.id, rows[2], 7000, 30);
      const i2 = await apply(a.id, rows[3], 7000, 20);
      const queue = (await get('auditor', 'opActivityItems', { activity_id: a.id })).body.data!;
      expect(queue.data.map((i) => i.id)).toEqual([i1.id, i2.id]);
      expect((await post('lister', 'opActivityApprove', { id: i1.id })).status).toBe(403);
      expect((await post('auditor', 'opActivityReject', { id: i2.id, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      const rejected = (await post('auditor', 'opActivityReject', { id: i2.id, reason: '活动价不够低' })).body.data!;
      expect(rejected).toMatchObject({ state: 'rejected', reject_reason: '活动价不够低', reserved: 0 });
      expect(await qtyOf(rows[3])).toBe(100);
      const approved = await approve(i1.id);
      expect(approved).toMatchObject({ state: 'approved', state_name: '已通过', reserved: 30, stock_qty: 70 });
      expect(await qtyOf(rows[2])).toBe(70);
      expect((await post('auditor', 'opActivityApprove', { id: i1.id })).body).toMatchObject({ code: 409, client_msg: activityText.notPending });
      expect((await post('auditor', 'opActivityReject', { id: i2.id, reason: '再驳回' })).body).toMatchObject({ code: 409, client_msg: activityText.notPending });
      // a row sold down after the application cannot be approved for more than it holds
      const i3 = await apply((await create({ name: '库存不足', start_at: now() + 13 * HOUR, end_at: now() + 14 * HOUR })).id, rows[2], 7000, 60);
      await sql`update stock set quantity = 40 where id = ${rows[2]}`.execute(db());
      expect((await post('auditor', 'opActivityApprove', { id: i3.id })).body).toMatchObject({ code: 409, client_msg: activityText.approveShort(40) });
      expect(await itemOf(i3.id)).toMatchObject({ state: 'pending', reserved: 0 });
      await sql`update stock set quantity = 70 where id = ${rows[2]}`.execute(db());
      await balanced();
    });

    it('buyers see the running activity and buy through getinfo and complete; refusals change nothing; a cancel gives the pieces back to the reserve', async () => {
      const a = await create({ name: '正在秒杀', start_at: now() + 60, end_at: now() + 2 * HOUR, per_buyer: 3 });
      const item = await apply(a.id, rows[3], 4500, 8);
      await approve(item.id);
      const info = (q: number) => get('buyer', 'activityOrderInfo', { item_id: item.id, qty: q });
      expect((await info(1)).body.data).toMatchObject({ reason: activityText.notStarted, may_buy: 3 });
      expect((await post('buyer', 'activityOrderComplete', { item_id: item.id, qty: 1, expected_total_fen: 4500, ...ADDRESS })).body).toMatchObject({ code: 409, client_msg: activityText.notStarted });
      env.clock.advance(120);
      const shown = (await get('buyer', 'activityList', {})).body.data!.data.find((x) => x.activity.id === a.id)!;
      expect(shown.activity.phase).toBe('running');
      expect(shown.items[0]).toMatchObject({ item_id: item.id, activity_price_fen: 4500, ordinary_fen: 9000, left: 8 });
      expect((await info(2)).body.data).toMatchObject({ reason: '', total_fen: 9000, ordinary_total_fen: 18_000, saved_fen: 9000, bought: 0, may_buy: 3 });

      const before = await counts();
      const buy = (qty: number, expected: number, who = 'buyer') => post(who, 'activityOrderComplete', { item_id: item.id, qty, expected_total_fen: expected, ...ADDRESS });
      expect((await buy(2, 8000)).body).toMatchObject({ code: 409, field: 'expected_total_fen', client_msg: activityText.totalChanged('¥90.00') });
      expect((await buy(4, 18_000)).body).toMatchObject({ code: 409, client_msg: activityText.overLimit(3, 0) });
      expect((await buy(1, 4500, 'seller')).body).toMatchObject({ code: 409, client_msg: activityText.ownStock });
      expect((await post('buyer', 'activityOrderComplete', { item_id: item.id, qty: 1, expected_total_fen: 4500, ...ADDRESS, contact_phone: '123' })).body).toMatchObject({ code: 422, field: 'contact_phone' });
      // without an Idempotency-Key: refused
      expect((await env.api('activityOrderComplete', { item_id: item.id, qty: 1, expected_total_fen: 4500, ...ADDRESS }, { token: t.buyer })).status).not.toBe(200);
      expect(await counts()).toEqual(before);

      const k = key();
      const placed = await post('buyer', 'activityOrderComplete', { item_id: item.id, qty: 2, expected_total_fen: 9000, ...ADDRESS }, k);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const order = placed.body.data!.order;
      expect(order).toMatchObject({ total_fen: 9000, total_qty: 2, seller_company_id: SELLER_CO, status: 'pending' });
      // the same key replays the same order
      expect((await post('buyer', 'activityOrderComplete', { item_id: item.id, qty: 2, expected_total_fen: 9000, ...ADDRESS }, k)).body.data!.order.order_no).toBe(order.order_no);
      const detail = (await get('buyer', 'orderRetrieve', { order_no: order.order_no })).body.data!;
      expect(detail.lines[0]).toMatchObject({ stock_id: rows[3], qty: 2, unit_price_fen: 4500, amount_fen: 9000, price_column: 'activity' });
      // the row is untouched by the sale: the pieces came from the reserve
      expect(await qtyOf(rows[3])).toBe(92);
      expect(await itemOf(item.id)).toMatchObject({ reserved: 8, sold: 2 });
      expect((await info(2)).body.data).toMatchObject({ bought: 2, may_buy: 1, reason: activityText.overLimit(3, 2) });
      await balanced();

      // a row taken off sale sells no more in the activity either
      await sql`update stock set state = 'off' where id = ${rows[3]}`.execute(db());
      expect((await info(1)).body).toMatchObject({ code: 404, client_msg: activityText.itemNotFound });
      expect((await get('buyer', 'activityList', {})).body.data!.data.find((x) => x.activity.id === a.id)!.items).toEqual([]);
      await sql`update stock set state = 'on' where id = ${rows[3]}`.execute(db());

      // a Vietnamese company buys only in the Vietnam mall (docs/overseas.md)
      t.vnbuyer = (await env.login('vnbuyer')).access_token;
      expect((await get('vnbuyer', 'activityOrderInfo', { item_id: item.id, qty: 1 })).status).toBe(403);
      expect((await buy(1, 4500, 'vnbuyer')).status).toBe(403);

      // cancelled while the activity runs: back into the reserve, and the company may buy them again
      const c = await post('buyer', 'orderCancel', { order_no: order.order_no, reason: '买错了' });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(await itemOf(item.id)).toMatchObject({ sold: 0 });
      expect(await qtyOf(rows[3])).toBe(92);
      expect((await info(3)).body.data).toMatchObject({ bought: 0, reason: '' });
      await balanced();
    });

    it('a limit of 10 or more counts as a number (2 of 12, then 10 more, then 1 too many); a row that took part in an activity is not deleted', async () => {
      const extra = Number((await sql<{ id: number }>`select id from stock where company_id = ${SELLER_CO} and state = 'on' and id <> all(${sql.val(rows)}::bigint[]) order by id limit 1`.execute(db())).rows[0].id);
      await sql`update stock set quantity = 100, price0 = 9000, price1 = 10000, price2 = 10000, price3 = 10000, price5 = null, price99 = 10000 where id = ${extra}`.execute(db());
      const a = await create({ name: '十二件限购', start_at: now() + 60, end_at: now() + HOUR, per_buyer: 12 });
      const item = await apply(a.id, extra, 4500, 30);
      await approve(item.id);
      env.clock.advance(120);
      const buy = (qty: number) => post('buyer', 'activityOrderComplete', { item_id: item.id, qty, expected_total_fen: 4500 * qty, ...ADDRESS });
      expect((await buy(2)).status).toBe(200);
      expect((await buy(10)).status).toBe(200);
      expect((await buy(1)).body).toMatchObject({ code: 409, client_msg: activityText.overLimit(12, 12) });
      expect(await itemOf(item.id)).toMatchObject({ sold: 12 });

      // the seller's delete of that row is refused in Chinese and deletes nothing, with the other rows it was asked with
      const r = await post('seller', 'stockDelete', { ids: [rows[0], extra] });
      expect(r.body).toMatchObject({ code: 409, client_msg: stockText.inActivity });
      expect((await sql<{ n: number }>`select count(*)::int as n from stock where id = any(${sql.val([rows[0], extra])}::bigint[])`.execute(db())).rows[0].n).toBe(2);
    });

    it('50 buyers at once against 10 pieces: exactly 10 orders, the reserve at 0, nothing lost; the end gives nothing back', async () => {
      const a = await create({ name: '十件秒杀', start_at: now() + 60, end_at: now() + HOUR, per_buyer: 1 });
      const item = await apply(a.id, rows[4], 3000, 10);
      await approve(item.id);
      const rowBefore = await qtyOf(rows[4]);
      env.clock.advance(120);
      const tokens: string[] = [];
      for (let i = 0; i < 50; i++) tokens.push(await newBuyer(i));
      const ordersBefore = (await counts()).orders;
      const race = await Promise.all(tokens.map((tk) => env.api('activityOrderComplete', { item_id: item.id, qty: 1, expected_total_fen: 3000, ...ADDRESS }, { token: tk, idempotencyKey: key() })));
      const ok = race.filter((r) => r.status === 200);
      expect(ok).toHaveLength(10);
      for (const r of race.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ code: 409, client_msg: activityText.soldOut });
      expect((await counts()).orders - ordersBefore).toBe(10);
      expect(await itemOf(item.id)).toMatchObject({ reserved: 10, sold: 10 });
      const lines = (await sql<{ n: number }>`select coalesce(sum(qty), 0)::int as n from activity_order where item_id = ${item.id}`.execute(db())).rows[0].n;
      expect(lines).toBe(10);
      expect(new Set(ok.map((r) => (r.body.data as { order: { buyer_company_id: number } }).order.buyer_company_id)).size).toBe(10);
      expect(await qtyOf(rows[4])).toBe(rowBefore);
      await balanced();

      // one company in six tabs at once against its limit of 1: one order
      const few = await create({ name: '一家一件', start_at: now() - 60, end_at: now() + HOUR, per_buyer: 1 });
      const fewItem = await apply(few.id, rows[2], 3000, 20);
      await approve(fewItem.id);
      const tabs = await Promise.all(Array.from({ length: 6 }, () => post('buyer', 'activityOrderComplete', { item_id: fewItem.id, qty: 1, expected_total_fen: 3000, ...ADDRESS })));
      expect(tabs.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of tabs.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ code: 409, client_msg: activityText.overLimit(1, 1) });
      expect(await itemOf(fewItem.id)).toMatchObject({ reserved: 20, sold: 1 });
      await balanced();

      env.clock.advance(HOUR);
      expect(await createActivityService({ clock: env.clock }).settleEnded(db(), env.clock.now())).toBeGreaterThanOrEqual(1);
      expect(await itemOf(item.id)).toMatchObject({ sold: 10, returned: 0 });
      expect(await qtyOf(rows[4])).toBe(rowBefore);
      await balanced();
    }, 600_000);

    it('the end: the operator\'s 结束活动 and the sweep give the unsold reserve back to the row; buyers are refused from the end time on; a cancel after it goes to the row', async () => {
      const a = await create({ name: '将结束', start_at: now() + 60, end_at: now() + HOUR, per_buyer: 5 });
      const b = await create({ name: '提前结束', start_at: now() + 60, end_at: now() + HOUR, per_buyer: 5 });
      const ia = await apply(a.id, rows[5], 5000, 10);
      const ib = await apply(b.id, rows[6], 5000, 10);
      const pendingOne = await apply(b.id, rows[4], 5000, 1);
      const c = await create({ name: '结束时取消', start_at: now() + 60, end_at: now() + HOUR, per_buyer: 5 });
      const ic = await apply(c.id, rows[7], 5000, 10);
      await approve(ia.id);
      await approve(ib.id);
      await approve(ic.id);
      env.clock.advance(120);
      const bought = await post('buyer', 'activityOrderComplete', { item_id: ia.id, qty: 3, expected_total_fen: 15_000, ...ADDRESS });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const boughtC = await post('buyer', 'activityOrderComplete', { item_id: ic.id, qty: 4, expected_total_fen: 20_000, ...ADDRESS });
      expect(boughtC.status, JSON.stringify(boughtC.body)).toBe(200);
      const rowC = await qtyOf(rows[7]);
      const rowA = await qtyOf(rows[5]);
      const rowB = await qtyOf(rows[6]);

      // the operator ends b now: its 10 go back, its pending application closes
      expect((await post('lister', 'opActivityEnd', { id: b.id })).body.data).toMatchObject({ phase: 'ended' });
      expect(await qtyOf(rows[6])).toBe(rowB + 10);
      expect(await itemOf(ib.id)).toMatchObject({ returned: 10 });
      expect(await itemOf(pendingOne.id)).toMatchObject({ state: 'expired' });
      expect((await post('lister', 'opActivityEnd', { id: b.id })).body).toMatchObject({ code: 409, client_msg: activityText.activityEnded });
      expect((await post('buyer', 'activityOrderComplete', { item_id: ib.id, qty: 1, expected_total_fen: 5000, ...ADDRESS })).body).toMatchObject({ code: 409, client_msg: activityText.activityEnded });

      // a reaches its end: refused at once, settled by the sweep (7 back)
      env.clock.advance(HOUR);
      expect((await post('buyer', 'activityOrderComplete', { item_id: ia.id, qty: 1, expected_total_fen: 5000, ...ADDRESS })).body).toMatchObject({ code: 409, client_msg: activityText.activityEnded });
      expect(await qtyOf(rows[5])).toBe(rowA);
      // the sweep settles while the buyer cancels c's order: whichever goes first, all 10 end on the row
      const [cancelC] = await Promise.all([
        post('buyer', 'orderCancel', { order_no: boughtC.body.data!.order.order_no, reason: '结束时取消' }),
        createActivityService({ clock: env.clock }).settleEnded(db(), env.clock.now()),
      ]);
      expect(cancelC.status, JSON.stringify(cancelC.body)).toBe(200);
      expect(await qtyOf(rows[7])).toBe(rowC + 10);
      const settledC = await itemOf(ic.id);
      expect(settledC.sold + settledC.returned).toBe(10);
      expect(await qtyOf(rows[5])).toBe(rowA + 7);
      expect(await itemOf(ia.id)).toMatchObject({ sold: 3, returned: 7 });
      // settling again changes nothing
      expect(await createActivityService({ clock: env.clock }).settleEnded(db(), env.clock.now())).toBe(0);
      expect(await qtyOf(rows[5])).toBe(rowA + 7);
      await balanced();
      // cancelled after the end: the pieces go to the row, as every order's
      expect((await post('buyer', 'orderCancel', { order_no: bought.body.data!.order.order_no, reason: '不要了' })).status).toBe(200);
      expect(await qtyOf(rows[5])).toBe(rowA + 10);
      expect(await itemOf(ia.id)).toMatchObject({ sold: 3, returned: 7 });
      const shown = (await get('buyer', 'activityList', {})).body.data!.data.map((x) => x.activity.id);
      expect(shown).not.toContain(a.id);
      expect(shown).not.toContain(b.id);
    });
  });
});
