/**
 * 满减 at the cart and the checkout (docs/activities.md "满减"): which running 满减 activity each
 * stock row is approved in. Read by the cart and the orders modules through this service; kept
 * apart from activity.service, which places orders through the orders module.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FullReductionTerms } from '../../../shared/domain/full-reduction';
import * as repo from './activity.repo';

/** stock id → the running 满减 activity it is approved in, at `now` */
export const fullReductionTerms = async (db: Kysely<DB>, stockIds: readonly number[], now: Date): Promise<Map<number, FullReductionTerms>> => {
  const out = new Map<number, FullReductionTerms>();
  for (const r of await repo.runningFullReductions(db, [...new Set(stockIds)], now)) {
    if (!out.has(r.stock_id)) out.set(r.stock_id, { activityId: r.activity_id, name: r.name, tiers: r.tiers });
  }
  return out;
};
