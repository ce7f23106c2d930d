/**
 * What a payment is for (docs/money.md, "Payers and purposes"): membership packages (PK…) and
 * wallet recharges (RC…) both pay through the configured provider. A provider's checkout and
 * notice name only an order number; the purpose that owns the number shows its checkout and
 * applies its notice. The sandbox's two calls ask the purposes first and leave every other number
 * to membership's own handlers.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, RequestContext } from '../../http/context';
import type { Handlers } from '../../http/mount';
import type { PaymentNotice } from './payment.provider';
import type { PaymentProviders } from './payment.providers';

export interface PaymentPurpose {
  /** whether this purpose's numbers look like this one */
  owns(orderNo: string): boolean;
  /** the checkout page's view of it, for its payer only, with the page it returns to (a recharge's wallet, a pledge's page, an order) */
  forCheckout(db: Kysely<DB>, caller: Caller, orderNo: string): Promise<{ company_name: string; state: 'pending' | 'paid' | 'cancelled'; return_url: string; currency?: 'CNY' | 'VND' }>;
  /** a verified notice, applied exactly once; where the payer returns to */
  applyNotice(db: Kysely<DB>, providerName: string, notice: PaymentNotice, ctx?: Pick<RequestContext, 'afterCommit'>): Promise<{ order_no: string; state: 'pending' | 'paid' | 'cancelled'; return_url: string }>;
  /** numbers still waiting for a provider's outcome that were started before `before`, for the sweep that asks the provider (docs/money.md) */
  unfinished(db: Kysely<DB>, before: Date): Promise<Array<{ order_no: string; provider: string; amount_fen: number; started_at: Date }>>;
}

type SandboxNames = 'sandboxCheckout' | 'sandboxConfirm';

export const sandboxPurposeHandlers = (providers: PaymentProviders, purposes: readonly PaymentPurpose[], others: Pick<Handlers, SandboxNames>): Pick<Handlers, SandboxNames> => ({
  async sandboxCheckout(p, ctx) {
    const c = await providers.sandbox.readCheckout(ctx.db, p.token);
    const purpose = purposes.find((x) => x.owns(c.order_no));
    if (!purpose) return others.sandboxCheckout(p, ctx);
    const view = await purpose.forCheckout(ctx.db, ctx.caller!, c.order_no);
    return { order_no: c.order_no, subject: c.subject, company_name: view.company_name, amount_fen: c.amount_fen, state: view.state, expires_at: c.expires_at, return_url: view.return_url, currency: view.currency ?? 'CNY' };
  },
  async sandboxConfirm(p, ctx) {
    const notice = await providers.sandbox.verifyNotice(ctx.db, p);
    const purpose = purposes.find((x) => x.owns(notice.order_no));
    if (!purpose) return others.sandboxConfirm(p, ctx);
    await purpose.forCheckout(ctx.db, ctx.caller!, notice.order_no);
    return purpose.applyNotice(ctx.db, providers.sandbox.name, notice, ctx);
  },
});
