/**
 * Reconciliation (docs/money.md, "Reconciliation"): proves that every transaction has two or more
 * entries summing to zero, that every account's running balance equals the sum of its entries,
 * that no wallet (anything but a provider's account) is below zero, and that all balances
 * together sum to zero. The full form reads the whole ledger (`npm run reconcile`, the tests
 * after every money scenario); the fast form, run at server start, checks the totals and floors
 * of every account and the whole of the latest transactions and the accounts they touched.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** How many of the latest transactions the fast form checks entry by entry. */
export const FAST_RECENT_TRANSACTIONS = 2000;

export interface ReconcileReport {
  ok: boolean;
  fast: boolean;
  transactions: number;
  accounts: number;
  /** what is wrong, one line each (empty when ok) */
  problems: string[];
}

export const reconcile = async (db: Kysely<DB>, opts: { fast?: boolean } = {}): Promise<ReconcileReport> => {
  const fast = opts.fast ?? false;
  const problems: string[] = [];
  const recent = fast
    ? sql`(select id from ledger_transaction order by id desc limit ${FAST_RECENT_TRANSACTIONS})`
    : sql`(select id from ledger_transaction)`;

  const unbalanced = await sql<{ id: number; n: number; total: string }>`
    select t.id, count(e.id)::int as n, coalesce(sum(e.amount_fen), 0)::text as total
    from ledger_transaction t left join ledger_entry e on e.transaction_id = t.id
    where t.id in ${recent}
    group by t.id having count(e.id) < 2 or coalesce(sum(e.amount_fen), 0) <> 0
    order by t.id limit 100`.execute(db);
  for (const r of unbalanced.rows) problems.push(`交易 ${r.id} 不平：${r.n} 条分录，合计 ${r.total} 分`);

  const accountsChecked = fast
    ? sql`(select distinct account_id from ledger_entry where transaction_id in ${recent})`
    : sql`(select id from ledger_account)`;
  const drifted = await sql<{ id: number; kind: string; balance: string; total: string }>`
    select a.id, a.kind, a.balance_fen::text as balance, coalesce(s.total, 0)::text as total
    from ledger_account a
    left join (select account_id, sum(amount_fen) as total from ledger_entry where account_id in ${accountsChecked} group by account_id) s on s.account_id = a.id
    where a.id in ${accountsChecked} and a.balance_fen <> coalesce(s.total, 0)
    order by a.id limit 100`.execute(db);
  for (const r of drifted.rows) problems.push(`账户 ${r.id}（${r.kind}）余额 ${r.balance} 分，与分录合计 ${r.total} 分不符`);

  const below = await sql<{ id: number; kind: string; balance: string }>`
    select id, kind, balance_fen::text as balance from ledger_account where kind <> 'provider' and balance_fen < 0 order by id limit 100`.execute(db);
  for (const r of below.rows) problems.push(`账户 ${r.id}（${r.kind}）余额为负：${r.balance} 分`);

  const totals = await sql<{ balances: string; entries: string; accounts: number; transactions: number }>`
    select (select coalesce(sum(balance_fen), 0) from ledger_account)::text as balances,
           ${fast ? sql`'0'` : sql`(select coalesce(sum(amount_fen), 0) from ledger_entry)::text`} as entries,
           (select count(*) from ledger_account)::int as accounts,
           (select count(*) from ledger_transaction)::int as transactions`.execute(db);
  const t = totals.rows[0];
  if (t.balances !== '0') problems.push(`全部账户余额合计 ${t.balances} 分，应为 0`);
  if (t.entries !== '0') problems.push(`全部分录合计 ${t.entries} 分，应为 0`);

  return { ok: problems.length === 0, fast, transactions: t.transactions, accounts: t.accounts, problems };
};

/**
 * The server's start check (docs/operations.md, "Ledger check at start"): the fast form, whose
 * outcome the health call reports; a failure is logged as an error line, and the server still
 * serves, so the operators can look.
 */
export const createLedgerHealth = () => {
  let last: ReconcileReport | null = null;
  return {
    async runAtStart(db: Kysely<DB>, log: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void) {
      try {
        last = await reconcile(db, { fast: true });
      } catch (e) {
        last = { ok: false, fast: true, transactions: 0, accounts: 0, problems: [`核对失败：${e instanceof Error ? e.message : String(e)}`] };
      }
      if (!last.ok) log('error', `LEDGER CHECK FAILED: 账目核对未通过（${last.problems.length} 项），运行 npm run reconcile 查看全部`, last.problems);
      return last;
    },
    /** 'unchecked' before the start check ran (tests that build the app alone) */
    status: (): 'ok' | 'failed' | 'unchecked' => (last === null ? 'unchecked' : last.ok ? 'ok' : 'failed'),
  };
};

export type LedgerHealth = ReturnType<typeof createLedgerHealth>;
