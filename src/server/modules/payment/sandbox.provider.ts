/**
 * The sandbox provider: our own checkout page (/pay/sandbox) stands in for a real provider's.
 * Starting a payment signs a checkout token (order, amount, subject, expiry) with a server-side
 * HMAC key; the page shows the amount and sends 确认支付 or 取消 back with the token, which we
 * treat as the provider's notify. A token whose signature does not match is refused, so nobody
 * can make up a payment for an order, another amount or another order.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { membershipMsg } from '../../../shared/messages';
import type { CheckoutRequest, PaymentNotice, PaymentProvider } from './payment.provider';
import { providerSecret } from './payment-secret.repo';

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
    async startCheckout(db: Kysely<DB>, req: CheckoutRequest) {
      const claims: Claims = { o: req.order_no, a: req.amount_fen, s: req.subject, e: Math.floor(clock.now().getTime() / 1000) + SANDBOX_TOKEN_TTL_SECONDS };
      const body = b64(JSON.stringify(claims));
      const token = `${body}.${b64(await sign(db, body))}`;
      return { checkout_url: `/pay/sandbox?token=${encodeURIComponent(token)}` };
    },
    async verifyNotice(db: Kysely<DB>, raw: unknown): Promise<PaymentNotice> {
      const { token, action } = raw as { token: string; action: 'pay' | 'cancel' };
      const c = await read(db, token);
      // one checkout, one trade number: a repeated notify names the same trade
      const trade_no = `SBX${createHash('sha256').update(token).digest('hex').slice(0, 24).toUpperCase()}`;
      return { order_no: c.order_no, amount_fen: c.amount_fen, trade_no, outcome: action === 'pay' ? 'paid' : 'closed' };
    },
    readCheckout: read,
  };
  return provider;
};

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
