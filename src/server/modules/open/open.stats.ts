/**
 * What the call log says about companies, for the operator's company/yigou and company/erp pages
 * (docs/open-platform.md, "ERP and the operator's pages"). Exported through open.service.ts: the
 * ERP module reads the open platform's tables only through this.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { endpoints } from '../../../shared/contracts';

/** the partner calls that write stock (scope stock:write): their last success is a company's last stock sync */
const stockSyncCalls = Object.entries(endpoints).filter(([, e]) => (e as { scope?: string }).scope === 'stock:write').map(([name]) => name);

export interface OpenCompanyStat {
  company_id: number;
  /** keys neither revoked nor expired at `now` */
  active_keys: number;
  /** the last logged call, whatever its answer */
  last_call_at: Date | null;
  /** calls since `since`, and those answered with a status of 400 or more (refusals included) */
  calls: number;
  errors: number;
  /** the last call of a stock:write partner call answered under 400 */
  last_stock_sync_at: Date | null;
}

/**
 * Per company: its active keys, last call, calls and errors since `since`, and last successful
 * stock sync. `'connected'`: every company that has (had) a key; otherwise the companies given
 * (one without keys or calls comes back with zeros).
 */
export const openCompanyStats = async (db: Kysely<DB>, companyIds: number[] | 'connected', since: Date, now: Date): Promise<OpenCompanyStat[]> => {
  const ids = companyIds === 'connected' ? null : [...new Set(companyIds)];
  if (ids && ids.length === 0) return [];
  let keys = db.selectFrom('open_key').select(['company_id',
    sql<number>`count(*) filter (where revoked_at is null and (expires_at is null or expires_at > ${now}))::int`.as('active_keys')]).groupBy('company_id');
  let calls = db.selectFrom('open_call_log').select(['company_id',
    sql<Date | null>`max(at)`.as('last_call_at'),
    sql<number>`count(*) filter (where at >= ${since})::int`.as('calls'),
    sql<number>`count(*) filter (where at >= ${since} and status >= 400)::int`.as('errors'),
    (stockSyncCalls.length
      ? sql<Date | null>`max(at) filter (where status < 400 and call_name = any(${sql.val(stockSyncCalls)}::text[]))`
      : sql<Date | null>`null::timestamptz`).as('last_stock_sync_at'),
  ]).groupBy('company_id');
  if (ids) {
    keys = keys.where('company_id', 'in', ids);
    calls = calls.where('company_id', 'in', ids);
  }
  const [k, c] = await Promise.all([keys.execute(), calls.execute()]);
  const keysOf = new Map(k.map((r) => [r.company_id, r]));
  const callsOf = new Map(c.map((r) => [r.company_id, r]));
  const all = ids ?? [...new Set([...keysOf.keys(), ...callsOf.keys()])];
  return all.map((id) => {
    const kr = keysOf.get(id);
    const cr = callsOf.get(id);
    return {
      company_id: id, active_keys: kr?.active_keys ?? 0, last_call_at: cr?.last_call_at ?? null,
      calls: cr?.calls ?? 0, errors: cr?.errors ?? 0, last_stock_sync_at: cr?.last_stock_sync_at ?? null,
    };
  });
};
