/**
 * The payment sweep (docs/money.md, "Payment providers"): every PAYMENT_SWEEP_EVERY_MS, and once
 * at start, each purpose's orders still waiting for a provider's outcome are asked of the provider
 * (queryTrade), and a paid or closed trade is applied through the purpose (exactly once: the
 * purpose's applyNotice is idempotent). A notice lost on the way, or a server killed between a
 * notice and its effect, is so found again by asking before anything is retried. At start every
 * waiting order is asked at once (a crash may just have lost one); later sweeps leave an order
 * its first PAYMENT_SWEEP_AFTER_MS for its notice to arrive.
 */
import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import type { Clock } from './http/context';
import type { Logger } from './logger';
import type { PaymentProviders } from './modules/payment/payment.providers';
import type { PaymentPurpose } from './modules/payment/payment.purpose';
import { applyOutcome } from './modules/payment/payment.notify';

export const PAYMENT_SWEEP_EVERY_MS = 3 * 60 * 1000;
export const PAYMENT_SWEEP_AFTER_MS = 2 * 60 * 1000;

export interface PaymentSweepCounts { asked: number; applied: number; unanswered: number; abandoned: number }

export const sweepPayments = async (
  deps: { db: Kysely<DB>; providers: Pick<PaymentProviders, 'byName'>; purposes: readonly PaymentPurpose[]; log: Logger },
  before: Date,
): Promise<PaymentSweepCounts> => {
  const counts: PaymentSweepCounts = { asked: 0, applied: 0, unanswered: 0, abandoned: 0 };
  for (const purpose of deps.purposes) {
    for (const { order_no, provider: name, amount_fen, started_at } of await purpose.unfinished(deps.db, before)) {
      const provider = deps.providers.byName(name);
      // a provider no longer configured cannot be asked; its orders wait until it is again
      if (!provider) continue;
      counts.asked += 1;
      try {
        const outcome = await provider.queryTrade(deps.db, order_no);
        if (!outcome) {
          // never opened at the provider and past the time it could be paid: closed, so it holds nothing
          const abandoned = provider.abandonedAfterMs !== undefined && before.getTime() - started_at.getTime() > provider.abandonedAfterMs;
          if (abandoned && (await applyOutcome(deps, name, { order_no, amount_fen, trade_no: '', outcome: 'closed' }, 'query'))) counts.abandoned += 1;
          continue;
        }
        if (outcome.order_no !== order_no) {
          deps.log('error', `payment sweep: ${name} answered ${outcome.order_no} when asked for ${order_no}`);
          continue;
        }
        if (await applyOutcome(deps, name, outcome, 'query')) counts.applied += 1;
      } catch (e) {
        counts.unanswered += 1;
        deps.log('warn', `payment sweep: ${name} trade ${order_no} not settled now (asked again next sweep)`, e instanceof Error ? e.message : e);
      }
    }
  }
  return counts;
};

/** Sweeps at start (every waiting order) and every PAYMENT_SWEEP_EVERY_MS; the timer never keeps the process alive. */
export const startPaymentSweeper = (
  deps: { db: Kysely<DB>; clock: Clock; providers: Pick<PaymentProviders, 'byName'>; purposes: readonly PaymentPurpose[]; log: Logger },
) => {
  let running: Promise<void> = Promise.resolve();
  const run = (first: boolean) => {
    running = running.then(async () => {
      try {
        const now = deps.clock.now();
        const counts = await sweepPayments(deps, first ? now : new Date(now.getTime() - PAYMENT_SWEEP_AFTER_MS));
        if (counts.asked > 0) deps.log('info', 'payment sweep', counts);
      } catch (e) {
        deps.log('warn', 'payment sweep failed', e);
      }
    });
  };
  run(true);
  const timer = setInterval(() => run(false), PAYMENT_SWEEP_EVERY_MS);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep under way, so the database can be closed after. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
