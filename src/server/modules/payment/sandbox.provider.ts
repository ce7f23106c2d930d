/**
 * The sandbox provider: our own checkout page (/pay/sandbox) stands in for a real provider's.
 * Starting a payment signs a checkout token (order, amount, subject, expiry) with a server-side
 * HMAC key; the page shows the amount and sends 确认支付 or 取消 back with the token, which we
 * treat as the provider's notify. A token whose signature does not match is refused, so nobody
 * can make up a payment for an order, another amount or another order.
 *
 * Like a real provider it keeps its own side of each trade (sandbox_trade, docs/money.md "Payment
 * providers"): checkout opens the order number's trade, the payer's 确认支付 / 取消 finishes it
 * (first outcome wins), a query answers from it (an open trade past its expiry is closed then),
 * and refunds are recorded per refund number, never more than was paid.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { membershipMsg } from '../../../shared/messages';
import type { CheckoutRequest, PaymentNotice, PaymentProvider, RefundRequest } from './payment.provider';
import { providerSecret } from './payment-secret.repo';
import { inTransaction } from '../../db/helpers';
import { paymentText } from './payment.text';

export const SANDBOX = 'sandbox';
/** How long a checkout token may be used; a real provider closes an unpaid trade similarly. */
export const SANDBOX_TOKEN_TTL_SECONDS = 30 * 60;

interface Claims {
  o: string;
  a: number;
  s: string;
  e: number;
}

export interface SandboxCheckout {
  order_no: string;
  amount_fen: number;
  subject: string;
  expires_at: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const forged = () => new AppError(ResultCode.forbidden, 403, membershipMsg.signatureInvalid);

export const createSandboxProvider = (clock: Clock) => {
  let secret: Buffer | undefined;
  const key = async (db: Kysely<DB>) => (secret ??= await providerSecret(db, SANDBOX));
  const sign = async (db: Kysely<DB>, body: string) => createHmac('sha256', await key(db)).update(body).digest();

  const read = async (db: Kysely<DB>, token: string): Promise<SandboxCheckout> => {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length > 0) throw forged();
    const expected = await sign(db, body);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw forged();
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    if (c.e * 1000 <= clock.now().getTime()) throw new AppError(ResultCode.conflict, 409, membershipMsg.checkoutExpired);
    return { order_no: c.o, amount_fen: c.a, subject: c.s, expires_at: c.e };
  };

  const provider: PaymentProvider & { readCheckout: typeof read } = {
    name: SANDBOX,
    // the sandbox stands in for a provider in either currency: a dong checkout's amount is whole dong
    currencies: ['CNY', 'VND'],
    async startCheckout(db: Kysely<DB>, req: CheckoutRequest) {
      const claims: Claims = { o: req.order_no, a: req.amount_fen, s: req.subject, e: Math.floor(clock.now().getTime() / 1000) + SANDBOX_TOKEN_TTL_SECONDS };
      const body = b64(JSON.stringify(claims));
      const token = `${body}.${b64(await sign(db, body))}`;
      // the provider's side: an open trade takes the latest amount and expiry; a finished one stays as it is
      const expires_at = new Date(claims.e * 1000);
      await db.insertInto('sandbox_trade').values({ order_no: req.order_no, amount_fen: req.amount_fen, subject: req.subject, expires_at, created_at: clock.now() })
        .onConflict((oc) => oc.column('order_no').doUpdateSet({ amount_fen: req.amount_fen, subject: req.subject, expires_at }).where('sandbox_trade.state', '=', 'open'))
        .execute();
      return { checkout_url: `/pay/sandbox?token=${encodeURIComponent(token)}` };
    },
    async verifyNotice(db: Kysely<DB>, raw: unknown): Promise<PaymentNotice> {
      const { token, action } = raw as { token: string; action: 'pay' | 'cancel' };
      const c = await read(db, token);
      // one checkout, one trade number: a repeated notify names the same trade
      const trade_no = `SBX${createHash('sha256').update(token).digest('hex').slice(0, 24).toUpperCase()}`;
      const outcome = action === 'pay' ? 'paid' : 'closed';
      // the payer's action finishes the provider's trade once, when it is still open at this amount
      await db.insertInto('sandbox_trade')
        .values({ order_no: c.order_no, amount_fen: c.amount_fen, subject: c.subject, expires_at: new Date(c.expires_at * 1000), created_at: clock.now(), state: outcome, trade_no, finished_at: clock.now() })
        .onConflict((oc) => oc.column('order_no').doUpdateSet({ state: outcome, trade_no, finished_at: clock.now() })
          .where('sandbox_trade.state', '=', 'open').where('sandbox_trade.amount_fen', '=', c.amount_fen))
        .execute();
      return { order_no: c.order_no, amount_fen: c.amount_fen, trade_no, outcome };
    },
    async queryTrade(db: Kysely<DB>, orderNo: string): Promise<PaymentNotice | null> {
      // a trade left open past its checkout's expiry is closed, as a real provider closes an unpaid trade
      await db.updateTable('sandbox_trade').set({ state: 'closed', finished_at: clock.now() })
        .where('order_no', '=', orderNo).where('state', '=', 'open').where('expires_at', '<=', clock.now()).execute();
      const t = await db.selectFrom('sandbox_trade').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
      if (!t || t.state === 'open') return null;
      return { order_no: t.order_no, amount_fen: t.amount_fen, trade_no: t.trade_no ?? '', outcome: t.state };
    },
    async refund(db: Kysely<DB>, req: RefundRequest) {
      if (!Number.isSafeInteger(req.amount_fen) || req.amount_fen <= 0) throw new AppError(ResultCode.invalidPayload, 422, paymentText.refundAmount);
      return inTransaction(db, async (trx) => {
        const t = await trx.selectFrom('sandbox_trade').selectAll().where('order_no', '=', req.order_no).forUpdate().executeTakeFirst();
        if (!t || t.state !== 'paid') throw new AppError(ResultCode.conflict, 409, paymentText.refundNotPaid);
        if (req.trade_no && t.trade_no !== req.trade_no) throw new AppError(ResultCode.conflict, 409, paymentText.refundTradeMismatch);
        const seen = await trx.selectFrom('sandbox_refund').selectAll().where('refund_no', '=', req.refund_no).executeTakeFirst();
        if (seen) {
          if (seen.order_no !== req.order_no || seen.amount_fen !== req.amount_fen) throw new AppError(ResultCode.conflict, 409, paymentText.refundNoReused);
          return { refund_no: seen.refund_no, amount_fen: seen.amount_fen };
        }
        const done = await trx.selectFrom('sandbox_refund').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('total'))
          .where('order_no', '=', req.order_no).executeTakeFirstOrThrow();
        const refunded = Number(done.total);
        if (refunded + req.amount_fen > t.amount_fen) throw new AppError(ResultCode.conflict, 409, paymentText.refundTooMuch(t.amount_fen, refunded));
        await trx.insertInto('sandbox_refund').values({ refund_no: req.refund_no, order_no: req.order_no, amount_fen: req.amount_fen, reason: req.reason, created_at: clock.now() }).execute();
        return { refund_no: req.refund_no, amount_fen: req.amount_fen };
      });
    },
    readCheckout: read,
  };
  return provider;
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
