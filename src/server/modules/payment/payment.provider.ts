/**
 * The one interface every payment provider implements. A provider takes a person to its checkout
 * and later tells us the outcome in a notice; we trust a notice only after the provider's own
 * signature check (verifyNotice), and the order service applies it exactly once.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface CheckoutRequest {
  order_no: string;
  amount_fen: number;
  /** what the person sees they are paying for */
  subject: string;
}

/** A verified payment outcome: paid, or the trade closed without payment. */
export interface PaymentNotice {
  order_no: string;
  amount_fen: number;
  /** the provider's own transaction number */
  trade_no: string;
  outcome: 'paid' | 'closed';
}

export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment; the person completes it at checkout_url, the provider's page. */
  startCheckout(db: Kysely<DB>, req: CheckoutRequest): Promise<{ checkout_url: string }>;
  /** Checks a notice's signature and reads it; throws an AppError when it is forged or stale. */
  verifyNotice(db: Kysely<DB>, raw: unknown): Promise<PaymentNotice>;
}
