/**
 * Idempotency-Key for writes (an offline replay must never do a thing twice): the same key with
 * the same body returns the stored answer; with a different body it is refused. The write and
 * the key record commit in one transaction.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { msg } from '../../shared/messages';
import { AppError, conflict } from './errors';
import { ResultCode } from '../../shared/contracts';
import type { AppDeps } from './context';

const KEY = /^[A-Za-z0-9-]{8,128}$/;
export const IDEMPOTENCY_TTL_DAYS = 7;

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, val) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : val,
  );

export const bodyHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

export interface IdempotentRun {
  userId: number;
  endpoint: string;
  key: string | undefined;
  body: unknown;
  run: (db: Kysely<DB>) => Promise<object>;
}

export const withIdempotency = async (deps: AppDeps, r: IdempotentRun): Promise<{ status: number; answer: unknown; replayed: boolean }> => {
  if (r.key === undefined) return { status: 200, answer: await r.run(deps.db), replayed: false };
  if (!KEY.test(r.key)) throw new AppError(ResultCode.invalidPayload, 422, msg.idempotencyKeyInvalid, { field: 'Idempotency-Key' });
  const hash = bodyHash(r.body);
  const key = r.key;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - IDEMPOTENCY_TTL_DAYS * 86400_000);
  return deps.db.transaction().execute(async (trx) => {
    // serialises concurrent requests with the same key
    await sql`select pg_advisory_xact_lock(hashtext(${`${r.userId}:${r.endpoint}:${key}`}))`.execute(trx);
    const prior = await trx.selectFrom('idempotency_key').selectAll()
      .where('user_id', '=', r.userId).where('endpoint', '=', r.endpoint).where('key', '=', key)
      .where('created_at', '>', since).executeTakeFirst();
    if (prior) {
      if (prior.body_hash !== hash) throw conflict(msg.idempotencyConflict);
      return { status: prior.status, answer: prior.answer, replayed: true };
    }
    const answer = await r.run(trx);
    await trx.deleteFrom('idempotency_key').where('user_id', '=', r.userId).where('endpoint', '=', r.endpoint).where('key', '=', key).execute();
    await trx.insertInto('idempotency_key').values({ user_id: r.userId, endpoint: r.endpoint, key, body_hash: hash, status: 200, answer: JSON.stringify(answer), created_at: now }).execute();
    return { status: 200, answer, replayed: false };
  });
};
