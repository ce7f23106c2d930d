/**
 * The orders module's answer to "what has this company traded with each partner" (the customer
 * and supplier lists of docs/customers.md read it here, never from the orders' tables).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './order-stats.repo';

export interface PartnerStats {
  partnerId: number; name: string; province: string; city: string; phone: string;
  orderCount: number; amountFen: number; lastOrderAt: Date | null; outstandingFen: number;
}

const shape = (side: 'seller' | 'buyer') => (r: repo.PairStatsRow): PartnerStats => ({
  partnerId: side === 'seller' ? r.buyer_company_id : r.seller_company_id,
  name: r.partner_name, province: r.province, city: r.city, phone: r.phone,
  orderCount: r.order_count, amountFen: Number(r.amount_fen), lastOrderAt: r.last_order_at, outstandingFen: Number(r.outstanding_fen),
});

/** Every buyer that ordered from the seller (any status), with its figures. */
export const buyersOf = async (db: Kysely<DB>, sellerId: number, buyerIds?: readonly number[]) =>
  (await repo.pairStats(db, 'seller', sellerId, buyerIds)).map(shape('seller'));

/** Every seller the buyer ordered from (any status), with its figures. */
export const sellersOf = async (db: Kysely<DB>, buyerId: number, sellerIds?: readonly number[]) =>
  (await repo.pairStats(db, 'buyer', buyerId, sellerIds)).map(shape('buyer'));

export interface CreditUse { sellerId: number; holderId: number; usedFen: number; overdueFen: number }

/**
 * 账期 (docs/customers.md "Credit terms"): what unpaid credit orders come to per seller and term
 * holder, and how much is past due on `today` (China date). Filter by sellers, holders or both.
 */
export const creditUseOf = async (db: Kysely<DB>, f: { sellerIds?: readonly number[]; holderIds?: readonly number[]; today: string }): Promise<CreditUse[]> =>
  (await repo.creditUse(db, f)).map((r) => ({ sellerId: r.seller_company_id, holderId: r.credit_company_id, usedFen: Number(r.used_fen), overdueFen: Number(r.overdue_fen) }));
