/**
 * Sessions: a sign-in opens a session (= one refresh-token family). Access tokens are short-lived;
 * refresh tokens rotate, and presenting a spent one revokes the session (after a short grace for
 * answers lost on the way, see refresh). Only sha256 hashes of
 * tokens are stored. A new sign-in of the same user on the same Device type revokes the older
 * sessions there (their next call gets 908).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { msg } from '../../../shared/messages';
import { orgText } from '../../../shared/domain/organisation';
import { opText } from '../../../shared/domain/operation';
import { AppError, forbidden, signedOut, tokenExpired } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import type { AppDeps, Caller } from '../../http/context';
import * as repo from './auth.repo';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { checkThrottle, clearAccount, clearPair, recordFailure } from './rate-limit';

/** Lapses a company's paid level whose end has passed (another module reading a company that has not called since). */
export { lapseExpiredLevel } from './auth.repo';

export const REFRESH_TTL_S = 30 * 86400;
/** How long a just-spent refresh token may be presented again as a lost answer (see refresh). */
export const REFRESH_REUSE_GRACE_S = 30;

const sha = (t: string) => createHash('sha256').update(t).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const revokedText = (reason: string | null) => {
  switch (reason) {
    case 'refresh_reused': return msg.refreshReused;
    case 'employee_disabled': case 'operator_disabled': return orgText.accountDisabled;
    case 'company_suspended': return opText.companySuspended;
    case 'operator_ended': return opText.sessionsEnded;
    default: return msg.signedOutBody;
  }
};

/**
 * Runs `fn` once the earlier runs holding any of these keys are done. Password checks of one
 * account, or from one address, go through check → verify → record in turn; otherwise a burst
 * sent at once all passed the throttle before the first failure was recorded. Keys are taken in
 * sorted order, so two runs never wait on each other.
 */
const createTurns = () => {
  const tails = new Map<string, Promise<void>>();
  const take = async (key: string) => {
    const before = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    const tail = before.then(() => done);
    tails.set(key, tail);
    await before;
    return () => {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    };
  };
  return async <T>(keys: string[], fn: () => Promise<T>): Promise<T> => {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await take(key));
      return await fn();
    } finally {
      for (const release of releases.reverse()) release();
    }
  };
};

