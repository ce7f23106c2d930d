/** What one company's goods orders with each trading partner come to (table goods_order), for the customer and supplier lists. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DEDUCT_METHOD } from '../../../shared/domain/aftersale';

export interface PairStatsRow {
  seller_company_id: number; buyer_company_id: number; partner_name: string; province: string; city: string; phone: string;
  order_count: number; amount_fen: string; last_order_at: Date | null; outstanding_fen: string;
}

/**
 * Per partner of `side`'s company: orders that stand (not cancelled or rejected), what they came
 * to, the latest, and what is owed on confirmed, shipped or received orders not yet paid, less
 * what completed after-sales took off (冲减货款, the orders module's rule of what an order asks).
 */
export const pairStats = async (db: Kysely<DB>, side: 'seller' | 'buyer', companyId: number, partnerIds?: readonly number[]) => {
  const own = side === 'seller' ? sql.ref('o.seller_company_id') : sql.ref('o.buyer_company_id');
  const partner = side === 'seller' ? sql.ref('o.buyer_company_id') : sql.ref('o.seller_company_id');
  const only = partnerIds ? sql`and ${partner} = any(${sql.val([...partnerIds])}::int[])` : sql``;
  return (await sql<PairStatsRow>`
    select o.seller_company_id, o.buyer_company_id, c.name as partner_name, coalesce(c.province, '') as province, coalesce(c.city, '') as city,
      coalesce(c.phone, '') as phone,
      (count(*) filter (where o.status not in ('cancelled', 'rejected')))::int as order_count,
      coalesce(sum(o.total_fen) filter (where o.status not in ('cancelled', 'rejected')), 0)::text as amount_fen,
      max(o.created_at) filter (where o.status not in ('cancelled', 'rejected')) as last_order_at,
      coalesce(sum(o.total_fen - coalesce((select sum(a.refund_fen) from after_sale a
          where a.order_id = o.id and a.status = 'completed' and a.refund_method = ${DEDUCT_METHOD}), 0))
        filter (where o.pay_status = 'unpaid' and o.status in ('confirmed', 'shipped', 'received')), 0)::text as outstanding_fen
    from goods_order o join company c on c.id = ${partner}
    where ${own} = ${companyId} ${only}
    group by o.seller_company_id, o.buyer_company_id, c.name, c.province, c.city, c.phone`.execute(db)).rows;
};
