import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const usernameTaken = async (db: Kysely<DB>, username: string) =>
  !!(await db.selectFrom('app_user').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst());

export const mobileTaken = async (db: Kysely<DB>, mobile: string) =>
  !!(await db.selectFrom('app_user').select('id').where('mobile', '=', mobile).executeTakeFirst());

export const activeUserByMobile = (db: Kysely<DB>, mobile: string) =>
  db.selectFrom('app_user').select(['id', 'username']).where('mobile', '=', mobile).where('active', '=', true).executeTakeFirst();

export const userById = (db: Kysely<DB>, id: number) =>
  db.selectFrom('app_user').select(['id', 'username', 'company_id', 'is_owner']).where('id', '=', id).executeTakeFirstOrThrow();

/**
 * The level new companies start at (注册会员): the first free level that is not the trial, the same
 * one an expired level falls back to; found by kind rather than name, since operators may rename it.
 * Its owner_codes are the template of what the new owner may use.
 */
export const registeredLevel = (db: Kysely<DB>) =>
  db.selectFrom('company_level').select(['id', 'vin_count', 'owner_codes'])
    .where('level_type', '=', 'free').where('is_trial', '=', false).orderBy('sort').orderBy('id').limit(1).executeTakeFirst();

export const profileOf = async (db: Kysely<DB>, userId: number) => {
  const r = await db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select([
      'app_user.username', 'app_user.display_name', 'app_user.head_image', 'app_user.contact_phone', 'app_user.mobile', 'app_user.is_owner',
      'company.name', 'company.short_name', 'company.phone', 'company.province', 'company.city', 'company.address',
    ])
    .where('app_user.id', '=', userId).executeTakeFirstOrThrow();
  return {
    username: r.username, display_name: r.display_name, head_image: r.head_image, contact_phone: r.contact_phone,
    mobile: r.mobile ?? '', is_owner: r.is_owner,
    company: { name: r.name, short_name: r.short_name, phone: r.phone, province: r.province, city: r.city, address: r.address },
  };
};
