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
  /** where the person pays: a phone gets the provider's mobile checkout (Alipay wap pay); default desktop */
  device?: 'desktop' | 'phone';
}

/** A verified payment outcome: paid, or the trade closed without payment. */
export interface PaymentNotice {
  order_no: string;
  amount_fen: number;
  /** the provider's own transaction number */
  trade_no: string;
  outcome: 'paid' | 'closed';
}

/** A refund of part or all of a paid trade; the provider treats the same refund_no as the same refund. */
export interface RefundRequest {
  order_no: string;
  trade_no: string;
  refund_no: string;
  amount_fen: number;
  reason: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment; the person completes it at checkout_url, the provider's page. */
  startCheckout(db: Kysely<DB>, req: CheckoutRequest): Promise<{ checkout_url: string }>;
  /** Checks a notice's signature and reads it; throws an AppError when it is forged or stale. */
  verifyNotice(db: Kysely<DB>, raw: unknown): Promise<PaymentNotice>;
  /**
   * What the provider knows of an order number's trade: paid or closed, or null while it has no
   * finished trade. Asked before anything is retried after a lost answer (docs/money.md).
   */
  queryTrade(db: Kysely<DB>, orderNo: string): Promise<PaymentNotice | null>;
  /**
   * How long after its checkout started a trade the provider still does not know can no longer be
   * paid (the payer never opened the provider's page): the sweep then closes it, so a pending order
   * holds nothing for ever (docs/money.md, "Payment providers"). Absent: the provider closes its
   * own trades (the sandbox), so an unknown trade just waits.
   */
  readonly abandonedAfterMs?: number;
  /**
   * The currencies the provider takes; absent: CNY only. A dong recharge (docs/money.md#money-in-dong)
   * goes only to a provider naming VND, and its amounts are whole dong.
   */
  readonly currencies?: readonly ('CNY' | 'VND')[];
  /** Refunds part or all of a paid trade to where it came from; repeating a refund_no repeats nothing. */
  refund(db: Kysely<DB>, req: RefundRequest): Promise<{ refund_no: string; amount_fen: number }>;
}
