/**
 * 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md): the operator's lists and writes
 * (read with D11 / D11-01 / D11-04, written with D11 / D11-04 only), each write audited, bad input
 * and duplicates refused naming the field with nothing changed; and where they show — a company's
 * 汽配城 (owner or M07, enabled ones only), the shop page's 汽配城 and alliance badges, the enabled
 * free-delivery rules for checkout, and published pages for anyone (drafts never).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { settingsText } from '../../src/shared/domain/platform-settings';
import { msg } from '../../src/shared/messages';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const SELLER_CO = 2;
const MEMBER_CO = 4;

describe.each(backends)('platform settings on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || '汽配城, 联盟, 包邮城市, 公共页面', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) =>
      env.api(name, payload, { token: t[who], idempotencyKey: `ps-${randomUUID()}` });
    const get = <N extends EndpointName>(who: string | null, name: N, q: PayloadIn<N>) => env.api(name, q, who ? { token: t[who] } : {});
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
    const log = async (entity: string) =>
      (await sql<{ action: string; username: string }>`select action, username from operator_audit where entity = ${entity} order by id`.execute(db())).rows;
    const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0].n;

    beforeAll(async () => {
      env = await createTestEnv(backend);
      for (const u of ['seller', 'clerk', 'buyer', 'member', 'operator']) t[u] = (await env.login(u)).access_token;
      t.writer = await operatorWith(env, 'ps-writer', ['D11-04']);
      t.reader = await operatorWith(env, 'ps-reader', ['D11-01']);
      t.payOnly = await operatorWith(env, 'ps-pay', ['D05']);
    });
    afterAll(async () => env?.close());

    it('汽配城: D11-04 writes, D11-01 reads only; one name per city; bad province named; audited; a company picks an enabled one and its shop shows it', async () => {
      const city = { id: 0, name: '白云汽配城', province: '广东省', city: '广州市', address: '白云区机场路88号', enabled: true };
      expect((await post('reader', 'opAutopartsCitySave', city)).status).toBe(403);
      expect((await post('payOnly', 'opAutopartsCitySave', city)).status).toBe(403);
      expect((await post('seller', 'opAutopartsCitySave', city)).status).toBe(403);
      expect((await get('payOnly', 'opAutopartsCities', {})).status).toBe(403);
      for (const [bad, field] of [[{ name: '' }, 'name'], [{ province: '广州' }, 'province'], [{ city: '' }, 'city']] as const) {
        expect((await post('writer', 'opAutopartsCitySave', { ...city, ...bad })).body, field).toMatchObject({ code: 422, field });
      }
      expect(await count('autoparts_city')).toBe(0);

      const saved = ok(await post('writer', 'opAutopartsCitySave', city));
      expect(saved).toMatchObject({ name: '白云汽配城', province: '广东省', city: '广州市', enabled: true, company_count: 0, updated_by: 'ps-writer' });
      expect((await post('operator', 'opAutopartsCitySave', city)).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining(settingsText.cityTaken) });
      // the same name in another city is another market
      const other = ok(await post('operator', 'opAutopartsCitySave', { ...city, city: '佛山市', address: '' }));
      expect((await post('operator', 'opAutopartsCitySave', { ...other, id: 999_999 })).status).toBe(404);
      ok(await post('operator', 'opAutopartsCitySave', { ...other, enabled: false }));
      expect(ok(await get('reader', 'opAutopartsCities', {})).data.map((c) => [c.city, c.enabled])).toEqual([['佛山市', false], ['广州市', true]]);
      expect(ok(await get('reader', 'opAutopartsCities', { enabled: 'false' })).total).toBe(1);
      expect(await log('autoparts_city')).toEqual([
        { action: 'create', username: 'ps-writer' }, { action: 'create', username: 'operator' }, { action: 'disable', username: 'operator' },
      ]);

      // the seller's owner picks it; a clerk without M07 may not; a switched-off market is refused
      const mine = ok(await get('seller', 'myAutopartsCity', {}));
      expect(mine).toMatchObject({ autoparts_city_id: 0, editable: true });
      expect(mine.options.map((o) => o.name)).toEqual(['白云汽配城']);
      expect((await post('clerk', 'myAutopartsCitySave', { autoparts_city_id: saved.id })).status).toBe(403);
      expect((await post('seller', 'myAutopartsCitySave', { autoparts_city_id: other.id })).body).toMatchObject({ code: 422, field: 'autoparts_city_id' });
      expect((await post('seller', 'myAutopartsCitySave', { autoparts_city_id: 999_999 })).body).toMatchObject({ code: 422, field: 'autoparts_city_id' });
      ok(await post('seller', 'myAutopartsCitySave', { autoparts_city_id: saved.id }));
      expect(ok(await get('seller', 'myAutopartsCity', {})).autoparts_city_id).toBe(saved.id);
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).autoparts_city).toBe('白云汽配城');
      expect(ok(await get('reader', 'opAutopartsCities', { k: '白云', province: '广东省' })).data.map((c) => [c.city, c.company_count])).toEqual([['佛山市', 0], ['广州市', 1]]);
      // switched off: the shop no longer shows it
      ok(await post('operator', 'opAutopartsCitySave', { ...city, id: saved.id, enabled: false }));
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).autoparts_city).toBe('');
      ok(await post('operator', 'opAutopartsCitySave', { ...city, id: saved.id, enabled: true }));
      ok(await post('seller', 'myAutopartsCitySave', { autoparts_city_id: 0 }));
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).autoparts_city).toBe('');
    });

    it('企业黄页 by 汽配城: only the sellers of an enabled market, with no words needed; the markets offered are the enabled ones with sellers; an unknown or switched-off one is refused', async () => {
      const market = { id: 0, name: '三元里汽配城', province: '广东省', city: '广州市', address: '', enabled: true };
      const a = ok(await post('operator', 'opAutopartsCitySave', market));
      const empty = ok(await post('operator', 'opAutopartsCitySave', { ...market, name: '无卖家汽配城' }));
      const off = ok(await post('operator', 'opAutopartsCitySave', { ...market, name: '停用汽配城', enabled: false }));
      ok(await post('seller', 'myAutopartsCitySave', { autoparts_city_id: a.id }));
      // a buyer company in the market is no seller: neither listed nor counted
      ok(await post('buyer', 'myAutopartsCitySave', { autoparts_city_id: a.id }));

      const within = ok(await get('buyer', 'companySearch', { k: '', autoparts_city_id: a.id }));
      expect(within.total).toBe(1);
      expect(within.data.map((c) => [c.id, c.autoparts_city])).toEqual([[SELLER_CO, '三元里汽配城']]);
      expect(ok(await get('buyer', 'companySearch', { k: '骏达', autoparts_city_id: a.id })).total).toBe(1);
      expect(ok(await get('buyer', 'companySearch', { k: '没有这家', autoparts_city_id: a.id }))).toMatchObject({ data: [], total: 0 });
      // without the filter every card says its market ('' for none)
      const all = ok(await get('buyer', 'companySearch', { k: '市' }));
      expect(all.data.map((c) => c.id)).toContain(SELLER_CO);
      for (const c of all.data) expect(c.autoparts_city, String(c.id)).toBe(c.id === SELLER_CO ? '三元里汽配城' : '');

      const markets = ok(await get('buyer', 'companySearchMarkets', {}));
      expect(markets.filter((m) => [a.id, empty.id, off.id].includes(m.id))).toEqual([{ id: a.id, name: '三元里汽配城', province: '广东省', city: '广州市', seller_count: 1 }]);

      for (const [q, field, text] of [
        [{ k: '' }, 'k', msg.enterSearch],
        [{ k: '', autoparts_city_id: 0 }, 'k', msg.enterSearch],
        [{ k: '', autoparts_city_id: 999_999 }, 'autoparts_city_id', settingsText.cityNotFound],
        [{ k: '骏达', autoparts_city_id: off.id }, 'autoparts_city_id', settingsText.cityDisabled],
        [{ k: '骏达', autoparts_city_id: -1 }, 'autoparts_city_id', '汽配城编号 应为整数'],
      ] as const) {
        expect((await get('buyer', 'companySearch', q as never)).body, JSON.stringify(q)).toMatchObject({ code: 422, field, client_msg: expect.stringContaining(text) });
      }
      // switched off: the market's filter is refused and its name leaves the cards
      ok(await post('operator', 'opAutopartsCitySave', { ...a, enabled: false }));
      expect((await get('buyer', 'companySearch', { k: '', autoparts_city_id: a.id })).body).toMatchObject({ code: 422, field: 'autoparts_city_id' });
      expect(ok(await get('buyer', 'companySearch', { k: '骏达' })).data.find((c) => c.id === SELLER_CO)?.autoparts_city).toBe('');
      expect(ok(await get('buyer', 'companySearchMarkets', {})).map((m) => m.id)).not.toContain(a.id);
      ok(await post('seller', 'myAutopartsCitySave', { autoparts_city_id: 0 }));
      ok(await post('buyer', 'myAutopartsCitySave', { autoparts_city_id: 0 }));
    });

    it('汽配联盟: members chosen by the operator, unknown companies and duplicate names refused; the shop shows enabled alliances only', async () => {
      const a = { id: 0, name: '华南汽配联盟', description: '华南地区汽配商互助联盟', company_ids: [SELLER_CO, MEMBER_CO], enabled: true };
      expect((await post('reader', 'opAllianceSave', a)).status).toBe(403);
      expect((await post('writer', 'opAllianceSave', { ...a, company_ids: [SELLER_CO, 999_999] })).body).toMatchObject({ code: 422, field: 'company_ids' });
      expect((await post('writer', 'opAllianceSave', { ...a, name: ' ' })).body).toMatchObject({ code: 422, field: 'name' });
      expect(await count('autoparts_alliance')).toBe(0);

      const saved = ok(await post('writer', 'opAllianceSave', a));
      expect(saved.members.map((m) => m.id).sort()).toEqual([SELLER_CO, MEMBER_CO]);
      expect((await post('writer', 'opAllianceSave', a)).body).toMatchObject({ code: 422, field: 'name' });
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).alliances).toEqual(['华南汽配联盟']);
      // the seller leaves; the member stays
      const edited = ok(await post('operator', 'opAllianceSave', { ...a, id: saved.id, company_ids: [MEMBER_CO] }));
      expect(edited.members.map((m) => m.id)).toEqual([MEMBER_CO]);
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).alliances).toEqual([]);
      // back in, but the alliance is switched off: no badge
      ok(await post('operator', 'opAllianceSave', { ...a, id: saved.id, company_ids: [SELLER_CO], enabled: false }));
      expect(ok(await get('buyer', 'getCompanyShop', { company_id: SELLER_CO })).alliances).toEqual([]);
      expect(ok(await get('reader', 'opAlliances', { enabled: 'false' })).data.map((x) => x.name)).toEqual(['华南汽配联盟']);
      expect(await log('autoparts_alliance')).toEqual([
        { action: 'create', username: 'ps-writer' }, { action: 'update', username: 'operator' }, { action: 'update', username: 'operator' },
      ]);
    });

    it('包邮城市: one rule per city, amounts in fen, bad input named; buyers read the enabled rules', async () => {
      const rule = { id: 0, province: '广东省', city: '广州市', min_order_fen: 50_000, enabled: true };
      expect((await post('reader', 'opFreeCitySave', rule)).status).toBe(403);
      for (const [bad, field] of [[{ min_order_fen: -1 }, 'min_order_fen'], [{ min_order_fen: 12.5 }, 'min_order_fen'], [{ province: '' }, 'province'], [{ city: '' }, 'city']] as const) {
        expect((await post('writer', 'opFreeCitySave', { ...rule, ...bad })).body, field).toMatchObject({ code: 422, field });
      }
      expect(await count('free_city')).toBe(0);
      const saved = ok(await post('writer', 'opFreeCitySave', rule));
      expect(saved).toMatchObject({ province: '广东省', city: '广州市', min_order_fen: 50_000, enabled: true });
      expect((await post('writer', 'opFreeCitySave', { ...rule, min_order_fen: 10_000 })).body).toMatchObject({ code: 422, field: 'city', client_msg: expect.stringContaining(settingsText.freeCityTaken) });
      const sz = ok(await post('operator', 'opFreeCitySave', { ...rule, city: '深圳市', min_order_fen: 0 }));
      ok(await post('operator', 'opFreeCitySave', { ...rule, id: sz.id, city: '深圳市', min_order_fen: 0, enabled: false }));
      // moving a rule onto a city that has one is the same duplicate
      expect((await post('operator', 'opFreeCitySave', { ...rule, id: sz.id, enabled: false })).body).toMatchObject({ code: 422, field: 'city' });
      expect(ok(await get('reader', 'opFreeCities', { province: '广东省' })).total).toBe(2);
      expect(ok(await get('buyer', 'freeCityRules', {}))).toEqual([{ province: '广东省', city: '广州市', min_order_fen: 50_000 }]);
      expect((await get(null, 'freeCityRules', {})).status).toBe(401);
      expect(await log('free_city')).toEqual([
        { action: 'create', username: 'ps-writer' }, { action: 'create', username: 'operator' }, { action: 'disable', username: 'operator' },
      ]);
    });

    it('公共页面: drafts never public; published pages for anyone, in the footer links; one address per page', async () => {
      const page = { id: 0, slug: 'about-us', title: '关于我们', body: '汽配汇是汽配行业的B2B交易平台。', sort: 1, status: 'draft' as const };
      expect((await post('reader', 'opPubPageSave', page)).status).toBe(403);
      for (const [bad, field] of [[{ slug: '-x' }, 'slug'], [{ slug: '关于' }, 'slug'], [{ title: '' }, 'title']] as const) {
        expect((await post('writer', 'opPubPageSave', { ...page, ...bad })).body, field).toMatchObject({ code: 422, field });
      }
      const draft = ok(await post('writer', 'opPubPageSave', page));
      expect(draft).toMatchObject({ slug: 'about-us', status: 'draft', published_at: 0 });
      expect((await get(null, 'pubPageGet', { slug: 'about-us' })).status).toBe(404);
      expect(ok(await get(null, 'pubPageLinks', {}))).toEqual([]);
      expect((await post('writer', 'opPubPageSave', { ...page, title: '另一页' })).body).toMatchObject({ code: 422, field: 'slug' });

      const published = ok(await post('operator', 'opPubPageSave', { ...page, id: draft.id, status: 'published' }));
      expect(published.published_at).toBeGreaterThan(0);
      expect(ok(await get(null, 'pubPageGet', { slug: 'ABOUT-US' }))).toMatchObject({ title: '关于我们', body: page.body });
      expect(ok(await get(null, 'pubPageLinks', {}))).toEqual([{ slug: 'about-us', title: '关于我们' }]);
      ok(await post('operator', 'opPubPageSave', { ...page, id: draft.id, status: 'draft' }));
      expect((await get(null, 'pubPageGet', { slug: 'about-us' })).body).toMatchObject({ code: 404, client_msg: settingsText.pageNotFound });
      expect(ok(await get('reader', 'opPubPages', { status: 'draft' })).total).toBe(1);
      expect(await log('pub_page')).toEqual([
        { action: 'create', username: 'ps-writer' }, { action: 'publish', username: 'operator' }, { action: 'unpublish', username: 'operator' },
      ]);
    });
  });
});
