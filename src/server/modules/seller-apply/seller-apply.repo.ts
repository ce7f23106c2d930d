/** Seller applications (seller_application) and the grants an approval writes to company and app_user. */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ApplicationState } from '../../../shared/domain/seller-apply';

const unix = (col: string) => sql<number>`coalesce(extract(epoch from ${sql.ref(col)})::bigint, 0)::int`;

const base = (db: Kysely<DB>) =>
  db.selectFrom('seller_application as a')
    .innerJoin('app_user as u', 'u.id', 'a.applicant_user_id')
    .leftJoin('app_user as r', 'r.id', 'a.reviewer_user_id')
    .select([
      'a.id', 'a.company_id', 'u.display_name as applicant_name', 'a.company_name', 'a.contact_name', 'a.contact_phone',
      'a.province', 'a.city', 'a.address', 'a.licence_no', 'a.main_brands', 'a.note', 'a.licence_images', 'a.state', 'a.reject_reason',
      'r.display_name as reviewer_name', unix('a.reviewed_at').as('reviewed_at'), unix('a.created_at').as('created_at'),
    ]);

export const byId = (db: Kysely<DB>, id: number) => base(db).where('a.id', '=', id).executeTakeFirst();

export const ofCompany = (db: Kysely<DB>, companyId: number) =>
  base(db).where('a.company_id', '=', companyId).orderBy('a.id', 'desc').execute();

export const list = async (db: Kysely<DB>, f: { state: ApplicationState | ''; k: string; offset: number; limit: number }) => {
  let q = base(db);
  if (f.state) q = q.where('a.state', '=', f.state);
  if (f.k) q = q.where('a.company_name', 'like', `%${f.k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, total] = await Promise.all([
    q.orderBy(sql`a.state = 'pending'`, 'desc').orderBy('a.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};

export const applicant = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.is_owner', 'company.id as company_id', 'company.name', 'company.is_seller', 'company.province', 'company.city', 'company.address', 'company.phone'])
    .where('app_user.id', '=', userId).executeTakeFirstOrThrow();

/** Locks the row so two reviewers of the same application are served one after the other. */
export const lockForReview = (db: Kysely<DB>, id: number) =>
  db.selectFrom('seller_application').select(['id', 'company_id', 'state', 'reviewer_user_id', 'reviewed_at']).where('id', '=', id).forUpdate().executeTakeFirst();

/** Locks the company row: one application at a time is written for a company. */
export const lockCompany = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company').select(['id', 'is_seller']).where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();

export const hasOpen = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('seller_application').select('id').where('company_id', '=', companyId).where('state', '=', 'pending').executeTakeFirst()) !== undefined;

export const insert = (db: Kysely<DB>, row: Insertable<DB['seller_application']>) =>
  db.insertInto('seller_application').values(row).returning('id').executeTakeFirstOrThrow();

export const reviewerName = (db: Kysely<DB>, userId: number | null) =>
  userId === null ? Promise.resolve(undefined) : db.selectFrom('app_user').select('display_name').where('id', '=', userId).executeTakeFirst();

export const markSeller = (db: Kysely<DB>, companyId: number) =>
  db.updateTable('company').set({ is_seller: true }).where('id', '=', companyId).execute();

/** The seller codes the template of the company's level grants on approval. */
export const sellerCodesOf = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select('company_level.seller_codes').where('company.id', '=', companyId).executeTakeFirstOrThrow()).seller_codes;

/** Adds the codes to every owner of the company, keeping what they hold, without duplicates. */
export const grantOwners = (db: Kysely<DB>, companyId: number, codes: readonly string[]) =>
  sql`update app_user set permissions = array(select distinct c from unnest(permissions || ${sql.val([...codes])}::text[]) as c order by c)
      where company_id = ${companyId} and is_owner`.execute(db);

export const decide = (db: Kysely<DB>, id: number, d: { state: 'approved' | 'rejected'; reviewer: number; at: Date; reason: string | null }) =>
  db.updateTable('seller_application')
    .set({ state: d.state, reviewer_user_id: d.reviewer, reviewed_at: d.at, reject_reason: d.reason })
    .where('id', '=', id).where('state', '=', 'pending').executeTakeFirstOrThrow();
