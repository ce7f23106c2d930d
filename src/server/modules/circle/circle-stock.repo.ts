/**
 * Trade-circle stock (table trade_circle_allocation): stock rows members allocated to circles, at a
 * circle price (fen). What a circle offers is read as least(allocation, stock quantity), so a sale
 * outside the circle caps the allocation without writing it (docs/circles.md, "Allocation").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { normalizeOe } from '../../../shared/domain/oe';

const likeEscaped = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** pieces on offer: the allocation capped by the stock row, nothing while the row is off sale */
const AVAILABLE = sql`(case when s.state = 'on' then greatest(0, least(a.qty, s.quantity)) else 0 end)::int`;
const BRAND = sql<string>`coalesce(b.name, nullif(s.custom_brand_name, ''), '')`;

/** OE (normalised, prefix) or name (contains) */
const matches = (k: string): RawBuilder<unknown> => {
  if (!k) return sql`true`;
  const oe = normalizeOe(k);
  return oe ? sql`(s.oe_norm like ${`${oe}%`} or s.name like ${likeEscaped(k)})` : sql`s.name like ${likeEscaped(k)}`;
};

export interface ProductRowRaw {
  circle_id: number; stock_id: number; supplier_oe: string; name: string; brand_name: string; company_id: number; company_name: string;
  available_qty: number; circle_price_fen: number; circle_name: string; allocated_qty: number; stock_qty: number; updated_at: number;
}

const products = (where: RawBuilder<unknown>) => sql<ProductRowRaw>`
  select a.circle_id, a.stock_id, s.supplier_oe, s.name, ${BRAND} as brand_name, a.company_id, c.short_name as company_name,
    ${AVAILABLE} as available_qty, a.price_fen as circle_price_fen, t.name as circle_name, a.qty as allocated_qty, s.quantity as stock_qty,
    extract(epoch from a.updated_at)::bigint::int as updated_at
  from trade_circle_allocation a
  join stock s on s.id = a.stock_id
  join company c on c.id = a.company_id
  join trade_circle t on t.id = a.circle_id
  left join part_brand b on b.id = s.part_brand_id
  where ${where}`;

