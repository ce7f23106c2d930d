import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '../../src/shared/messages';
import { refusalText } from '../../src/shared/field-names';
import { backends, createTestEnv, envelope, refreshCookieOf, skipReason, type TestEnv } from './harness';
import { REFRESH_COOKIE } from '../../src/server/http/session-cookie';
import { REFRESH_REUSE_GRACE_S, REFRESH_TTL_S } from '../../src/server/modules/auth/auth.service';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, PAIR_LIMIT } from '../../src/server/modules/auth/rate-limit';
import { MAX_BODY_BYTES } from '../../src/server/http/mount';
import { createApp } from '../../src/server/app';

describe.each(backends)('auth on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'sessions', () => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 600 });
    });
    afterEach(async () => env?.close());

    const profile = (token: string) => env.api('userProfileGet', undefined, { token });

    it('signs in and returns the profile of each demo account', async () => {
      const expected: Record<string, { company_id: number; is_seller: boolean; allow_im: boolean; has: string[]; lacks: string[] }> = {
        operator: { company_id: 1, is_seller: false, allow_im: true, has: ['D00', 'D12-03', 'M03', 'C07'], lacks: [] },
        seller: { company_id: 2, is_seller: true, allow_im: true, has: ['M01-00', 'M14', 'C11', 'M11-01'], lacks: ['D00'] },
        clerk: { company_id: 2, is_seller: true, allow_im: false, has: ['M03', 'C11'], lacks: ['M01-00', 'C07'] },
        buyer: { company_id: 3, is_seller: false, allow_im: true, has: ['C07', 'C08', 'C09', 'C12', 'C14', 'C15', 'M02'], lacks: ['M03', 'C11'] },
        member: { company_id: 4, is_seller: false, allow_im: false, has: [], lacks: ['M03', 'D00'] },
        trial: { company_id: 5, is_seller: false, allow_im: false, has: [], lacks: ['D00'] },
      };
      for (const [username, e] of Object.entries(expected)) {
        const { access_token } = await env.login(username);
        const r = await profile(access_token);
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ company_id: e.company_id, is_seller: e.is_seller, allow_im: e.allow_im });
        expect(Object.keys(r.body.data).sort()).toEqual(['allow_im', 'company_id', 'company_name', 'company_short_name', 'country', 'head_image', 'is_seller', 'lang', 'lang_chosen', 'permissions', 'user_name', 'uuid']);
        for (const c of e.has) expect(r.body.data.permissions).toContain(c);
        for (const c of e.lacks) expect(r.body.data.permissions).not.toContain(c);
      }
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      const a = await env.api('userAuth', { username: 'seller', password: 'nope-nope' });
      const b = await env.api('userAuth', { username: 'ghost', password: 'nope-nope' });
      expect(a.body.client_msg).toBe(msg.badCredentials);
      expect(b.body.client_msg).toBe(msg.badCredentials);
      expect(a.body.data).toBeNull();
    });

    it('asks a caller without a token to log in', async () => {
      const r = await env.api('userProfileGet');
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 401, client_msg: msg.loginFirst });
    });

    it('answers code 4 for an expired access token, and the refresh token still works', async () => {
      const t = await env.login('buyer');
      env.clock.advance(601);
      const r = await profile(t.access_token);
      expect(r.body.code).toBe(4);
      const fresh = await env.refresh(t.refresh_token);
      expect(fresh.body.code).toBe(200);
      expect((await profile(fresh.body.data.access_token)).body.code).toBe(200);
    });

    it('rotates refresh tokens; reusing a spent one revokes the whole family', async () => {
      const first = await env.login('buyer');
      const rotated = await env.refresh(first.refresh_token);
      const second = { ...rotated.body.data, refresh_token: rotated.refresh_token! };
      expect(second.refresh_token).toBeTruthy();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.access_token).not.toBe(first.access_token);
      // the old access token no longer works once rotated
      expect((await profile(first.access_token)).body.code).toBe(908);
      expect((await profile(second.access_token)).body.code).toBe(200);

      // past the grace for lost answers (next test), a spent token is reuse even if its successor was never used
      env.clock.advance(REFRESH_REUSE_GRACE_S + 1);
      const reuse = await env.refresh(first.refresh_token);
      expect(reuse.status).toBe(401);
      expect(reuse.body).toMatchObject({ code: 908, client_msg: msg.refreshReused });
      // the newest pair of the family is revoked too
      expect((await profile(second.access_token)).body).toMatchObject({ code: 908, client_msg: msg.refreshReused });
      expect((await env.refresh(second.refresh_token)).body.code).toBe(908);
      expect(env.revoked.length).toBe(1);
      // another session of the same user is untouched
      const other = await env.login('buyer', { device: 'h5' });
      expect((await profile(other.access_token)).body.code).toBe(200);
    });

    it('a spent token sent again moments later, its answer lost, gets a new pair; once the family rotated on it is reuse', async () => {
      const first = await env.login('buyer');
      // the browser sends the refresh, the server rotates, the answer never arrives (a page left mid-request)
      const lost = await env.refresh(first.refresh_token);
      expect(lost.body.code).toBe(200);
      env.clock.advance(REFRESH_REUSE_GRACE_S - 5);
      const again = await env.refresh(first.refresh_token);
      expect(again.body.code).toBe(200);
      expect(again.refresh_token).not.toBe(lost.refresh_token);
      expect((await profile(again.body.data.access_token)).body.code).toBe(200);
      expect(env.revoked.length).toBe(0);
      // the session goes on from the pair that arrived; the successor the lost answer carried expires
      // with that rotation (refused, but the session is not ended by it)
      const next = await env.refresh(again.refresh_token!);
      expect(next.body.code).toBe(200);
      expect((await env.refresh(lost.refresh_token!)).body).toMatchObject({ code: 908, client_msg: msg.refreshInvalid });
      expect((await profile(next.body.data.access_token)).body.code).toBe(200);
      // the family has rotated since the first token was spent: sending it now is reuse, within the grace or not
      expect((await env.refresh(first.refresh_token)).body).toMatchObject({ code: 908, client_msg: msg.refreshReused });
      expect((await profile(next.body.data.access_token)).body.code).toBe(908);
      expect(env.revoked.length).toBe(1);
    });

    it('logout revokes the session', async () => {
      const t = await env.login('seller');
      expect((await env.api('userLogout', undefined, { token: t.access_token })).body.code).toBe(200);
      expect((await profile(t.access_token)).body.code).toBe(908);
      expect((await env.refresh(t.refresh_token)).body.code).toBe(908);
    });

    describe('the refresh token lives only in an HttpOnly cookie (finding 3)', () => {
      const refreshLine = (headers: Headers) => headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
      const attributes = (line: string) => line.split(';').slice(1).map((a) => a.trim().toLowerCase());

      it('sign-in sets it HttpOnly, SameSite=Strict, scoped to the refresh call, and the answer does not carry it', async () => {
        const r = await env.api('userAuth', { username: 'buyer', password: 'demo123456' });
        expect(r.body.code).toBe(200);
        expect(Object.keys(r.body.data).sort()).toEqual(['access_token', 'expires_in']);
        const line = refreshLine(r.headers)!;
        expect(line).toBeTruthy();
        const attrs = attributes(line);
        expect(attrs).toContain('httponly');
        expect(attrs).toContain('samesite=strict');
        expect(attrs).toContain('path=/api/user/token/refresh');
        expect(attrs).toContain(`max-age=${REFRESH_TTL_S}`);
        // plain HTTP here: Secure would make the browser drop it
        expect(attrs).not.toContain('secure');
        // no other cookie carries a token
        expect(r.headers.getSetCookie()).toHaveLength(1);
      });

      it('is Secure when the request came over HTTPS', async () => {
        const { app } = createApp({ db: env.database.db, backend: env.database.backend, clock: env.clock, accessTtlSeconds: 600, scryptN: 1024, trustProxy: true });
        const res = await app.request('/api/user/auth', {
          method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' }, body: JSON.stringify({ username: 'buyer', password: 'demo123456' }),
        });
        expect(attributes(refreshLine(res.headers)!)).toContain('secure');
      });

      it('refresh works with the cookie alone and rotates it', async () => {
        const t = await env.login('buyer');
        const r = await env.refresh(t.refresh_token);
        expect(r.body.code).toBe(200);
        expect(Object.keys(r.body.data).sort()).toEqual(['access_token', 'expires_in']);
        expect(r.refresh_token).toBeTruthy();
        expect(r.refresh_token).not.toBe(t.refresh_token);
        expect(attributes(refreshLine(r.headers)!)).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/user/token/refresh']));
        expect((await profile(r.body.data.access_token)).body.code).toBe(200);
        // the rotated cookie works in turn; the spent one is reuse and ends the family
        expect((await env.refresh(r.refresh_token!)).body.code).toBe(200);
        expect((await env.refresh(t.refresh_token)).body).toMatchObject({ code: 908, client_msg: msg.refreshReused });
      });

      it('a token in the body is not accepted: only the cookie counts', async () => {
        const t = await env.login('buyer');
        const r = await env.callRaw('POST', '/api/user/token/refresh', { body: { refresh_token: t.refresh_token }, headers: { 'X-Requested-With': 'qipeihub' } });
        expect(r.body).toMatchObject({ code: 908, client_msg: msg.refreshInvalid });
        // and the still unused cookie token works afterwards
        expect((await env.refresh(t.refresh_token)).body.code).toBe(200);
      });

      it('refuses a refresh without the page header or from a foreign Origin, spending nothing', async () => {
        const t = await env.login('buyer');
        for (const headers of [{}, { Origin: 'https://evil.example' }, { Origin: 'null' }, { 'X-Requested-With': 'XMLHttpRequest' }] as Array<Record<string, string>>) {
          const r = await env.refresh(t.refresh_token, { headers });
          expect(r.status).toBe(403);
          expect(r.body).toMatchObject({ code: 403, client_msg: msg.crossSiteRefused });
          expect(r.refresh_token).toBeUndefined();
        }
        // a same-origin Origin is proof enough without the header
        const own = await env.refresh(t.refresh_token, { headers: { Origin: 'http://localhost', Host: 'localhost' } });
        expect(own.body.code).toBe(200);
      });

      it('a refused refresh token is cleared', async () => {
        const r = await env.refresh('not-a-token');
        expect(r.body.code).toBe(908);
        expect(r.refresh_token).toBe('');
        expect(attributes(refreshLine(r.headers)!)).toEqual(expect.arrayContaining(['max-age=0', 'path=/api/user/token/refresh']));
        expect((await env.refresh(null)).body).toMatchObject({ code: 908, client_msg: msg.refreshInvalid });
      });

      it('logout clears it, and the token it held is dead', async () => {
        const t = await env.login('seller');
        const out = await env.api('userLogout', undefined, { token: t.access_token });
        expect(out.body.code).toBe(200);
        expect(refreshCookieOf(out.headers)).toBe('');
        expect(attributes(refreshLine(out.headers)!)).toEqual(expect.arrayContaining(['max-age=0', 'path=/api/user/token/refresh', 'httponly', 'samesite=strict']));
        expect((await env.refresh(t.refresh_token)).body.code).toBe(908);
      });
    });

    it('a new login on the same device type signs the older session out; other device types stay', async () => {
      const pc1 = await env.login('seller', { device: 'pc' });
      const app1 = await env.login('seller', { device: 'app' });
      const pc2 = await env.login('seller', { device: 'pc' });
      expect((await profile(pc1.access_token)).body).toMatchObject({ code: 908, client_msg: msg.signedOutBody });
      expect((await profile(app1.access_token)).body.code).toBe(200);
      expect((await profile(pc2.access_token)).body.code).toBe(200);
      expect(env.revoked.length).toBe(1);
    });

    const guess = (username: string, address: string, password = 'wrong-guess') =>
      env.api('userAuth', { username, password }, { address });

    it('locks an account only for the address that guessed: the real user signs in from elsewhere', async () => {
      for (let i = 0; i < PAIR_LIMIT.failures; i++) expect((await guess('buyer', '203.0.113.9')).body.code).toBe(422);
      // locked for that address, even with the right password
      const locked = await guess('buyer', '203.0.113.9', 'demo123456');
      expect(locked.status).toBe(429);
      expect(locked.body.client_msg).toBe(msg.tooManyLogins(PAIR_LIMIT.baseLockS));
      expect(locked.headers.get('retry-after')).toBe(String(PAIR_LIMIT.baseLockS));
      // the real user at another address is not locked out
      const t = await env.login('buyer', { address: '198.51.100.7' });
      expect((await profile(t.access_token)).body.code).toBe(200);
      // other accounts from the guessing address are unaffected
      await env.login('seller', { address: '203.0.113.9' });
      env.clock.advance(PAIR_LIMIT.baseLockS + 1);
      await env.login('buyer', { address: '203.0.113.9' });
    });

    it('the real user signing in elsewhere does not reset the attacker\'s count at the attacker\'s address', async () => {
      env.clock.advance(PAIR_LIMIT.resetAfterS + 1);
      for (let i = 0; i < PAIR_LIMIT.failures - 1; i++) expect((await guess('clerk', '203.0.113.50')).status).toBe(422);
      await env.login('clerk', { address: '198.51.100.8' });
      // the attacker's next wrong guess is the fifth: the lock comes, as if nobody had signed in
      expect((await guess('clerk', '203.0.113.50')).status).toBe(422);
      expect((await guess('clerk', '203.0.113.50', 'demo123456')).status).toBe(429);
      env.clock.advance(PAIR_LIMIT.maxLockS + 1);
    });

    it('an attacker renewing the lock every window never keeps the real user out', async () => {
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < PAIR_LIMIT.failures; i++) await guess('buyer', '203.0.113.9');
        expect((await guess('buyer', '203.0.113.9', 'demo123456')).status).toBe(429);
        await env.login('buyer', { address: '198.51.100.7' });
        env.clock.advance(5 * 60);
      }
    });

    it('counts guesses sent at the same time: a burst tries at most the limit before the lock', async () => {
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => guess('buyer', '198.51.100.10', `guess-${i}`)));
      expect(burst.filter((r) => r.status === 422).length).toBe(PAIR_LIMIT.failures);
      expect(burst.filter((r) => r.status === 429).length).toBe(30 - PAIR_LIMIT.failures);
      // and across accounts from one address
      const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`nobody${i}`, '203.0.113.77', 'x-x-x-x')));
      expect(spread.filter((r) => r.status === 422).length).toBe(ADDRESS_LIMIT.failures);
    });

    it('slows guessing spread over many addresses with a short lock that never grows', async () => {
      const addressOf = (i: number) => `10.${Math.floor(i / 250)}.${i % 250}.1`;
      let n = 0;
      for (let round = 0; round < 2; round++) {
        const burst = await Promise.all(Array.from({ length: ACCOUNT_LIMIT.failures + 10 }, () => guess('member', addressOf(n++))));
        expect(burst.filter((r) => r.status === 422).length).toBe(ACCOUNT_LIMIT.failures);
        const locked = burst.filter((r) => r.status === 429);
        expect(locked.length).toBe(10);
        expect(locked.every((r) => r.headers.get('retry-after') === String(ACCOUNT_LIMIT.lockS))).toBe(true);
        // the lock holds for every address, the real user's too, but only briefly
        expect((await guess('member', '198.51.100.99', 'demo123456')).status).toBe(429);
        env.clock.advance(ACCOUNT_LIMIT.lockS + 1);
      }
      await env.login('member', { address: '198.51.100.99' });
    });

    it('doubles the lock of an account and address with each lock, capped at five minutes', async () => {
      const waits: number[] = [];
      for (let round = 0; round < 6; round++) {
        for (let i = 0; i < PAIR_LIMIT.failures; i++) await guess('member', '192.0.2.1');
        const r = await guess('member', '192.0.2.1');
        waits.push(Number(r.headers.get('retry-after')));
        // past the address window as well, which 4 rounds of guesses would fill
        env.clock.advance(waits[waits.length - 1] + 1 + ADDRESS_LIMIT.windowS);
      }
      expect(waits).toEqual([30, 60, 120, 240, 300, 300]);
    });

    it('behind a trusted proxy takes the client address from the rightmost X-Forwarded-For entry', async () => {
      const { app } = createApp({ db: env.database.db, backend, clock: env.clock, accessTtlSeconds: 600, scryptN: 1024, trustProxy: true });
      const signIn = (forwardedFor: string, password: string) => app.request('/api/user/auth', {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ username: 'buyer', password }),
      });
      // the client writes a new address of its own each time; our proxy appends the real one
      for (let i = 0; i < PAIR_LIMIT.failures; i++) expect((await signIn(`10.66.0.${i}, 203.0.113.5`, 'wrong-guess')).status).toBe(422);
      expect((await signIn('10.66.0.99, 203.0.113.5', 'demo123456')).status).toBe(429);
      expect((await signIn('203.0.113.5', 'demo123456')).status).toBe(429);
      // the same spoofed entry in front of another real address does not share the lock
      expect((await signIn('10.66.0.1, 203.0.113.6', 'demo123456')).status).toBe(200);
    });

    it('locks an address that guesses across many accounts', async () => {
      for (let i = 0; i < ADDRESS_LIMIT.failures; i++) {
        await env.api('userAuth', { username: `nobody${i}`, password: 'x-x-x-x' }, { address: '203.0.113.50' });
      }
      const r = await env.api('userAuth', { username: 'buyer', password: 'demo123456' }, { address: '203.0.113.50' });
      expect(r.status).toBe(429);
      // the real user elsewhere is not affected
      await env.login('buyer', { address: '198.51.100.8' });
    });

    it('refuses invalid payloads with a Chinese message naming the field, and changes nothing', async () => {
      const count = async () => Number((await env.database.db.selectFrom('session').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      const cases: Array<[unknown, string, string]> = [
        [{ password: 'demo123456' }, 'username', '请输入用户名'],
        [{ username: '   ', password: 'demo123456' }, 'username', '请输入用户名'],
        [{ username: 'seller' }, 'password', '请输入密码'],
        [{ username: 'seller', password: 12345678 }, 'password', '请输入密码'],
        [{ username: 'x'.repeat(65), password: 'demo123456' }, 'username', '用户名最多64个字符'],
      ];
      for (const [body, field, text] of cases) {
        const r = await env.callRaw('POST', '/api/user/auth', { body });
        expect(r.status).toBe(422);
        expect(r.body).toMatchObject({ code: 422, field, client_msg: refusalText(field, text) });
      }
      const bad = await env.callRaw('POST', '/api/user/auth', { rawBody: '{"username": "seller",' });
      expect(bad.status).toBe(422);
      expect(envelope(bad.body).client_msg).toContain('JSON');
      expect(await count()).toBe(before);
    });

    it('refuses a NUL character in any text, body or query, naming the field, instead of failing in the database', async () => {
      const login = await env.api('userAuth', { username: 'sel\u0000ler', password: 'demo123456' });
      expect(login.body).toMatchObject({ code: 422, field: 'username', client_msg: refusalText('username', msg.nulCharacter) });
      const { access_token } = await env.login('buyer');
      const before = await env.api('accountProfileGet', {}, { token: access_token });
      const nested = await env.api('accountProfileUpdate',
        { display_name: '王志强', head_image: '', contact_phone: '', company: { name: '申通\u0000汽修', short_name: '申通', phone: '', province: '', city: '', address: '' } },
        { token: access_token });
      expect(nested.body).toMatchObject({ code: 422, field: 'company.name' });
      expect((await env.api('accountProfileGet', {}, { token: access_token })).body).toEqual(before.body);
      const query = await env.api('companySearch', { k: '\u0000' }, { token: access_token });
      expect(query.body).toMatchObject({ code: 422, field: 'k', client_msg: refusalText('k', msg.nulCharacter) });
      const listed = await env.callRaw('POST', '/api/search/history', { token: access_token, body: { search_value: ['x', '\u0000'] } });
      expect(listed.body).toMatchObject({ code: 422, field: 'search_value.1' });
    });

    it('refuses a lone surrogate with 422 naming the field, even with an Idempotency-Key (it used to fail with 500 when the answer was stored)', async () => {
      const { access_token } = await env.login('buyer');
      const history = () => env.api('keywordHistoryList', {}, { token: access_token });
      const before = await history();
      for (const key of ['lone-1', 'lone-2']) {
        const r = await env.callRaw('POST', '/api/search/history', {
          token: access_token, headers: { 'Idempotency-Key': `${key}-${Date.now()}` }, body: { search_value: ['刹车片', 'x\ud800y'] },
        });
        expect(r.status).toBe(422);
        expect(r.body).toMatchObject({ code: 422, field: 'search_value.1', client_msg: refusalText('search_value.1', msg.loneSurrogate) });
      }
      const key = await env.callRaw('PUT', '/api/account/profile', { token: access_token, body: { ['\udc00']: 1 } });
      expect(key.status).toBe(422);
      expect((await history()).body).toEqual(before.body);
    });

    it('refuses a request body over the limit before reading it all', async () => {
      const before = Number((await env.database.db.selectFrom('session').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const r = await env.callRaw('POST', '/api/user/auth', { rawBody: JSON.stringify({ username: 'seller', password: 'demo123456', pad: 'x'.repeat(MAX_BODY_BYTES) }) });
      expect(r.status).toBe(413);
      expect(r.body).toMatchObject({ code: 422, client_msg: msg.bodyTooLarge(MAX_BODY_BYTES / 1024 / 1024) });
      expect(Number((await env.database.db.selectFrom('session').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    });

    it('refuses a garbage refresh token as signed out', async () => {
      const r = await env.refresh('not-a-token');
      expect(r.body).toMatchObject({ code: 908, client_msg: msg.refreshInvalid });
    });
  });
});
