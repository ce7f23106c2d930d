import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Rates from CNY, optionally only the currency with the given Chinese name. */
export const listRates = (db: Kysely<DB>, toCurrTxt: string | undefined) => {
  let q = db.selectFrom('exchange_rate')
    .select(['to_curr_code', 'to_curr_txt', sql<string>`rate_value::text`.as('rate_value')]);
  if (toCurrTxt) q = q.where('to_curr_txt', '=', toCurrTxt);
  return q.orderBy('to_curr_code').execute();
};