const page = async (where: RawBuilder<unknown>, order: RawBuilder<unknown>, db: Kysely<DB>, offset: number, limit: number) => {
  const [rows, total] = await Promise.all([
    sql<ProductRowRaw>`${products(where)} order by ${order} limit ${limit} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${products(where)}) x`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** A circle's products on offer (members see these), newest first. */
export const circleProducts = (db: Kysely<DB>, circleId: number, f: { k: string; offset: number; limit: number }) =>
  page(sql`a.circle_id = ${circleId} and ${AVAILABLE} > 0 and ${matches(f.k)}`, sql`a.updated_at desc, a.stock_id`, db, f.offset, f.limit);

/** One company's allocations, whether or not anything is on offer now. */
export const companyProducts = (db: Kysely<DB>, companyId: number, f: { circleId?: number; k: string; offset: number; limit: number }) =>
  page(sql`a.company_id = ${companyId} and ${f.circleId === undefined ? sql`true` : sql`a.circle_id = ${f.circleId}`} and ${matches(f.k)}`,
    sql`a.updated_at desc, a.circle_id, a.stock_id`, db, f.offset, f.limit);

export const oneProduct = async (db: Kysely<DB>, circleId: number, stockId: number) =>
  (await products(sql`a.circle_id = ${circleId} and a.stock_id = ${stockId}`).execute(db)).rows[0];

/** The stock row to allocate, locked against a sale meanwhile. */
export const stockForUpdate = (db: Kysely<DB>, stockId: number) =>
  db.selectFrom('stock').select(['id', 'company_id', 'quantity', 'state']).where('id', '=', stockId).forUpdate().executeTakeFirst();

export const upsertAllocation = (db: Kysely<DB>, a: { circleId: number; stockId: number; companyId: number; qty: number; priceFen: number; at: Date }) =>
  sql`insert into trade_circle_allocation (circle_id, stock_id, company_id, qty, price_fen, created_at, updated_at)
    values (${a.circleId}, ${a.stockId}, ${a.companyId}, ${a.qty}, ${a.priceFen}, ${a.at}, ${a.at})
    on conflict (circle_id, stock_id) do update set qty = excluded.qty, price_fen = excluded.price_fen, updated_at = excluded.updated_at`.execute(db);

export const deleteAllocation = async (db: Kysely<DB>, circleId: number, stockId: number, companyId: number) =>
  Number((await db.deleteFrom('trade_circle_allocation').where('circle_id', '=', circleId).where('stock_id', '=', stockId)
    .where('company_id', '=', companyId).executeTakeFirst()).numDeletedRows) === 1;

/** A company's allocations leave the circle with it (quit). */
export const deleteCompanyAllocations = (db: Kysely<DB>, circleId: number, companyId: number) =>
  db.deleteFrom('trade_circle_allocation').where('circle_id', '=', circleId).where('company_id', '=', companyId).execute();

/** Per member: allocated products, pieces on offer and their value at the circle price. */
export const memberTotals = async (db: Kysely<DB>, circleId: number) =>
  (await sql<{ company_id: number; company_name: string; product_count: number; available_qty: number; value_fen: number }>`
    select m.company_id, c.short_name as company_name,
      count(a.stock_id)::int as product_count,
      coalesce(sum(${AVAILABLE}), 0)::int as available_qty,
      coalesce(sum(${AVAILABLE}::bigint * a.price_fen), 0)::bigint::float8 as value_fen
    from trade_circle_member m
    join company c on c.id = m.company_id
    left join trade_circle_allocation a on a.circle_id = m.circle_id and a.company_id = m.company_id
    left join stock s on s.id = a.stock_id
    where m.circle_id = ${circleId} and m.member_state = 'approved'
    group by m.company_id, c.short_name
    order by available_qty desc, m.company_id`.execute(db)).rows;

/** Per product (normalised OE): sellers, pieces on offer, circle price range. */
export const productTotals = async (db: Kysely<DB>, circleId: number, f: { k: string; offset: number; limit: number }) => {
  const grouped = sql`
    select s.oe_norm, min(s.supplier_oe) as supplier_oe, min(s.name) as name, count(distinct a.company_id)::int as seller_count,
      sum(${AVAILABLE})::int as available_qty, min(a.price_fen)::int as min_price_fen, max(a.price_fen)::int as max_price_fen
    from trade_circle_allocation a join stock s on s.id = a.stock_id
    where a.circle_id = ${circleId} and ${AVAILABLE} > 0 and ${matches(f.k)}
    group by s.oe_norm`;
  const [rows, total] = await Promise.all([
    sql<{ oe_norm: string; supplier_oe: string; name: string; seller_count: number; available_qty: number; min_price_fen: number; max_price_fen: number }>`
      ${grouped} order by available_qty desc, s.oe_norm limit ${f.limit} offset ${f.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${grouped}) x`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0].n };
};

/** Each member's allocated products and pieces on offer, for the member list. */
export const countsByMember = async (db: Kysely<DB>, circleId: number) =>
  new Map((await sql<{ company_id: number; product_count: number; available_qty: number }>`
    select a.company_id, count(*)::int as product_count, sum(${AVAILABLE})::int as available_qty
    from trade_circle_allocation a join stock s on s.id = a.stock_id
    where a.circle_id = ${circleId} group by a.company_id`.execute(db)).rows.map((r) => [r.company_id, r]));

/**
 * The circle prices of these stock rows in circles where the company is an approved member, one
 * offer per row and circle, only where something is on offer.
 */
export const offersFor = async (db: Kysely<DB>, companyId: number, stockIds: readonly number[]) => {
  if (stockIds.length === 0) return [];
  return (await sql<{ stock_id: number; circle_id: number; circle_name: string; available_qty: number; circle_price_fen: number }>`
    select a.stock_id, a.circle_id, t.name as circle_name, ${AVAILABLE} as available_qty, a.price_fen as circle_price_fen
    from trade_circle_allocation a
    join trade_circle t on t.id = a.circle_id
    join trade_circle_member m on m.circle_id = a.circle_id and m.company_id = ${companyId} and m.member_state = 'approved'
    join stock s on s.id = a.stock_id
    where a.stock_id = any(${[...stockIds]}::int[]) and ${AVAILABLE} > 0
    order by a.stock_id, a.price_fen, a.circle_id`.execute(db)).rows;
};

/**
 * The allocation a member buys from, locked (for the order), with whether the buyer is still an
 * approved member; undefined when the row is not allocated to that circle.
 */
export const allocationForBuyer = async (db: Kysely<DB>, buyerCompanyId: number, circleId: number, stockId: number, lock: boolean) =>
  (await sql<{ qty: number; price_fen: number; member: boolean }>`
    select a.qty, a.price_fen,
      exists (select 1 from trade_circle_member m where m.circle_id = a.circle_id and m.company_id = ${buyerCompanyId} and m.member_state = 'approved') as member
    from trade_circle_allocation a where a.circle_id = ${circleId} and a.stock_id = ${stockId}
    ${lock ? sql`for update` : sql``}`.execute(db)).rows[0];

/**
 * allocationForBuyer for many (circle, stock) pairs in one statement (the cart's circle lines):
 * keyed `circle:stock`; locked in (circle, stock) order, so two orders never wait on each other in a cycle.
 */
export const allocationsForBuyer = async (db: Kysely<DB>, buyerCompanyId: number, pairs: ReadonlyArray<{ circleId: number; stockId: number }>, lock: boolean) => {
  const out = new Map<string, { qty: number; price_fen: number; member: boolean }>();
  if (pairs.length === 0) return out;
  const rows = (await sql<{ circle_id: number; stock_id: number; qty: number; price_fen: number; member: boolean }>`
    select a.circle_id, a.stock_id::int as stock_id, a.qty, a.price_fen,
      exists (select 1 from trade_circle_member m where m.circle_id = a.circle_id and m.company_id = ${buyerCompanyId} and m.member_state = 'approved') as member
    from trade_circle_allocation a
    join unnest(${sql.val(pairs.map((p) => p.circleId))}::int[], ${sql.val(pairs.map((p) => p.stockId))}::bigint[]) as w(circle_id, stock_id)
      on a.circle_id = w.circle_id and a.stock_id = w.stock_id
    order by a.circle_id, a.stock_id
    ${lock ? sql`for update of a` : sql``}`.execute(db)).rows;
  for (const r of rows) out.set(`${r.circle_id}:${r.stock_id}`, { qty: r.qty, price_fen: r.price_fen, member: r.member });
  return out;
};

/** An order at the circle price takes its pieces from the allocation too (never below zero). */
export const takeAllocation = (db: Kysely<DB>, circleId: number, stockId: number, qty: number, at: Date) =>
  sql`update trade_circle_allocation set qty = greatest(0, qty - ${qty}), updated_at = ${at}
    where circle_id = ${circleId} and stock_id = ${stockId}`.execute(db);

export const setJoinFields = (db: Kysely<DB>, circleId: number, fields: string[]) =>
  db.updateTable('trade_circle').set({ join_fields: fields }).where('id', '=', circleId).execute();
