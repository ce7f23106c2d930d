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

export interface CreditUseRow { seller_company_id: number; credit_company_id: number; used_fen: string; overdue_fen: string }

/**
 * 账期 (docs/customers.md "Credit terms"): per seller and term holder (the company whose term the
 * orders used), what its credit orders still ask — unpaid, not cancelled or rejected, total less
 * 冲减货款 — and how much of it is past due (due date before `today`, China).
 */
export const creditUse = async (db: Kysely<DB>, f: { sellerIds?: readonly number[]; holderIds?: readonly number[]; today: string }) => {
  const sellers = f.sellerIds ? sql`and o.seller_company_id = any(${sql.val([...f.sellerIds])}::int[])` : sql``;
  const holders = f.holderIds ? sql`and o.credit_company_id = any(${sql.val([...f.holderIds])}::int[])` : sql``;
  return (await sql<CreditUseRow>`
    with owed as (
      select o.seller_company_id, o.credit_company_id, o.credit_due_date,
        o.total_fen - coalesce((select sum(a.refund_fen) from after_sale a
          where a.order_id = o.id and a.status = 'completed' and a.refund_method = ${DEDUCT_METHOD}), 0) as fen
      from goods_order o
      where o.credit_company_id is not null and o.pay_status = 'unpaid' and o.status not in ('cancelled', 'rejected') ${sellers} ${holders}
    )
    select seller_company_id, credit_company_id, coalesce(sum(fen), 0)::text as used_fen,
      coalesce(sum(fen) filter (where credit_due_date < ${f.today}::date), 0)::text as overdue_fen
    from owed group by seller_company_id, credit_company_id`.execute(db)).rows;
};
