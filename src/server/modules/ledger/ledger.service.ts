/**
 * The money ledger (docs/money.md): the one way money moves. `post` writes one transaction of
 * entries that sum to zero, under an idempotency key that makes it happen once ever: a replay
 * with the same key and the same movement returns the first transaction; the same key for another
 * movement is refused. The accounts it moves are locked in ascending id order first, so
 * concurrent postings queue instead of overdrawing a wallet, and a wallet going below zero is
 * refused with 余额不足. The database refuses the same again (migration 0300).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { conflict } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import { walletText } from '../../../shared/contracts/wallet';
import { vnWalletText } from '../../../shared/contracts/vn-wallet';
import * as repo from './ledger.repo';
import type { AccountRef } from './ledger.repo';
import { lineCurrency, lockOrder, postingProblem, samePosting, shortfalls, type AccountKind, type PostingLine, type TransactionKind } from './ledger.rules';

export type { AccountRef } from './ledger.repo';

export interface Posting {
  kind: TransactionKind;
  /** what it is about: a recharge, order or withdrawal number */
  reference: string;
  /** the same key is the same movement, ever */
  idempotency_key: string;
  /** the user whose call made it; null for a provider's notice or the system */
  created_by: number | null;
  /** amounts in the account's unit: fen for CNY accounts, whole dong for VND ones (docs/money.md#money-in-dong) */
  lines: ReadonlyArray<{ account: AccountRef; amount_fen: number }>;
  /** a conversion's rate, dong per yuan in millionths, kept on the transaction for good */
  fx_rate_micro?: number;
}

export interface Posted {
  transaction_id: number;
  kind: string;
  reference: string;
  /** unix seconds */
  created_at: number;
  /** true when the key had been used for this movement before: nothing new was written */
  replayed: boolean;
  entries: Array<{ account_id: number; kind: AccountKind; company_id: number | null; amount_fen: number; balance_after_fen: number }>;
}

/** A posting the caller got wrong (not a user's input): a bug to fix, never shown as a refusal. */
export class LedgerMisuse extends Error {}

const isFloorViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23514' && (e as { constraint?: string }).constraint === 'ledger_account_floor';

export const createLedgerService = (clock: Clock) => {
  const answer = async (db: Kysely<DB>, t: { id: number; kind: string; reference: string; created_at: Date | string }, replayed: boolean): Promise<Posted> => ({
    transaction_id: t.id, kind: t.kind, reference: t.reference, created_at: unix(t.created_at), replayed,
    entries: (await repo.entriesOf(db, t.id)).map((e) => ({ ...e, kind: e.kind as AccountKind })),
  });

  const post = (db: Kysely<DB>, p: Posting): Promise<Posted> => inTransaction(db, async (trx) => {
    await repo.lockKey(trx, p.idempotency_key);
    const prior = await repo.transactionByKey(trx, p.idempotency_key);
    if (prior) {
      const entries = await repo.entriesOf(trx, prior.id);
      const asked = await Promise.all(p.lines.map(async (l) => ({ account_id: (await repo.findAccount(trx, l.account))?.id ?? -1, amount_fen: l.amount_fen })));
      if (!samePosting({ kind: prior.kind, reference: prior.reference, lines: entries }, { kind: p.kind, reference: p.reference, lines: asked })) {
        throw conflict(walletText.keyReused);
      }
      return answer(trx, prior, true);
    }
    const lines: PostingLine[] = [];
    for (const l of p.lines) lines.push({ account_id: await repo.ensureAccount(trx, l.account), kind: l.account.kind, amount_fen: l.amount_fen, currency: repo.currencyOf(l.account) });
    const problem = postingProblem(p.kind, lines)
      // a conversion keeps its rate for good (docs/money.md#money-in-dong)
      ?? (lines.some((l) => l.kind === 'fx') && !p.fx_rate_micro ? 'a posting through the fx accounts needs its rate (fx_rate_micro)' : null);
    if (problem) throw new LedgerMisuse(problem);
    const locked = await repo.lockAccounts(trx, lockOrder(lines.map((l) => l.account_id)));
    const short = shortfalls(lines, new Map(locked.map((a) => [a.id, a.balance_fen])));
    if (short.length > 0) {
      const s = short[0];
      // a dong account's shortfall in dong (docs/money.md#money-in-dong), a CNY one's in yuan
      throw conflict(lineCurrency(s) === 'VND' ? vnWalletText.insufficient(s.balance_fen, s.need_fen) : walletText.insufficient(s.balance_fen, s.need_fen));
    }
    const now = clock.now();
    try {
      const t = await repo.insertTransaction(trx, { kind: p.kind, reference: p.reference, idempotency_key: p.idempotency_key, created_by: p.created_by, created_at: now, fx_rate_micro: p.fx_rate_micro ?? null });
      await repo.insertEntries(trx, [...lines].sort((a, b) => a.account_id - b.account_id).map((l) => ({ transaction_id: t.id, account_id: l.account_id, amount_fen: l.amount_fen, created_at: now })));
      return await answer(trx, { ...t, kind: p.kind, reference: p.reference }, false);
    } catch (e) {
      // the floor check of the database caught what the locked read did not: still 余额不足
      if (isFloorViolation(e)) throw conflict(walletText.insufficientPlain);
      throw e;
    }
  });

  return {
    post,
    /** A company's wallet: available and frozen, from the running balances (kept equal to the entries by the database). */
    async wallet(db: Kysely<DB>, companyId: number) {
      const rows = await repo.companyBalances(db, companyId);
      const of = (kind: AccountKind) => rows.find((r) => r.kind === kind);
      return {
        available_fen: of('wallet_available')?.balance_fen ?? 0,
        frozen_fen: of('wallet_frozen')?.balance_fen ?? 0,
        cash_pledge_fen: of('cash_pledge_held')?.balance_fen ?? 0,
        vnd_dong: of('vnd_wallet')?.balance_fen ?? 0,
        available_account: of('wallet_available')?.id ?? null,
        frozen_account: of('wallet_frozen')?.id ?? null,
      };
    },
  };
};

export type LedgerService = ReturnType<typeof createLedgerService>;
