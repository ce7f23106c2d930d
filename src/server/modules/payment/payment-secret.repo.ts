/** Stores each provider's signing key in payment_secret, made once with a strong random value. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const providerSecret = async (db: Kysely<DB>, provider: string): Promise<Buffer> => {
  await db.insertInto('payment_secret').values({ provider, secret: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('provider').doNothing()).execute();
  const row = await db.selectFrom('payment_secret').select('secret').where('provider', '=', provider).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'hex');
};
