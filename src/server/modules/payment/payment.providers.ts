/**
 * The one place a payment provider is chosen: the system parameter pay_provider names it
 * (operators set it; the seed sets sandbox). A name without an implementation here refuses to
 * start payments instead of guessing. `sandbox` and `alipay` (when configured) are the names.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { membershipMsg } from '../../../shared/messages';
import type { PaymentProvider } from './payment.provider';
import { createSandboxProvider, SANDBOX } from './sandbox.provider';
import { ALIPAY, createAlipayProvider, type AlipayConfig } from './alipay.provider';
import type { Logger } from '../../logger';

export const PAY_PROVIDER_PARAM = 'pay_provider';

/**
 * `sandboxEnabled`: whether the sandbox (a checkout that takes no money) may be used at all. The
 * server enables it on the embedded demo database, or when PAYMENT_PROVIDER=sandbox says so; with
 * DATABASE_URL and no such word it does not start while pay_provider names the sandbox (server.ts),
 * so a real deployment never hands out free upgrades by accident.
 */
export const createPaymentProviders = (clock: Clock, opts: { sandboxEnabled: boolean; alipay?: AlipayConfig; log?: Logger }) => {
  const sandbox = createSandboxProvider(clock);
  // Alipay is there only when its ALIPAY_* settings are (docs/operations.md, "Payments")
  const alipay = opts.alipay ? createAlipayProvider(opts.alipay, opts.log) : undefined;
  const registry: Record<string, PaymentProvider> = {
    ...(opts.sandboxEnabled ? { [SANDBOX]: sandbox } : {}),
    ...(alipay ? { [ALIPAY]: alipay } : {}),
  };
  return {
    sandbox,
    alipay,
    sandboxEnabled: opts.sandboxEnabled,
    /** Whether payments now go through the sandbox (pages then say 演示支付，不会真实扣款). */
    async isDemo(db: Kysely<DB>): Promise<boolean> {
      if (!opts.sandboxEnabled) return false;
      const row = await db.selectFrom('system_param').select('value').where('key', '=', PAY_PROVIDER_PARAM).executeTakeFirst();
      return (row?.value ?? '').trim() === SANDBOX;
    },
    async configured(db: Kysely<DB>): Promise<PaymentProvider> {
      const row = await db.selectFrom('system_param').select('value').where('key', '=', PAY_PROVIDER_PARAM).executeTakeFirst();
      const provider = registry[(row?.value ?? '').trim()];
      if (!provider) throw new AppError(ResultCode.serverError, 503, membershipMsg.payNotConfigured);
      return provider;
    },
    byName: (name: string): PaymentProvider | undefined => registry[name],
    /** The providers this server can use now (docs/money.md, "Choosing the provider"), and the one new payments go to. */
    async channels(db: Kysely<DB>) {
      const row = await db.selectFrom('system_param').select('value').where('key', '=', PAY_PROVIDER_PARAM).executeTakeFirst();
      return { current: (row?.value ?? '').trim(), names: Object.keys(registry) };
    },
    /** Points new payments at `name`, which must be one this server can use; payments already started keep theirs. */
    async choose(db: Kysely<DB>, name: string) {
      if (!registry[name]) return false;
      await db.insertInto('system_param').values({ key: PAY_PROVIDER_PARAM, value: name })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: name })).execute();
      return true;
    },
  };
};

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
