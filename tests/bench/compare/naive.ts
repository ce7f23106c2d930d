/**
 * The obvious implementation of the keyword search, for the comparison only (never imported by the
 * app): pg_trgm GIN indexes on stock name, vehicle and OE, `ILIKE '%word%'` for every word on each of
 * them (brand and make names matched the same way in their small tables, their stock rows through
 * the existing btree indexes), ranked by the same rank key, `LIMIT` the page, the same capped count,
 * then the same full rows as the app reads.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../src/server/db/schema';
import { normalizeOe } from '../../../src/shared/domain/oe';
import { stockByIds } from '../../../src/server/modules/search/search.repo';
import { countCap, tokensOf } from '../../../src/server/modules/search/keyword.repo';
import { naivePatterns, type Mode } from './tokens';

/** Creates pg_trgm and its three GIN indexes; returns the seconds it took. */
export const createTrigramIndexes = async (db: Kysely<DB>) => {
  const t = performance.now();
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index if not exists bench_stock_name_trgm on stock using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index if not exists bench_stock_vehicle_trgm on stock using gin (supplier_vehicle gin_trgm_ops)`.execute(db);
  await sql`create index if not exists bench_stock_oe_trgm on stock using gin (oe_norm gin_trgm_ops)`.execute(db);
  await sql`analyze stock`.execute(db);
  return (performance.now() - t) / 1000;
};

export const dropTrigramIndexes = async (db: Kysely<DB>) => {
  for (const i of ['bench_stock_name_trgm', 'bench_stock_vehicle_trgm', 'bench_stock_oe_trgm']) await sql`drop index if exists ${sql.ref(i)}`.execute(db);
};

const allLike = (column: RawBuilder<unknown>, patterns: string[]) => sql`(${sql.join(patterns.map((p) => sql`${column} ilike ${p}`), sql` and `)})`;

/** One word: any of name, vehicle, OE, brand name or make name holds it. */
const wordPredicate = (word: string, mode: Mode) => {
  const p = naivePatterns(word, mode);
  const oe = normalizeOe(word);
  const ors = [
    allLike(sql`s.name`, p),
    allLike(sql`s.supplier_vehicle`, p),
    ...(oe ? [allLike(sql`s.oe_norm`, naivePatterns(oe, mode))] : []),
    sql`s.part_brand_id = any(array(select id from part_brand b where ${allLike(sql`b.name`, p)}))`,
    sql`s.make_id = any(array(select id from make m where ${allLike(sql`m.name`, p)}))`,
  ];
  return sql`(${sql.join(ors, sql` or `)})`;
};

export interface NaiveQuery {
  k: string;
  mode: Mode;
  sort?: { field: 'price0' | 'price99' | 'quantity'; order: 'asc' | 'desc' };
  /** a price range on 批发价 (price0, the default here) or 标准价 (price99), and a least stock */
  filter?: { column?: 'price0' | 'price99'; minPrice: number; maxPrice: number; minStock?: number };
}

/** The page of 50 (ids in rank or sort order), the count capped as the app caps it, and the full rows. */
export const naiveSearch = async (db: Kysely<DB>, q: NaiveQuery, limit = 50) => {
  const words = tokensOf(q.k);
  const where = [sql`s.state = 'on'`, ...words.map((w) => wordPredicate(w, q.mode))];
  if (q.filter) {
    const price = sql.ref(`s.${q.filter.column ?? 'price0'}`);
    where.push(sql`${price} >= ${q.filter.minPrice}`, sql`${price} <= ${q.filter.maxPrice}`);
    if (q.filter.minStock !== undefined) where.push(sql`s.quantity >= ${q.filter.minStock}`);
  }
  const cond = sql.join(where, sql` and `);
  const order = q.sort
    ? sql`${sql.ref(`s.${q.sort.field}`)} ${q.sort.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`}, s.id`
    : sql`s.rank_key, s.id`;
  const page = await sql<{ id: number }>`select s.id from stock s where ${cond} order by ${order} limit ${limit}`.execute(db);
  const ids = page.rows.map((r) => Number(r.id));
  let total = ids.length;
  if (ids.length === limit) {
    const c = await sql<{ n: number }>`select count(*)::int as n from (select 1 from stock s where ${cond} limit ${countCap(0, limit) + 1}) c`.execute(db);
    total = c.rows[0].n;
  }
  const rows = await stockByIds(db, ids);
  return { rows: rows.length, total };
};
