/**
 * Customers and suppliers (tables customer_invitation and company_customer, migration 0450,
 * docs/customers.md): a seller's invitations, and what each side keeps of a trading pair.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CustomerPriceLevel } from '../../../shared/domain/customer';

const invitationQuery = (db: Kysely<DB>) =>
  db.selectFrom('customer_invitation as i')
    .innerJoin('app_user as u', 'u.id', 'i.created_by')
    .leftJoin('company as c', 'c.id', 'i.used_by_company_id')
    .select([
      'i.id', 'i.code', 'i.note', 'i.created_at', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'i.used_by_company_id',
      'u.display_name as created_by_name', 'c.name as used_company_name',
    ]);
export type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationQuery>['executeTakeFirstOrThrow']>>;

export const insertInvitation = (db: Kysely<DB>, row: { seller: number; code: string; note: string; by: number; now: Date; expires: Date }) =>
  db.insertInto('customer_invitation').values({
    seller_company_id: row.seller, code: row.code, note: row.note, created_by: row.by, created_at: row.now, expires_at: row.expires,
  }).returning('id').executeTakeFirstOrThrow();

export const invitationOf = (db: Kysely<DB>, seller: number, id: number) =>
  invitationQuery(db).where('i.seller_company_id', '=', seller).where('i.id', '=', id).executeTakeFirst();

export const invitationsOf = (db: Kysely<DB>, seller: number, offset: number, limit: number) =>
  invitationQuery(db).where('i.seller_company_id', '=', seller).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').offset(offset).limit(limit).execute();

export const countInvitations = async (db: Kysely<DB>, seller: number) =>
  (await db.selectFrom('customer_invitation').select(sql<number>`count(*)::int`.as('n')).where('seller_company_id', '=', seller).executeTakeFirstOrThrow()).n;

/** An invitation by its code with the inviting company's name; `lock` holds it for the registration's transaction. */
export const invitationByCode = (db: Kysely<DB>, code: string, lock = false) => {
  const q = db.selectFrom('customer_invitation as i').innerJoin('company as c', 'c.id', 'i.seller_company_id')
    .select(['i.id', 'i.seller_company_id', 'i.created_by', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'c.name as seller_name'])
    .where('i.code', '=', code);
  return (lock ? q.forUpdate('i') : q).executeTakeFirst();
};

