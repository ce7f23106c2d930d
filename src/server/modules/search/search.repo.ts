import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const relationsOf = (db: Kysely<DB>, codes: string[]) =>
  db.selectFrom('oe_relation').select(['oe_norm', 'related_norm', 'kind']).where('oe_norm', 'in', codes).execute();

export const productsOf = (db: Kysely<DB>, codes: string[]) =>
  db.selectFrom('product').innerJoin('make', 'make.id', 'product.make_id')
    .select(['product.oe_norm', 'product.oe_number', 'product.name', 'make.name as make_name'])
    .where('product.oe_norm', 'in', codes).execute();

/** The columns of a stock row as searches answer it, and the joins they need. */
const STOCK_COLUMNS = sql`s.id, s.oe_norm, s.company_id, c.short_name as company_name, c.province, c.city, c.phone, c.qq,
  s.supplier_oe, s.supplier_code, s.name, pb.name as part_brand_name, q.name as quality_name, q.is_original,
  m.name as make_name, s.supplier_vehicle, s.product_specification, s.producing_area, s.uom_name, s.quantity,
  s.price99, s.price0, s.price1, s.price2, s.price3, s.price5`;
const STOCK_FROM = sql`from stock s
  join company c on c.id = s.company_id
  join part_quality q on q.id = s.quality_id
  left join part_brand pb on pb.id = s.part_brand_id
  left join make m on m.id = s.make_id`;

/** Stock rows for these numbers: original parts first, then in stock, then cheapest; at most perCodeLimit per number. */
export const stockOf = (db: Kysely<DB>, codes: string[], perCodeLimit: number) =>
  sql<{
    id: number; oe_norm: string; company_id: number; company_name: string; province: string; city: string; phone: string; qq: string;
    supplier_oe: string; supplier_code: string; name: string; part_brand_name: string | null; quality_name: string; is_original: boolean;
    make_name: string | null; supplier_vehicle: string; product_specification: string; producing_area: string; uom_name: string; quantity: number;
    price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
  }>`
    select * from (
      select ${STOCK_COLUMNS},
        row_number() over (partition by s.oe_norm order by q.is_original desc, (s.quantity > 0) desc, s.price0 asc nulls last, s.id) as rank
      ${STOCK_FROM}
      where s.oe_norm = any(${sql.val(codes)}::text[]) and s.state = 'on'
    ) ranked
    where rank <= ${perCodeLimit}
    order by oe_norm, rank
  `.execute(db).then((r) => r.rows);

export type StockJoined = Awaited<ReturnType<typeof stockOf>>[number];

/** Full rows for these ids, in the given order. */
export const stockByIds = async (db: Kysely<DB>, ids: number[]) => {
  if (ids.length === 0) return [];
  const { rows } = await sql<StockJoined>`
    select ${STOCK_COLUMNS} ${STOCK_FROM}
    where s.id = any(${sql.val(ids)}::bigint[])`.execute(db);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
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
