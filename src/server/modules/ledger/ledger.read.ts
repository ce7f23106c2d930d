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