export const markUsed = (db: Kysely<DB>, id: number, buyer: number, now: Date) =>
  db.updateTable('customer_invitation').set({ used_at: now, used_by_company_id: buyer })
    .where('id', '=', id).where('used_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)
    .executeTakeFirst().then((r) => Number(r.numUpdatedRows) === 1);

export const revoke = (db: Kysely<DB>, seller: number, id: number, now: Date) =>
  db.updateTable('customer_invitation').set({ revoked_at: now })
    .where('id', '=', id).where('seller_company_id', '=', seller).where('used_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)
    .executeTakeFirst().then((r) => Number(r.numUpdatedRows) === 1);

/** The buyer became the seller's customer through an invitation. */
export const recordInvited = (db: Kysely<DB>, row: { seller: number; buyer: number; invitation: number; by: number; now: Date }) =>
  db.insertInto('company_customer').values({
    seller_company_id: row.seller, buyer_company_id: row.buyer, invitation_id: row.invitation, invited_by: row.by, invited_at: row.now,
    created_at: row.now, updated_at: row.now,
  }).onConflict((oc) => oc.columns(['seller_company_id', 'buyer_company_id']).doUpdateSet({
    invitation_id: row.invitation, invited_by: row.by, invited_at: row.now, updated_at: row.now,
  })).execute();

const pairQuery = (db: Kysely<DB>) =>
  db.selectFrom('company_customer as r')
    .leftJoin('app_user as u', 'u.id', 'r.invited_by')
    .select([
      'r.seller_company_id', 'r.buyer_company_id', 'r.price_level', 'r.note', 'r.tags', 'r.invited_at', 'r.preferred', 'r.preferred_at',
      'r.credit_days', 'r.credit_limit_fen',
      'u.display_name as invited_by_name',
    ]);
export type PairRow = Awaited<ReturnType<ReturnType<typeof pairQuery>['executeTakeFirstOrThrow']>>;

/** The seller's rows, with the buyers' names (a buyer that never ordered is known only here). */
export const customersOf = (db: Kysely<DB>, seller: number, buyer?: number) => {
  let q = pairQuery(db).innerJoin('company as c', 'c.id', 'r.buyer_company_id')
    .select(['c.name as partner_name', 'c.province', 'c.city', 'c.phone']).where('r.seller_company_id', '=', seller);
  if (buyer !== undefined) q = q.where('r.buyer_company_id', '=', buyer);
  return q.execute();
};

/** The buyer's rows, with the sellers' names. */
export const suppliersOf = (db: Kysely<DB>, buyer: number, seller?: number) => {
  let q = pairQuery(db).innerJoin('company as c', 'c.id', 'r.seller_company_id')
    .select(['c.name as partner_name', 'c.province', 'c.city', 'c.phone']).where('r.buyer_company_id', '=', buyer);
  if (seller !== undefined) q = q.where('r.seller_company_id', '=', seller);
  return q.execute();
};
export type PartnerPairRow = Awaited<ReturnType<typeof customersOf>>[number];

export const companyName = (db: Kysely<DB>, id: number) =>
  db.selectFrom('company').select(['id', 'name', 'province', 'city', 'phone', 'is_seller']).where('id', '=', id).executeTakeFirst();

export const saveCustomer = (db: Kysely<DB>, seller: number, buyer: number,
  p: { price_level: CustomerPriceLevel; note: string; tags: string[]; credit_days?: number | null; credit_limit_fen?: number | null }, now: Date) =>
  db.insertInto('company_customer').values({ seller_company_id: seller, buyer_company_id: buyer, ...p, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['seller_company_id', 'buyer_company_id']).doUpdateSet({ ...p, updated_at: now })).execute();

export const savePreferred = (db: Kysely<DB>, seller: number, buyer: number, preferred: boolean, now: Date) =>
  db.insertInto('company_customer').values({
    seller_company_id: seller, buyer_company_id: buyer, preferred, preferred_at: preferred ? now : null, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.columns(['seller_company_id', 'buyer_company_id']).doUpdateSet({ preferred, preferred_at: preferred ? now : null, updated_at: now })).execute();

/** The level each of these sellers gives these buyers (the buyer and its head company); a seller without a row charges by membership. */
export const priceLevels = async (db: Kysely<DB>, buyers: readonly number[], sellers: readonly number[]) => {
  if (sellers.length === 0) return [];
  return db.selectFrom('company_customer').select(['seller_company_id', 'buyer_company_id', 'price_level'])
    .where('buyer_company_id', 'in', [...buyers]).where('seller_company_id', 'in', [...new Set(sellers)]).where('price_level', '<>', 'member').execute();
};

/**
 * The credit terms (账期) these sellers give these buyers; `lock` holds the rows for the checkout's
 * transaction (in seller, buyer order), so two checkouts against one term run one after the other.
 */
export const creditTerms = async (db: Kysely<DB>, buyers: readonly number[], sellers: readonly number[], lock = false) => {
  if (sellers.length === 0 || buyers.length === 0) return [];
  const q = db.selectFrom('company_customer as r').innerJoin('company as c', 'c.id', 'r.seller_company_id')
    .select(['r.seller_company_id', 'r.buyer_company_id', 'r.credit_days', 'r.credit_limit_fen', 'c.name as seller_name'])
    .where('r.buyer_company_id', 'in', [...buyers]).where('r.seller_company_id', 'in', [...new Set(sellers)]).where('r.credit_days', 'is not', null)
    .orderBy('r.seller_company_id').orderBy('r.buyer_company_id');
  return (lock ? q.forUpdate('r') : q).execute();
};

/** Every credit term given to these buyers (the supplier side's list for checkout). */
export const creditTermsOf = (db: Kysely<DB>, buyers: readonly number[]) =>
  db.selectFrom('company_customer as r').innerJoin('company as c', 'c.id', 'r.seller_company_id')
    .select(['r.seller_company_id', 'r.buyer_company_id', 'r.credit_days', 'r.credit_limit_fen', 'c.name as seller_name'])
    .where('r.buyer_company_id', 'in', [...buyers]).where('r.credit_days', 'is not', null).orderBy('r.seller_company_id').execute();

export const preferredSellers = async (db: Kysely<DB>, buyer: number) =>
  (await db.selectFrom('company_customer').select('seller_company_id').where('buyer_company_id', '=', buyer).where('preferred', '=', true)
    .orderBy('preferred_at', 'desc').orderBy('seller_company_id').execute()).map((r) => r.seller_company_id);
