import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { opText } from '../../src/shared/domain/operation';
import { NOTICE_SCENES } from '../../src/shared/domain/notice-templates';
import { createRecordingSms } from '../../src/server/modules/sms/sms.provider';
import type { NoticeSceneKey } from '../../src/shared/domain/notice-templates';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, operatorWith, skipReason, type TestEnv } from './harness';

/** Company levels, member code templates and SMS notice templates for operators. */
describe.each(backends)('operator system settings on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator system settings', () => {
    let env: TestEnv;
    let op: string;
    const sms = createRecordingSms();
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50, sms });
      op = (await env.login('operator')).access_token;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const levels = (token = op) => env.api('opLevelList', {}, { token });
    const saveLevel = (payload: PayloadIn<'opLevelSave'>, token = op, idempotencyKey?: string) => env.api('opLevelSave', payload, { token, idempotencyKey });
    const saveCodes = (payload: PayloadIn<'opLevelCodesSave'>, token = op) => env.api('opLevelCodesSave', payload, { token });
    const saveTemplate = (payload: PayloadIn<'opNoticeTemplateSave'>, token = op) => env.api('opNoticeTemplateSave', payload, { token });
    const saveEntry = (payload: PayloadIn<'opListEntrySave'>, token = op) => env.api('opListEntrySave', payload, { token });
    const setEntriesActive = (payload: PayloadIn<'opListEntrySetActive'>) => env.api('opListEntrySetActive', payload, { token: op });
    const auditRows = async (entity: string, entityId: string | number) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown }>`
        select action, username, old_value, new_value from operator_audit where entity = ${entity} and entity_id = ${String(entityId)} order by id`.execute(db())).rows;
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    const level = async (id: number) => (await levels()).body.data.find((l) => l.id === id);
    const formalEdit = (over: Partial<PayloadIn<'opLevelSave'>> = {}): PayloadIn<'opLevelSave'> => ({
      id: 2, name: '正式会员', price: 198000, duration_months: 12, employee_limit: 30, stock_per_day: 9999, vin_count: 0, ...over,
    });

    it('refuses every call without its D code (403) and changes nothing', async () => {
      const reporter = await headUser('sys_reporter', ['D01']);
      for (const [method, path, send] of [
        ['GET', '/operation/levels', () => levels(reporter)], ['POST', '/operation/levels/save', () => saveLevel(formalEdit({ price: 100 }), reporter)],
        ['POST', '/operation/levels/codes', () => saveCodes({ id: 3, owner_codes: ['C07'], seller_codes: [] }, reporter)],
        ['GET', '/operation/notice-templates', () => env.api('opNoticeTemplateList', {}, { token: reporter })],
        ['POST', '/operation/notice-templates/save', () => saveTemplate({ scene: 'sms_register', body: '【汽配汇】码{code}' }, reporter)],
      ] as const) {
        const r = await send();
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      // the template editor (D07-02) may read the levels but not change their prices
      const templater = await headUser('sys_templater', ['D07-02']);
      expect((await levels(templater)).status).toBe(200);
      expect((await saveLevel(formalEdit({ price: 100 }), templater)).status).toBe(403);
      const seller = (await env.login('seller')).access_token;
      expect((await levels(seller)).status).toBe(403);
      expect((await db().selectFrom('company_level').select('price_fen').where('id', '=', 2).executeTakeFirstOrThrow()).price_fen).toBe(198000);
      expect(await auditRows('company_level', 2)).toEqual([]);
    });

    it('lists the levels with prices, quotas, company counts and templates', async () => {
      const all = (await levels()).body.data;
      expect(all.map((l) => l.name)).toEqual(['平台运营', '正式会员', '注册会员', '试用会员']);
      expect(all[0]).toMatchObject({ platform: true, price_fen: null });
      expect(all[1]).toMatchObject({ price_fen: 198000, duration_months: 12, employee_limit: 30, stock_per_day: 9999, vin_type: 'date', platform: false });
      expect(all[1].companies).toBeGreaterThanOrEqual(2);
      expect(all[2]).toMatchObject({ level_type: 'free', stock_per_day: 50, vin_count: 5, owner_codes: ['C07', 'C08', 'C09', 'C15', 'M02', 'M07'] });
      expect(all[2].seller_codes).toContain('M03');
    });

    it('refuses bad level edits field by field, in Chinese, and changes nothing', async () => {
      const cases: Array<[Partial<PayloadIn<'opLevelSave'>>, string, RegExp]> = [
        [{ name: '' }, 'name', /请填写等级名称/],
        [{ name: '注册会员' }, 'name', /等级名称已存在/],
        // whole fen on the wire (docs/api.md, "Money"): yuan text and fractions are refused, naming the unit
        [{ price: '1980.00' as never }, 'price', /价格应为以分为单位的整数/],
        [{ price: 123.45 }, 'price', /价格应为以分为单位的整数/],
        [{ price: 0 }, 'price', /价格应为以分为单位的整数（1 至 999999999）/],
        [{ price: null }, 'duration_months', /同时填写价格和时长/],
        [{ duration_months: 0 }, 'duration_months', /时长/],
        [{ employee_limit: 0 }, 'employee_limit', /员工上限不能小于1/],
        [{ stock_per_day: 10000 }, 'stock_per_day', /每日库存查询次数不能大于9999/],
        [{ vin_count: 5 }, 'vin_count', /不设赠送次数/],
        [{ id: 3, name: '注册会员', price: 1000, duration_months: 1, employee_limit: 3, stock_per_day: 50, vin_count: 5 }, 'price', /免费等级不能出售/],
        [{ id: 1, name: '平台运营', employee_limit: 200 }, 'price', /平台运营公司的等级不能出售/],
      ];
      for (const [over, field, text] of cases) {
        const r = await saveLevel(formalEdit(over));
        expect(r.status, JSON.stringify(over)).toBe(422);
        expect(r.body.field, JSON.stringify(over)).toBe(field);
        expect(r.body.client_msg, JSON.stringify(over)).toMatch(text);
      }
      expect((await saveLevel(formalEdit({ id: 99 }))).body).toMatchObject({ code: 404, client_msg: opText.levelNotFound });
      expect(await level(2)).toMatchObject({ name: '正式会员', price_fen: 198000, duration_months: 12 });
      expect(await auditRows('company_level', 2)).toEqual([]);
    });

    it('a price, duration and quota edit is what the storefront packages and the stock quota read, logged once', async () => {
      const key = 'level-edit-1';
      const r = await saveLevel(formalEdit({ name: '正式会员（年费）', price: 268050, duration_months: 6, employee_limit: 40 }), op, key);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ name: '正式会员（年费）', price_fen: 268050, duration_months: 6, employee_limit: 40 });
      // the same key again answers the same and records nothing more
      expect((await saveLevel(formalEdit({ name: '正式会员（年费）', price: 268050, duration_months: 6, employee_limit: 40 }), op, key)).status).toBe(200);
      // the same values under a new key change nothing and record nothing
      expect((await saveLevel(formalEdit({ name: '正式会员（年费）', price: 268050, duration_months: 6, employee_limit: 40 }))).status).toBe(200);
      const rows = await auditRows('company_level', 2);
      expect(rows).toEqual([{ action: 'update', username: 'operator', old_value: { name: '正式会员', price_fen: 198000, duration_months: 12, employee_limit: 30 }, new_value: { name: '正式会员（年费）', price_fen: 268050, duration_months: 6, employee_limit: 40 } }]);

      const member = (await env.login('member')).access_token;
      const packages = (await env.api('getPayPackages', {}, { token: member })).body.data.packages;
      expect(packages).toEqual([expect.objectContaining({ level_id: 2, name: '正式会员（年费）', price_fen: 268050, duration_months: 6, employee_limit: 40 })]);
      const order = await env.api('createPackageOrder', { level_id: 2 }, { token: member });
      expect(order.body.data).toMatchObject({ level_name: '正式会员（年费）', amount_fen: 268050, duration_months: 6 });

      // the registered level's daily stock quota is read on the next query
      expect((await saveLevel({ id: 3, name: '注册会员', price: null, duration_months: '', employee_limit: 3, stock_per_day: 7, vin_count: 5 })).status).toBe(200);
      const quota = (await env.api('getStockCount', { company_id: 4 }, { token: member })).body.data;
      expect(quota).toMatchObject({ total_per_day: 7, unlimited: false });
      // taking a level off sale empties the storefront's packages
      expect((await saveLevel(formalEdit({ name: '正式会员（年费）', price: null, duration_months: '', employee_limit: 40 }))).status).toBe(200);
      expect((await env.api('getPayPackages', {}, { token: member })).body.data.packages).toEqual([]);
      await saveLevel(formalEdit());
    });

    it('a new company gets its level template; seller approval grants its level seller codes; both logged', async () => {
      const bad = await saveCodes({ id: 3, owner_codes: ['C07', 'D02'], seller_codes: [] });
      expect(bad.status).toBe(422);
      expect(bad.body.client_msg).toMatch(/权限码无效/);
      expect((await saveCodes({ id: 3, owner_codes: [], seller_codes: [] })).body.client_msg).toMatch(/请至少选择一项负责人权限/);
      expect(await auditRows('company_level', 3).then((r) => r.filter((x) => x.action === 'set_codes'))).toEqual([]);

      const saved = await saveCodes({ id: 3, owner_codes: ['C15', 'C07', 'M06', 'C07'], seller_codes: ['M03', 'C11'] });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ owner_codes: ['C07', 'C15', 'M06'], seller_codes: ['C11', 'M03'] });
      const logged = (await auditRows('company_level', 3)).filter((x) => x.action === 'set_codes');
      expect(logged).toHaveLength(1);
      expect(logged[0].new_value).toEqual({ owner_codes: ['C07', 'C15', 'M06'], seller_codes: ['C11', 'M03'] });

      // registration reads the template of the level it starts at
      const mobile = '13955550001';
      expect((await env.api('smsCodeSend', { mobile, purpose: 'register' })).status).toBe(200);
      const reg = await env.api('userRegister', {
        company_name: '苏州模板测试汽配有限公司', business_type: 'parts_dealer', contact_name: '吴模板', username: 'template01', mobile, sms_code: sms.lastCode(mobile, 'register') ?? '',
        password: 'template2026', password2: 'template2026', agree: true,
      });
      expect(reg.status).toBe(200);
      const me = (await env.api('userProfileGet', undefined, { token: reg.body.data.access_token })).body.data;
      expect([...me.permissions].sort()).toEqual(['C07', 'C15', 'M06']);

      // approval of the new company's seller application grants the seller codes of its level
      const app = (await sql<{ id: number }>`insert into seller_application (company_id, applicant_user_id, company_name, contact_name, contact_phone, province, city, address, licence_no, main_brands)
        select company_id, id, '苏州模板测试汽配有限公司', '吴模板', ${mobile}, '江苏省', '苏州市', '吴中区1号', '91320506MA1XXXXX1B', '博世' from app_user where username = 'template01' returning id`.execute(db())).rows[0];
      expect((await env.api('sellerApplyApprove', { id: app.id }, { token: op })).status).toBe(200);
      const after = (await db().selectFrom('app_user').select('permissions').where('username', '=', 'template01').executeTakeFirstOrThrow()).permissions;
      expect([...after].sort()).toEqual(['C07', 'C11', 'C15', 'M03', 'M06']);
    });

    it('an operator renaming the registered and trial levels keeps registration and the trial flag working', async () => {
      await saveLevel({ id: 3, name: '普通会员', price: null, duration_months: '', employee_limit: 3, stock_per_day: 50, vin_count: 5 });
      await saveLevel({ id: 4, name: '体验会员', price: null, duration_months: '', employee_limit: 5, stock_per_day: 200, vin_count: 20 });
      const trial = (await env.login('trial')).access_token;
      const lv = (await env.api('getCompanyLevel', { company_id: 5 }, { token: trial })).body.data[0];
      expect(lv).toMatchObject({ name: '体验会员', is_trial: true });
      const mobile = '13955550002';
      await env.api('smsCodeSend', { mobile, purpose: 'register' });
      const reg = await env.api('userRegister', {
        company_name: '无锡改名测试汽配有限公司', business_type: 'parts_dealer', contact_name: '钱改名', username: 'rename01', mobile, sms_code: sms.lastCode(mobile, 'register') ?? '',
        password: 'rename2026', password2: 'rename2026', agree: true,
      });
      expect(reg.status).toBe(200);
      const row = await db().selectFrom('app_user').innerJoin('company', 'company.id', 'app_user.company_id').select(['company.level_id', 'company.vin_sum_qty'])
        .where('app_user.username', '=', 'rename01').executeTakeFirstOrThrow();
      expect(row).toEqual({ level_id: 3, vin_sum_qty: 5 });
      await saveLevel({ id: 3, name: '注册会员', price: null, duration_months: '', employee_limit: 3, stock_per_day: 50, vin_count: 5 });
      await saveLevel({ id: 4, name: '试用会员', price: null, duration_months: '', employee_limit: 5, stock_per_day: 200, vin_count: 20 });
    });

    it('SMS templates: listed by scene, checked for their placeholders, and used for the next message', async () => {
      const list = (await env.api('opNoticeTemplateList', {}, { token: op })).body.data;
      expect(list.filter((t) => t.channel === 'sms').map((t) => t.scene)).toEqual(['sms_register', 'sms_reset', 'sms_temp_password']);
      // the message assistant's notices are templates too (requirements 001-2-2 system/notice: im)
      expect(list.filter((t) => t.channel === 'im').map((t) => t.scene)).toContain('im_order_create');
      expect(list[0]).toMatchObject({ body: NOTICE_SCENES.sms_register.fallback, required: ['code'], updated_at: 0 });

      const cases: Array<[NoticeSceneKey, string, RegExp]> = [
        ['sms_register', '【汽配汇】欢迎注册，{minutes}分钟内有效', /须包含占位符 \{code\}/],
        ['sms_register', '欢迎注册，验证码{code}', /须以【签名】开头/],
        ['sms_register', '【汽配汇】验证码{code}，{password}', /未知的占位符 \{password\}/],
        ['sms_temp_password', '【汽配汇】{name}您好', /须包含占位符 \{password\}/],
        ['sms_register', '', /请填写模板内容/],
        ['sms_register', `【汽配汇】{code}${'很'.repeat(300)}`, /最多300个字符/],
        ['sms_register', '【汽配汇】验证码{code}}', /花括号只能用于占位符/],
      ];
      for (const [scene, body, text] of cases) {
        const r = await saveTemplate({ scene, body });
        expect(r.status, body).toBe(422);
        expect(r.body.field, body).toBe('body');
        expect(r.body.client_msg, body).toMatch(text);
      }
      expect(envelope((await env.callRaw('POST', '/api/operation/notice-templates/save', { token: op, body: { scene: 'wechat', body: '【汽配汇】{code}' } })).body).client_msg).toMatch(/未知的通知场景/);
      expect(await auditRows('notice_template', 'sms_register')).toEqual([]);

      const body = '【汽配汇】注册验证码{code}，请在{minutes}分钟内填写，勿告诉他人。';
      const r = await saveTemplate({ scene: 'sms_register', body: `  ${body} ` });
      expect(r.body.data).toMatchObject({ scene: 'sms_register', body });
      expect(r.body.data.updated_at).toBeGreaterThan(0);
      expect((await saveTemplate({ scene: 'sms_register', body })).status).toBe(200);
      expect(await auditRows('notice_template', 'sms_register')).toEqual([{ action: 'set', username: 'operator', old_value: NOTICE_SCENES.sms_register.fallback, new_value: body }]);

      const mobile = '13955550003';
      await env.api('smsCodeSend', { mobile, purpose: 'register' });
      const sent = sms.messages.filter((m) => m.mobile === mobile).at(-1)!;
      expect(sent.text).toBe(`【汽配汇】注册验证码${sent.code}，请在5分钟内填写，勿告诉他人。`);

      // the operator's temporary-password text follows its template too
      await saveTemplate({ scene: 'sms_temp_password', body: '【汽配汇】临时密码{password}，{name}请尽快登录修改。' });
      const buyer = await db().selectFrom('app_user').select('id').where('username', '=', 'buyer').executeTakeFirstOrThrow();
      expect((await env.api('opUserResetPassword', { id: buyer.id }, { token: op })).status).toBe(200);
      const temp = sms.messages.filter((m) => m.purpose === 'temp_password').at(-1)!;
      expect(temp.text).toBe(`【汽配汇】临时密码${temp.code}，王志强请尽快登录修改。`);
    });

    it('dictionary, trade areas and labels: D code, shape per kind, unique names, add / edit / disable, each logged', async () => {
      const reporter = await headUser('list_reporter', ['D01', 'D11-02']);
      expect((await env.api('opListEntries', { kind: 'label' }, { token: reporter })).status).toBe(403);
      expect((await saveEntry({ kind: 'label', name: '优质供应商' }, reporter)).status).toBe(403);

      const refused: Array<[PayloadIn<'opListEntrySave'>, string, RegExp]> = [
        [{ kind: 'dictionary', code: 'OE', name: '原厂' }, 'group_name', /请填写字典类型/],
        [{ kind: 'dictionary', group_name: '配件品质', name: '原厂' }, 'code', /请填写编码/],
        [{ kind: 'dictionary', group_name: '配件品质', code: 'a b', name: '原厂' }, 'code', /编码只能用字母/],
        [{ kind: 'label', group_name: '华南', name: '优质供应商' }, 'group_name', /企业标签不分组/],
        [{ kind: 'trade_area', group_name: '广东省', code: 'GZ', name: '白云汽配城' }, 'code', /商圈没有编码/],
        [{ kind: 'label', name: '' }, 'name', /请填写名称/],
        [{ kind: 'label', name: '优质', sort: 10000 }, 'sort', /排序不能大于9999/],
      ];
      for (const [body, field, text] of refused) {
        const r = await saveEntry(body);
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(r.body.field, JSON.stringify(body)).toBe(field);
        expect(r.body.client_msg, JSON.stringify(body)).toMatch(text);
      }
      // a kind the contract does not know: sent raw
      const otherKind = { kind: 'other', name: '优质' };
      const unknownKind = await env.callRaw('POST', '/api/operation/lists/save', { token: op, body: otherKind });
      expect(unknownKind.status, JSON.stringify(otherKind)).toBe(422);
      expect(envelope(unknownKind.body).field, JSON.stringify(otherKind)).toBe('kind');
      expect(envelope(unknownKind.body).client_msg, JSON.stringify(otherKind)).toMatch(/列表类型只能是/);
      expect((await sql<{ n: number }>`select count(*)::int as n from platform_list_entry`.execute(db())).rows[0].n).toBe(0);

      const oe = (await saveEntry({ kind: 'dictionary', group_name: '配件品质', code: 'OEM', name: '原厂件', sort: 1 })).body.data;
      expect(oe).toMatchObject({ kind: 'dictionary', group_name: '配件品质', code: 'OEM', name: '原厂件', sort: 1, active: true });
      await saveEntry({ kind: 'dictionary', group_name: '配件品质', code: 'BRAND', name: '品牌件', sort: 2 });
      await saveEntry({ kind: 'dictionary', group_name: '付款方式', code: 'OEM', name: '原厂件' });
      expect((await saveEntry({ kind: 'dictionary', group_name: '配件品质', code: 'OEM2', name: '原厂件' })).body).toMatchObject({ code: 422, field: 'name', client_msg: '同一字典类型下已有这个名称' });
      expect((await saveEntry({ kind: 'dictionary', group_name: '配件品质', code: 'OEM', name: '正厂件' })).body).toMatchObject({ code: 422, field: 'code', client_msg: '同一字典类型下已有这个编码' });
      const area = (await saveEntry({ kind: 'trade_area', group_name: '广东省', name: '广州白云汽配城' })).body.data;
      const label = (await saveEntry({ kind: 'label', name: '优质供应商' })).body.data;
      // an entry of one kind cannot be edited through another
      expect((await saveEntry({ id: label.id, kind: 'trade_area', group_name: '广东省', name: '改名' })).status).toBe(404);

      const renamed = await saveEntry({ id: oe.id, kind: 'dictionary', group_name: '配件品质', code: 'OEM', name: '原厂正品', sort: 1 });
      expect(renamed.body.data).toMatchObject({ id: oe.id, name: '原厂正品' });
      await saveEntry({ id: oe.id, kind: 'dictionary', group_name: '配件品质', code: 'OEM', name: '原厂正品', sort: 1 });
      expect(await auditRows('dictionary', oe.id)).toEqual([
        { action: 'create', username: 'operator', old_value: null, new_value: { group_name: '配件品质', code: 'OEM', name: '原厂件', sort: 1 } },
        { action: 'update', username: 'operator', old_value: { name: '原厂件' }, new_value: { name: '原厂正品' } },
      ]);

      const list = (await env.api('opListEntries', { kind: 'dictionary', group_name: '配件品质' }, { token: op })).body.data;
      expect(list.data.map((e) => e.name)).toEqual(['原厂正品', '品牌件']);
      expect(list.groups).toEqual(['付款方式', '配件品质']);
      expect((await env.api('opListEntries', { kind: 'dictionary', k: 'brand' }, { token: op })).body.data.total).toBe(1);

      // disabling in bulk is one transaction: an id of another kind refuses the whole call
      expect((await setEntriesActive({ kind: 'trade_area', ids: [area.id, label.id], active: false })).status).toBe(404);
      expect((await db().selectFrom('platform_list_entry').select('active').where('id', '=', area.id).executeTakeFirstOrThrow()).active).toBe(true);
      expect((await setEntriesActive({ kind: 'trade_area', ids: [area.id], active: false })).body.data).toEqual({ changed: 1 });
      expect((await setEntriesActive({ kind: 'trade_area', ids: [area.id], active: false })).body.data).toEqual({ changed: 0 });
      expect((await env.api('opListEntries', { kind: 'trade_area', active: 'false' }, { token: op })).body.data.data.map((e) => e.id)).toEqual([area.id]);
      expect((await auditRows('trade_area', area.id)).map((r) => r.action)).toEqual(['create', 'disable']);
    });
  });
});
