/**
 * The VIN decode quota as other modules change and read it (docs/money.md#paid-services): a VIN
 * pack bought adds to the company's bought decodes (company.vin_sum_qty), which the decode
 * admission (shared/domain/vin-quota.ts) counts against.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { vinQuotaState } from '../../../shared/domain/vin-quota';

export const addBoughtDecodes = (db: Kysely<DB>, companyId: number, n: number) =>
  db.updateTable('company').set({ vin_sum_qty: sql<number>`vin_sum_qty + ${n}` }).where('id', '=', companyId).execute();

/** Decodes bought and left (unlimited while a date-based period runs), and counted so far. */
export const vinStanding = async (db: Kysely<DB>, companyId: number, now: Date) => {
  const c = await db.selectFrom('company').innerJoin('company_level', 'company_level.id', 'company.level_id')
    .select(['company.vin_sum_qty', 'company.vin_end_at', 'company_level.vin_type']).where('company.id', '=', companyId).executeTakeFirstOrThrow();
  const used = (await db.selectFrom('vin_query_log').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n;
  const state = vinQuotaState({ type: c.vin_type, endAt: c.vin_end_at ? new Date(c.vin_end_at) : null, bought: c.vin_sum_qty, used }, now);
  return { bought: c.vin_sum_qty, used, unlimited: state.unlimited, available: state.available ?? 0 };
};
