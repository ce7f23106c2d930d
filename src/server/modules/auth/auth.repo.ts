import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const findUserByName = (db: Kysely<DB>, username: string) =>
  db.selectFrom('app_user').selectAll().where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase())).where('active', '=', true).executeTakeFirst();

export const findSessionByAccess = (db: Kysely<DB>, accessHash: string) =>
  db.selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['session.id as session_id', 'session.access_expires_at', 'session.revoked_at', 'session.revoked_reason',
      'app_user.id as user_id', 'app_user.uuid', 'app_user.company_id', 'app_user.username', 'app_user.permissions', 'app_user.active',
      'company.level_end_at', 'company.suspended_at'])
    .where('session.access_hash', '=', accessHash)
    .executeTakeFirst();

/**
 * A level whose end has passed (a paid membership not renewed, a trial that ran out) falls back to
 * the registered (free, non-trial) level, so every rule that reads the level (prices, contacts,
 * quotas, VIN) treats the company as what it now is. Renewing later starts from the day of payment.
 */
export const lapseExpiredLevel = (db: Kysely<DB>, companyId: number, now: Date) =>
  db.updateTable('company')
    .set((eb) => ({
      level_id: eb.selectFrom('company_level').select('id').where('level_type', '=', 'free').where('is_trial', '=', false).orderBy('sort').limit(1),
      level_end_at: null,
    }))
    .where('id', '=', companyId).where('level_end_at', 'is not', null).where('level_end_at', '<=', now)
    .execute();

export const findRefresh = (db: Kysely<DB>, tokenHash: string) =>
  db.selectFrom('refresh_token')
    .innerJoin('session', 'session.id', 'refresh_token.session_id')
    .select(['refresh_token.token_hash', 'refresh_token.expires_at', 'refresh_token.used_at', 'session.id as session_id', 'session.revoked_at', 'session.user_id'])
    .where('refresh_token.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Whether a token issued for the given one has been used (the family has rotated on from it). */
export const rotatedFrom = async (db: Kysely<DB>, tokenHash: string) =>
  (await db.selectFrom('refresh_token').select('token_hash')
    .where('parent_hash', '=', tokenHash).where('used_at', 'is not', null).limit(1).executeTakeFirst()) !== undefined;

/** Revokes and returns the ids of sessions that were still live. */
export const revokeSessions = async (db: Kysely<DB>, where: { sessionId?: number; userId?: number; device?: string; exceptSessionId?: number }, reason: string, now: Date) => {
  let q = db.updateTable('session').set({ revoked_at: now, revoked_reason: reason }).where('revoked_at', 'is', null);
  if (where.sessionId !== undefined) q = q.where('id', '=', String(where.sessionId));
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId);
  if (where.device !== undefined) q = q.where('device', '=', where.device);
  if (where.exceptSessionId !== undefined) q = q.where('id', '!=', String(where.exceptSessionId));
  const rows = await q.returning('id').execute();
  return rows.map((r) => Number(r.id));
};

/** Which of these sessions can no longer be used: revoked, deleted, or their user disabled. */
export const unusableSessions = async (db: Kysely<DB>, sessionIds: number[]) => {
  const live = await db.selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .select('session.id')
    .where('session.id', 'in', sessionIds.map(String))
    .where('session.revoked_at', 'is', null)
    .where('app_user.active', '=', true)
    .execute();
  const ok = new Set(live.map((r) => Number(r.id)));
  return sessionIds.filter((id) => !ok.has(id));
};

export const profileOf = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('app_user')
    .innerJoin('company', 'company.id', 'app_user.company_id')
    .select(['app_user.uuid', 'app_user.company_id', 'company.short_name as company_short_name', 'company.name as company_name',
      'app_user.display_name as user_name', 'app_user.head_image', 'company.is_seller', 'app_user.allow_im', 'app_user.permissions',
      'company.country', 'app_user.lang as lang_chosen'])
    .where('app_user.id', '=', userId)
    .executeTakeFirstOrThrow()
    // the language shown: the user's choice, else the company's country's (docs/i18n.md)
    .then((u) => ({ ...u, lang: u.lang_chosen ?? (u.country === 'VN' ? 'vi' as const : 'zh' as const) }));

export const companySuspended = async (db: Kysely<DB>, companyId: number) =>
  (await db.selectFrom('company').select('suspended_at').where('id', '=', companyId).executeTakeFirst())?.suspended_at != null;
