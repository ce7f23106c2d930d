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
