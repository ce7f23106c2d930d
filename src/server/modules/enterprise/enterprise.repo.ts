/** Reads and writes a company's enterprise information (company row: profile, logo, main brands and makes). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const enterpriseOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['company.id', 'company.name', 'company.short_name', 'company.phone', 'company.province', 'company.city', 'company.address',
      'company.logo', 'company.main_brand_ids', 'company.main_make_ids', 'company.is_seller', 'company.business_type', 'company_level.name as level_name'])
    .where('company.id', '=', companyId).executeTakeFirst();

/** Id and name of these part brands that exist. */
export const brandsByIds = (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('part_brand').select(['id', 'name']).where('id', 'in', ids).execute();

/** Id and name of these car makes that exist. */
export const makesByIds = (db: Kysely<DB>, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('make').select(['id', 'name']).where('id', 'in', ids).execute();

export const isOwner = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('app_user').select('is_owner').where('id', '=', userId).executeTakeFirst())?.is_owner ?? false;

export const updateEnterprise = (db: Kysely<DB>, companyId: number, p: {
  name?: string; short_name?: string; phone: string; province?: string; city?: string; address?: string; logo: string; main_brand_ids: number[]; main_make_ids: number[];
  business_type?: 'repair' | 'parts_dealer' | 'dealer_4s' | 'fleet' | 'other';
}) => db.updateTable('company').set(p).where('id', '=', companyId).execute();
