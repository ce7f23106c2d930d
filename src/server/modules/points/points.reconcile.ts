/**
 * Reconciliation of the points ledger (docs/points.md, "The points ledger"), as for money: every
 * transaction has two or more entries summing to zero, every account's running balance equals the
 * sum of its entries, the platform's redeemed and expired accounts are not below zero, and all
 * balances together sum to zero. Lists what fails, one line each.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const reconcilePoints = async (db: Kysely<DB>): Promise<{ ok: boolean; problems: string[] }> => {
  const problems: string[] = [];
  const unbalanced = await sql<{ id: number; n: number; total: string }>`
    select t.id, count(e.id)::int as n, coalesce(sum(e.points), 0)::text as total
    from points_transaction t left join points_entry e on e.transaction_id = t.id
    group by t.id having count(e.id) < 2 or coalesce(sum(e.points), 0) <> 0 order by t.id limit 100`.execute(db);
  for (const r of unbalanced.rows) problems.push(`积分交易 ${r.id} 不平：${r.n} 条分录，合计 ${r.total}`);
  const drifted = await sql<{ id: number; kind: string; balance: string; total: string }>`
    select a.id, a.kind, a.balance::text as balance, coalesce(s.total, 0)::text as total
    from points_account a left join (select account_id, sum(points) as total from points_entry group by account_id) s on s.account_id = a.id
    where a.balance <> coalesce(s.total, 0) order by a.id limit 100`.execute(db);
  for (const r of drifted.rows) problems.push(`积分账户 ${r.id}（${r.kind}）余额 ${r.balance}，与分录合计 ${r.total} 不符`);
  const below = await sql<{ id: number; kind: string; balance: string }>`
    select id, kind, balance::text as balance from points_account where kind in ('redeemed', 'expired') and balance < 0 order by id limit 100`.execute(db);
  for (const r of below.rows) problems.push(`积分账户 ${r.id}（${r.kind}）余额为负：${r.balance}`);
  const total = (await sql<{ s: string }>`select coalesce(sum(balance), 0)::text as s from points_account`.execute(db)).rows[0].s;
  if (total !== '0') problems.push(`全部积分账户余额合计 ${total}，应为 0`);
  return { ok: problems.length === 0, problems };
};
