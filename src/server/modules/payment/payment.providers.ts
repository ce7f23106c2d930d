/**
 * The one place a payment provider is chosen: the system parameter pay_provider names it
 * (operators set it; the seed sets sandbox). A name without an implementation here refuses to
 * start payments instead of guessing.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../http/context';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import { membershipMsg } from '../../../shared/messages';
import type { PaymentProvider } from './payment.provider';
import { createSandboxProvider, SANDBOX } from './sandbox.provider';

export const PAY_PROVIDER_PARAM = 'pay_provider';

export const createPaymentProviders = (clock: Clock) => {
  const sandbox = createSandboxProvider(clock);
  const registry: Record<string, PaymentProvider> = { [SANDBOX]: sandbox };
  return {
    sandbox,
    async configured(db: Kysely<DB>): Promise<PaymentProvider> {
      const row = await db.selectFrom('system_param').select('value').where('key', '=', PAY_PROVIDER_PARAM).executeTakeFirst();
      const provider = registry[(row?.value ?? '').trim()];
      if (!provider) throw new AppError(ResultCode.serverError, 503, membershipMsg.payNotConfigured);
      return provider;
    },
    byName: (name: string): PaymentProvider | undefined => registry[name],
  };
};

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
