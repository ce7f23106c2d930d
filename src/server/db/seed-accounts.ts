/** Demo mobiles, so password reset by SMS can be tried with the demo accounts (README, Accounts). */
import type { Kysely } from 'kysely';
import type { DB } from './schema';

export const DEMO_MOBILES: Readonly<Record<string, string>> = {
  operator: '13800000001', seller: '13800000002', clerk: '13800000003', buyer: '13800000004', member: '13800000005', trial: '13800000006',
};

export const seedAccounts = async (db: Kysely<DB>) => {
  for (const [username, mobile] of Object.entries(DEMO_MOBILES)) {
    await db.updateTable('app_user').set({ mobile }).where('username', '=', username).execute();
  }
};
