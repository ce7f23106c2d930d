/** Demo membership packages: the formal level on sale for a year (the price table an operator would keep). */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export const FORMAL_PACKAGE = { price_fen: 198_000, duration_months: 12 } as const;

export const seedMembership = async (db: Kysely<DB>) => {
  await db.updateTable('company_level').set(FORMAL_PACKAGE).where('name', '=', '正式会员').where('level_type', '=', 'paid').execute();
};
