/** SQL of activities (活动, docs/activities.md). Used only by activity.service. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ActivityKind, ActivityPhase, ItemState } from '../../../shared/domain/activities';
import type { Tier } from '../../../shared/domain/full-reduction';

export interface ActivityRow {
  id: number; name: string; kind: ActivityKind; tiers: Tier[]; description: string; start_at: Date; end_at: Date; per_buyer: number;
  ended_at: Date | null; settled_at: Date | null; created_at: Date;
  pending: number; approved: number; reserved: number; sold: number;
}

const activityCols = sql`a.id, a.name, a.kind, a.tiers, a.description, a.start_at, a.end_at, a.per_buyer, a.ended_at, a.settled_at, a.created_at,
  (select count(*)::int from activity_item i where i.activity_id = a.id and i.state = 'pending') as pending,
  (select count(*)::int from activity_item i where i.activity_id = a.id and i.state = 'approved') as approved,
  (select coalesce(sum(i.reserved), 0)::int from activity_item i where i.activity_id = a.id and i.state = 'approved') as reserved,
  (select coalesce(sum(i.sold), 0)::int from activity_item i where i.activity_id = a.id and i.state = 'approved') as sold`;

const phaseWhere = (phase: ActivityPhase | '', now: Date) =>
  phase === 'ended' ? sql`(a.ended_at is not null or a.end_at <= ${now})`
    : phase === 'running' ? sql`(a.ended_at is null and a.start_at <= ${now} and a.end_at > ${now})`
      : phase === 'upcoming' ? sql`(a.ended_at is null and a.start_at > ${now})`
        : sql`true`;

export const activities = async (db: Kysely<DB>, f: { phase: ActivityPhase | ''; q: string; now: Date }, limit: number, offset: number) => {
  const where = sql`${phaseWhere(f.phase, f.now)} and (${f.q} = '' or strpos(a.name, ${f.q}) > 0)`;
  const rows = (await sql<ActivityRow>`select ${activityCols} from activity a where ${where} order by a.start_at desc, a.id desc limit ${limit} offset ${offset}`.execute(db)).rows;
  const total = (await sql<{ n: number }>`select count(*)::int as n from activity a where ${where}`.execute(db)).rows[0].n;
  return { rows, total };
};

export const activityById = async (db: Kysely<DB>, id: number) =>
  (await sql<ActivityRow>`select ${activityCols} from activity a where a.id = ${id}`.execute(db)).rows[0];

/** activities not ended at `now` (running or upcoming), soonest first */
export const openActivities = async (db: Kysely<DB>, now: Date) =>
  (await sql<ActivityRow>`select ${activityCols} from activity a where a.ended_at is null and a.end_at > ${now} order by a.start_at, a.id limit 100`.execute(db)).rows;

export const lockActivity = (db: Kysely<DB>, id: number) =>
  db.selectFrom('activity').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertActivity = async (db: Kysely<DB>, a: { name: string; kind: ActivityKind; tiers: Tier[]; description: string; start_at: Date; end_at: Date; per_buyer: number; created_by: number; created_at: Date }) =>
  (await db.insertInto('activity').values({ ...a, tiers: JSON.stringify(a.tiers), updated_at: a.created_at }).returning('id').executeTakeFirstOrThrow()).id;

export const updateActivity = (db: Kysely<DB>, id: number, set: Partial<{ name: string; description: string; start_at: Date; end_at: Date; per_buyer: number; tiers: Tier[]; ended_at: Date; settled_at: Date; updated_at: Date }>) => {
  const { tiers, ...rest } = set;
  return db.updateTable('activity').set({ ...rest, ...(tiers ? { tiers: JSON.stringify(tiers) } : {}) }).where('id', '=', id).execute();
};

/**
 * The running 满减 activities these stock rows are approved in (a row is in at most one activity at
 * a time), at `now`: stock id, activity, its name and tiers.
 */
export const runningFullReductions = async (db: Kysely<DB>, stockIds: readonly number[], now: Date) =>
  stockIds.length === 0 ? [] : (await sql<{ stock_id: number; activity_id: number; name: string; tiers: Tier[] }>`
    select i.stock_id::int as stock_id, a.id as activity_id, a.name, a.tiers from activity_item i join activity a on a.id = i.activity_id
    where i.stock_id = any(${sql.val(stockIds)}::bigint[]) and i.state = 'approved' and a.kind = 'full_reduction'
      and a.ended_at is null and a.start_at <= ${now} and a.end_at > ${now}
    order by a.id`.execute(db)).rows;