export const createAuthService = (deps: AppDeps) => {
  let dummy: Promise<string> | undefined;
  const inTurn = createTurns();

  /** `parent`: the hash of the refresh token this pair was issued for (none at sign-in). */
  const issuePair = async (db: Kysely<DB>, sessionId: number, now: Date, parent?: string) => {
    const access = newToken();
    const refresh = newToken();
    await db.updateTable('session').set({ access_hash: sha(access), access_expires_at: new Date(now.getTime() + deps.accessTtlSeconds * 1000) })
      .where('id', '=', String(sessionId)).execute();
    await db.insertInto('refresh_token').values({ token_hash: sha(refresh), session_id: String(sessionId), expires_at: new Date(now.getTime() + REFRESH_TTL_S * 1000), parent_hash: parent ?? null }).execute();
    return { access_token: access, refresh_token: refresh, expires_in: deps.accessTtlSeconds };
  };

  const revoke = async (db: Kysely<DB>, where: Parameters<typeof repo.revokeSessions>[1], reason: string, now: Date) => {
    const ids = await repo.revokeSessions(db, where, reason, now);
    if (ids.length > 0) deps.onSessionsRevoked?.(ids);
    return ids.length;
  };

  /** A new session for the user on this device type; older ones there are signed out. */
  const openSession = async (db: Kysely<DB>, userId: number, device: string, now: Date) => {
    await revoke(db, { userId, device }, 'login_elsewhere', now);
    const session = await db.insertInto('session').values({
      user_id: userId, device, family_id: randomUUID(), access_hash: sha(newToken()), access_expires_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return issuePair(db, Number(session.id), now);
  };

  return {
    async login(db: Kysely<DB>, username: string, password: string, device: string, address: string) {
      const account = username.toLowerCase();
      const user = await inTurn([`account:${account}`, `address:${address}`], async () => {
        const now = deps.clock.now();
        await checkThrottle(db, account, address, now);
        const found = await repo.findUserByName(db, username);
        dummy ??= dummyHash(deps.scryptN);
        const good = await verifyPassword(password, found?.password_hash ?? (await dummy));
        if (!found || !good) {
          await recordFailure(db, account, address, now);
          throw new AppError(ResultCode.invalidPayload, 422, msg.badCredentials, { field: 'password' });
        }
        await clearPair(db, account, address);
        // said only to someone who knows the password: a suspended company's users may not sign in
        if (await repo.companySuspended(db, found.company_id)) throw forbidden(opText.companySuspended);
        return found;
      });
      return openSession(db, user.id, device, deps.clock.now());
    },

    openSession,
    hashPassword: (password: string) => hashPassword(password, deps.scryptN),

    /** A signed-in user's own password, throttled like sign-in so a stolen token cannot guess it. */
    async checkPassword(db: Kysely<DB>, user: { id: number; username: string }, password: string, address: string) {
      const account = user.username.toLowerCase();
      return inTurn([`account:${account}`, `address:${address}`], async () => {
        const now = deps.clock.now();
        await checkThrottle(db, account, address, now);
        const row = await db.selectFrom('app_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
        const good = await verifyPassword(password, row.password_hash);
        if (!good) await recordFailure(db, account, address, now);
        return good;
      });
    },

    /**
     * Stores a new password hash and signs the user out everywhere except `keepSessionId`; a
     * reset also lifts a sign-in lock, since the owner of the phone just proved who they are.
     */
    async replacePassword(db: Kysely<DB>, user: { id: number; username: string }, hash: string, reason: 'password_reset' | 'password_changed' | 'password_set_by_manager', keepSessionId?: number) {
      await db.updateTable('app_user').set({ password_hash: hash }).where('id', '=', user.id).execute();
      await revoke(db, { userId: user.id, exceptSessionId: keepSessionId }, reason, deps.clock.now());
      await clearAccount(db, user.username.toLowerCase());
    },

    /**
     * Signs a user out on every device at once (an employee disabled by their company, a user or
     * company an operator disabled or suspended): their next call gets 908 saying why, open /ws
     * sockets are told. The number of sessions ended.
     */
    signOutEverywhere: (db: Kysely<DB>, userId: number, reason: 'employee_disabled' | 'operator_disabled' | 'operator_ended' | 'company_suspended') =>
      revoke(db, { userId }, reason, deps.clock.now()),

    /** the sessions among these that can no longer be used (the /ws gateway closes them) */
    revokedAmong: (sessionIds: number[]) => repo.unusableSessions(deps.db, sessionIds),

    async resolveCaller(bearer: string): Promise<Caller> {
      const row = await repo.findSessionByAccess(deps.db, sha(bearer));
      if (!row) throw signedOut();
      if (!row.active) throw signedOut(orgText.accountDisabled);
      if (row.revoked_at) throw signedOut(revokedText(row.revoked_reason));
      if (row.suspended_at) throw signedOut(opText.companySuspended);
      if (new Date(row.access_expires_at) <= deps.clock.now()) throw tokenExpired();
      if (row.level_end_at && new Date(row.level_end_at) <= deps.clock.now()) await repo.lapseExpiredLevel(deps.db, row.company_id, deps.clock.now());
      return { userId: row.user_id, uuid: row.uuid, companyId: row.company_id, username: row.username, permissions: row.permissions, sessionId: Number(row.session_id) };
    },

    async refresh(db: Kysely<DB>, refreshToken: string) {
      const now = deps.clock.now();
      const row = await repo.findRefresh(db, sha(refreshToken));
      if (!row) throw signedOut(msg.refreshInvalid);
      if (row.revoked_at) throw signedOut(msg.refreshInvalid);
      const session = Number(row.session_id);
      const spent = row.used_at
        ? new Date(row.used_at)
        : await db.updateTable('refresh_token').set({ used_at: now })
          .where('token_hash', '=', row.token_hash).where('used_at', 'is', null).where('expires_at', '>', now)
          .returning('used_at').executeTakeFirst().then((r) => (r ? null : now));
      if (spent === null) {
        // rotated: a successor a lost answer left unused (below) goes with it, so after each
        // rotation the family has one live refresh token
        await db.updateTable('refresh_token').set({ expires_at: now })
          .where('session_id', '=', String(session)).where('used_at', 'is', null).where('expires_at', '>', now).execute();
        return issuePair(db, session, now, row.token_hash);
      }
      if (!row.used_at && new Date(row.expires_at) <= now) throw signedOut(msg.refreshInvalid);
      // Spent already. A lost answer, not a theft, when it was spent moments ago and nothing has
      // rotated since: the browser sent the refresh, the server rotated, and the answer with the new
      // cookie never arrived (a page left mid-request, a dropped connection) or two of the same
      // browser's calls crossed. Ending the session there signed people out at random (a review's
      // suite found it: a page opened right after going online lost its session), so within
      // REFRESH_REUSE_GRACE_S a new pair is issued in the same family, as the large identity
      // providers' rotation grace periods do. Later, or once a token issued for it has been used, it is
      // reuse: the whole family is revoked.
      if (now.getTime() - spent.getTime() <= REFRESH_REUSE_GRACE_S * 1000 && !(await repo.rotatedFrom(db, row.token_hash))) {
        return issuePair(db, session, now, row.token_hash);
      }
      await revoke(db, { sessionId: session }, 'refresh_reused', now);
      throw signedOut(msg.refreshReused);
    },

    async logout(db: Kysely<DB>, caller: Caller) {
      await revoke(db, { sessionId: caller.sessionId }, 'logout', deps.clock.now());
      return null;
    },

    profile: (db: Kysely<DB>, caller: Caller) => repo.profileOf(db, caller.userId),
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
