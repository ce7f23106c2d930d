/** What the operator's 账户 page reads of the ledger (docs/architecture.md, "Modules"): every company's wallet. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Every company's wallet: available, frozen and cash pledge by company, companies without
 * accounts at zero, the largest holdings first; and the sums of the whole filter.
 */
export const companyWallets = async (db: Kysely<DB>, f: { q: string; limit: number; offset: number }) => {
  const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = f.q === '' ? sql`true` : sql`c.name ilike ${like}`;
  const from = sql`from company c left join (
      select company_id,
        sum(balance_fen) filter (where kind = 'wallet_available') as available,
        sum(balance_fen) filter (where kind = 'wallet_frozen') as frozen,
        sum(balance_fen) filter (where kind = 'cash_pledge_held') as pledge
      from ledger_account where company_id is not null group by company_id) a on a.company_id = c.id
    where ${where}`;
  const [rows, totals] = await Promise.all([
    sql<{ company_id: number; company_name: string; available_fen: string; frozen_fen: string; cash_pledge_fen: string }>`
      select c.id as company_id, c.name as company_name, coalesce(a.available, 0)::text as available_fen,
        coalesce(a.frozen, 0)::text as frozen_fen, coalesce(a.pledge, 0)::text as cash_pledge_fen
      ${from} order by coalesce(a.available, 0) + coalesce(a.frozen, 0) + coalesce(a.pledge, 0) desc, c.id
      limit ${f.limit} offset ${f.offset}`.execute(db),
    sql<{ n: number; available: string; frozen: string; pledge: string }>`
      select count(*)::int as n, coalesce(sum(a.available), 0)::text as available, coalesce(sum(a.frozen), 0)::text as frozen,
        coalesce(sum(a.pledge), 0)::text as pledge ${from}`.execute(db),
  ]);
  const t = totals.rows[0];
  return {
    rows: rows.rows.map((r) => ({ ...r, available_fen: Number(r.available_fen), frozen_fen: Number(r.frozen_fen), cash_pledge_fen: Number(r.cash_pledge_fen) })),
    total: t.n, available_total_fen: Number(t.available), frozen_total_fen: Number(t.frozen), cash_pledge_total_fen: Number(t.pledge),
  };
};