/** activities past their end (or ended by the operator) whose reserves are not yet back */
export const unsettled = (db: Kysely<DB>, now: Date, limit: number) =>
  db.selectFrom('activity').select('id').where('settled_at', 'is', null)
    .where((eb) => eb.or([eb('end_at', '<=', now), eb('ended_at', 'is not', null)])).orderBy('end_at').limit(limit).execute();

// ---- items (报名) ----

export interface ItemRow {
  id: number; activity_id: number; activity_name: string; activity_kind: ActivityKind; activity_start_at: Date; activity_end_at: Date; activity_ended_at: Date | null; per_buyer: number;
  company_id: number; company_name: string; stock_id: number; supplier_oe: string; name: string; brand_name: string; uom_name: string; stock_qty: number; stock_state: string;
  ordinary_fen: number; activity_price_fen: number; activity_qty: number; state: ItemState; reserved: number; sold: number; returned: number;
  reject_reason: string; applied_at: Date; audited_at: Date | null; returned_at: Date | null;
}

const itemFrom = sql`activity_item i join activity a on a.id = i.activity_id join company c on c.id = i.company_id join stock s on s.id = i.stock_id
  left join part_brand pb on pb.id = s.part_brand_id`;
const itemCols = sql`i.id, i.activity_id, a.name as activity_name, a.kind as activity_kind, a.start_at as activity_start_at, a.end_at as activity_end_at, a.ended_at as activity_ended_at, a.per_buyer,
  i.company_id, c.name as company_name, s.id::int as stock_id, s.supplier_oe, s.name, coalesce(pb.name, nullif(s.custom_brand_name, ''), '') as brand_name, s.uom_name,
  s.quantity as stock_qty, s.state as stock_state, i.ordinary_fen, i.activity_price_fen, i.activity_qty, i.state, i.reserved, i.sold, i.returned, i.reject_reason, i.applied_at, i.audited_at, i.returned_at`;

export const items = async (db: Kysely<DB>, f: { companyId?: number; activityId?: number; state: ItemState | ''; oldestFirst: boolean }, limit: number, offset: number) => {
  const where = sql`(${f.companyId ?? 0} = 0 or i.company_id = ${f.companyId ?? 0}) and (${f.activityId ?? 0} = 0 or i.activity_id = ${f.activityId ?? 0})
    and (${f.state} = '' or i.state = ${f.state})`;
  const order = f.oldestFirst ? sql`i.applied_at, i.id` : sql`i.id desc`;
  const rows = (await sql<ItemRow>`select ${itemCols} from ${itemFrom} where ${where} order by ${order} limit ${limit} offset ${offset}`.execute(db)).rows;
  const total = (await sql<{ n: number }>`select count(*)::int as n from activity_item i where ${where}`.execute(db)).rows[0].n;
  return { rows, total };
};

export const itemById = async (db: Kysely<DB>, id: number) =>
  (await sql<ItemRow>`select ${itemCols} from ${itemFrom} where i.id = ${id}`.execute(db)).rows[0];

/** the approved items of these activities, for the storefront */
export const approvedItems = async (db: Kysely<DB>, activityIds: number[]) =>
  activityIds.length === 0 ? [] : (await sql<ItemRow>`select ${itemCols} from ${itemFrom}
    where i.activity_id = any(${sql.val(activityIds)}::int[]) and i.state = 'approved' and s.state = 'on' order by i.activity_id, i.id`.execute(db)).rows;

export const lockItem = (db: Kysely<DB>, id: number) =>
  db.selectFrom('activity_item').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertItem = async (db: Kysely<DB>, i: { activity_id: number; company_id: number; stock_id: number; activity_price_fen: number; ordinary_fen: number; activity_qty: number; applied_by: number; applied_at: Date }) =>
  (await db.insertInto('activity_item').values(i).returning('id').executeTakeFirstOrThrow()).id;

/** a pending or approved item of this row in an activity (not ended) whose window overlaps [start, end) */
export const overlapping = async (db: Kysely<DB>, stockId: number, start: Date, end: Date, now: Date) =>
  (await sql<{ name: string }>`select a.name from activity_item i join activity a on a.id = i.activity_id
    where (i.stock_id = ${stockId} or exists (select 1 from activity_bundle_line b where b.item_id = i.id and b.stock_id = ${stockId}))
      and i.state in ('pending', 'approved') and a.settled_at is null and a.ended_at is null and a.end_at > ${now}
      and a.start_at < ${end} and ${start} < a.end_at limit 1`.execute(db)).rows[0];

