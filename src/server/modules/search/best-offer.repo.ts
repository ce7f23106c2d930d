/** The sellers' stock rows a buyer could take for an OE number now (tables stock, company, part_quality, part_brand). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface OfferRow {
  id: number; oe_norm: string; company_id: number; company_name: string; quantity: number; quality_name: string; brand_name: string;
  price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null;
}

/**
 * On sale, in stock, not the buyer's own, at most `perOe` per number: preferred suppliers' rows
 * first, then the cheapest (price0 as the search orders them); the caller prices them at its level.
 */
export const offersOf = (db: Kysely<DB>, oes: readonly string[], buyerCompanyId: number, preferred: readonly number[], perOe: number) =>
  sql<OfferRow>`
    select id, oe_norm, company_id, company_name, quantity, quality_name, brand_name, price99, price0, price1, price2, price3, price5 from (
      select s.id, s.oe_norm, s.company_id, c.short_name as company_name, s.quantity, q.name as quality_name,
        coalesce(b.name, nullif(s.custom_brand_name, ''), '') as brand_name, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5,
        row_number() over (partition by s.oe_norm
          order by (s.company_id = any(${sql.val([...preferred])}::int[])) desc, s.price0 asc nulls last, s.id) as rank
      from stock s
        join company c on c.id = s.company_id
        join part_quality q on q.id = s.quality_id
        left join part_brand b on b.id = s.part_brand_id
      where s.oe_norm = any(${sql.val([...oes])}::text[]) and s.state = 'on' and s.quantity > 0 and s.company_id <> ${buyerCompanyId}
    ) ranked
    where rank <= ${perOe}
    order by oe_norm, rank`.execute(db).then((r) => r.rows);

export interface PricedRow { oe_norm: string; company_id: number; price99: number | null; price0: number | null; price1: number | null; price2: number | null; price3: number | null; price5: number | null }

/** Every row on sale and in stock of these OE numbers, with its prices (关注: each follower prices them at its level). */
export const inStockRowsOf = (db: Kysely<DB>, oes: readonly string[]) =>
  sql<PricedRow>`
    select s.oe_norm, s.company_id, s.price99, s.price0, s.price1, s.price2, s.price3, s.price5
    from stock s
    where s.oe_norm = any(${sql.val([...oes])}::text[]) and s.state = 'on' and s.quantity > 0`.execute(db).then((r) => r.rows);
