/** What other modules may read of the ledger (docs/architecture.md, "Modules"): a company's wallet entries. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface EntryFilter {
  companyId: number;
  kind: string;
  from: Date | null;
  /** exclusive */
  to: Date | null;
  limit: number;
  offset: number;
}

/** The company's wallet entries (available and frozen), newest first, and how many match. */
export const entries = async (db: Kysely<DB>, f: EntryFilter) => {
  const base = db.selectFrom('ledger_entry')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_entry.account_id')
    .innerJoin('ledger_transaction', 'ledger_transaction.id', 'ledger_entry.transaction_id')
    .where('ledger_account.company_id', '=', f.companyId)
    .where('ledger_account.kind', 'in', ['wallet_available', 'wallet_frozen'])
    .$if(f.kind !== '', (q) => q.where('ledger_transaction.kind', '=', f.kind))
    .$if(f.from !== null, (q) => q.where('ledger_entry.created_at', '>=', f.from!))
    .$if(f.to !== null, (q) => q.where('ledger_entry.created_at', '<', f.to!));
  const [rows, count] = await Promise.all([
    base.select([
      'ledger_entry.id', 'ledger_entry.transaction_id', 'ledger_transaction.kind', 'ledger_transaction.reference', 'ledger_account.kind as account_kind',
      'ledger_entry.amount_fen', 'ledger_entry.balance_after_fen', 'ledger_entry.created_at',
    ]).orderBy('ledger_entry.created_at', 'desc').orderBy('ledger_entry.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
};

/** A company's dong wallet entries (docs/money.md#money-in-dong), newest first, and how many there are. */
export const vndEntries = async (db: Kysely<DB>, f: { companyId: number; limit: number; offset: number }) => {
  const base = db.selectFrom('ledger_entry')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_entry.account_id')
    .innerJoin('ledger_transaction', 'ledger_transaction.id', 'ledger_entry.transaction_id')
    .where('ledger_account.company_id', '=', f.companyId).where('ledger_account.kind', '=', 'vnd_wallet');
  const [rows, count] = await Promise.all([
    base.select(['ledger_entry.id', 'ledger_entry.transaction_id', 'ledger_transaction.kind', 'ledger_transaction.reference',
      'ledger_entry.amount_fen', 'ledger_entry.balance_after_fen', 'ledger_entry.created_at'])
      .orderBy('ledger_entry.created_at', 'desc').orderBy('ledger_entry.id', 'desc').limit(f.limit).offset(f.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
};

// ---- statements (账单, docs/money.md#bills): a company's wallet, available and frozen together ----

const WALLET_KINDS = ['wallet_available', 'wallet_frozen'] as const;
/** The accounts a statement covers: the CNY wallet (both parts) or the dong wallet (docs/money.md#overseas-bills). */
export type StatementKinds = typeof WALLET_KINDS | readonly ['vnd_wallet'];
const kindsIn = (kinds: StatementKinds) => sql.join(kinds.map((k) => sql`${k}`));

/** What a company's accounts held just before `at`: the sum of their entries, per kind. */
export const companyBalancesBefore = async (db: Kysely<DB>, companyId: number, at: Date) => {
  const rows = await db.selectFrom('ledger_entry')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_entry.account_id')
    .where('ledger_account.company_id', '=', companyId).where('ledger_entry.created_at', '<', at)
    .groupBy('ledger_account.kind')
    .select(['ledger_account.kind', sql<string>`sum(ledger_entry.amount_fen)::bigint`.as('fen')]).execute();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.fen ?? 0);
  return { available_fen: of('wallet_available'), frozen_fen: of('wallet_frozen'), cash_pledge_fen: of('cash_pledge_held'), vnd_dong: of('vnd_wallet') };
};

/**
 * A company's wallet movements in [from, to), oldest first: one row per ledger transaction, with
 * what it moved in the available and the frozen part (a withdrawal's freeze moves both, netting zero).
 */
export const walletTransactionsBetween = async (db: Kysely<DB>, companyId: number, from: Date, to: Date) =>
  (await db.selectFrom('ledger_entry')
    .innerJoin('ledger_account', 'ledger_account.id', 'ledger_entry.account_id')
    .innerJoin('ledger_transaction', 'ledger_transaction.id', 'ledger_entry.transaction_id')
    .where('ledger_account.company_id', '=', companyId).where('ledger_account.kind', 'in', [...WALLET_KINDS])
    .where('ledger_entry.created_at', '>=', from).where('ledger_entry.created_at', '<', to)
    .groupBy(['ledger_transaction.id', 'ledger_transaction.kind', 'ledger_transaction.reference'])
    .select([
      'ledger_transaction.id', 'ledger_transaction.kind', 'ledger_transaction.reference',
      sql<Date>`min(ledger_entry.created_at)`.as('created_at'),
      sql<string>`sum(case when ledger_account.kind = 'wallet_available' then ledger_entry.amount_fen else 0 end)::bigint`.as('available_fen'),
      sql<string>`sum(case when ledger_account.kind = 'wallet_frozen' then ledger_entry.amount_fen else 0 end)::bigint`.as('frozen_fen'),
    ])
    .orderBy(sql`min(ledger_entry.created_at)`).orderBy('ledger_transaction.id').execute())
    .map((r) => ({ ...r, available_fen: Number(r.available_fen), frozen_fen: Number(r.frozen_fen) }));

/**
 * Per China month with movements, a company's wallet, oldest month first: what came in and went
 * out, each transaction netted over both parts first (a withdrawal's freeze is neither).
 */
export const walletMonths = async (db: Kysely<DB>, companyId: number, kinds: StatementKinds = WALLET_KINDS) =>
  (await sql<{ month: string; in_fen: string; out_fen: string; n: number }>`
    select month, sum(case when net > 0 then net else 0 end)::bigint as in_fen, sum(case when net < 0 then net else 0 end)::bigint as out_fen, count(*)::int as n
    from (select to_char((min(e.created_at) at time zone 'UTC') + interval '8 hours', 'YYYY-MM') as month, sum(e.amount_fen) as net
          from ledger_entry e join ledger_account a on a.id = e.account_id
          where a.company_id = ${companyId} and a.kind in (${kindsIn(kinds)})
          group by e.transaction_id) t
    group by month order by month`.execute(db)).rows
    .map((r) => ({ month: r.month, in_fen: Number(r.in_fen), out_fen: Number(r.out_fen), n: r.n }));

/** Every company with a wallet: what its wallet held before `from`, and what came in and went out in [from, to). */
export const walletTotalsByCompany = async (db: Kysely<DB>, from: Date, to: Date, kinds: StatementKinds = WALLET_KINDS) =>
  (await sql<{ company_id: number; opening_fen: string; in_fen: string; out_fen: string; n: number }>`
    select company_id,
      sum(case when before then net else 0 end)::bigint as opening_fen,
      sum(case when not before and net > 0 then net else 0 end)::bigint as in_fen,
      sum(case when not before and net < 0 then net else 0 end)::bigint as out_fen,
      count(*) filter (where not before)::int as n
    from (select a.company_id, min(e.created_at) < ${from} as before, sum(e.amount_fen) as net
          from ledger_entry e join ledger_account a on a.id = e.account_id
          where a.kind in (${kindsIn(kinds)}) and e.created_at < ${to}
          group by a.company_id, e.transaction_id) t
    group by company_id`.execute(db)).rows
    .map((r) => ({ company_id: Number(r.company_id), opening_fen: Number(r.opening_fen), in_fen: Number(r.in_fen), out_fen: Number(r.out_fen), n: r.n }));

/**
 * A company's dong wallet movements in [from, to), oldest first: one row per ledger transaction
 * with what it moved (whole dong), the rate written on it and the fen its fx CNY side moved
 * (unsigned; 0 for a recharge, which converts nothing).
 */
export const vndTransactionsBetween = async (db: Kysely<DB>, companyId: number, from: Date, to: Date) =>
  (await sql<{ id: number; kind: string; reference: string; created_at: Date; amount: string; rate: string | null; fx_fen: string }>`
    select t.id, t.kind, t.reference, min(e.created_at) as created_at, sum(e.amount_fen)::bigint as amount, t.fx_rate_micro::bigint as rate,
      (select coalesce(abs(sum(x.amount_fen)), 0) from ledger_entry x join ledger_account xa on xa.id = x.account_id
        where x.transaction_id = t.id and xa.kind = 'fx' and xa.currency = 'CNY')::bigint as fx_fen
    from ledger_entry e join ledger_account a on a.id = e.account_id join ledger_transaction t on t.id = e.transaction_id
    where a.company_id = ${companyId} and a.kind = 'vnd_wallet' and e.created_at >= ${from} and e.created_at < ${to}
    group by t.id, t.kind, t.reference, t.fx_rate_micro
    order by min(e.created_at), t.id`.execute(db)).rows
    .map((r) => ({ id: Number(r.id), kind: r.kind, reference: r.reference, created_at: r.created_at, amount: Number(r.amount), rate_micro: Number(r.rate ?? 0), fx_fen: Number(r.fx_fen) }));

/** Every company whose account of this kind holds anything now (running balances), by company id. */
export const companiesHolding = async (db: Kysely<DB>, kind: 'wallet_available' | 'wallet_frozen' | 'cash_pledge_held') =>
  new Map((await db.selectFrom('ledger_account').select(['company_id', 'balance_fen'])
    .where('kind', '=', kind).where('company_id', 'is not', null).where('balance_fen', '<>', 0).execute())
    .map((r) => [r.company_id!, Number(r.balance_fen)]));
