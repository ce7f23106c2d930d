/** SQL of the open platform's keys, nonces, call log and scope bundles (migration 0370). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape } from '../../db/helpers';
import { chinaMidnight } from '../../../shared/domain/china-time';

export const keyById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('open_key').selectAll().where('id', '=', id).executeTakeFirst();
export type KeyRow = NonNullable<Awaited<ReturnType<typeof keyById>>>;

export const keysOf = (db: Kysely<DB>, companyId: number) =>
  db.selectFrom('open_key').leftJoin('app_user', 'app_user.id', 'open_key.created_by')
    .selectAll('open_key').select('app_user.display_name as creator')
    .where('open_key.company_id', '=', companyId).orderBy('open_key.created_at', 'desc').execute();

export const creatorOf = async (db: Kysely<DB>, userId: number) =>
  (await db.selectFrom('app_user').select('display_name').where('id', '=', userId).executeTakeFirst())?.display_name ?? '';

export const liveKeyCount = async (db: Kysely<DB>, companyId: number, now: Date) =>
  Number((await db.selectFrom('open_key').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])).executeTakeFirstOrThrow()).n);

/** the scopes a level may grant (its bundle's; none without one) */
export const levelScopes = async (db: Kysely<DB>, levelId: number): Promise<string[]> =>
  (await db.selectFrom('open_level_bundle').innerJoin('open_scope_bundle', 'open_scope_bundle.id', 'open_level_bundle.bundle_id')
    .select('open_scope_bundle.scopes').where('open_level_bundle.level_id', '=', levelId).executeTakeFirst())?.scopes ?? [];

export const nonceSeen = async (db: Kysely<DB>, keyId: string, nonce: string) =>
  (await db.selectFrom('open_nonce').select('nonce').where('key_id', '=', keyId).where('nonce', '=', nonce).executeTakeFirst()) !== undefined;

/** true when the nonce was new (a concurrent twin loses) */
export const takeNonce = async (db: Kysely<DB>, keyId: string, nonce: string, now: Date, purgeBefore: Date) => {
  await db.deleteFrom('open_nonce').where('key_id', '=', keyId).where('seen_at', '<', purgeBefore).execute();
  const r = await db.insertInto('open_nonce').values({ key_id: keyId, nonce, seen_at: now }).onConflict((oc) => oc.doNothing()).returning('nonce').executeTakeFirst();
  return r !== undefined;
};

export interface CallFilter { keyId?: string; companyId?: number; company?: string; status?: '' | 'ok' | 'error'; dateFrom?: string; dateTo?: string }

const callQuery = (db: Kysely<DB>, f: CallFilter) => {
  let q = db.selectFrom('open_call_log as l').innerJoin('open_key as k', 'k.id', 'l.key_id').innerJoin('company as c', 'c.id', 'l.company_id');
  if (f.companyId !== undefined) q = q.where('l.company_id', '=', f.companyId);
  if (f.keyId) q = q.where('l.key_id', '=', f.keyId);
  if (f.company) q = q.where('c.name', 'ilike', `%${likeEscape(f.company)}%`);
  if (f.status === 'ok') q = q.where('l.status', '<', 400);
  if (f.status === 'error') q = q.where('l.status', '>=', 400);
  if (f.dateFrom) q = q.where('l.at', '>=', chinaMidnight(f.dateFrom));
  if (f.dateTo) q = q.where('l.at', '<', chinaMidnight(f.dateTo, 1));
  return q;
};

export const calls = async (db: Kysely<DB>, f: CallFilter, page: number, size: number) => {
  const q = callQuery(db, f);
  const [rows, total] = await Promise.all([
    q.select(['l.id', 'l.key_id', 'k.name as key_name', 'l.call_name', 'l.method', 'l.path', 'l.status', 'l.duration_ms', 'l.request_id', 'l.at', 'l.company_id', 'c.name as company_name'])
      .orderBy('l.at', 'desc').orderBy('l.id', 'desc').limit(size).offset((page - 1) * size).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

export const logCall = (db: Kysely<DB>, e: { keyId: string; companyId: number; name: string; method: string; path: string; status: number; durationMs: number; requestId: string; at: Date }) =>
  db.insertInto('open_call_log').values({
    key_id: e.keyId, company_id: e.companyId, call_name: e.name, method: e.method, path: e.path.slice(0, 500), status: e.status,
    duration_ms: e.durationMs, request_id: e.requestId, at: e.at,
  }).execute();

export const touchKey = (db: Kysely<DB>, keyId: string, at: Date) =>
  db.updateTable('open_key').set({ last_call_at: at }).where('id', '=', keyId).execute();

export const opKeys = async (db: Kysely<DB>, f: { company: string; state: string; now: Date }, page: number, size: number) => {
  let q = db.selectFrom('open_key as k').innerJoin('company as c', 'c.id', 'k.company_id').leftJoin('app_user as u', 'u.id', 'k.created_by');
  if (f.company) q = q.where('c.name', 'ilike', `%${likeEscape(f.company)}%`);
  if (f.state === 'revoked') q = q.where('k.revoked_at', 'is not', null);
  if (f.state === 'expired') q = q.where('k.revoked_at', 'is', null).where('k.expires_at', '<=', f.now);
  if (f.state === 'active') q = q.where('k.revoked_at', 'is', null).where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', f.now)]));
  const [rows, total] = await Promise.all([
    q.selectAll('k').select(['c.name as company_name', 'u.display_name as creator']).orderBy('k.created_at', 'desc').orderBy('k.id').limit(size).offset((page - 1) * size).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
};

export const companyNameOf = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst())?.name ?? '';

export const bundles = (db: Kysely<DB>) =>
  db.selectFrom('open_scope_bundle as b')
    .select(['b.id', 'b.name', 'b.scopes', sql<string[]>`coalesce((select array_agg(l.name order by l.sort) from open_level_bundle lb join company_level l on l.id = lb.level_id where lb.bundle_id = b.id), '{}')`.as('levels')])
    .orderBy('b.id').execute();

export const levelBundles = (db: Kysely<DB>) =>
  db.selectFrom('company_level as l').leftJoin('open_level_bundle as lb', 'lb.level_id', 'l.id').leftJoin('open_scope_bundle as b', 'b.id', 'lb.bundle_id')
    .select(['l.id as level_id', 'l.name as level_name', 'l.level_type', 'b.id as bundle_id', 'b.name as bundle_name', 'b.scopes'])
    .orderBy('l.sort').orderBy('l.id').execute();

/** Deletes what can no longer matter: nonces past the replay window, call log rows past their 90 days. */
export const purge = async (db: Kysely<DB>, now: Date) => {
  const nonces = await db.deleteFrom('open_nonce').where('seen_at', '<', new Date(now.getTime() - 10 * 60_000)).executeTakeFirst();
  const calls = await db.deleteFrom('open_call_log').where('at', '<', new Date(now.getTime() - 90 * 86400_000)).executeTakeFirst();
  return { nonces: Number(nonces.numDeletedRows), calls: Number(calls.numDeletedRows) };
};
