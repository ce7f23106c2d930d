/**
 * The one check every purpose with its own pending row makes of a provider's verified outcome
 * (docs/money.md, "Payment providers"): wallet recharges (RC…), order payments (OP…), cash
 * pledges (CP…) and paid services (SV…). Before anything is locked, the row the order number
 * names must exist, have gone to this provider and ask exactly this amount (else refused, and
 * nothing changes). Then, in one transaction under the purpose's locks: a closing cancels a
 * pending row and leaves a paid or cancelled one as it is; a payment of a paid row is a repeat
 * and changes nothing; a payment of a cancelled row is refused (409: money came in for nothing,
 * payment.notify.ts logs it as an error); a pending row is paid by the purpose, whose ledger
 * posting is keyed by the order number, so it happens once.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppError } from '../../http/errors';
import { conflict, forbidden } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import type { PaymentNotice } from './payment.provider';

export interface NoticeRow {
  provider: string | null;
  amount_fen: number | string | bigint;
  state: string;
}

export interface NoticeCheck<R extends NoticeRow, T> {
  /** the row the order number names, read without a lock */
  find(db: Kysely<DB>, orderNo: string): Promise<R | undefined | null>;
  notFound(): AppError;
  /** the purpose's refusals, in its own words */
  text: { providerMismatch: string; amountMismatch: string; cancelled: string };
  /** takes the purpose's locks (in its own order) and answers the row locked */
  lock(trx: Kysely<DB>, seen: R): Promise<R>;
  /** marks a pending row cancelled (the provider closed the trade unpaid) */
  cancel(trx: Kysely<DB>, row: R): Promise<void>;
  /** pays a pending row: the ledger posting, the paid mark and the purpose's effect */
  pay(trx: Kysely<DB>, row: R): Promise<T>;
}

/** Checks and applies a verified outcome; answers what `pay` answered, or undefined when nothing was paid now. */
export const applyCheckedNotice = async <R extends NoticeRow, T>(db: Kysely<DB>, providerName: string, notice: PaymentNotice, check: NoticeCheck<R, T>): Promise<T | undefined> => {
  const seen = await check.find(db, notice.order_no);
  if (!seen) throw check.notFound();
  if (seen.provider !== providerName) throw forbidden(check.text.providerMismatch);
  if (Number(seen.amount_fen) !== notice.amount_fen) throw forbidden(check.text.amountMismatch);
  return inTransaction(db, async (trx) => {
    const row = await check.lock(trx, seen);
    if (notice.outcome === 'closed') {
      if (row.state === 'pending') await check.cancel(trx, row);
      return undefined;
    }
    if (row.state === 'paid') return undefined;
    if (row.state === 'cancelled') throw conflict(check.text.cancelled);
    return check.pay(trx, row);
  });
};
