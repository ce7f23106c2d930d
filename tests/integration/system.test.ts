import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints, type SearchKind, type SearchMode } from '../../src/shared/contracts';
import { msg } from '../../src/shared/messages';
import { parseEnv } from '../../src/server/env';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

describe.each(backends)('system, company and history calls on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    let operator: string;
    beforeAll(async () => {
      env = await createTestEnv(backend);
      seller = (await env.login('seller')).access_token;
      buyer = (await env.login('buyer')).access_token;
      operator = (await env.login('operator')).access_token;
    });
    afterAll(async () => env?.close());

    it('health says which backend answers', async () => {
      // beside the endpoint table: read raw
      const r = await env.callRaw('GET', '/api/health');
      const health = v.parse(v.object({ backend: v.string(), server_version: v.string() }), envelope(r.body).data);
      expect(health.backend).toBe(backend);
      expect(health.server_version).toMatch(/^\d+/);
    });

    it('every answer carries the security headers (CSP with frame-ancestors none, nosniff, referrer, permissions), HSTS only over HTTPS', async () => {
      for (const r of [await env.raw('GET', '/api/health'), await env.raw('GET', '/api/no-such-call'), await env.raw('POST', '/api/user/auth', { body: '{' })]) {
        const csp = r.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('x-frame-options')).toBe('DENY');
        expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(r.headers.get('permissions-policy')).toContain('camera=(self)');
        expect(r.headers.get('strict-transport-security')).toBeNull();
      }
      expect((await env.raw('GET', 'https://qipeihub.example/api/health')).headers.get('strict-transport-security')).toContain('max-age=');
    });

    it('openapi has an operation for every call, named after it', async () => {
      // beside the endpoint table: read raw
      const r = await env.callRaw('GET', '/api/openapi.json');
      // a parameter is written in place or refers to a shared one (the Device header)
      const operation = v.object({ operationId: v.string(), parameters: v.optional(v.array(v.union([v.object({ name: v.string() }), v.object({ $ref: v.string() })]))) });
      const doc = v.parse(v.object({ paths: v.record(v.string(), v.record(v.string(), operation)) }), r.body);
      const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
      // the partner calls have their own document (/api/open/v1/openapi.json, openapi.test.ts)
      expect(ids.sort()).toEqual(Object.entries(endpoints).filter(([, ep]) => ep.access !== 'open').map(([name]) => name).sort());
      expect(doc.paths['/api/system/config'].get.parameters?.map((p) => ('name' in p ? p.name : p.$ref))).toEqual(['#/components/parameters/Device', 'keys']);
    });

    it('config returns only the known keys asked for', async () => {
      const r = await env.api('config', { keys: 'system_phone,system_announcement,no_such_key' });
      expect(Object.keys(r.body.data).sort()).toEqual(['system_announcement', 'system_phone']);
      expect(r.body.data.system_phone).toMatch(/^\d{3}-\d{3}-\d{4}$/);
      const bad = await env.api('config', { keys: '' });
      expect(bad.body).toMatchObject({ code: 422, field: 'keys', client_msg: msg.invalidPayload('keys', '请提供参数键') });
    });

    it('every system parameter key of the spec is seeded', async () => {
      const keys = ['system_title', 'system_keywords', 'system_desc', 'system_name', 'system_logo', 'system_logo_text', 'system_phone', 'system_icp_number', 'wx_open_web_key', 'system_tongji', 'baidu_shangqiao', 'upload_authority', 'im_client_params', 'jqr_allinpay_config', 'api_docment_url', 'qcj_url'];
      const r = await env.api('config', { keys: keys.join(',') });
      expect(Object.keys(r.body.data).sort()).toEqual([...keys].sort());
    });

    it('ads: every slot has a live ad; expired ads are not served', async () => {
      const slots = ['LB001', 'LB002', 'LB003', 'LB004', 'LB005', 'LB006', 'LB007', 'LB008', 'LB009', 'LB010', 'GG000', 'GG005', 'GG009', 'JQR001', 'JQR002', 'CJ000'];
      const r = await env.api('getAdByCode', { codes: slots.join(',') });
      expect(new Set(r.body.data.map((a) => a.code))).toEqual(new Set(slots));
      const now = env.clock.now().getTime() / 1000;
      for (const ad of r.body.data) expect(ad.start_date <= now && now < ad.end_data).toBe(true);
      env.clock.advance(400 * 86400);
      expect((await env.api('getAdByCode', { codes: 'GG000' })).body.data).toEqual([]);
      env.clock.advance(-400 * 86400);
    });

    it('company level and quotas come from the data, for the own company', async () => {
      const level = (await env.api('getCompanyLevel', { company_id: 2 }, { token: seller })).body.data[0];
      expect(level).toMatchObject({ name: '正式会员', level_type: 'paid', have: 2, limit: 30, total_per_day: 9999 });
      expect(level.level_end_data).toBe(Math.floor(env.clock.now().getTime() / 1000) + 45 * 86400);
      expect((await env.api('getEmployeeLimit', { company_id: 2 }, { token: seller })).body.data).toEqual({ have: 2, limit: 30 });
      expect((await env.api('getStockCount', { company_id: 2 }, { token: seller })).body.data).toEqual({ total_per_day: 9999, used: 0, unlimited: true });
      const vin = (await env.api('getVinAvailable', { company_id: 2 }, { token: seller })).body.data;
      expect(vin).toMatchObject({ vin_company_order_current_type: 'date', available: null });

      const member = (await env.login('member')).access_token;
      expect((await env.api('getVinAvailable', { company_id: 4 }, { token: member })).body.data).toMatchObject({ vin_company_order_current_type: 'count', available: 5, sum_qty: 5, used: 0 });
      expect((await env.api('getCompanyLevel', { company_id: 4 }, { token: member })).body.data[0]).toMatchObject({ name: '注册会员', level_type: 'free', total_per_day: 50 });
    });

    it('another company is refused; the head company may look', async () => {
      const r = await env.api('getCompanyLevel', { company_id: 2 }, { token: buyer });
      expect(r.status).toBe(403);
      expect(r.body.client_msg).toBe(msg.otherCompany);
      expect((await env.api('getCompanyLevel', { company_id: 2 }, { token: operator })).body.data[0].name).toBe('正式会员');
      const bad = await env.api('getCompanyLevel', { company_id: '-3' }, { token: buyer });
      expect(bad.body).toMatchObject({ code: 422, field: 'company_id', client_msg: '公司编号应为正整数' });
    });

    it('search history: newest first, deduplicated, idempotent under a key', async () => {
      const post = (value: string, key?: string) =>
        env.api('oeSearchHistory', { search_value: value, search_type: 'oe' }, { token: buyer, idempotencyKey: key });
      const count = async () => Number((await env.database.db.selectFrom('search_history').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      await post('04465-33450');
      env.clock.advance(5);
      const first = await post('1K0698151A', 'key-aaaa-0001');
      expect(first.body.code).toBe(200);
      const before = await count();
      env.clock.advance(5);
      const replay = await post('1K0698151A', 'key-aaaa-0001');
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await count()).toBe(before);

      const clash = await post('34116794300', 'key-aaaa-0001');
      expect(clash.status).toBe(409);
      expect(clash.body.client_msg).toBe(msg.idempotencyConflict);
      const badKey = await post('34116794300', 'short');
      expect(badKey.status).toBe(422);
      expect(badKey.body.client_msg).toBe(msg.idempotencyKeyInvalid);
      expect(await count()).toBe(before);

      env.clock.advance(5);
      await post('04465-33450');
      const list = (await env.api('keywordHistoryList', {}, { token: buyer })).body.data;
      expect(list.map((h) => h.search_value)).toEqual(['04465-33450', '1K0698151A']);
      // someone else's history is separate
      expect((await env.api('keywordHistoryList', {}, { token: seller })).body.data).toEqual([]);
      const empty = await env.api('oeSearchHistory', { search_value: '  ' }, { token: buyer });
      expect(empty.body).toMatchObject({ code: 422, field: 'search_value', client_msg: msg.invalidPayload('search_value', msg.enterSearch) });
    });

    it('search history keeps the kind of each search and refuses an unknown kind', async () => {
      const post = (search_value: string, search_type: SearchKind) => env.api('oeSearchHistory', { search_value, search_type }, { token: seller });
      for (const [value, kind] of [['滤清器', 'circle'], ['大灯', 'dismantle'], ['广州', 'company'], ['刹车片', 'keyword']] as const) {
        env.clock.advance(5);
        expect((await post(value, kind)).body.data).toMatchObject({ search_value: value, search_type: kind });
      }
      // the same words again as another kind: one entry, the newest kind
      env.clock.advance(5);
      await post('大灯', 'keyword');
      const list = (await env.api('keywordHistoryList', {}, { token: seller })).body.data;
      expect(list.map((h) => [h.search_value, h.search_type])).toEqual([
        ['大灯', 'keyword'], ['刹车片', 'keyword'], ['广州', 'company'], ['滤清器', 'circle'],
      ]);
      const bad = await env.callRaw('POST', '/api/search/history', { token: seller, body: { search_value: 'x', search_type: 'vin' } });
      expect(bad.body).toMatchObject({ code: 422, field: 'search_type' });
      expect(envelope(bad.body).client_msg).toContain('搜索类型只能是');
      expect((await env.api('keywordHistoryList', {}, { token: seller })).body.data).toHaveLength(4);
    });

    it('search history keeps the 精确 / 模糊 mode of keyword-type searches and refuses an unknown mode', async () => {
      const post = (search_value: string, search_type: SearchKind, search_mode?: SearchMode) =>
        env.api('oeSearchHistory', { search_value, search_type, search_mode }, { token: seller });
      env.clock.advance(5);
      expect((await post('刹车片', 'keyword', 'exact')).body.data).toMatchObject({ search_type: 'keyword', search_mode: 'exact' });
      env.clock.advance(5);
      expect((await post('滤清器', 'circle')).body.data).toMatchObject({ search_mode: 'fuzzy' });
      env.clock.advance(5);
      // an OE search has no mode, whatever is sent
      expect((await post('0446533450', 'oe', 'exact')).body.data).toMatchObject({ search_mode: null });
      const bad = await env.callRaw('POST', '/api/search/history', { token: seller, body: { search_value: '火花塞', search_type: 'keyword', search_mode: 'loose' } });
      expect(bad.body).toMatchObject({ code: 422, field: 'search_mode', client_msg: '搜索方式只能是 exact（精确）或 fuzzy（模糊）' });
      const list = (await env.api('keywordHistoryList', {}, { token: seller })).body.data;
      // the newest three (earlier tests of this suite left older entries)
      expect(list.slice(0, 3).map((h) => [h.search_value, h.search_mode])).toEqual([
        ['0446533450', null], ['滤清器', 'fuzzy'], ['刹车片', 'exact'],
      ]);
    });

    it('an unknown call gets a Chinese 404 envelope', async () => {
      const r = await env.callRaw('GET', '/api/no/such/call');
      expect(r.status).toBe(404);
      expect(envelope(r.body).client_msg).toBe(msg.endpointNotFound);
    });
  });
});

describe('environment', () => {
  it('takes defaults and refuses bad values with a message naming the variable', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, env: { PORT: 8080, HOST: '127.0.0.1', DATA_DIR: './data' } });
    const port = parseEnv({ PORT: 'eighty' });
    expect(port.ok).toBe(false);
    expect(!port.ok && port.message).toContain('PORT');
    expect(parseEnv({ PORT: '70000' }).ok).toBe(false);
    const url = parseEnv({ DATABASE_URL: 'mysql://x' });
    expect(!url.ok && url.message).toContain('DATABASE_URL');
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db' }).ok).toBe(true);
    expect(parseEnv({ ACCESS_TOKEN_TTL: '5' }).ok).toBe(false);
  });
});
