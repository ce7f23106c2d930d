/** What statements read besides the ledger (modules/ledger/ledger.read.ts): the caller and company names. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const userOf = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.id', 'app_user.company_id', 'app_user.is_owner', 'app_user.permissions', 'app_user.active', 'company.name as company_name'])
    .where('app_user.id', '=', userId).executeTakeFirst();

/** The company's name; with `country`, only when it is registered there (the dong statements: 'VN'). */
export const companyName = async (db: Kysely<DB>, companyId: number, country?: 'CN' | 'VN') =>
  (await db.selectFrom('company').select('name').where('id', '=', companyId).$if(country !== undefined, (q) => q.where('country', '=', country!)).executeTakeFirst())?.name;

/** The names of these companies whose name or short name holds `text` (all of them when empty). */
export const namesOf = async (db: Kysely<DB>, ids: readonly number[], text: string) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('company').select(['id', 'name']).where('id', 'in', [...ids])
    .$if(text !== '', (q) => q.where((eb) => eb.or([eb('name', 'like', sql<string>`${`%${text}%`}`), eb('short_name', 'like', sql<string>`${`%${text}%`}`)])))
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
};