// ---- 组合套装 lines (docs/activities.md "组合套装") ----

export interface BundleLineRow {
  item_id: number; position: number; stock_id: number; qty: number; ordinary_fen: number; share_fen: number;
  supplier_oe: string; name: string; brand_name: string; uom_name: string; stock_qty: number; stock_state: string;
}

/** the lines of these bundles, in their order, with their rows as they are now */
export const bundleLines = async (db: Kysely<DB>, itemIds: readonly number[]) =>
  itemIds.length === 0 ? [] : (await sql<BundleLineRow>`select b.item_id, b.position, b.stock_id::int as stock_id, b.qty, b.ordinary_fen, b.share_fen,
      s.supplier_oe, s.name, coalesce(pb.name, nullif(s.custom_brand_name, ''), '') as brand_name, s.uom_name, s.quantity as stock_qty, s.state as stock_state
    from activity_bundle_line b join stock s on s.id = b.stock_id left join part_brand pb on pb.id = s.part_brand_id
    where b.item_id = any(${sql.val(itemIds)}::int[]) order by b.item_id, b.position`.execute(db)).rows;

export const insertBundleLines = (db: Kysely<DB>, lines: Array<{ item_id: number; position: number; stock_id: number; qty: number; ordinary_fen: number; share_fen: number }>) =>
  db.insertInto('activity_bundle_line').values(lines).execute();

export const setBundleLine = (db: Kysely<DB>, itemId: number, position: number, set: { ordinary_fen: number; share_fen: number }) =>
  db.updateTable('activity_bundle_line').set(set).where('item_id', '=', itemId).where('position', '=', position).execute();

/** stock rows locked (FOR UPDATE) in id order, so two callers locking overlapping sets never wait on each other in a circle */
export const lockStockRows = async (db: Kysely<DB>, ids: readonly number[]) => {
  const rows: StockRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const r = await stockRow(db, id, true);
    if (r) rows.push(r);
  }
  return rows;
};

export const setItem = (db: Kysely<DB>, id: number, set: Partial<{ state: ItemState; reserved: number; reject_reason: string; audited_by: number; audited_at: Date; ordinary_fen: number }>) =>
  db.updateTable('activity_item').set(set).where('id', '=', id).execute();

/**
 * Takes pieces from an item's reserve: one conditional update, so any number of buyers at once
 * end at exactly the reserve (a waiting update re-reads the row); none once it is settled.
 */
export const takeReserve = async (db: Kysely<DB>, itemId: number, qty: number) =>
  Number((await sql`update activity_item set sold = sold + ${qty}
    where id = ${itemId} and state = 'approved' and returned_at is null and sold + ${qty} <= reserved`.execute(db)).numAffectedRows ?? 0) === 1;

/** Adds to a company's count of an item within the limit: one conditional upsert; false when the limit would be passed. */
export const countBuyer = async (db: Kysely<DB>, itemId: number, companyId: number, qty: number, limit: number) =>
  (await sql<{ qty: number }>`insert into activity_buyer (item_id, company_id, qty) select ${itemId}, ${companyId}, ${qty} where ${qty}::int <= ${limit}::int
    on conflict (item_id, company_id) do update set qty = activity_buyer.qty + excluded.qty where activity_buyer.qty + excluded.qty <= ${limit}::int
    returning qty`.execute(db)).rows.length === 1;

export const boughtBy = async (db: Kysely<DB>, itemId: number, companyId: number) =>
  (await db.selectFrom('activity_buyer').select('qty').where('item_id', '=', itemId).where('company_id', '=', companyId).executeTakeFirst())?.qty ?? 0;

export const insertActivityOrder = (db: Kysely<DB>, o: { order_id: string; item_id: number; activity_id: number; company_id: number; qty: number; created_at: Date }) =>
  db.insertInto('activity_order').values(o).execute();

export const activityOrderOf = (db: Kysely<DB>, orderId: string) =>
  db.selectFrom('activity_order').selectAll().where('order_id', '=', orderId).where('returned_at', 'is', null).executeTakeFirst();

