/**
 * The SQL of the other search pages (docs/search.md, "My stock and purchases", "Purchase history",
 * "Oils and fluids"): the caller's own stock rows, a seller's current offer of what was bought,
 * and the oil catalogue with its offers.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { containsIgnoringCase, likeEscape } from '../../db/helpers';

/**
 * The company's own stock rows whose number begins with `oePrefix` (normalised; '' for none) or
 * whose name holds `name`, whatever their state, the numbers matched first, newest first.
 */
export const ownStock = (db: Kysely<DB>, companyId: number, oePrefix: string, name: string, limit: number) => {
  const byOe = oePrefix !== '' ? sql<boolean>`s.oe_norm like ${`${likeEscape(oePrefix)}%`}` : sql<boolean>`false`;
  return db.selectFrom('stock as s').leftJoin('part_brand as b', 'b.id', 's.part_brand_id')
    .select(['s.id', 's.supplier_oe', 's.name', sql<string>`coalesce(b.name, s.custom_brand_name)`.as('brand_name'), 's.quantity', 's.price0', 's.state',
      sql<Date>`greatest(s.stock_write_date, s.price_write_date, s.create_date)`.as('last_at')])
    .where('s.company_id', '=', companyId)
    .where(sql<boolean>`(${byOe} or ${containsIgnoringCase(sql`s.name`, name)})`)
    // a constant (no number asked) is no sort key: PostgreSQL refuses ORDER BY false
    .$if(oePrefix !== '', (q) => q.orderBy(byOe, 'desc')).orderBy('s.id', 'desc')
    .limit(limit).execute();
};

/**
 * For each (line's stock row, seller, OE number): the seller's row on sale now, the line's own row
 * if it still is, else the seller's row of the same number (in stock first, newest first). Lines
 * without one are missing from the answer (`i` is the 1-based position in the lists).
 */
export const currentOffers = async (db: Kysely<DB>, lines: Array<{ stock_id: number | null; seller_company_id: number; oe_norm: string }>) => {
  if (lines.length === 0) return [];
  return (await sql<{ i: number; id: number; quantity: number; price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null }>`
    select x.i::int as i, s.id, s.quantity, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5
    from unnest(${sql.val(lines.map((l) => l.stock_id ?? 0))}::int[], ${sql.val(lines.map((l) => l.seller_company_id))}::int[],
      ${sql.val(lines.map((l) => l.oe_norm))}::text[]) with ordinality as x(stock_id, seller, oe, i)
    cross join lateral (
      select s.* from stock s
      where s.company_id = x.seller and s.state = 'on' and (s.id = x.stock_id or s.oe_norm = x.oe)
      order by (s.id = x.stock_id) desc, (s.quantity > 0) desc, s.id desc limit 1
    ) s`.execute(db)).rows;
};

/**
 * The oil catalogue matching the words (brand, series, name, or the number's beginning), each with
 * the sellers that have it on sale and in stock, their pieces and the lowest 标准价.
 */
export const oils = async (db: Kysely<DB>, k: string, oePrefix: string) =>
  (await db.selectFrom('oil_product as o')
    .leftJoinLateral(
      (eb) => eb.selectFrom('stock as s')
        .select([sql<number>`count(distinct s.company_id)::int`.as('seller_count'), sql<number>`coalesce(sum(s.quantity), 0)::int`.as('stock_qty'),
          sql<number | null>`min(s.price99)`.as('min_price99')])
        .whereRef('s.oe_norm', '=', 'o.oe_norm').where('s.state', '=', 'on').where('s.quantity', '>', 0)
        .as('a'),
      (join) => join.onTrue(),
    )
    .select(['o.id', 'o.oe_number', 'o.brand', 'o.series', 'o.name', 'o.kind', 'o.viscosity', 'o.specs', 'o.volume_ml',
      sql<number>`coalesce(a.seller_count, 0)`.as('seller_count'), sql<number>`coalesce(a.stock_qty, 0)`.as('stock_qty'), 'a.min_price99'])
    .$if(k !== '', (q) => q.where(sql<boolean>`(${containsIgnoringCase(sql`o.name`, k)} or ${containsIgnoringCase(sql`o.brand || ' ' || o.series`, k)}
      or ${oePrefix !== '' ? sql`o.oe_norm like ${`${likeEscape(oePrefix)}%`}` : sql`false`})`))
    .orderBy('o.brand').orderBy('o.kind').orderBy('o.viscosity').orderBy('o.volume_ml', 'desc').orderBy('o.id')
    .execute()).map((r) => ({ ...r, min_price99: r.min_price99 === null ? null : Number(r.min_price99) }));
