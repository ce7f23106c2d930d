import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { jsonRows } from '../../db/helpers';

export const relationsOf = (db: Kysely<DB>, codes: string[]) =>
  db.selectFrom('oe_relation').select(['oe_norm', 'related_norm', 'kind']).where('oe_norm', 'in', codes).execute();

export const productsOf = (db: Kysely<DB>, codes: string[]) =>
  db.selectFrom('product').innerJoin('make', 'make.id', 'product.make_id')
    .select(['product.oe_norm', 'product.oe_number', 'product.name', 'make.name as make_name'])
    .where('product.oe_norm', 'in', codes).execute();

/**
 * The columns of a stock row as every search answers it (OE, keyword, circle, dismantled, the
 * shop's products), and the joins they need: factory make (车型厂牌), terminology group (the
 * generic name), country of origin. The names of brand, make, factory make, group and country are
 * scalar subqueries, not joins: with seven joins PGlite spent 4 ms of an 8 ms OE batch planning the
 * join order (1M rows); this way planning takes 0.5 ms and each lookup is one primary-key probe.
 */
export const STOCK_COLUMNS = sql`s.id, s.oe_norm, s.company_id, c.short_name as company_name, c.province, c.city, c.phone, c.qq,
  s.supplier_oe, s.supplier_code, s.default_code, s.name, (select name from part_brand where id = s.part_brand_id) as part_brand_name,
  s.custom_brand_name, q.name as quality_name, q.is_original,
  (select name from make where id = s.make_id) as make_name, (select name from factory_make where id = s.factory_make_id) as factory_make_name,
  (select name from terminology where id = s.terminology_id) as generic_name, s.category_name,
  s.supplier_vehicle, s.product_specification, s.producing_area, s.country_id, (select name_cn from country where id = s.country_id) as country_name,
  s.uom_name, s.quantity, s.vn_quantity,
  s.price99, s.price0, s.price1, s.price2, s.price3, s.price5, s.vn_price, s.sale_state, s.clean_state,
  s.spot, (select cutoff_minute from seller_spot_setting where company_id = s.company_id) as spot_cutoff,
  s.length_mm, s.width_mm, s.height_mm, s.weight_g, s.volume_cm3, s.packing_count, s.usage_per_car, s.note`;
export const STOCK_FROM = sql`from stock s
  join company c on c.id = s.company_id
  join part_quality q on q.id = s.quality_id`;

export interface StockJoined {
  id: number; oe_norm: string; company_id: number; company_name: string; province: string; city: string; phone: string; qq: string;
  supplier_oe: string; supplier_code: string; default_code: string; name: string; part_brand_name: string | null; custom_brand_name: string;
  quality_name: string; is_original: boolean; make_name: string | null; factory_make_name: string | null; generic_name: string | null; category_name: string;
  supplier_vehicle: string; product_specification: string; producing_area: string; country_id: number | null; country_name: string | null;
  uom_name: string; quantity: number; vn_quantity: number;
  price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
  vn_price: number | null; sale_state: 'normal' | 'promotion'; clean_state: 'normal' | 'clearance';
  spot: boolean; spot_cutoff: number | null;
  length_mm: number | null; width_mm: number | null; height_mm: number | null; weight_g: number | null; volume_cm3: number | null;
  packing_count: number | null; usage_per_car: number | null; note: string;
}

/** The order of an OE number's sellers: original parts first, then in stock, then cheapest. */
const OE_ORDER = sql`q.is_original desc, (s.quantity > 0) desc, s.price0 asc nulls last, s.id`;

/** The caller's preferred suppliers' offers before the rest (docs/customers.md); nothing changes for a company without any. */
const preferredFirst = (preferred: readonly number[]) =>
  preferred.length === 0 ? sql`` : sql`(s.company_id = any(${sql.val([...preferred])}::int[])) desc, `;

/** Stock rows for these numbers in OE_ORDER, at most perCodeLimit per number, with each number's total. */
export const stockOf = (db: Kysely<DB>, codes: string[], perCodeLimit: number, preferred: readonly number[] = []) =>
  sql<StockJoined & { total: number }>`
    select * from (
      select ${STOCK_COLUMNS},
        row_number() over (partition by s.oe_norm order by ${preferredFirst(preferred)}${OE_ORDER}) as rank,
        count(*) over (partition by s.oe_norm)::int as total
      ${STOCK_FROM}
      where s.oe_norm = any(${sql.val(codes)}::text[]) and s.state = 'on'
    ) ranked
    where rank <= ${perCodeLimit}
    order by oe_norm, rank
  `.execute(db).then((r) => r.rows);

