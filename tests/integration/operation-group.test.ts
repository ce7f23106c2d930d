/**
 * 企业分组 and 群发通知 (company/group and report/groupMessage): D codes, Chinese refusals
 * naming the field, members added and removed, the company list's 分组 filter, a group notice in
 * each recipient's 消息助手 (owners or all users, suspended companies left out), the audit rows, a
 * replayed send storing nothing new, and the record of sent notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { opGroupText } from '../../src/shared/domain/operation';
import { assistantNotices, backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';

describe.each(backends)('operator company groups on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator company groups', () => {
    let env: TestEnv;
    let op: string;
    let seller: string;
    let reader: string;
    let reporter: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 30 });
      [op, seller] = await Promise.all(['operator', 'seller'].map(async (u) => (await env.login(u)).access_token));
      reader = await headUser('group_reader', ['D02-01']);
      reporter = await headUser('group_reporter', ['D01-01']);
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = <N extends EndpointName>(name: N, query: PayloadIn<N>, token = op) => env.api(name, query, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op, key: string = crypto.randomUUID()) =>
      env.api(name, payload, { token, idempotencyKey: key });
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    const auditRows = async (id: number) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown; note: string }>`
        select action, username, old_value, new_value, note from operator_audit where entity = 'company_group' and entity_id = ${String(id)} order by id`.execute(db())).rows;
    const noticesTo = (username: string) => assistantNotices(env, username);
    const refusal = (field: string, text: string) => ({ code: 422, field, client_msg: msg.invalidPayload(field, text) });
    const companyIds = async (query: PayloadIn<'opCompanyList'>) =>
      (await get('opCompanyList', { page_size: 800, ...query })).body.data.data.map((c) => c.id).sort((a, b) => a - b);

    let key: number;

    it('filters the company list by 企业类型 (docs/reports.md#company-types) and refuses an unknown type naming the field', async () => {
      const typed = (await get('opCompanyList', { page_size: 800 })).body.data.data;
      expect(typed.find((c) => c.id === 3)?.business_type).toBe('repair');
      expect(await companyIds({ business_type: 'repair' })).toEqual(typed.filter((c) => c.business_type === 'repair').map((c) => c.id).sort((a, b) => a - b));
      expect(await companyIds({ business_type: 'repair' })).toEqual(expect.arrayContaining([3, 4]));
      expect(await companyIds({ business_type: 'parts_dealer' })).not.toContain(3);
      expect((await get('opCompanyList', { business_type: 'garage' as never })).body).toMatchObject({ code: 422, field: 'business_type' });
    });

    it('refuses without the codes: a seller and a report clerk get 403 on group calls; a D02-01 reader lists but cannot change or send', async () => {
      const writes = [
        ['/operation/company-group/save', (t: string) => post('opGroupSave', { name: '重点客户' }, t)], ['/operation/company-group/delete', (t: string) => post('opGroupDelete', { id: 1 }, t)],
        ['/operation/company-group/add', (t: string) => post('opGroupAddCompanies', { id: 1, company_ids: [2] }, t)],
        ['/operation/company-group/remove', (t: string) => post('opGroupRemoveCompanies', { id: 1, company_ids: [2] }, t)],
        ['/operation/company-group/message', (t: string) => post('opGroupMessageSend', { group_id: 1, text: '你好', client_id: crypto.randomUUID() }, t)],
      ] as const;
      for (const token of [seller, reporter]) {
        expect((await get('opGroupList', {}, token)).status).toBe(403);
        expect((await get('opGroupDetail', { id: 1 }, token)).status).toBe(403);
        for (const [path, send] of writes) expect((await send(token)).status, path).toBe(403);
      }
      expect((await get('opGroupList', {}, reader)).status).toBe(200);
      for (const [path, send] of writes) expect((await send(reader)).status, path).toBe(403);
      // the record of sent notices is a report: the report clerk reads it, the company reader does not
      expect((await get('opGroupMessageList', {}, reporter)).status).toBe(200);
      expect((await get('opGroupMessageList', {}, reader)).status).toBe(403);
      expect((await get('opGroupMessageList', {}, seller)).status).toBe(403);
      expect((await sql<{ n: number }>`select count(*)::int as n from operator_audit where entity = 'company_group'`.execute(db())).rows[0].n).toBe(0);
    });

    it('creates, renames and refuses groups field by field in Chinese, nothing changed', async () => {
      expect((await post('opGroupSave', { name: '' })).body).toMatchObject(refusal('name', '请填写分组名称'));
      expect((await post('opGroupSave', { name: '重' })).body).toMatchObject(refusal('name', '分组名称至少2个字符'));
      expect((await post('opGroupSave', { name: '重'.repeat(21) })).body).toMatchObject(refusal('name', '分组名称最多20个字符'));
      expect((await post('opGroupSave', { name: '重点客户', description: '说'.repeat(201) })).body).toMatchObject(refusal('description', '分组说明最多200个字符'));
      expect((await sql<{ n: number }>`select count(*)::int as n from company_group`.execute(db())).rows[0].n).toBe(0);

      const made = await post('opGroupSave', { name: ' 重点客户 ', description: '年采购额百万以上的维修厂和经销商' });
      expect(made.body.data).toMatchObject({ name: '重点客户', description: '年采购额百万以上的维修厂和经销商', member_count: 0, message_count: 0 });
      key = made.body.data.id;
      const south = await post('opGroupSave', { name: '华南经销商' });
      expect(south.status).toBe(200);
      // unique whatever the case, on create and on rename
      await post('opGroupSave', { name: 'VIP' });
      expect((await post('opGroupSave', { name: 'vip' })).body).toMatchObject(refusal('name', opGroupText.nameTaken));
      expect((await post('opGroupSave', { id: south.body.data.id, name: '重点客户' })).body).toMatchObject(refusal('name', opGroupText.nameTaken));
      expect((await post('opGroupSave', { id: 9999, name: '不存在' })).status).toBe(404);

      const renamed = await post('opGroupSave', { id: south.body.data.id, name: '华南一级经销商', description: '广东广西' });
      expect(renamed.body.data).toMatchObject({ name: '华南一级经销商', description: '广东广西' });
      // the same values again record nothing
      await post('opGroupSave', { id: south.body.data.id, name: '华南一级经销商', description: '广东广西' });
      const log = await auditRows(south.body.data.id);
      expect(log.map((r) => r.action)).toEqual(['create', 'update']);
      expect(log[1]).toMatchObject({ username: 'operator', old_value: { name: '华南经销商', description: '' }, new_value: { name: '华南一级经销商', description: '广东广西' } });

      const list = await get('opGroupList', { k: '客户' }, reader);
      expect(list.body.data.data.map((g: { name: string }) => g.name)).toEqual(['重点客户']);
      expect((await get('opGroupList', {})).body.data.total).toBe(3);
    });

    it('adds and removes companies; the company list filters by group; unknown and platform companies refuse the whole call', async () => {
      expect((await post('opGroupAddCompanies', { id: key, company_ids: [] })).body).toMatchObject(refusal('company_ids', '请至少选择一个企业'));
      expect((await post('opGroupAddCompanies', { id: key, company_ids: [2, 1] })).body).toMatchObject(refusal('company_ids.1', opGroupText.headCompany));
      expect((await post('opGroupAddCompanies', { id: key, company_ids: [2, 99999] })).body).toMatchObject(refusal('company_ids.1', opGroupText.companyMissing(99999)));
      expect((await get('opGroupDetail', { id: key })).body.data.members).toEqual([]);

      const added = await post('opGroupAddCompanies', { id: key, company_ids: [2, 3, 4] });
      expect(added.body.data).toEqual({ added: 3, already: 0, member_count: 3 });
      expect((await post('opGroupAddCompanies', { id: key, company_ids: [3, 5] })).body.data).toEqual({ added: 1, already: 1, member_count: 4 });
      const detail = await get('opGroupDetail', { id: key }, reader);
      expect(detail.body.data.group.member_count).toBe(4);
      const two = detail.body.data.members.find((m) => m.company_id === 2);
      // company 2: the owner seller and the clerk
      expect(two).toMatchObject({ users: 2, owners: 1, suspended: false, added_by: 'operator' });

      expect(await companyIds({ group_id: key })).toEqual([2, 3, 4, 5]);
      expect(await companyIds({ group_id: key, seller: 'true' })).toEqual([2]);
      const groups = (await get('opCompanyList', { page_size: 50 })).body.data.groups;
      expect(groups.map((g) => g.name)).toEqual(['VIP', '华南一级经销商', '重点客户']);
      expect((await get('opCompanyList', { group_id: 'x' })).body).toMatchObject(refusal('group_id', '分组应为正整数'));

      expect((await post('opGroupRemoveCompanies', { id: key, company_ids: [5, 6] })).body.data).toEqual({ removed: 1, member_count: 3 });
      expect(await companyIds({ group_id: key })).toEqual([2, 3, 4]);
      const log = await auditRows(key);
      expect(log.map((r) => r.action)).toEqual(['create', 'add_members', 'add_members', 'remove_members']);
      expect(log[2].new_value).toEqual({ group: '重点客户', companies: [5] });
      expect(log[3].old_value).toEqual({ group: '重点客户', companies: [5] });
    });

    it('sends a group notice to the owners in one transaction: each reads it in 消息助手, a replay stores nothing new; bad input refused', async () => {
      const clientId = crypto.randomUUID();
      const body = { group_id: key, text: '春节期间物流安排：2月1日至2月7日暂停发货，请提前备货。', client_id: clientId };
      expect((await post('opGroupMessageSend', { ...body, text: ' ' })).body).toMatchObject(refusal('text', '请填写通知内容'));
      expect((await post('opGroupMessageSend', { ...body, text: '好' })).body).toMatchObject(refusal('text', '通知内容至少2个字符'));
      expect((await post('opGroupMessageSend', { ...body, text: '字'.repeat(501) })).body).toMatchObject(refusal('text', '通知内容最多500个字符'));
      expect((await env.callRaw('POST', '/api/operation/company-group/message', { token: op, body: { ...body, audience: 'boss' }, headers: { 'Idempotency-Key': crypto.randomUUID() } })).body).toMatchObject(refusal('audience', '接收人只能是企业负责人或全部员工'));
      const noKey = await env.api('opGroupMessageSend', body, { token: op });
      expect(noKey.status).toBe(422);
      const empty = (await get('opGroupList', { k: 'VIP' })).body.data.data[0].id;
      expect((await post('opGroupMessageSend', { ...body, group_id: empty })).body).toMatchObject(refusal('group_id', opGroupText.emptyGroup));
      expect(await noticesTo('seller')).toEqual([]);

      const requestKey = crypto.randomUUID();
      const sent = await post('opGroupMessageSend', body, op, requestKey);
      // owners of companies 2, 3 and 4: seller, buyer, member (the clerk is no owner)
      expect(sent.body.data).toMatchObject({ companies: 3, users: 3, replayed: false });
      for (const u of ['seller', 'buyer', 'member']) {
        expect(await noticesTo(u), u).toEqual([{ 标题: '平台通知', 内容: `平台通知：${body.text}`, 单号: '' }]);
      }
      expect(await noticesTo('clerk')).toEqual([]);
      // the buyer's chat lists the assistant's conversation with it
      const buyer = (await env.login('buyer')).access_token;
      const convs = await env.api('imConversations', {}, { token: buyer });
      expect(JSON.stringify(convs.body.data)).toContain('春节期间物流安排');

      // the same request again (same key), and the same send under a new key: nothing new
      const replay = await post('opGroupMessageSend', body, op, requestKey);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      const again = await post('opGroupMessageSend', body);
      expect(again.body.data).toMatchObject({ id: sent.body.data.id, companies: 3, users: 3, replayed: true });
      // the same send id with another text is no replay: refused, nothing sent
      const reused = await env.api('opGroupMessageSend', { ...body, text: '另一条通知内容' }, { token: op, idempotencyKey: crypto.randomUUID() });
      expect(reused.status).toBe(409);
      expect(reused.body.client_msg).toBe(opGroupText.clientIdReused);
      expect(await noticesTo('seller')).toHaveLength(1);
      expect((await sql<{ n: number }>`select count(*)::int as n from company_group_message`.execute(db())).rows[0].n).toBe(1);
      const log = (await auditRows(key)).filter((r) => r.action === 'send_notice');
      expect(log).toEqual([expect.objectContaining({ username: 'operator', note: body.text, new_value: { group: '重点客户', message_id: sent.body.data.id, audience: 'owners', companies: 3, users: 3 } })]);
    });

    it('all users: the clerk too; a suspended company is left out; the record lists who, when, which group and how many', async () => {
      await sql`update company set suspended_at = now(), suspend_reason = '测试' where id = 4`.execute(db());
      const sent = await post('opGroupMessageSend', { group_id: key, audience: 'all', text: '新版询价功能上线，欢迎试用', client_id: crypto.randomUUID() });
      await sql`update company set suspended_at = null, suspend_reason = '' where id = 4`.execute(db());
      expect(sent.body.data).toMatchObject({ companies: 2, users: 3 });
      expect((await noticesTo('clerk')).map((n) => n.内容)).toEqual(['平台通知：新版询价功能上线，欢迎试用']);
      expect(await noticesTo('member')).toHaveLength(1);

      // the operator's edited template is what the next notice says
      expect((await post('opNoticeTemplateSave', { scene: 'im_operator_group', body: '【平台公告】{text}' })).status).toBe(200);
      await post('opGroupMessageSend', { group_id: key, text: '系统维护通知', client_id: crypto.randomUUID() });
      expect((await noticesTo('buyer')).at(-1)?.内容).toBe('【平台公告】系统维护通知');

      const records = await get('opGroupMessageList', {}, reporter);
      expect(records.body.data.total).toBe(3);
      expect(records.body.data.users).toBe(9);
      expect(records.body.data.data[1]).toMatchObject({ group_id: key, group_name: '重点客户', audience: 'all', text: '新版询价功能上线，欢迎试用', companies: 2, users: 3, sent_by: 'operator' });
      expect((await get('opGroupMessageList', { k: '春节' }, reporter)).body.data.total).toBe(1);
      expect((await get('opGroupMessageList', { sender: 'nobody' }, reporter)).body.data.total).toBe(0);
      expect((await get('opGroupMessageList', { date_from: '2026-13-01' }, reporter)).body).toMatchObject(refusal('date_from', '开始日期应为 YYYY-MM-DD 格式的日期'));
      const today = new Date(env.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      expect((await get('opGroupMessageList', { date_from: today, date_to: today }, reporter)).body.data.total).toBe(3);

      // deleting the group keeps the record under its name; the companies stay as they were
      const gone = await post('opGroupDelete', { id: key });
      expect(gone.body.data).toEqual({ name: '重点客户', members: 3 });
      const kept = (await get('opGroupMessageList', {}, reporter)).body.data.data;
      expect(kept.every((m: { group_id: number | null; group_name: string }) => m.group_id === null && m.group_name === '重点客户')).toBe(true);
      expect((await get('opCompanyList', { group_id: key })).body.data.total).toBe(0);
      expect((await auditRows(key)).at(-1)).toMatchObject({ action: 'delete', old_value: { name: '重点客户', companies: [2, 3, 4] } });
      expect((await get('opGroupDetail', { id: key })).status).toBe(404);
    });
  });
});