/** A cancelled order's pieces back into its item's reserve while the item is not settled: false once it is. */
export const giveBackToReserve = async (db: Kysely<DB>, o: { order_id: string; item_id: number; company_id: number; qty: number }, now: Date) => {
  const back = Number((await sql`update activity_item set sold = sold - ${o.qty} where id = ${o.item_id} and returned_at is null and sold >= ${o.qty}`.execute(db)).numAffectedRows ?? 0) === 1;
  if (!back) return false;
  await sql`update activity_buyer set qty = greatest(qty - ${o.qty}, 0) where item_id = ${o.item_id} and company_id = ${o.company_id}`.execute(db);
  await db.updateTable('activity_order').set({ returned_at: now }).where('order_id', '=', o.order_id).execute();
  return true;
};

/**
 * The settlement of an activity: each approved item gives its unsold reserve back to its row (one
 * statement per item set, so a buyer's take waiting on an item row re-reads it as settled), and
 * unaudited applications close. Answers the rows and pieces given back.
 */
export const settleItems = async (db: Kysely<DB>, activityId: number, now: Date) => {
  // the rows first, in id order, then the items: a cancellation takes its row, then its item, so the two never wait on each other
  await sql`select s.id from stock s where s.id in (select stock_id from activity_item where activity_id = ${activityId} and state = 'approved' and returned_at is null
      union select b.stock_id from activity_bundle_line b join activity_item i on i.id = b.item_id where i.activity_id = ${activityId} and i.state = 'approved' and i.returned_at is null)
    order by s.id for update of s`.execute(db);
  const settled = (await sql<{ id: number; stock_id: number; returned: number }>`update activity_item set returned = reserved - sold, returned_at = ${now}
    where activity_id = ${activityId} and state = 'approved' and returned_at is null returning id, stock_id::int as stock_id, returned`.execute(db)).rows;
  // a 组合套装 gives each of its rows the unsold bundles × its pieces per bundle (docs/activities.md "组合套装")
  const lines = await bundleLines(db, settled.map((b) => b.id));
  const back = settled.flatMap((b) => {
    const own = lines.filter((l) => l.item_id === b.id);
    return own.length === 0 ? [{ stock_id: b.stock_id, returned: b.returned }] : own.map((l) => ({ stock_id: l.stock_id, returned: b.returned * l.qty }));
  });
  for (const b of [...back].sort((x, y) => x.stock_id - y.stock_id)) {
    if (b.returned > 0) await sql`update stock set quantity = quantity + ${b.returned} where id = ${b.stock_id}`.execute(db);
  }
  await db.updateTable('activity_item').set({ state: 'expired', audited_at: now }).where('activity_id', '=', activityId).where('state', '=', 'pending').execute();
  return back;
};

// ---- stock rows ----

export interface StockRow {
  id: number; company_id: number; supplier_oe: string; name: string; brand_name: string; uom_name: string; quantity: number; state: string;
  price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null;
}
const stockCols = sql`s.id::int as id, s.company_id, s.supplier_oe, s.name, coalesce(pb.name, nullif(s.custom_brand_name, ''), '') as brand_name, s.uom_name,
  s.quantity, s.state, s.price99, s.price0, s.price1, s.price2, s.price3`;

/** a stock row, locked (FOR UPDATE) when asked: applications and approvals of one row go one at a time */
export const stockRow = async (db: Kysely<DB>, id: number, lock = false) =>
  (await sql<StockRow>`select ${stockCols} from stock s left join part_brand pb on pb.id = s.part_brand_id where s.id = ${id} ${lock ? sql`for update of s` : sql``}`.execute(db)).rows[0];

export const ownStock = async (db: Kysely<DB>, companyId: number, q: string) =>
  (await sql<StockRow>`select ${stockCols} from stock s left join part_brand pb on pb.id = s.part_brand_id
    where s.company_id = ${companyId} and s.state = 'on' and s.quantity > 0
      and (${q} = '' or s.oe_norm like ${`${q.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}%`} or strpos(s.name, ${q}) > 0)
    order by s.id limit 20`.execute(db)).rows;

export const takeFromRow = async (db: Kysely<DB>, stockId: number, qty: number) =>
  Number((await sql`update stock set quantity = quantity - ${qty} where id = ${stockId} and quantity >= ${qty}`.execute(db)).numAffectedRows ?? 0) === 1;

export const isSeller = async (db: Kysely<DB>, companyId: number) =>
  !!(await db.selectFrom('company').select('is_seller').where('id', '=', companyId).executeTakeFirst())?.is_seller;