/** One OE number's sellers from offset on, in the order of stockOf. */
export const stockPage = (db: Kysely<DB>, oe: string, offset: number, limit: number, preferred: readonly number[] = []) =>
  sql<StockJoined>`
    select ${STOCK_COLUMNS} ${STOCK_FROM}
    where s.oe_norm = ${oe} and s.state = 'on'
    order by ${preferredFirst(preferred)}${OE_ORDER} offset ${offset} limit ${limit}`.execute(db).then((r) => r.rows);

export const stockCountOf = (db: Kysely<DB>, oe: string) =>
  sql<{ n: number }>`select count(*)::int as n from stock s where s.oe_norm = ${oe} and s.state = 'on'`.execute(db).then((r) => r.rows[0].n);

/**
 * Records that the company searched these numbers today, so their further pages are free (查看更多).
 * Grants of earlier days are never read (hasOeGrant asks for today's); housekeeping deletes them.
 */
export const grantOePages = async (db: Kysely<DB>, companyId: number, day: string, codes: string[]) => {
  if (codes.length === 0) return;
  await sql`insert into oe_search_grant (company_id, day, oe_norm) select ${companyId}, ${day}, unnest(${sql.val(codes)}::text[])
    on conflict do nothing`.execute(db);
};

/** Counts searches that found nothing (table search_miss: the operator home and reports read it). */
export const recordMisses = async (db: Kysely<DB>, day: string, kind: 'oe' | 'keyword', texts: string[]) => {
  const unique = [...new Set(texts.map((t) => t.trim().slice(0, 100)).filter(Boolean))];
  if (unique.length === 0) return;
  await sql`insert into search_miss (day, kind, text) select ${day}::date, ${kind}, unnest(${sql.val(unique)}::text[])
    on conflict (day, kind, text) do update set n = search_miss.n + 1`.execute(db);
};

export const hasOeGrant = (db: Kysely<DB>, companyId: number, day: string, oe: string) =>
  db.selectFrom('oe_search_grant').select('oe_norm').where('company_id', '=', companyId).where('day', '=', day).where('oe_norm', '=', oe)
    .executeTakeFirst().then((r) => r !== undefined);

/**
 * Rows are read STOCK_CHUNK at a time, each read its own statement: on PGlite a statement holds
 * the only connection until it ends, and between two reads the connection goes to whoever else
 * waits first (db/priority.ts), so a light call never waits for more than one chunk (about 10 ms)
 * of an 800-row page. On PostgreSQL the chunks run side by side on the pool's connections.
 */
export const STOCK_CHUNK = 100;

/** Full rows for these ids (optionally only those matching `where`), in the given order. */
export const stockByIds = async (db: Kysely<DB>, ids: number[], where: RawBuilder<unknown> = sql`true`) => {
  if (ids.length === 0) return [];
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += STOCK_CHUNK) chunks.push(ids.slice(i, i + STOCK_CHUNK));
  const read = await Promise.all(chunks.map((chunk) => jsonRows<StockJoined>(db, sql`
    select ${STOCK_COLUMNS} ${STOCK_FROM}
    where s.id = any(${sql.val(chunk)}::bigint[]) and ${where}`)));
  const byId = new Map(read.flat().map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is StockJoined => r !== undefined);
};

export const suggest = (db: Kysely<DB>, prefix: string, limit: number) =>
  db.selectFrom('product').innerJoin('make', 'make.id', 'product.make_id')
    .select(['product.oe_number', 'product.name as oe_name', 'make.logo as car_brand_url'])
    .where('product.oe_norm', 'like', `${prefix.replace(/[%_\\]/g, '')}%`)
    .orderBy('product.oe_norm').limit(limit).execute();

/** Counts one stock query; null when the day's quota is used up. */
export const countStockQuery = async (db: Kysely<DB>, companyId: number, day: string, limit: number | null) => {
  const { rows } = await sql<{ used: number }>`
    insert into stock_query_count as q (company_id, day, used) values (${companyId}, ${day}, 1)
    on conflict (company_id, day) do update set used = q.used + 1
    ${limit === null ? sql`` : sql`where q.used < ${limit}`}
    returning used`.execute(db);
  return rows[0]?.used ?? null;
};
