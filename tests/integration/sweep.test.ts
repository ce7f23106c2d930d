import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVOKED_SESSION_KEEP_S, startSweeper, sweep } from '../../src/server/sweep';
import { IDEMPOTENCY_TTL_DAYS } from '../../src/server/http/idempotency';
import { PAIR_LIMIT, THROTTLE_FORGET_S } from '../../src/server/modules/auth/rate-limit';
import { REFRESH_TTL_S } from '../../src/server/modules/auth/auth.service';
import { chinaDay } from '../../src/shared/domain/china-time';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const DAY = 86400;

describe.each(backends)('housekeeping on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'sweep', () => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await createTestEnv(backend);
    });
    afterEach(async () => env?.close());

    const db = () => env.database.db;
    const refresh = async (token: string | undefined) => {
      // (a rotation that set no cookie leaves no token: sent as an empty cookie, refused like any unknown one)
      const r = await env.refresh(token ?? '');
      return { ...r, body: { ...r.body, data: r.body.data && { ...r.body.data, refresh_token: r.refresh_token } } };
    };

    it('deletes idempotency keys past their retention and keeps the newer ones', async () => {
      const user = await db().selectFrom('app_user').select('id').where('username', '=', 'buyer').executeTakeFirstOrThrow();
      const at = (daysAgo: number) => new Date(env.clock.now().getTime() - daysAgo * DAY * 1000);
      await db().insertInto('idempotency_key').values([
        { user_id: user.id, endpoint: 'publishWanted', key: 'old-key-1', body_hash: 'x', status: 200, answer: '{}', created_at: at(IDEMPOTENCY_TTL_DAYS + 1) },
        { user_id: user.id, endpoint: 'publishWanted', key: 'new-key-1', body_hash: 'x', status: 200, answer: '{}', created_at: at(IDEMPOTENCY_TTL_DAYS - 1) },
      ]).execute();
      expect((await sweep(db(), env.clock.now())).idempotencyKeys).toBe(1);
      expect((await db().selectFrom('idempotency_key').select('key').execute()).map((r) => r.key)).toEqual(['new-key-1']);
    });

    it('sweeps once at start, and stop() waits for it', async () => {
      const user = await db().selectFrom('app_user').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow();
      await db().insertInto('idempotency_key').values({
        user_id: user.id, endpoint: 'saveStoreDecoration', key: 'old-key-2', body_hash: 'x', status: 200, answer: '{}',
        created_at: new Date(env.clock.now().getTime() - (IDEMPOTENCY_TTL_DAYS + 1) * DAY * 1000),
      }).execute();
      const logged: unknown[] = [];
      const sweeper = startSweeper(db(), env.clock, (_level, _text, detail) => logged.push(detail));
      await sweeper.stop();
      expect(await db().selectFrom('idempotency_key').select('key').execute()).toEqual([]);
      expect(logged).toEqual([{ idempotencyKeys: 1, throttleRows: 0, refreshTokens: 0, sessions: 0, oeGrants: 0, uploads: 0, importFiles: 0, quotaDays: 0, openNonces: 0, openCalls: 0 }]);
    });

    it('deletes 查看更多 grants of earlier China days and keeps today\'s', async () => {
      const companies = await db().selectFrom('company').select('id').orderBy('id').limit(2).execute();
      const today = chinaDay(env.clock.now());
      const yesterday = chinaDay(new Date(env.clock.now().getTime() - DAY * 1000));
      await db().insertInto('oe_search_grant').values([
        { company_id: companies[0].id, day: yesterday, oe_norm: '0446533450' },
        { company_id: companies[1].id, day: yesterday, oe_norm: '1K0698151A' },
        { company_id: companies[1].id, day: today, oe_norm: '34116794300' },
      ]).execute();
      expect((await sweep(db(), env.clock.now())).oeGrants).toBe(2);
      expect(await db().selectFrom('oe_search_grant').select(['day', 'oe_norm']).execute()).toEqual([{ day: today, oe_norm: '34116794300' }]);
    });

    it('deletes sign-in throttle rows long past their window and lock, and keeps a lock that still holds', async () => {
      await env.api('userAuth', { username: 'seller', password: 'wrong-guess' }, { address: '203.0.113.1' });
      const rows = () => db().selectFrom('login_throttle').select(['scope', 'key']).orderBy('scope').orderBy('key').execute();
      expect(await rows()).toHaveLength(3);
      env.clock.advance(THROTTLE_FORGET_S - 60);
      expect((await sweep(db(), env.clock.now())).throttleRows).toBe(0);
      env.clock.advance(120);
      for (let i = 0; i < PAIR_LIMIT.failures; i++) {
        await env.api('userAuth', { username: 'buyer', password: 'wrong-guess' }, { address: '203.0.113.2' });
      }
      // seller's rows are a day old; buyer's are fresh, their pair locked
      expect((await sweep(db(), env.clock.now())).throttleRows).toBe(3);
      expect((await rows()).map((r) => r.key)).toEqual(['buyer', '203.0.113.2', JSON.stringify(['buyer', '203.0.113.2'])]);
      expect((await env.api('userAuth', { username: 'buyer', password: 'demo123456' }, { address: '203.0.113.2' })).status).toBe(429);
    });

    it('deletes revoked and expired sessions with their refresh tokens, and keeps the live ones working', async () => {
      const live = await env.login('seller');
      const rotated = (await refresh(live.refresh_token)).body.data;
      const loggedOut = await env.login('buyer');
      await env.api('userLogout', undefined, { token: loggedOut.access_token });
      const idle = await env.login('member');
      const sessionsOf = async () => (await db().selectFrom('session').innerJoin('app_user', 'app_user.id', 'session.user_id')
        .select('app_user.username').orderBy('app_user.username').execute()).map((r) => r.username);
      const tokenCount = async () => (await db().selectFrom('refresh_token').select('token_hash').execute()).length;
      expect(await sessionsOf()).toEqual(['buyer', 'member', 'seller']);
      expect(await tokenCount()).toBe(4);

      // a revoked session stays a while, so a tab holding it learns why it was signed out
      env.clock.advance(REVOKED_SESSION_KEEP_S - 60);
      expect(await sweep(db(), env.clock.now())).toMatchObject({ sessions: 0, refreshTokens: 0 });
      env.clock.advance(120);
      expect(await sweep(db(), env.clock.now())).toMatchObject({ sessions: 1, refreshTokens: 1 });
      expect(await sessionsOf()).toEqual(['member', 'seller']);
      // the seller keeps using the app: a new refresh token, valid 30 days from now
      const later = (await refresh(rotated.refresh_token)).body.data;
      expect(later.refresh_token).toBeTruthy();

      // past the first tokens' life: the spent ones and the idle session go, the used session stays
      env.clock.advance(REFRESH_TTL_S - REVOKED_SESSION_KEEP_S + 60);
      expect(await sweep(db(), env.clock.now())).toMatchObject({ sessions: 1, refreshTokens: 3 });
      expect(await sessionsOf()).toEqual(['seller']);
      expect(await tokenCount()).toBe(1);
      expect((await refresh(later.refresh_token)).body.code).toBe(200);
      expect((await refresh(idle.refresh_token)).body.code).toBe(908);
      expect((await env.api('userProfileGet', undefined, { token: idle.access_token })).body.code).toBe(908);
    });
  });
});
