/**
 * 商圈管理 for operators (company/trade and company/trade/edit): every circle across
 * companies with filters, one circle's members, renaming, removing a member and dissolving a
 * circle with a reason the owner company reads from the message assistant; D02 codes; audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { opCompanyText } from '../../src/shared/domain/operation';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { assistantNotices, backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

describe.each(backends)('operator trade circles on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator trade circles', () => {
    let env: TestEnv;
    let op: string;
    let buyer: string;
    let seller: string;
    let south: number;
    let east: number;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 30 });
      [op, buyer, seller] = await Promise.all(['operator', 'buyer', 'seller'].map(async (u) => (await env.login(u)).access_token));
      const ids = (await sql<{ id: number; name: string }>`select id, name from trade_circle`.execute(env.database.db)).rows;
      south = ids.find((c) => c.name === '华南汽配商圈')!.id;
      east = ids.find((c) => c.name === '长三角维修联盟')!.id;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = <N extends EndpointName>(name: N, query: PayloadIn<N>, token = op) => env.api(name, query, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op, key: string = crypto.randomUUID()) =>
      env.api(name, payload, { token, idempotencyKey: key });
    const auditRows = async (entityId: number) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown; note: string }>`
        select action, username, old_value, new_value, note from operator_audit where entity = 'trade_circle' and entity_id = ${String(entityId)} order by id`.execute(db())).rows;
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    const noticesTo = (username: string) => assistantNotices(env, username);
    const ids = (body: { data: { data: Array<{ id: number }> } }) => body.data.data.map((c) => c.id);

    it('refuses without the company codes; a D02-01 reader lists and opens but cannot change', async () => {
      const calls = [
        ['GET', '/operation/circles', (t: string) => get('opCircleList', {}, t)], ['GET', '/operation/circle', (t: string) => get('opCircleDetail', { id: 1 }, t)],
        ['POST', '/operation/circle/update', (t: string) => post('opCircleUpdate', { id: 1, name: '新名字' }, t)],
        ['POST', '/operation/circle/remove-member', (t: string) => post('opCircleRemoveMember', { circle_id: 1, company_id: 4, reason: '违规拉人' }, t)],
        ['POST', '/operation/circle/dissolve', (t: string) => post('opCircleDissolve', { id: 1, reason: '违规经营' }, t)],
      ] as const;
      const reporter = await headUser('circle_reporter', ['D01-01']);
      for (const token of [reporter, seller]) {
        for (const [method, path, send] of calls) {
          const r = await send(token);
          expect(r.status, `${method} ${path}`).toBe(403);
        }
      }
      const reader = await headUser('circle_reader', ['D02-01']);
      for (const [method, path, send] of calls) {
        const r = await send(reader);
        expect(r.status, `reader ${method} ${path}`).toBe(method === 'GET' ? 200 : 403);
      }
      expect(await auditRows(1)).toEqual([]);
    });

    it('lists every circle, internal ones too, by name, owner company and member count; opens one with members and requests', async () => {
      const all = (await get('opCircleList', {})).body.data;
      expect(all.data.map((c) => c.id)).toEqual(expect.arrayContaining([south, east]));
      const internal = (await get('opCircleList', { k: '长三角' })).body.data;
      expect(internal).toMatchObject({ total: 1, data: [{ id: east, is_internal: true, owner: { id: 3 }, member_count: 2, pending_count: 0 }] });
      expect(ids((await get('opCircleList', { owner: '骏达' })).body)).toEqual([south]);
      expect(ids((await get('opCircleList', { owner: '3' })).body)).toEqual([east]);
      const southCount = all.data.find((c) => c.id === south)?.member_count;
      expect(southCount).toBeGreaterThan(2);
      expect(ids((await get('opCircleList', { members_min: 3 })).body)).toEqual([south]);
      expect(ids((await get('opCircleList', { members_max: 2 })).body)).toEqual([east]);
      expect(ids((await get('opCircleList', { members_min: southCount, members_max: southCount })).body)).toEqual([south]);
      expect((await get('opCircleList', { members_min: 'abc' })).body).toMatchObject({ code: 422, field: 'members_min', client_msg: expect.stringContaining('成员数下限') });
      expect((await get('opCircleList', { members_min: 5, members_max: 2 })).body).toMatchObject({ code: 422, field: 'members_max' });
      expect((await get('opCircleList', { k: '没有这个商圈' })).body.data).toEqual({ data: [], total: 0 });

      const detail = (await get('opCircleDetail', { id: south })).body.data;
      expect(detail.circle).toMatchObject({ id: south, name: '华南汽配商圈', owner: { id: 2 } });
      expect(detail.members.map((m) => m.company_id)).toEqual(expect.arrayContaining([2, 3]));
      expect(detail.pending.map((m) => m.company_id)).toEqual([4]);
      expect((await get('opCircleDetail', { id: 99999 })).status).toBe(404);
    });

    it('renames a circle (a taken name refused by field), the owner company is told, logged', async () => {
      expect((await post('opCircleUpdate', { id: east, name: '华南汽配商圈' })).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining(opCompanyText.circleNameTaken) });
      expect((await post('opCircleUpdate', { id: east, name: '长' })).body).toMatchObject({ code: 422, field: 'name' });
      expect(await auditRows(east)).toEqual([]);
      const r = await post('opCircleUpdate', { id: east, name: '长三角维修联盟（沪）', description: '上海及周边维修厂互助' });
      expect(r.body.data).toMatchObject({ id: east, name: '长三角维修联盟（沪）', description: '上海及周边维修厂互助' });
      // the owner company's own page shows the new name
      expect((await env.api('tradeCircleGet', { id: east }, { token: buyer })).body.data.circle.name).toBe('长三角维修联盟（沪）');
      expect((await noticesTo('buyer')).at(-1)).toMatchObject({ 标题: '商圈资料已被平台修改', 内容: expect.stringContaining('名称由“长三角维修联盟”改为“长三角维修联盟（沪）”') });
      expect(await auditRows(east)).toEqual([expect.objectContaining({
        action: 'update', username: 'operator', old_value: { name: '长三角维修联盟', description: '' }, new_value: { name: '长三角维修联盟（沪）', description: '上海及周边维修厂互助' },
      })]);
    });

    it('removes a member and a waiting request with a reason both the owner and the company read; the owner cannot be removed', async () => {
      const before = (await auditRows(south)).length;
      expect((await post('opCircleRemoveMember', { circle_id: south, company_id: 2, reason: '测试移出' })).body).toMatchObject({ code: 422, field: 'company_id', client_msg: opCompanyText.circleOwnerRemove });
      expect((await post('opCircleRemoveMember', { circle_id: south, company_id: 5, reason: '测试移出' })).body).toMatchObject({ code: 404, client_msg: opCompanyText.circleNotMember });
      expect((await post('opCircleRemoveMember', { circle_id: south, company_id: 3, reason: '好' })).body).toMatchObject({ code: 422, field: 'reason' });
      expect((await auditRows(south)).length).toBe(before);

      expect((await post('opCircleRemoveMember', { circle_id: south, company_id: 3, reason: '多次发布虚假报价' })).status).toBe(200);
      expect((await post('opCircleRemoveMember', { circle_id: south, company_id: 4, reason: '非汽配企业' })).status).toBe(200);
      const detail = (await get('opCircleDetail', { id: south })).body.data;
      expect(detail.members.map((m) => m.company_id)).not.toContain(3);
      expect(detail.pending).toEqual([]);
      // company 3 is no longer a member on its own circle page
      expect((await env.api('tradeCircleGet', { id: south }, { token: buyer })).body.data.circle.member_state).toBeNull();
      expect((await noticesTo('seller')).slice(-2).map((n) => n.内容)).toEqual([
        expect.stringContaining('上海申通汽车维修服务有限公司已被平台移出该商圈，原因：多次发布虚假报价'),
        expect.stringContaining('杭州顺捷汽车修理厂入圈申请已被平台撤销，原因：非汽配企业'),
      ]);
      expect((await noticesTo('buyer')).at(-1)?.内容).toContain('成员资格已被平台取消，原因：多次发布虚假报价');
      expect((await auditRows(south)).slice(before)).toEqual([
        expect.objectContaining({ action: 'remove_member', note: '多次发布虚假报价', old_value: expect.objectContaining({ company_id: 3, member_state: 'approved' }) }),
        expect.objectContaining({ action: 'remove_member', note: '非汽配企业', old_value: expect.objectContaining({ company_id: 4, member_state: 'pending' }) }),
      ]);
    });

    it('dissolves a circle with a reason the owner reads: gone for its members, kept in the log; a replay answers the same', async () => {
      expect((await post('opCircleDissolve', { id: east, reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });
      const key = crypto.randomUUID();
      const r = await post('opCircleDissolve', { id: east, reason: '长期无人维护，成员投诉' }, op, key);
      expect(r.body).toMatchObject({ code: 200, data: { name: '长三角维修联盟（沪）', members: 2 } });
      expect((await post('opCircleDissolve', { id: east, reason: '长期无人维护，成员投诉' }, op, key)).body).toEqual(r.body);
      expect((await post('opCircleDissolve', { id: east, reason: '长期无人维护，成员投诉' })).status).toBe(404);
      expect((await env.api('tradeCircleGet', { id: east }, { token: buyer })).status).toBe(404);
      expect((await env.api('tradeCircleList', {}, { token: buyer })).body.data.data.map((c) => c.id)).not.toContain(east);
      expect((await sql<{ n: number }>`select count(*)::int as n from trade_circle_member where circle_id = ${east}`.execute(db())).rows[0].n).toBe(0);
      expect((await noticesTo('buyer')).at(-1)).toMatchObject({ 标题: '商圈已被平台解散', 内容: expect.stringContaining('原因：长期无人维护，成员投诉') });
      expect((await auditRows(east)).at(-1)).toMatchObject({
        action: 'dissolve', note: '长期无人维护，成员投诉', old_value: { name: '长三角维修联盟（沪）', owner_company: 3, members: ['3:approved', '5:approved'] },
      });
    });
  });
});
