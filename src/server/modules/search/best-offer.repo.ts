/** The sellers' stock rows a buyer could take for an OE number now (tables stock, company, part_quality, part_brand). */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';

export interface OfferRow {
  /** which wanted line (its index in the list asked) the row answers */
  want: number;
  id: number; oe_norm: string; company_id: number; company_name: string; quantity: number; quality_name: string; brand_name: string;
  price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
}

/** A wanted 品质 or 品牌 against a row's: the same letters and digits (any case, separators aside), or the same text. */
const sameName = (column: RawBuilder<string>, wanted: RawBuilder<string>) =>
  sql`((upper(regexp_replace(${wanted}, '[^0-9A-Za-z]', '', 'g')) <> ''
      and upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g')) = upper(regexp_replace(${wanted}, '[^0-9A-Za-z]', '', 'g')))
    or btrim(${column}) = btrim(${wanted}))`;

/**
 * For each wanted line, at most `perOe` rows that meet it: on sale, not the buyer's own, at least
 * the wanted quantity and, when the line names them, of its quality and brand; filtered first and
 * only then ranked (preferred suppliers' rows first, then the cheapest by price0 as the search
 * orders them), so a matching row is never crowded out by cheaper rows that do not match. The
 * caller prices them at its level.
 */
export const offersOf = (db: Kysely<DB>, wants: ReadonlyArray<{ oe_norm: string; qty: number; quality: string; brand: string }>, buyerCompanyId: number, preferred: readonly number[], perOe: number) =>
  sql<OfferRow>`
    select (w.n - 1)::int as want, x.* from
      unnest(${sql.val(wants.map((w) => w.oe_norm))}::text[], ${sql.val(wants.map((w) => w.qty))}::int[],
        ${sql.val(wants.map((w) => w.quality.trim()))}::text[], ${sql.val(wants.map((w) => w.brand.trim()))}::text[])
        with ordinality as w(oe_norm, qty, quality, brand, n)
      cross join lateral (
        select s.id::int as id, s.oe_norm, s.company_id, c.short_name as company_name, s.quantity, q.name as quality_name,
          coalesce(b.name, nullif(s.custom_brand_name, ''), '') as brand_name, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5
        from stock s
          join company c on c.id = s.company_id
          join part_quality q on q.id = s.quality_id
          left join part_brand b on b.id = s.part_brand_id
        where s.oe_norm = w.oe_norm and s.state = 'on' and s.quantity >= greatest(w.qty, 1) and s.company_id <> ${buyerCompanyId}
          and (w.quality = '' or ${sameName(sql`q.name`, sql`w.quality`)})
          and (w.brand = '' or ${sameName(sql`coalesce(b.name, nullif(s.custom_brand_name, ''), '')`, sql`w.brand`)})
        order by (s.company_id = any(${sql.val([...preferred])}::int[])) desc, s.price0 asc nulls last, s.id
        limit ${perOe}
      ) x
    order by w.n`.execute(db).then((r) => r.rows);

export interface PricedRow { oe_norm: string; company_id: number; price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null }

/** Every row on sale and in stock of these OE numbers, with its prices (关注: each follower prices them at its level). */
export const inStockRowsOf = (db: Kysely<DB>, oes: readonly string[]) =>
  sql<PricedRow>`
    select s.oe_norm, s.company_id, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5
    from stock s
    where s.oe_norm = any(${sql.val([...oes])}::text[]) and s.state = 'on' and s.quantity > 0`.execute(db).then((r) => r.rows);
