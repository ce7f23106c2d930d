/** Counts for the back-office home: the company's sales orders by status and its stock rows at zero or price-locked. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const salesCounts = async (db: Kysely<DB>, companyId: number) => {
  const r = await db.selectFrom('goods_order')
    .select([sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'), sql<number>`count(*) filter (where status = 'confirmed')::int`.as('confirmed')])
    .where('seller_company_id', '=', companyId).where('status', 'in', ['pending', 'confirmed']).executeTakeFirstOrThrow();
  return r;
};

export const stockCounts = async (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('stock')
    .select([sql<number>`count(*) filter (where quantity = 0)::int`.as('zero'), sql<number>`count(*) filter (where price_lock)::int`.as('locked')])
    .where('company_id', '=', companyId).executeTakeFirstOrThrow();
