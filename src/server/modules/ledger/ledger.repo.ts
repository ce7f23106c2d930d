/** SQL of the money ledger (migration 0300): accounts, transactions, entries. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { lineCurrency, type AccountKind, type Currency } from './ledger.rules';

/**
 * Where an account belongs: a company's (wallet, frozen, cash pledge, dong wallet), a provider's
 * (CNY or dong side), or the platform's (the FX pair names its currency; docs/money.md#money-in-dong).
 */
export type AccountRef =
  | { kind: 'wallet_available' | 'wallet_frozen' | 'cash_pledge_held' | 'vnd_wallet'; company_id: number }
  | { kind: 'provider' | 'vnd_provider'; provider: string }
  | { kind: 'platform_clearing' | 'fee_income' }
  | { kind: 'fx'; currency: Currency };

const companyOf = (r: AccountRef) => ('company_id' in r ? r.company_id : null);
const providerOf = (r: AccountRef) => ('provider' in r ? r.provider : null);
export const currencyOf = (r: AccountRef): Currency => lineCurrency({ kind: r.kind, currency: 'currency' in r ? r.currency : undefined });

/** The account's id, made on first use (two first uses at once: the second finds the first's row). */
export const ensureAccount = async (db: Kysely<DB>, ref: AccountRef): Promise<number> => {
  await sql`insert into ledger_account (kind, currency, company_id, provider) values (${ref.kind}, ${currencyOf(ref)}, ${companyOf(ref)}, ${providerOf(ref)})
    on conflict (kind, currency, (coalesce(company_id, 0)), (coalesce(provider, ''))) do nothing`.execute(db);
  const row = await findAccount(db, ref);
  return row!.id;
};

export const findAccount = (db: Kysely<DB>, ref: AccountRef) => {
  let q = db.selectFrom('ledger_account').select(['id', 'kind', 'balance_fen']).where('kind', '=', ref.kind).where('currency', '=', currencyOf(ref));
  const company = companyOf(ref);
  const provider = providerOf(ref);
  q = company === null ? q.where('company_id', 'is', null) : q.where('company_id', '=', company);
  q = provider === null ? q.where('provider', 'is', null) : q.where('provider', '=', provider);
  return q.executeTakeFirst();
};

/** The accounts locked for the rest of the transaction, in ascending id order (docs/money.md, "Locks"). */
export const lockAccounts = (db: Kysely<DB>, ids: readonly number[]) =>
  db.selectFrom('ledger_account').select(['id', 'kind', 'balance_fen'])
    .where('id', 'in', ids).orderBy('id').forUpdate().execute() as Promise<Array<{ id: number; kind: AccountKind; balance_fen: number }>>;

/** Serialises postings under one idempotency key until the transaction ends. */
export const lockKey = async (db: Kysely<DB>, key: string) => {
  await sql`select pg_advisory_xact_lock(hashtext(${`ledger:${key}`}))`.execute(db);
};

export const transactionByKey = (db: Kysely<DB>, key: string) =>
  db.selectFrom('ledger_transaction').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

export const entriesOf = (db: Kysely<DB>, transactionId: number) =>
  db.selectFrom('ledger_entry').innerJoin('ledger_account', 'ledger_account.id', 'ledger_entry.account_id')
    .select(['ledger_entry.account_id', 'ledger_account.kind', 'ledger_account.company_id', 'ledger_entry.amount_fen', 'ledger_entry.balance_after_fen'])
    .where('ledger_entry.transaction_id', '=', transactionId).orderBy('ledger_entry.id').execute();

export const insertTransaction = (db: Kysely<DB>, t: { kind: string; reference: string; idempotency_key: string; created_by: number | null; created_at: Date; fx_rate_micro: number | null }) =>
  db.insertInto('ledger_transaction').values(t).returning(['id', 'created_at']).executeTakeFirstOrThrow();

export const insertEntries = (db: Kysely<DB>, rows: ReadonlyArray<{ transaction_id: number; account_id: number; amount_fen: number; created_at: Date }>) =>
  db.insertInto('ledger_entry').values([...rows]).execute();

/** A company's accounts of these kinds and their running balances. */
export const companyBalances = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('ledger_account').select(['id', 'kind', 'balance_fen']).where('company_id', '=', companyId).execute();
