import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { NOT_IN_CIRCLE } from '../../src/server/modules/search/search.service';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('trade circles on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'trade circles', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let member: string;
    let term: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 2000 });
      // the registered member's company gets the trade-circle code to take part
      await sql`update app_user set permissions = permissions || array['C12'] where username = 'member'`.execute(env.database.db);
      buyer = (await env.login('buyer')).access_token;
      seller = (await env.login('seller')).access_token;
      member = (await env.login('member')).access_token;
      term = (await sql<{ name: string }>`select name from stock where company_id = 2 group by name order by count(*) desc limit 1`.execute(env.database.db)).rows[0].name;
    });
    afterAll(async () => env?.close());

    const post = <N extends EndpointName>(name: N, token: string, payload: PayloadIn<N>, idempotencyKey?: string) => env.api(name, payload, { token, idempotencyKey });
    const list = async (token: string, k = '') => (await env.api('tradeCircleList', { k }, { token })).body.data;
    const detail = async (token: string, id: number) => (await env.api('tradeCircleGet', { id }, { token })).body;
    const circleSearch = (token: string) => env.api('keywordSearch', { k: term, mode: 'exact', circle: 1, page_size: 800 }, { token });
    const companiesFound = async (token: string) => {
      const r = await circleSearch(token);
      expect(r.status).toBe(200);
      return new Set<number>(r.body.data.rows.map((row) => row.company_id));
    };

    it('lists the circles a company may see, searchable by name; internal ones only to their members', async () => {
      const mine = await list(buyer);
      expect(mine.data.map((c) => [c.name, c.member_state])).toEqual([['华南汽配商圈', 'approved'], ['长三角维修联盟', 'approved']]);
      expect(mine.data[1]).toMatchObject({ is_owner: true, owner_company_name: '申通汽修', is_internal: true });
      expect((await list(seller)).data.map((c) => c.name)).toEqual(['华南汽配商圈']);
      // the storefront's circle list keeps them hidden too, whatever show_internal says
      for (const q of [{ show_internal: 1 }, { show_internal: 1, is_in_member: 0 }] as const) {
        const tab = (await env.api('searchTradeList', q, { token: seller })).body.data;
        expect(tab.map((c) => c.name)).toEqual(['华南汽配商圈']);
      }
      expect((await list(buyer, '长三角')).data.map((c) => c.name)).toEqual(['长三角维修联盟']);
      expect((await list(buyer, '%')).total).toBe(0);
      expect((await env.api('tradeCircleList', { page_size: 1001 }, { token: buyer })).body).toMatchObject({ code: 422, field: 'page_size' });
      // without the trade-circle codes a company has no part in circles
      const trial = (await env.login('trial')).access_token;
      expect((await env.api('tradeCircleList', {}, { token: trial })).status).toBe(403);
      expect((await post('tradeCircleJoin', trial, { circle_id: 1 })).status).toBe(403);
      // an internal circle cannot be seen or joined by outsiders
      const internal = mine.data[1].id;
      expect((await detail(seller, internal)).code).toBe(404);
      expect((await post('tradeCircleJoin', seller, { circle_id: internal })).body).toMatchObject({ code: 404, client_msg: msg.circleNotFound });
    });

    let circle: number;
    it('creates a circle owned by the creator\'s company, with an approved membership; names are unique', async () => {
      const bad = await post('tradeCircleCreate', buyer, { name: ' ', area: '江苏苏州' });
      expect(bad).toMatchObject({ status: 422, body: { field: 'name' } });
      const key = 'circle-create-0001';
      const r = await post('tradeCircleCreate', buyer, { name: '苏州汽配联盟', area: '江苏苏州', description: '苏州地区修理厂与配件商互通库存' }, key);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ name: '苏州汽配联盟', area: '江苏苏州', is_owner: true, member_state: 'approved', member_count: 1, owner_company_id: 3 });
      circle = r.body.data.id;
      const replay = await post('tradeCircleCreate', buyer, { name: '苏州汽配联盟', area: '江苏苏州', description: '苏州地区修理厂与配件商互通库存' }, key);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body.data.id).toBe(circle);
      const dup = await post('tradeCircleCreate', seller, { name: '苏州汽配联盟', area: '江苏' });
      expect(dup.body).toMatchObject({ code: 409, client_msg: msg.circleNameTaken, field: 'name' });
      expect((await list(buyer, '苏州')).total).toBe(1);
    });

    it('joining is pending until the owner approves; pending memberships do not count for 圈内搜索', async () => {
      expect((await post('tradeCircleJoin', seller, { circle_id: circle })).body.data).toEqual({ member_state: 'pending' });
      expect((await post('tradeCircleJoin', seller, { circle_id: circle })).body).toMatchObject({ code: 409, client_msg: msg.circleAlreadyPending });
      expect((await post('tradeCircleJoin', member, { circle_id: circle })).status).toBe(200);
      expect((await post('tradeCircleJoin', buyer, { circle_id: circle })).body).toMatchObject({ code: 409, client_msg: msg.circleAlreadyMember });

      // the member's only other circle request (华南汽配商圈) is pending too: no circle search at all
      const refused = await circleSearch(member);
      expect(refused.status).toBe(403);
      expect(refused.body.client_msg).toBe(NOT_IN_CIRCLE);

      // only the owner company sees and decides the requests
      const seen = await detail(buyer, circle);
      expect(seen.data.pending.map((m) => m.company_id)).toEqual([2, 4]);
      expect(seen.data.members.map((m) => m.company_id)).toEqual([3]);
      expect((await detail(seller, circle)).data.pending).toEqual([]);
      expect((await post('tradeCircleApprove', seller, { circle_id: circle, company_id: 4 })).body).toMatchObject({ code: 403, client_msg: msg.circleOwnerOnly });

      expect((await post('tradeCircleApprove', buyer, { circle_id: circle, company_id: 4 })).status).toBe(200);
      expect((await post('tradeCircleApprove', buyer, { circle_id: circle, company_id: 4 })).body).toMatchObject({ code: 404, client_msg: msg.circleNoSuchRequest });
      // approved now, but the seller is still pending: none of its stock is in the member's circle search
      expect([...(await companiesFound(member))].every((id) => [3, 4].includes(id))).toBe(true);

      expect((await post('tradeCircleApprove', buyer, { circle_id: circle, company_id: 2 })).status).toBe(200);
      const found = await companiesFound(member);
      expect(found.has(2)).toBe(true);
      expect([...found].every((id) => [2, 3, 4].includes(id))).toBe(true);
      const after = await detail(member, circle);
      expect(after.data.circle).toMatchObject({ member_count: 3, member_state: 'approved', is_owner: false });
      expect(after.data.members.map((m) => m.company_id).sort()).toEqual([2, 3, 4]);
      // the storefront's own circle list (圈内搜索 tab) agrees
      const tab = (await env.api('searchTradeList', { is_in_member: 1 }, { token: member })).body.data;
      expect(tab.find((c) => c.id === circle)).toMatchObject({ member_state: 'approved' });
    });

    it('quitting removes the membership; the owner cannot quit; a rejected company may ask again', async () => {
      expect((await post('tradeCircleQuit', buyer, { circle_id: circle })).body).toMatchObject({ code: 403, client_msg: msg.circleOwnerCannotQuit });
      expect((await post('tradeCircleQuit', seller, { circle_id: circle })).status).toBe(200);
      expect((await post('tradeCircleQuit', seller, { circle_id: circle })).body).toMatchObject({ code: 404, client_msg: msg.circleNotMember });
      expect((await companiesFound(member)).has(2)).toBe(false);
      expect((await detail(buyer, circle)).data.circle.member_count).toBe(2);

      await post('tradeCircleJoin', seller, { circle_id: circle });
      expect((await post('tradeCircleReject', buyer, { circle_id: circle, company_id: 2 })).status).toBe(200);
      expect((await list(seller, '苏州')).data[0].member_state).toBe('rejected');
      expect((await companiesFound(member)).has(2)).toBe(false);
      expect((await post('tradeCircleJoin', seller, { circle_id: circle })).body.data).toEqual({ member_state: 'pending' });
      expect((await detail(buyer, circle)).data.pending.map((m) => m.company_id)).toEqual([2]);
      expect((await post('tradeCircleApprove', buyer, { circle_id: 'x', company_id: 2 })).body).toMatchObject({ code: 422, field: 'circle_id' });
      // ids past the integer columns are refused as such, not answered with a server error
      for (const huge of [2147483648, 1e308]) {
        for (const path of ['tradeCircleJoin', 'tradeCircleQuit'] as const) expect((await post(path, seller, { circle_id: huge })).body).toMatchObject({ code: 422, field: 'circle_id' });
        expect((await post('tradeCircleApprove', buyer, { circle_id: circle, company_id: huge })).body).toMatchObject({ code: 422, field: 'company_id' });
        expect((await post('tradeCircleReject', buyer, { circle_id: huge, company_id: 2 })).body).toMatchObject({ code: 422, field: 'circle_id' });
      }
      expect((await detail(buyer, circle)).data.pending.map((m) => m.company_id)).toEqual([2]);
    });
  });
});
