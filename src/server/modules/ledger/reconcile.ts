/**
 * Reconciliation (docs/money.md, "Reconciliation"): proves that every transaction has two or more
 * entries summing to zero in each currency, that every account's running balance equals the sum
 * of its entries, that no wallet (anything but a provider's account or the FX pair) is below zero,
 * and that all balances of each currency together sum to zero (docs/money.md#money-in-dong). The full form reads the whole ledger (`npm run reconcile`, the tests
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

  const unbalanced = await sql<{ id: number; n: number; total: string; currency: string }>`
    select t.id, count(e.id)::int as n, coalesce(sum(e.amount_fen), 0)::text as total, coalesce(a.currency, 'CNY') as currency
    from ledger_transaction t left join ledger_entry e on e.transaction_id = t.id left join ledger_account a on a.id = e.account_id
    where t.id in ${recent}
    group by t.id, a.currency having coalesce(sum(e.amount_fen), 0) <> 0
      or (select count(*) from ledger_entry x where x.transaction_id = t.id) < 2
    order by t.id limit 100`.execute(db);
  for (const r of unbalanced.rows) problems.push(`交易 ${r.id} 不平：${r.currency} ${r.n} 条分录，合计 ${r.total}${r.currency === 'CNY' ? ' 分' : ' 越南盾'}`);

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
    select id, kind, balance_fen::text as balance from ledger_account where kind not in ('provider', 'vnd_provider', 'fx') and balance_fen < 0 order by id limit 100`.execute(db);
  for (const r of below.rows) problems.push(`账户 ${r.id}（${r.kind}）余额为负：${r.balance} 分`);

  const totals = await sql<{ accounts: number; transactions: number }>`
    select (select count(*) from ledger_account)::int as accounts,
           (select count(*) from ledger_transaction)::int as transactions`.execute(db);
  const t = totals.rows[0];
  // per currency: fen and dong are never added together
  const sums = await sql<{ currency: string; balances: string; entries: string }>`
    select a.currency, coalesce(sum(a.balance_fen), 0)::text as balances,
      ${fast ? sql`'0'` : sql`coalesce((select sum(e.amount_fen) from ledger_entry e join ledger_account x on x.id = e.account_id where x.currency = a.currency), 0)::text`} as entries
    from ledger_account a group by a.currency order by a.currency`.execute(db);
  for (const s of sums.rows) {
    const unit = s.currency === 'CNY' ? '分' : '越南盾';
    if (s.balances !== '0') problems.push(`全部${s.currency === 'CNY' ? '' : ` ${s.currency} `}账户余额合计 ${s.balances} ${unit}，应为 0`);
    if (s.entries !== '0') problems.push(`全部${s.currency === 'CNY' ? '' : ` ${s.currency} `}分录合计 ${s.entries} ${unit}，应为 0`);
  }

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
