import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { opText } from '../../src/shared/domain/operation';
import { orgText } from '../../src/shared/domain/organisation';
import { msg } from '../../src/shared/messages';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** a real 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends)('operator platform on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator platform', () => {
    let env: TestEnv;
    let op: string;
    const sms = createRecordingSms();
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 600, sms });
      op = (await env.login('operator')).access_token;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = <N extends EndpointName>(name: N, q: PayloadIn<N>, token = op) => env.api(name, q, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op) => env.api(name, payload, { token });
    const auditRows = async (entity: string, entityId: string | number) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown }>`
        select action, username, old_value, new_value from operator_audit where entity = ${entity} and entity_id = ${String(entityId)} order by id`.execute(db())).rows;
    /** a head-company employee holding only these codes */
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);

    it('only head-company users with the page D code get in: 403 otherwise, whatever the page shows', async () => {
      const seller = (await env.login('seller')).access_token;
      expect((await get('opCompanyList', {}, seller)).body).toMatchObject({ code: 403, client_msg: msg.operatorOnly });
      const reporter = await headUser('reporter', ['D01', 'D01-01']);
      for (const [method, path, send] of [
        ['GET', '/operation/company', () => get('opCompanyList', {}, reporter)], ['GET', '/operation/company-detail', () => get('opCompanyDetail', { id: 2 }, reporter)],
        ['POST', '/operation/company/suspend', () => post('opCompanySuspend', { ids: [2], reason: '测试停用' }, reporter)],
        ['GET', '/operation/users', () => get('opUserList', {}, reporter)], ['POST', '/operation/users/active', () => post('opUserSetActive', { ids: [3], active: false }, reporter)],
        ['GET', '/operation/config', () => get('opConfigList', {}, reporter)], ['POST', '/operation/config', () => post('opConfigSet', { key: 'system_name', value: 'x' }, reporter)],
        ['POST', '/operation/exchange-rate', () => post('opRateSet', { to_curr_code: 'VND', rate_value: 1 }, reporter)], ['POST', '/operation/notice', () => post('opNoticeSet', { text: 'x' }, reporter)],
        ['GET', '/operation/logs', () => get('opAuditList', {}, reporter)],
      ] as const) {
        const r = await send();
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      // the read code opens the list but not the writes
      const reader = await headUser('reader', ['D02-01']);
      expect((await get('opCompanyList', {}, reader)).status).toBe(200);
      expect((await post('opCompanySuspend', { ids: [2], reason: '测试停用' }, reader)).status).toBe(403);
      expect((await db().selectFrom('company').select('suspended_at').where('id', '=', 2).executeTakeFirstOrThrow()).suspended_at).toBeNull();
      // the home opens for any head-company user with an operator code
      expect((await get('opHomeSummary', {}, reporter)).status).toBe(200);
    });

    it('the audit log cannot be edited or deleted, even in SQL', async () => {
      await post('opNoticeSet', { text: '【公告】审计日志测试' });
      const [row] = await auditRows('system_param', 'system_announcement');
      expect(row).toMatchObject({ action: 'set', username: 'operator', new_value: '【公告】审计日志测试' });
      await expect(sql`update operator_audit set username = 'x'`.execute(db())).rejects.toThrow(/只能追加/);
      await expect(sql`delete from operator_audit`.execute(db())).rejects.toThrow(/只能追加/);
      await expect(sql`truncate operator_audit`.execute(db())).rejects.toThrow(/只能追加/);
      expect((await auditRows('system_param', 'system_announcement')).length).toBe(1);
    });

    it('lists companies by name, city, level and state, with paging', async () => {
      const all = (await get('opCompanyList', { page_size: 50 })).body.data;
      expect(all.total).toBeGreaterThanOrEqual(5);
      expect(all.levels.map((l) => l.name)).toContain('正式会员');
      const byName = (await get('opCompanyList', { k: '骏达' })).body.data;
      expect(byName.data.map((c) => c.id)).toEqual([2]);
      expect(byName.data[0]).toMatchObject({ short_name: '骏达汽配', level_name: '正式会员', is_seller: true, suspended: false });
      expect(byName.data[0].stock).toBeGreaterThan(0);
      const byCity = (await get('opCompanyList', { city: '杭州' })).body.data;
      expect(byCity.data.map((c) => c.id)).toContain(4);
      expect(byCity.data.every((c) => c.city.includes('杭州'))).toBe(true);
      const byLevel = (await get('opCompanyList', { level_id: 4 })).body.data;
      expect(byLevel.data.every((c) => c.level_id === 4)).toBe(true);
      const paged = (await get('opCompanyList', { page_size: 50, page_number: 2, sort: 'id', order: 'asc' })).body.data;
      expect(paged.total).toBe(all.total);
      expect((await get('opCompanyList', { page_size: 7 })).body).toMatchObject({ code: 422, field: 'page_size' });
      expect((await env.callRaw('GET', '/api/operation/company?state=gone', { token: op })).body).toMatchObject({ code: 422, field: 'state' });
    });

    it('shows a company with its users, stock, orders and membership history', async () => {
      const res = await get('opCompanyDetail', { id: 2 });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data;
      expect(d.company).toMatchObject({ id: 2, name: '广州骏达汽车配件有限公司' });
      expect(d.users.map((u) => u.username)).toEqual(expect.arrayContaining(['seller', 'clerk']));
      expect(d.stock.on).toBeGreaterThan(0);
      expect(d.orders).toEqual({ sales: expect.any(Number), purchases: expect.any(Number) });
      expect((await get('opCompanyDetail', { id: 99999 })).body).toMatchObject({ code: 404 });
    });

    it('edits a company, refusing bad fields by name, and logs old → new', async () => {
      const bad = await post('opCompanyUpdate', { id: 4, name: '杭', short_name: '顺捷汽修', phone: '0571-88213360', province: '浙江省', city: '杭州市', address: '' });
      expect(bad.body).toMatchObject({ code: 422, field: 'name' });
      const ok = await post('opCompanyUpdate', { id: 4, name: '杭州顺捷汽车修理有限公司', short_name: '顺捷汽修', phone: '0571-88213360', province: '浙江省', city: '杭州市', address: '拱墅区石祥路71号' });
      expect(ok.body.code).toBe(200);
      expect(await auditRows('company', 4)).toEqual([expect.objectContaining({
        action: 'update', old_value: { name: '杭州顺捷汽车修理厂' }, new_value: { name: '杭州顺捷汽车修理有限公司' },
      })]);
    });

    it('sets a level and its expiry with the rules of free and paid levels, and shows it in the history', async () => {
      expect((await post('opCompanySetLevel', { id: 4, level_id: 2, level_end: '' })).body).toMatchObject({ code: 422, field: 'level_end', client_msg: expect.stringContaining(opText.levelEndRequired) });
      expect((await post('opCompanySetLevel', { id: 4, level_id: 2, level_end: '2026-01-01' })).body).toMatchObject({ code: 422, client_msg: expect.stringContaining(opText.levelEndPast) });
      expect((await post('opCompanySetLevel', { id: 4, level_id: 3, level_end: '2027-01-01' })).body).toMatchObject({ code: 422, client_msg: expect.stringContaining(opText.levelEndFree) });
      expect((await post('opCompanySetLevel', { id: 4, level_id: 1, level_end: '2027-01-01' })).body).toMatchObject({ code: 422, field: 'level_id' });
      expect((await post('opCompanySetLevel', { id: 1, level_id: 2, level_end: '2027-01-01' })).status).toBe(403);
      expect((await post('opCompanySetLevel', { id: 4, level_id: 2, level_end: '2027-06-30' })).body.code).toBe(200);
      const member = (await env.login('member')).access_token;
      const level = (await get('getCompanyLevel', { company_id: 4 }, member)).body.data[0];
      expect(level).toMatchObject({ name: '正式会员', level_type: 'paid' });
      expect(new Date(level.level_end_data * 1000).toISOString()).toBe('2027-06-30T15:59:59.000Z');
      const d = (await get('opCompanyDetail', { id: 4 })).body.data;
      expect(d.membership[0]).toMatchObject({ kind: 'operator', by: 'operator', text: expect.stringContaining('注册会员（到期 不限）→ 正式会员（到期 2027-06-30）') });
    });

    it('suspends a seller: its stock leaves search at once, its users are signed out and refused; restore brings it back', async () => {
      const buyer = (await env.login('buyer')).access_token;
      const seller = await env.login('seller');
      const { oe_norm: oe } = await db().selectFrom('stock').select('oe_norm').where('company_id', '=', 2).where('state', '=', 'on').executeTakeFirstOrThrow();
      const sellersOf = async () => {
        const r = await post('oeSearch', { oe_list: [oe] }, buyer);
        return new Set(r.body.data.items.flatMap((g) => g.rows.map((x) => x.company_id)));
      };
      expect((await sellersOf()).has(2)).toBe(true);
      const offBefore = (await db().selectFrom('stock').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', 2).where('state', '=', 'off').executeTakeFirstOrThrow()).n;

      // company 1 among them: the whole call is refused and nothing changes
      expect((await post('opCompanySuspend', { ids: [2, 1], reason: '违规经营' })).body).toMatchObject({ code: 403, client_msg: opText.headCompanySuspend });
      // an unknown id too (one transaction)
      expect((await post('opCompanySuspend', { ids: [2, 99999], reason: '违规经营' })).body.code).toBe(404);
      expect((await sellersOf()).has(2)).toBe(true);
      expect((await post('opCompanySuspend', { ids: [2], reason: '' })).body).toMatchObject({ code: 422, field: 'reason' });

      const r = await post('opCompanySuspend', { ids: [2, 5], reason: '违规经营' });
      expect(r.body.data).toEqual({ changed: 2 });
      expect((await sellersOf()).has(2)).toBe(false);
      const kw = await get('companySearch', { k: '骏达' }, buyer);
      expect(kw.body.data.data).toEqual([]);
      // the owner's token is refused at once, and a new sign-in too
      const refused = await post('userProfileGet', {}, seller.access_token);
      expect(refused.body).toMatchObject({ code: 908, client_msg: opText.companySuspended });
      expect(env.revoked.length).toBeGreaterThan(0);
      const login = await env.api('userAuth', { username: 'seller', password: 'demo123456' });
      expect(login.body).toMatchObject({ code: 403, client_msg: opText.companySuspended });
      const rows = await auditRows('company', 2);
      expect(rows.at(-1)).toMatchObject({ action: 'suspend', new_value: { suspended: true, reason: '违规经营', stock_removed: expect.any(Number) } });
      expect((await auditRows('company', 5)).at(-1)).toMatchObject({ action: 'suspend' });
      const listed = (await get('opCompanyList', { state: 'suspended' })).body.data.data.map((c) => c.id);
      expect(listed.sort()).toEqual([2, 5]);

      expect((await post('opCompanyRestore', { ids: [2, 5] })).body.data).toEqual({ changed: 2 });
      expect((await sellersOf()).has(2)).toBe(true);
      // rows the seller had taken off sale stay off
      expect((await db().selectFrom('stock').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', 2).where('state', '=', 'off').executeTakeFirstOrThrow()).n).toBe(offBefore);
      expect((await env.login('seller')).access_token).toBeTruthy();
      expect((await auditRows('company', 2)).at(-1)).toMatchObject({ action: 'restore' });
    });

    it('lists users across companies; disabling ends their sessions, enabling lets them in again', async () => {
      const list = (await get('opUserList', { k: 'clerk' })).body.data;
      expect(list.data).toEqual([expect.objectContaining({ username: 'clerk', company_id: 2, active: true })]);
      const clerk = list.data[0];
      const session = (await env.login('clerk')).access_token;
      expect((await post('opUserSetActive', { ids: [1], active: false })).body).toMatchObject({ code: 403, client_msg: opText.selfDisable });
      expect((await post('opUserSetActive', { ids: [clerk.id], active: false })).body.data).toEqual({ changed: 1 });
      expect((await post('userProfileGet', {}, session)).body).toMatchObject({ code: 908, client_msg: orgText.accountDisabled });
      expect((await get('opUserList', { k: 'clerk' })).body.data.data[0]).toMatchObject({ active: false, sessions: 0 });
      expect((await post('opUserSetActive', { ids: [clerk.id], active: true })).body.data).toEqual({ changed: 1 });
      expect((await env.login('clerk')).access_token).toBeTruthy();
      expect((await auditRows('user', clerk.id)).map((a) => a.action)).toEqual(['disable', 'enable']);
    });

    it('resets a password by SMS (the old one stops working) and ends all sessions', async () => {
      const buyerRow = (await get('opUserList', { k: 'buyer' })).body.data.data.find((u) => u.username === 'buyer')!;
      const session = (await env.login('buyer')).access_token;
      const r = await post('opUserResetPassword', { id: buyerRow.id });
      expect(r.body.data.mobile).toBe('138****0004');
      const sent = sms.messages.at(-1)!;
      expect(sent).toMatchObject({ mobile: '13800000004', purpose: 'temp_password' });
      expect(sent.text).toContain(sent.code);
      expect((await post('userProfileGet', {}, session)).body.code).toBe(908);
      const old = await env.api('userAuth', { username: 'buyer', password: 'demo123456' });
      expect(old.body.code).toBe(422);
      const fresh = (await env.login('buyer', { password: sent.code })).access_token;
      expect((await post('opUserEndSessions', { id: buyerRow.id })).body.data).toEqual({ ended: 1 });
      expect((await post('userProfileGet', {}, fresh)).body).toMatchObject({ code: 908, client_msg: opText.sessionsEnded });
      expect((await auditRows('user', buyerRow.id)).map((a) => a.action)).toEqual(['reset_password', 'end_sessions']);
    });

    it('edits system parameters with a rule per key', async () => {
      const list = (await get('opConfigList', {})).body.data;
      expect(list.map((p) => p.key)).toEqual(expect.arrayContaining(['system_title', 'wx_miniprogram_qr', 'upload_authority', 'im_client_params']));
      const set = (key: string, value: string) => post('opConfigSet', { key, value });
      expect((await set('nope_key', 'x')).body).toMatchObject({ code: 422, field: 'key' });
      expect((await set('baidu_shangqiao', 'javascript:alert(1)')).body).toMatchObject({ code: 422, field: 'value', client_msg: expect.stringContaining('在线咨询地址') });
      expect((await set('im_client_params', '{"app_key":')).body).toMatchObject({ code: 422, client_msg: expect.stringContaining('不是有效的 JSON') });
      expect((await set('im_client_params', '{"other":1}')).body).toMatchObject({ code: 422, client_msg: expect.stringContaining('缺少字段 app_key') });
      expect((await set('upload_authority', '1,2,99999')).body).toMatchObject({ code: 422, client_msg: expect.stringContaining('企业ID 99999 不存在') });
      expect((await set('system_phone', 'abc')).body).toMatchObject({ code: 422 });
      expect((await set('system_name', '  ')).body).toMatchObject({ code: 422, client_msg: expect.stringContaining('不能为空') });
      // an image must be an upload of the platform
      expect((await set('wx_miniprogram_qr', '/api/uploads/0123456789abcdef0123456789abcdef.png')).body).toMatchObject({ code: 422, client_msg: expect.stringContaining('请先上传') });
      const up = await post('fileUpload', { base64_data: PNG_1PX, file_name: 'qr.png' });
      const qr = up.body.data.file_path;
      expect((await set('wx_miniprogram_qr', qr)).body.data).toMatchObject({ key: 'wx_miniprogram_qr', value: qr });
      expect((await set('upload_authority', '1, 2，3')).body.data.value).toBe('1,2,3');
      const cfg = (await get('config', { keys: 'wx_miniprogram_qr,upload_authority' }, '')).body.data;
      expect(cfg).toEqual({ wx_miniprogram_qr: qr, upload_authority: '1,2,3' });
      expect(await auditRows('system_param', 'wx_miniprogram_qr')).toEqual([expect.objectContaining({ action: 'set', old_value: '', new_value: qr })]);
    });

    it('sets the VND rate, keeps its history, and the storefront reads the new rate', async () => {
      expect((await post('opRateSet', { to_curr_code: 'VND', rate_value: 0 })).body).toMatchObject({ code: 422, field: 'rate_value' });
      expect((await post('opRateSet', { to_curr_code: 'VND', rate_value: 'abc' })).body).toMatchObject({ code: 422, field: 'rate_value' });
      expect((await post('opRateSet', { to_curr_code: 'XYZ', rate_value: 2 })).body).toMatchObject({ code: 422, field: 'to_curr_code' });
      expect((await post('opRateSet', { to_curr_code: 'VND', rate_value: 3700.25 })).body.data).toEqual({ to_curr_code: 'VND', rate_value: 3700.25 });
      expect((await get('getExchangerateList', {}, '')).body.data).toEqual([expect.objectContaining({ to_curr_code: 'VND', rate_value: 3700.25 })]);
      const h = (await get('opRateHistory', {})).body.data.history;
      expect(h[0]).toMatchObject({ to_curr_code: 'VND', old_value: 3618.5, rate_value: 3700.25, username: 'operator' });
      expect(h.at(-1)).toMatchObject({ rate_value: 3618.5, username: '初始汇率' });
      expect(await auditRows('exchange_rate', 'VND')).toEqual([expect.objectContaining({ old_value: 3618.5, new_value: 3700.25 })]);
    });

    it('the home counts today: new companies, pending audits, orders and searches without results', async () => {
      const buyer = (await env.login('member')).access_token;
      await post('oeSearch', { oe_list: ['ZZ99999999'] }, buyer);
      await post('oeSearch', { oe_list: ['ZZ99999999'] }, buyer);
      const h = (await get('opHomeSummary', {})).body.data;
      expect(h.day).toBe('2026-11-22');
      expect(h.empty_searches.top[0]).toEqual({ text: 'ZZ99999999', n: 2 });
      expect(h.pending_audits.value).toBe((await db().selectFrom('seller_application').select(sql<number>`count(*)::int`.as('n')).where('state', '=', 'pending').executeTakeFirstOrThrow()).n);
      expect(h).toMatchObject({ new_companies: { value: expect.any(Number) }, orders: { value: expect.any(Number), amount_fen: expect.any(Number) }, suspended_companies: { value: 0 } });
    });

    it('searches the audit log by operator, entity, action and date', async () => {
      const all = (await get('opAuditList', {})).body.data;
      expect(all.total).toBeGreaterThan(5);
      const suspends = (await get('opAuditList', { entity: 'company', action: 'suspend' })).body.data;
      expect(suspends.data.every((r) => r.action === 'suspend' && r.entity === 'company')).toBe(true);
      expect(suspends.total).toBe(2);
      expect((await get('opAuditList', { operator: 'nobody' })).body.data.total).toBe(0);
      expect((await get('opAuditList', { date_from: '2026-11-22', date_to: '2026-11-22' })).body.data.total).toBe(all.total);
      expect((await get('opAuditList', { date_from: '2026-11-23' })).body.data.total).toBe(0);
      expect((await get('opAuditList', { date_from: '22/11/2026' })).body).toMatchObject({ code: 422, field: 'date_from' });
    });
    it('roles group D codes; a change applies on the holder\'s next request; the last privilege holder is kept', async () => {
      const list = (await get('opRoleList', {})).body.data;
      const admin = list.roles.find((r) => r.name === '超级管理员')!;
      expect(admin.members.map((m) => m.username)).toEqual(['operator']);
      expect(admin.codes).toContain('D07');
      expect((await post('opRoleSave', { name: '报表', codes: ['D99'] })).body).toMatchObject({ code: 422, field: 'codes.0' });
      expect((await post('opRoleSave', { name: '', codes: ['D01'] })).body).toMatchObject({ code: 422, field: 'name' });
      expect((await post('opRoleSave', { name: '超级管理员', codes: ['D01'] })).body).toMatchObject({ code: 422, field: 'name' });
      const role = (await post('opRoleSave', { name: '报表专员', codes: ['D01', 'D01-01'], note: '只看报表' })).body.data;
      const reporter = list.staff.find((u) => u.username === 'reporter')!;
      const token = (await env.login('reporter')).access_token;
      const assigned = await post('opRoleAssign', { user_id: reporter.id, role_ids: [role.id] });
      expect(assigned.body.data, JSON.stringify(assigned.body)).toEqual({ codes: ['D01', 'D01-01'] });
      expect((await get('opCompanyList', {}, token)).status).toBe(403);
      // the role gains the company read code: the same token opens the list on its next request
      await post('opRoleSave', { id: role.id, name: '报表专员', codes: ['D01', 'D01-01', 'D02-01'] });
      expect((await get('opCompanyList', {}, token)).status).toBe(200);
      const seller = (await get('opUserList', { k: 'seller' })).body.data.data[0];
      expect((await post('opRoleAssign', { user_id: seller.id, role_ids: [role.id] })).body).toMatchObject({ code: 403, client_msg: opText.notHeadStaff });
      // nobody else can manage roles: taking it from the operator, or deleting its role, is refused and changes nothing
      const me = list.staff.find((u) => u.username === 'operator')!;
      expect((await post('opRoleAssign', { user_id: me.id, role_ids: [role.id] })).body).toMatchObject({ code: 409, client_msg: opText.lastPrivilegeHolder });
      expect((await post('opRoleDelete', { id: admin.id })).body).toMatchObject({ code: 409, client_msg: opText.lastPrivilegeHolder });
      expect((await post('opRoleSave', { id: admin.id, name: '超级管理员', codes: ['D01'] })).body.code).toBe(409);
      expect((await get('opRoleList', {})).body.data.roles.find((r) => r.id === admin.id)!.codes).toContain('D07');
      expect((await get('opAuditList', {})).status).toBe(200);
      // deleting a role takes its codes from its members
      expect((await post('opRoleDelete', { id: role.id })).body.code).toBe(200);
      expect((await get('opCompanyList', {}, token)).status).toBe(403);
      expect((await auditRows('operator_role', role.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
      expect((await auditRows('user', reporter.id)).map((a) => a.action)).toEqual(['assign']);
    });
    it('ads: every slot with an uploaded image, link, days and order; the storefront reads the change at once', async () => {
      const up = (await post('fileUpload', { base64_data: PNG_1PX, file_name: 'ad.png' })).body.data.file_path;
      const ad = { code: 'GG005', images_url: up, images_width: 1200, click_url: '/pay/package', start_day: '2026-11-20', end_day: '2026-11-22', sort: 1 };
      expect((await post('opAdSave', { ...ad, code: 'XX001' })).body).toMatchObject({ code: 422, field: 'code' });
      expect((await post('opAdSave', { ...ad, end_day: '2026-11-19' })).body).toMatchObject({ code: 422, field: 'end_day', client_msg: expect.stringContaining('结束日期不能早于开始日期') });
      expect((await post('opAdSave', { ...ad, click_url: 'javascript:alert(1)' })).body).toMatchObject({ code: 422, field: 'click_url' });
      expect((await post('opAdSave', { ...ad, images_url: '/api/uploads/0123456789abcdef0123456789abcdef.png' })).body).toMatchObject({ code: 422, field: 'images_url' });
      const reporterToken = (await env.login('reader')).access_token;
      expect((await post('opAdSave', ad, reporterToken)).status).toBe(403);
      const saved = (await post('opAdSave', ad)).body.data;
      expect(saved).toMatchObject({ code: 'GG005', start_day: '2026-11-20', end_day: '2026-11-22', live: true });
      const live = async () => (await get('getAdByCode', { codes: 'GG005' }, '')).body.data.map((a) => a.images_url);
      expect(await live()).toContain(up);
      // the last day is included until China midnight, then the ad leaves the storefront
      env.clock.advance(12 * 3600);
      expect(await live()).not.toContain(up);
      // (the morning's access token has expired by then: a fresh sign-in on another device)
      const later = (await env.login('operator', { device: 'pad' })).access_token;
      expect((await get('opAdList', { code: 'GG005' }, later)).body.data.find((a) => a.id === saved.id)).toMatchObject({ live: false });
      env.clock.advance(-12 * 3600);
      expect((await post('opAdSave', { ...ad, id: saved.id, end_day: '2026-12-31' })).body.data.end_day).toBe('2026-12-31');
      expect((await post('opAdDelete', { id: saved.id })).body.code).toBe(200);
      expect(await live()).not.toContain(up);
      expect((await auditRows('ad', saved.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    });
  });
});
