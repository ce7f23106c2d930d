/**
 * API keys and signed calls of the open platform (docs/open-platform.md, "Keys and signing"):
 * keys made, listed, rotated with a grace period and revoked by the company's owner or an M07
 * holder; the secret answered once; every refusal of the verifier with its own message and code,
 * nothing changed; the per-key budget; the call log, kept to its company and the operators; and
 * the scopes a level may grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { OPEN_SCOPE_LABELS, openText, type OpenScope } from '../../src/shared/contracts';
import { signOpenRequest } from '../../src/shared/domain/open-signature';
import { sweep } from '../../src/server/sweep';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

const COMPANY_PATH = '/api/open/v1/company';

describe.each(backends)('open-platform keys on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    let n = 0;
    const create = async (who: string, over: { name?: string; scopes?: OpenScope[]; ip_allow?: string[]; expires_at?: number } = {}) => {
      const r = await env.api('openKeyCreate', { name: over.name ?? `对接${++n}`, scopes: over.scopes ?? ['company:read'], ip_allow: over.ip_allow ?? [], expires_at: over.expires_at ?? 0 }, { token: t[who] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    /** a signed GET of the company call */
    const call = async (keyId: string, secret: string, o: { timestamp?: number; nonce?: string; address?: string; path?: string; tamper?: boolean } = {}) => {
      const path = o.path ?? COMPANY_PATH;
      const headers = await signOpenRequest({ keyId, secret, method: 'GET', pathWithQuery: path, timestamp: o.timestamp ?? now(), nonce: o.nonce });
      if (o.tamper) headers['X-Open-Signature'] = headers['X-Open-Signature'].replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a'));
      const r = await env.callRaw('GET', path, { headers, address: o.address });
      return { status: r.status, body: envelope(r.body), requestId: r.headers.get('X-Request-Id') };
    };
    /** moves the clock on; the sign-ins are made again (their tokens may have run out) */
    const advance = async (seconds: number) => {
      env.clock.advance(seconds);
      for (const u of Object.keys(t)) t[u] = (await env.login(u)).access_token;
    };
    const logCount = async (keyId: string) => (await sql<{ n: number }>`select count(*)::int as n from open_call_log where key_id = ${keyId}`.execute(db())).rows[0].n;

    beforeAll(async () => {
      env = await createTestEnv(backend, { accessTtlSeconds: 3600, limits: { user: { perSecond: 1000, burst: 5000 }, address: { perSecond: 1000, burst: 5000 }, heavyAtOnce: 4, heavyQueue: 8, open: { perSecond: 0.001, burst: 8 } } });
      // a buyer's clerk holding M07, and a clerk of the seller without it
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select gen_random_uuid(), 3, 'setter', '设置员', password_hash, array['M07']::text[] from app_user where username = 'buyer'`.execute(db());
      for (const u of ['seller', 'clerk', 'buyer', 'setter', 'member', 'operator']) t[u] = (await env.login(u)).access_token;
      // migrating and seeding PGlite takes minutes on a loaded machine (the default hook limit is 2)
    }, 600_000);
    afterAll(async () => env?.close());

    it('creates a key whose secret is answered once, lists it without the secret, and signs a call with it', async () => {
      const made = await create('seller', { name: 'ERP 对接', scopes: ['company:read', 'stock:read'] });
      expect(made.secret).toMatch(/^sk_[A-Za-z0-9]{40}$/);
      expect(made.key.key_id).toMatch(/^ak_/);
      expect(made.key).toMatchObject({ name: 'ERP 对接', scopes: ['company:read', 'stock:read'], state: 'active', created_by: '陈骏达' });
      const list = await env.api('openKeyList', {}, { token: t.seller });
      expect(list.body.data!.keys.map((k) => k.key_id)).toContain(made.key.key_id);
      expect(JSON.stringify(list.body)).not.toContain(made.secret);
      expect(list.body.data!.allowed_scopes).toContain('stock:write');
      // stored only encrypted
      const row = (await sql<{ secret_enc: string }>`select secret_enc from open_key where id = ${made.key.key_id}`.execute(db())).rows[0];
      expect(row.secret_enc).not.toContain(made.secret);
      const ok = await call(made.key.key_id, made.secret);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data).toEqual({ id: 2, name: '广州骏达汽车配件有限公司', level: '正式会员', is_seller: true });
      expect(ok.requestId).toBeTruthy();
    });

    it('only the owner or an M07 holder manages keys', async () => {
      const r = await env.api('openKeyCreate', { name: 'x', scopes: ['company:read'] }, { token: t.clerk });
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe(openText.manageOnly);
      expect((await env.api('openKeyList', {}, { token: t.clerk })).status).toBe(403);
      expect((await env.api('openKeyList', {}, { token: t.setter })).status).toBe(200);
    });

    it('refuses bad fields with messages naming them', async () => {
      const ip = await env.api('openKeyCreate', { name: 'x', scopes: ['company:read'], ip_allow: ['10.0.0.300'] }, { token: t.seller });
      expect(ip.status).toBe(422);
      expect(ip.body.msg).toContain('10.0.0.300');
      const none = await env.api('openKeyCreate', { name: 'x', scopes: [] }, { token: t.seller });
      expect(none.body.msg).toContain(openText.scopes);
      const past = await env.api('openKeyCreate', { name: 'x', scopes: ['company:read'], expires_at: now() - 10 }, { token: t.seller });
      expect(past.status).toBe(422);
      expect(past.body.msg).toContain(openText.expires);
    });

    it('refuses a wrong signature, a stale or future timestamp, a replayed nonce: 401, each with its message, logged', async () => {
      const { key, secret } = await create('seller');
      const before = await logCount(key.key_id);
      const bad = await call(key.key_id, secret, { tamper: true });
      expect([bad.status, bad.body.msg]).toEqual([401, openText.badSignature]);
      const wrongSecret = await call(key.key_id, `${secret}x`);
      expect(wrongSecret.body.msg).toBe(openText.badSignature);
      const stale = await call(key.key_id, secret, { timestamp: now() - 301 });
      expect([stale.status, stale.body.msg]).toEqual([401, openText.staleTimestamp]);
      const future = await call(key.key_id, secret, { timestamp: now() + 301 });
      expect(future.body.msg).toBe(openText.staleTimestamp);
      const nonce = 'replay-nonce-000000000001';
      expect((await call(key.key_id, secret, { nonce })).status).toBe(200);
      const again = await call(key.key_id, secret, { nonce });
      expect([again.status, again.body.msg]).toEqual([401, openText.replayedNonce]);
      // a refused bad nonce was not recorded: the same nonce signed rightly is still accepted
      const fresh = 'fresh-nonce-0000000000001';
      expect((await call(key.key_id, secret, { nonce: fresh, tamper: true })).status).toBe(401);
      expect((await call(key.key_id, secret, { nonce: fresh })).status).toBe(200);
      expect(await logCount(key.key_id)).toBe(before + 8);
      const unknown = await call('ak_000000000000000000000000', secret);
      expect([unknown.status, unknown.body.msg]).toEqual([401, openText.unknownKey]);
      const bare = await env.callRaw('GET', COMPANY_PATH, {});
      expect([bare.status, envelope(bare.body).msg]).toEqual([401, openText.missingHeaders]);
      // a bearer token opens no partner call
      expect((await env.callRaw('GET', COMPANY_PATH, { token: t.seller })).status).toBe(401);
    });

    it('logs a bounded number of unsigned refusals per key, so a known key id cannot flood its company\'s log; signed calls are still logged', async () => {
      const { key, secret } = await create('seller');
      const before = await logCount(key.key_id);
      const refused = await Promise.all(Array.from({ length: 60 }, (_, i) => call(key.key_id, secret, { tamper: true, address: `198.51.100.${i + 1}` })));
      expect(refused.every((r) => r.status === 401 && r.body.msg === openText.badSignature)).toBe(true);
      const logged = (await logCount(key.key_id)) - before;
      // the burst (30) and what refilled meanwhile at one a second; never all 60
      expect(logged).toBeGreaterThanOrEqual(30);
      expect(logged).toBeLessThan(60);
      expect((await call(key.key_id, secret)).status).toBe(200);
      expect(await logCount(key.key_id)).toBe(before + logged + 1);
    });

    it('refuses an expired key and a revoked one; revoking answers the key as revoked', async () => {
      const soon = await create('seller', { expires_at: now() + 60 });
      expect((await call(soon.key.key_id, soon.secret)).status).toBe(200);
      await advance(61);
      const expired = await call(soon.key.key_id, soon.secret);
      expect([expired.status, expired.body.msg]).toEqual([401, openText.expiredKey]);
      const gone = await create('seller');
      const rv = await env.api('openKeyRevoke', { key_id: gone.key.key_id }, { token: t.seller });
      expect(rv.body.data!.state).toBe('revoked');
      const revoked = await call(gone.key.key_id, gone.secret);
      expect([revoked.status, revoked.body.msg]).toEqual([401, openText.revokedKey]);
      // another company cannot revoke it, nor see it
      const other = await create('buyer');
      expect((await env.api('openKeyRevoke', { key_id: other.key.key_id }, { token: t.seller })).status).toBe(404);
      expect((await call(other.key.key_id, other.secret)).status).toBe(200);
    });

    it('rotates: the new secret is answered once, the old one signs during the grace period only', async () => {
      const { key, secret } = await create('seller');
      const rot = await env.api('openKeyRotate', { key_id: key.key_id }, { token: t.seller });
      expect(rot.status).toBe(200);
      const next = rot.body.data!.secret;
      expect(next).not.toBe(secret);
      expect(rot.body.data!.key.previous_valid_until).toBe(now() + 24 * 3600);
      expect((await call(key.key_id, next)).status).toBe(200);
      expect((await call(key.key_id, secret)).status).toBe(200);
      await advance(24 * 3600 + 1);
      expect((await call(key.key_id, secret)).body.msg).toBe(openText.badSignature);
      expect((await call(key.key_id, next)).status).toBe(200);
    });

    it('refuses a scope not granted and an address not allowed: 403', async () => {
      const { key, secret } = await create('seller', { scopes: ['stock:read'], ip_allow: ['203.0.113.0/24', '2001:db8::1'] });
      const scope = await call(key.key_id, secret, { address: '203.0.113.9' });
      expect([scope.status, scope.body.msg]).toEqual([403, openText.scopeMissing(OPEN_SCOPE_LABELS['company:read'])]);
      const ipKey = await create('seller', { ip_allow: ['203.0.113.0/24'] });
      const far = await call(ipKey.key.key_id, ipKey.secret, { address: '198.51.100.1' });
      expect([far.status, far.body.msg]).toEqual([403, openText.ipNotAllowed('198.51.100.1')]);
      expect((await call(ipKey.key.key_id, ipKey.secret, { address: '203.0.113.77' })).status).toBe(200);
    });

    it('each key answers its own company only', async () => {
      const b = await create('buyer');
      const r = await call(b.key.key_id, b.secret);
      expect(r.body.data).toMatchObject({ id: 3, is_seller: false });
    });

    it('limits calls per key with 429, another key unaffected', async () => {
      const a = await create('seller');
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await call(a.key.key_id, a.secret)).status);
      expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
      expect(statuses[8]).toBe(429);
      const b = await create('seller');
      expect((await call(b.key.key_id, b.secret)).status).toBe(200);
    });

    it('logs calls for the own company and the operators only', async () => {
      const { key, secret } = await create('buyer', { name: '日志' });
      const ok = await call(key.key_id, secret);
      await call(key.key_id, secret, { tamper: true });
      const log = await env.api('openCallLog', { key_id: key.key_id }, { token: t.buyer });
      expect(log.body.data!.total).toBe(2);
      expect(log.body.data!.data[1]).toMatchObject({ key_name: '日志', call_name: 'openCompanyGet', method: 'GET', path: COMPANY_PATH, status: 200, request_id: ok.requestId });
      expect(log.body.data!.data[0].status).toBe(401);
      const failed = await env.api('openCallLog', { key_id: key.key_id, status: 'error' }, { token: t.buyer });
      expect(failed.body.data!.total).toBe(1);
      // the seller's log holds none of the buyer's calls
      const other = await env.api('openCallLog', { key_id: key.key_id }, { token: t.seller });
      expect(other.body.data!.total).toBe(0);
      const op = await env.api('opOpenCallLog', { key_id: key.key_id }, { token: t.operator });
      expect(op.body.data!.total).toBe(2);
      expect(op.body.data!.data[0].company_name).toBe('上海申通汽车维修服务有限公司');
      expect((await env.api('opOpenCallLog', {}, { token: t.buyer })).status).toBe(403);
      const keys = await env.api('opOpenKeyList', { company: '申通' }, { token: t.operator });
      expect(keys.body.data!.data.some((k) => k.key_id === key.key_id && k.last_call_at > 0)).toBe(true);
      // kept 90 days: the hourly sweep 90 days on deletes them
      expect((await sweep(db(), new Date(env.clock.now().getTime() + 88 * 86400_000))).openCalls).toBe(0);
      expect((await sweep(db(), new Date(env.clock.now().getTime() + 91 * 86400_000))).openCalls).toBeGreaterThan(0);
      // that sweep also ended the sessions, which look months old to it
      await advance(0);
      expect((await env.api('openCallLog', { key_id: key.key_id }, { token: t.buyer })).body.data!.total).toBe(0);
    });

    it('an operator revokes a key, recorded in the audit log', async () => {
      const { key, secret } = await create('seller');
      const r = await env.api('opOpenKeyRevoke', { key_id: key.key_id }, { token: t.operator });
      expect(r.body.data).toMatchObject({ state: 'revoked', company_id: 2 });
      expect((await call(key.key_id, secret)).body.msg).toBe(openText.revokedKey);
      const audit = await sql<{ n: number }>`select count(*)::int as n from operator_audit where entity = 'open_key' and entity_id = ${key.key_id}`.execute(db());
      expect(audit.rows[0].n).toBe(1);
    });

    it('grants only the scopes of the level bundle; a free member gets none', async () => {
      const free = await env.api('openKeyCreate', { name: 'x', scopes: ['company:read'] }, { token: t.member });
      expect([free.status, free.body.msg]).toEqual([403, openText.noScopesForLevel]);
      // the operator gives 注册会员 (level 3) the read-only bundle
      const bundles = await env.api('opOpenBundleList', {}, { token: t.operator });
      const readOnly = bundles.body.data!.data.find((b) => b.name === '只读接口')!;
      const set = await env.api('opOpenLevelSave', { level_id: 3, bundle_id: readOnly.id }, { token: t.operator });
      expect(set.body.data).toMatchObject({ level_id: 3, bundle_name: '只读接口' });
      const write = await env.api('openKeyCreate', { name: 'x', scopes: ['company:read', 'stock:write', 'orders:write'] }, { token: t.member });
      expect(write.status).toBe(403);
      expect(write.body.msg).toBe(openText.scopesNotAllowed([OPEN_SCOPE_LABELS['stock:write'], OPEN_SCOPE_LABELS['orders:write']]));
      const read = await create('member', { scopes: ['company:read'] });
      expect((await call(read.key.key_id, read.secret)).status).toBe(200);
      // the level loses its bundle: the key's scopes no longer open the call
      await env.api('opOpenLevelSave', { level_id: 3, bundle_id: 0 }, { token: t.operator });
      expect((await call(read.key.key_id, read.secret)).status).toBe(403);
      // a bundle in use cannot be removed
      expect((await env.api('opOpenBundleRemove', { id: bundles.body.data!.data.find((b) => b.name === '全部接口')!.id }, { token: t.operator })).body.msg).toBe(openText.bundleInUse);
    });

    it('a suspended company\'s keys are refused until the platform lifts it; a membership that ended takes its scopes away without anyone signing in', async () => {
      const k = await create('setter', { scopes: ['company:read'] });
      expect((await call(k.key.key_id, k.secret)).status).toBe(200);
      await sql`update company set suspended_at = now() where id = 3`.execute(db());
      const refused = await call(k.key.key_id, k.secret);
      expect([refused.status, refused.body.msg]).toEqual([403, openText.companySuspended]);
      await sql`update company set suspended_at = null where id = 3`.execute(db());
      expect((await call(k.key.key_id, k.secret)).status).toBe(200);
      // the paid level ends yesterday: the next signed call finds the company on the free level, whose bundle grants nothing
      const before = (await sql<{ level_id: number; level_end_at: Date | null }>`select level_id, level_end_at from company where id = 3`.execute(db())).rows[0];
      await sql`update company set level_end_at = ${new Date(env.clock.now().getTime() - 86_400_000)} where id = 3`.execute(db());
      const lapsed = await call(k.key.key_id, k.secret);
      expect([lapsed.status, lapsed.body.msg]).toEqual([403, openText.scopeMissing(OPEN_SCOPE_LABELS['company:read'])]);
      const after = (await sql<{ level_type: string }>`select l.level_type from company c join company_level l on l.id = c.level_id where c.id = 3`.execute(db())).rows[0];
      expect(after.level_type).toBe('free');
      await sql`update company set level_id = ${before.level_id}, level_end_at = ${before.level_end_at} where id = 3`.execute(db());
    });

    it('never keeps a secret in the replay store; creates at once stop at the limit', async () => {
      const made = await env.api('openKeyCreate', { name: '重放', scopes: ['company:read'] }, { token: t.setter, idempotencyKey: 'open-key-replay-0001' });
      expect(made.status).toBe(200);
      const stored = (await sql<{ n: number }>`select count(*)::int as n from idempotency_key where answer::text like ${`%${made.body.data!.secret}%`}`.execute(db())).rows[0].n;
      expect(stored).toBe(0);
      const live = async () => (await env.api('openKeyList', {}, { token: t.setter })).body.data!.keys.filter((x) => x.state === 'active').length;
      const room = 10 - (await live());
      const tries = await Promise.all(Array.from({ length: room + 4 }, (_, i) => env.api('openKeyCreate', { name: `并发${i}`, scopes: ['company:read'] }, { token: t.setter })));
      expect(tries.filter((r) => r.status === 200)).toHaveLength(room);
      expect(tries.filter((r) => r.status === 409).map((r) => r.body.msg)).toEqual(Array(4).fill(openText.keyLimit(10)));
      expect(await live()).toBe(10);
    });
  });
});
