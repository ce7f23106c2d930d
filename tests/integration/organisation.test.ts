import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orgText } from '../../src/shared/domain/organisation';
import { msg } from '../../src/shared/messages';
import { pageSizeText, type PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends)('organisation on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'organisation', () => {
    let env: TestEnv;
    let seller: string;
    beforeEach(async () => {
      env = await createTestEnv(backend);
      seller = (await env.login('seller')).access_token;
    });
    afterEach(async () => env?.close());

    const db = () => env.database.db;
    const userId = async (username: string) => (await db().selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const userRow = (username: string) => db().selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    const userCount = async () => Number((await db().selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);

    const list = (token: string, query: PayloadIn<'employeeList'> = {}) => env.api('employeeList', query, { token });
    const create = (token: string, payload: PayloadIn<'employeeCreate'>, key?: string) => env.api('employeeCreate', payload, { token, idempotencyKey: key });
    const update = (token: string, payload: PayloadIn<'employeeUpdate'>) => env.api('employeeUpdate', payload, { token });
    const setActive = (token: string, id: number, active: boolean) => env.api('employeeSetActive', { id, active }, { token });
    const resetPassword = (token: string, id: number, password: string) => env.api('employeeResetPassword', { id, password }, { token });
    const profile = (token: string) => env.api('userProfileGet', undefined, { token });
    const salesOrders = (token: string) => env.api('orderSearch', { side: 'sales' }, { token });

    const newEmployee = (over: Partial<PayloadIn<'employeeCreate'>> = {}): PayloadIn<'employeeCreate'> => ({
      username: 'cangku01', display_name: '周仓库', mobile: '13911112222', password: 'cangku2026', permissions: ['M03'], ...over,
    });

    it('lists the company\'s employees, owner first, with filters, the limit and the grantable codes', async () => {
      const r = await list(seller);
      expect(r.status).toBe(200);
      expect(r.body.data.data.map((e) => e.username)).toEqual(['seller', 'clerk']);
      expect(r.body.data).toMatchObject({ total: 2, have: 2, limit: 30 });
      expect(r.body.data.data[0]).toMatchObject({ is_owner: true, active: true, mobile: '13800000002' });
      expect(r.body.data.data[0].last_login).toBeGreaterThan(0);
      expect(r.body.data.data[1]).toMatchObject({ username: 'clerk', display_name: '李晓琳', is_owner: false, permissions: ['M03', 'C11'], last_login: 0 });
      expect(r.body.data.grantable).toEqual(expect.arrayContaining(['M03', 'M06', 'C11']));

      expect((await list(seller, { keyword: '李晓' })).body.data.data.map((e) => e.username)).toEqual(['clerk']);
      expect((await list(seller, { keyword: '13800000003' })).body.data.total).toBe(1);
      expect((await list(seller, { keyword: '%' })).body.data.total).toBe(0);
      await setActive(seller, await userId('clerk'), false);
      expect((await list(seller, { active: 'false' })).body.data.data.map((e) => e.username)).toEqual(['clerk']);
      expect((await list(seller, { active: 'true' })).body.data.total).toBe(1);
      const bad = await list(seller, { page_size: 30 });
      expect(bad.status).toBe(422);
      expect(bad.body.client_msg).toBe(pageSizeText);
    });

    it('refuses every call to a user without M06, and another company\'s employee to a manager', async () => {
      const clerk = (await env.login('clerk')).access_token;
      const buyer = (await env.login('buyer')).access_token;
      for (const token of [clerk, buyer]) {
        expect((await list(token)).status).toBe(403);
        expect((await create(token, newEmployee())).status).toBe(403);
        expect((await env.api('contactList', {}, { token })).status).toBe(403);
      }
      const before = await userRow('buyer');
      const buyerId = before.id;
      const tries = [
        await update(seller, { id: buyerId, display_name: '冒名顶替', mobile: '13977776666', permissions: [] }),
        await setActive(seller, buyerId, false),
        await resetPassword(seller, buyerId, 'hijack2026x'),
      ];
      for (const r of tries) {
        expect(r.status).toBe(403);
        expect(r.body.client_msg).toBe(orgText.otherCompanyEmployee);
      }
      expect(await userRow('buyer')).toEqual(before);
      expect((await env.login('buyer')).access_token).toBeTruthy();
      expect((await update(seller, { id: 999999, display_name: '不存在', mobile: '13977776666', permissions: [] })).status).toBe(404);
    });

    it('adds an employee who signs in with only the granted codes: no order calls', async () => {
      const before = await userCount();
      const r = await create(seller, newEmployee());
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ username: 'cangku01', display_name: '周仓库', mobile: '13911112222', permissions: ['M03'], is_owner: false, active: true });
      expect(await userCount()).toBe(before + 1);
      const row = await userRow('cangku01');
      expect(row.company_id).toBe((await userRow('seller')).company_id);

      const token = (await env.login('CangKu01', { password: 'cangku2026' })).access_token;
      expect((await profile(token)).body.data.permissions).toEqual(['M03']);
      expect((await salesOrders(token)).status).toBe(403);
      expect((await list(token)).status).toBe(403);
    });

    it('creates once per Idempotency-Key', async () => {
      const before = await userCount();
      const a = await create(seller, newEmployee(), 'org-create-0001');
      const b = await create(seller, newEmployee(), 'org-create-0001');
      expect(a.body.code).toBe(200);
      expect(b.body.data).toEqual(a.body.data);
      expect(b.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await userCount()).toBe(before + 1);
    });

    it.each([
      ['username', { username: '1abc' }, '用户名须为4到20位字母、数字或下划线'],
      ['username', { username: 'Clerk' }, msg.usernameTaken],
      ['display_name', { display_name: '' }, '请输入员工姓名'],
      ['display_name', { display_name: '周' }, '员工姓名至少2个字符'],
      ['mobile', { mobile: '12911112222' }, '手机号须为11位中国大陆手机号码'],
      ['mobile', { mobile: '13800000003' }, orgText.mobileTaken],
      ['password', { password: 'short1' }, '登录密码至少8位'],
      ['password', { password: 'onlyletters' }, '登录密码须包含数字'],
      ['password', { username: 'cangku2026', password: 'CangKu2026' }, '登录密码不能与用户名相同'],
      ['permissions.0', { permissions: ['X99'] }, orgText.unknownCode],
      ['permissions', { permissions: ['M03', 'D01'] }, orgText.ungrantable('D01')],
    ])('refuses a bad %s with a Chinese message and adds nobody', async (field, over, text) => {
      const before = await userCount();
      const r = await create(seller, newEmployee(over));
      expect(r.status).toBe(422);
      expect(r.body.field).toBe(field);
      expect(r.body.client_msg).toContain(text);
      expect(await userCount()).toBe(before);
    });

    it('refuses adding or enabling past the level\'s employee limit, naming the limit', async () => {
      await db().updateTable('company_level').set({ employee_limit: 2 }).where('name', '=', '正式会员').execute();
      const before = await userCount();
      const r = await create(seller, newEmployee());
      expect(r.status).toBe(409);
      expect(r.body.client_msg).toBe('员工数量已达上限（2人），请升级会员等级');
      expect(await userCount()).toBe(before);
      const clerkId = await userId('clerk');
      expect((await setActive(seller, clerkId, false)).body.data.active).toBe(false);
      expect((await create(seller, newEmployee())).status).toBe(200);
      const enable = await setActive(seller, clerkId, true);
      expect(enable.status).toBe(409);
      expect(enable.body.client_msg).toBe(orgText.employeeLimit(2));
      expect((await userRow('clerk')).active).toBe(false);
      const limit = await env.api('getEmployeeLimit', { company_id: 2 }, { token: seller });
      expect(limit.body.data).toEqual({ have: 2, limit: 2 });
    });

    it('lets only one of two adds made at once take the last place', async () => {
      await db().updateTable('company_level').set({ employee_limit: 3 }).where('name', '=', '正式会员').execute();
      const [a, b] = await Promise.all([
        create(seller, newEmployee()),
        create(seller, newEmployee({ username: 'cangku02', mobile: '13911113333' })),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((await list(seller)).body.data).toMatchObject({ total: 3, have: 3, limit: 3 });
    });

    it.each([
      ['display_name', { display_name: '   ' }, '请输入员工姓名'],
      ['mobile', { mobile: '1380000000' }, '手机号须为11位'],
      ['permissions', { permissions: 'M03' }, '员工权限应为权限代码的列表'],
      ['id', { id: 'abc' }, '员工编号应为正整数'],
      ['id', { id: 0 }, '员工编号应为正整数'],
    ])('refuses an edit with a bad %s and changes nothing', async (field, over, text) => {
      const before = await userRow('clerk');
      // some rows send what the contract's type refuses (a code that is no list): sent raw
      const r = await env.callRaw('PUT', '/api/org/employee/update', { token: seller, body: { id: before.id, display_name: '李晓琳', mobile: '13800000003', permissions: ['M03'], ...over } });
      expect(r.status).toBe(422);
      expect(envelope(r.body).field).toBe(field);
      expect(envelope(r.body).client_msg).toContain(text);
      expect(await userRow('clerk')).toEqual(before);
    });

    it('refuses a bad active flag or password for an employee and changes nothing', async () => {
      const before = await userRow('clerk');
      const flag = await env.callRaw('POST', '/api/org/employee/active', { token: seller, body: { id: before.id, active: 'maybe' } });
      expect(flag.status).toBe(422);
      expect(envelope(flag.body).field).toBe('active');
      expect(envelope(flag.body).client_msg).toContain('启用状态只能是 true 或 false');
      const pw = await resetPassword(seller, before.id, 'no digits here');
      expect(pw.status).toBe(422);
      expect(pw.body.client_msg).toContain('新密码');
      expect(await userRow('clerk')).toEqual(before);
    });

    it('disabling signs the employee out at once (908), enabling lets them sign in again', async () => {
      const clerk = (await env.login('clerk')).access_token;
      const clerkId = await userId('clerk');
      const revokedBefore = env.revoked.length;
      const r = await setActive(seller, clerkId, false);
      expect(r.body.data).toMatchObject({ username: 'clerk', active: false });
      expect(env.revoked.length).toBeGreaterThan(revokedBefore);
      const next = await profile(clerk);
      expect(next.body.code).toBe(908);
      expect(next.body.client_msg).toBe(orgText.accountDisabled);
      expect((await env.api('userAuth', { username: 'clerk', password: 'demo123456' })).status).toBe(422);
      expect((await setActive(seller, clerkId, true)).body.data.active).toBe(true);
      expect((await env.login('clerk')).access_token).toBeTruthy();
    });

    it('a permission change takes effect on the employee\'s next request', async () => {
      const clerk = (await env.login('clerk')).access_token;
      expect((await salesOrders(clerk)).status).toBe(403);
      const clerkId = await userId('clerk');
      const r = await update(seller, { id: clerkId, display_name: '李晓琳', mobile: '13800000003', permissions: ['M03', 'C11', 'M01-00'] });
      expect(r.status).toBe(200);
      expect((await profile(clerk)).body.data.permissions).toEqual(['M03', 'C11', 'M01-00']);
      expect((await salesOrders(clerk)).status).toBe(200);
      await update(seller, { id: clerkId, display_name: '李小琳', mobile: '13900000003', permissions: ['C11'] });
      expect((await profile(clerk)).body.data).toMatchObject({ permissions: ['C11'], user_name: '李小琳' });
      expect((await salesOrders(clerk)).status).toBe(403);
      const dup = await update(seller, { id: clerkId, display_name: '李小琳', mobile: '13800000002', permissions: ['C11'] });
      expect(dup.status).toBe(422);
      expect(dup.body).toMatchObject({ field: 'mobile', client_msg: orgText.mobileTaken });
    });

    it('protects the owner and keeps a manager within their own codes', async () => {
      const sellerId = await userId('seller');
      const clerkId = await userId('clerk');
      const self = await setActive(seller, sellerId, false);
      expect(self.status).toBe(403);
      expect(self.body.client_msg).toBe(orgText.ownerProtected);
      const demote = await update(seller, { id: sellerId, display_name: '陈骏达', mobile: '13800000002', permissions: ['M06'] });
      expect(demote.status).toBe(403);
      // the owner edits their own name and mobile
      expect((await update(seller, { id: sellerId, display_name: '陈骏达总', mobile: '13800000002', permissions: (await userRow('seller')).permissions })).status).toBe(200);

      await update(seller, { id: clerkId, display_name: '李晓琳', mobile: '13800000003', permissions: ['M03', 'C11', 'M06'] });
      const clerk = (await env.login('clerk')).access_token;
      const owner = await userRow('seller');
      for (const r of [
        await update(clerk, { id: sellerId, display_name: '改名', mobile: '13800000002', permissions: owner.permissions }),
        await setActive(clerk, sellerId, false),
        await resetPassword(clerk, sellerId, 'takeover2026'),
      ]) expect(r.status).toBe(403);
      expect(await userRow('seller')).toEqual(owner);

      const own = await update(clerk, { id: clerkId, display_name: '李晓琳', mobile: '13800000003', permissions: ['M03', 'C11', 'M06', 'M09'] });
      expect(own.status).toBe(403);
      expect(own.body.client_msg).toBe(orgText.notSelfPermissions);
      const selfOff = await setActive(clerk, clerkId, false);
      expect(selfOff.body.client_msg).toBe(orgText.notSelfDisable);
      const beyond = await create(clerk, newEmployee({ permissions: ['M03', 'M09'] }));
      expect(beyond.status).toBe(422);
      expect(beyond.body.client_msg).toBe(orgText.beyondOwn('M09'));
      const granted = await create(clerk, newEmployee({ permissions: ['M03'] }));
      expect(granted.status).toBe(200);
      expect((await list(clerk)).body.data.grantable.sort()).toEqual(['C11', 'M03', 'M06']);
      // an employee holding a code the manager lacks is out of the manager's reach
      const cangku = await userId('cangku01');
      await update(seller, { id: cangku, display_name: '周仓库', mobile: '13911112222', permissions: ['M03', 'M09'] });
      expect((await resetPassword(clerk, cangku, 'another2026')).body.client_msg).toBe(orgText.notOwnCodes);
    });

    it('sets an employee\'s password: their sessions end, the new password signs in', async () => {
      const clerk = (await env.login('clerk')).access_token;
      const clerkId = await userId('clerk');
      const weak = await resetPassword(seller, clerkId, 'abc');
      expect(weak.status).toBe(422);
      expect(weak.body).toMatchObject({ field: 'password' });
      expect(weak.body.client_msg).toContain('新密码至少8位');
      expect((await resetPassword(seller, clerkId, 'Clerk')).status).toBe(422);
      expect((await profile(clerk)).body.code).toBe(200);
      expect((await resetPassword(seller, clerkId, 'newclerk2026')).body.code).toBe(200);
      expect((await profile(clerk)).body.code).toBe(908);
      expect((await env.login('clerk', { password: 'newclerk2026' })).access_token).toBeTruthy();
      expect((await resetPassword(seller, await userId('seller'), 'self2026xx')).body.client_msg).toBe(orgText.notSelfReset);
    });

    it('keeps the company\'s contacts: add, list in order, edit, delete; others\' contacts are out of reach', async () => {
      const add = (payload: PayloadIn<'contactCreate'>, token = seller) => env.api('contactCreate', payload, { token });
      const a = await add({ name: '陈经理', phone: '020-86321458', qq: '2851436677', wechat: 'junda_chen', position: '销售经理', sort: 2 });
      expect(a.status).toBe(200);
      const b = await add({ name: '黄小姐', phone: '13822223333', sort: 1 });
      expect(b.body.data).toMatchObject({ name: '黄小姐', qq: '', wechat: '', position: '', sort: 1 });
      const listed = await env.api('contactList', {}, { token: seller });
      expect(listed.body.data.map((c) => c.name)).toEqual(['黄小姐', '陈经理']);

      const badForms: Array<[PayloadIn<'contactCreate'>, string, string]> = [
        [{ name: '', phone: '13822223333' }, 'name', '请输入联系人姓名'],
        [{ name: '王', phone: '12' }, 'phone', '联系电话须为5到20位数字'],
        [{ name: '王', phone: '13822223333', qq: '0123' }, 'qq', 'QQ号须为5到12位数字'],
        [{ name: '王', phone: '13822223333', wechat: '微信' }, 'wechat', '微信号须为6到20位'],
        [{ name: '王', phone: '13822223333', sort: -1 }, 'sort', '排序应为0到9999的整数'],
      ];
      for (const [body, field, text] of badForms) {
        const r = await add(body);
        expect(r.status).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toContain(text);
      }
      const id = a.body.data.id;
      const edited = await env.api('contactUpdate', { id, name: '陈总', phone: '020-86321458', sort: 0 }, { token: seller });
      expect(edited.body.data).toMatchObject({ id, name: '陈总', qq: '', sort: 0 });

      const buyer = (await env.login('buyer')).access_token;
      await db().updateTable('app_user').set({ permissions: ['M06'] }).where('username', '=', 'buyer').execute();
      expect((await env.api('contactUpdate', { id, name: '冒名', phone: '13800000000' }, { token: buyer })).status).toBe(404);
      expect((await env.api('contactDelete', { id }, { token: buyer })).status).toBe(404);
      expect((await env.api('contactList', {}, { token: buyer })).body.data).toEqual([]);
      expect((await env.api('contactDelete', { id }, { token: seller })).body.code).toBe(200);
      expect((await env.api('contactList', {}, { token: seller })).body.data.map((c) => c.name)).toEqual(['黄小姐']);
    });

    it('the first contact speaks for the company on the chat card and the shop, to formal members only', async () => {
      const sellerUuid = (await userRow('seller')).uuid;
      const buyer = (await env.login('buyer')).access_token;
      const member = (await env.login('member')).access_token;
      const card = async (token: string) => (await env.api('imContact', { uuid: sellerUuid }, { token })).body.data;
      const shop = async (token: string) => (await env.api('getCompanyShop', { company_id: 2 }, { token })).body.data.company;
      expect(await card(buyer)).toMatchObject({ contact_phone: '020-86321458', contact_qq: '2851436677', contact_wechat_code: '' });
      await env.api('contactCreate', { name: '后加的', phone: '13855556666', sort: 5 }, { token: seller });
      await env.api('contactCreate', { name: '黄小姐', phone: '13822223333', wechat: 'huang_xj', sort: 1 }, { token: seller });
      expect(await card(buyer)).toMatchObject({ contact_phone: '13822223333', contact_qq: '', contact_wechat_code: 'huang_xj', contacts_visible: true });
      expect(await shop(buyer)).toMatchObject({ phone: '13822223333', qq: '' });
      const hidden = await card(member);
      expect(hidden.contacts_visible).toBe(false);
      expect(hidden).not.toHaveProperty('contact_phone');
      expect(hidden).not.toHaveProperty('contact_wechat_code');
      expect(await shop(member)).not.toHaveProperty('phone');
    });

    it('reads and updates the enterprise information: owner or M07, known brands and makes, own logo', async () => {
      const got = await env.api('enterpriseGet', {}, { token: seller });
      expect(got.body.data).toMatchObject({ name: '广州骏达汽车配件有限公司', short_name: '骏达汽配', logo: '', main_brands: [], main_makes: [], editable: true, is_seller: true, business_type: 'parts_dealer' });
      const brands = await db().insertInto('part_brand').values([{ name: '测试品牌甲' }, { name: '测试品牌乙' }]).returning(['id', 'name']).execute();
      const makes = await db().insertInto('make').values([{ name: '测试车型', initial: 'C' }]).returning(['id', 'name']).execute();
      const logo = (await env.api('fileUpload', { base64_data: PNG_1PX, file_name: 'logo.png' }, { token: seller })).body.data.file_path;
      const form = {
        name: '广州骏达汽车配件有限公司', short_name: '骏达', phone: '020-86321459', province: '广东省', city: '广州市', address: '白云区广园西路1号',
        logo, main_brand_ids: [brands[1].id, brands[0].id], main_make_ids: [makes[0].id],
      };
      const put = (token: string, payload: PayloadIn<'enterpriseUpdate'>) => env.api('enterpriseUpdate', payload, { token });
      const saved = await put(seller, form);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ short_name: '骏达', logo, main_brands: [brands[1], brands[0]], main_makes: [makes[0]] });

      const before = await db().selectFrom('company').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
      const badForms: Array<[PayloadIn<'enterpriseUpdate'>, string, string]> = [
        [{ ...form, main_brand_ids: [brands[0].id, 99999999] }, 'main_brand_ids.1', orgText.unknownBrand(99999999)],
        [{ ...form, main_make_ids: [99999999] }, 'main_make_ids.0', orgText.unknownMake(99999999)],
        [{ ...form, logo: '/api/uploads/0123456789abcdef0123456789abcdef.png' }, 'logo', orgText.logoNotOurs],
        [{ ...form, name: '甲' }, 'name', '企业名称至少2个字符'],
        [{ ...form, phone: 'abc' }, 'phone', '联系电话须为'],
        [{ ...form, main_brand_ids: ['x'] }, 'main_brand_ids.0', '主营品牌编号应为正整数'],
        [{ ...form, business_type: 'garage' as never }, 'business_type', '请选择企业类型'],
      ];
      for (const [body, field, text] of badForms) {
        const r = await put(seller, body);
        expect(r.status).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toContain(text);
      }
      expect(await db().selectFrom('company').selectAll().where('id', '=', 2).executeTakeFirstOrThrow()).toEqual(before);

      const clerk = (await env.login('clerk')).access_token;
      expect((await env.api('enterpriseGet', {}, { token: clerk })).body.data).toMatchObject({ short_name: '骏达', editable: false });
      const refused = await put(clerk, { ...form, short_name: '员工改名' });
      expect(refused.status).toBe(403);
      expect(refused.body.client_msg).toBe(orgText.enterpriseOwnerOrM07);
      // another company's upload is not this company's logo
      const member = (await env.login('member')).access_token;
      const theirs = await put(member, { name: '杭州顺捷汽车修理厂', short_name: '顺捷汽修', phone: '', province: '浙江省', city: '杭州市', address: '拱墅区', logo });
      expect(theirs.body).toMatchObject({ field: 'logo', client_msg: orgText.logoNotOurs });
      // an owner without M07 still edits their company
      expect((await put(member, { name: '杭州顺捷汽车修理厂', short_name: '顺捷', phone: '', province: '浙江省', city: '杭州市', address: '拱墅区' })).status).toBe(200);
      // the company type applies at once and is kept when a form leaves it out (docs/reports.md#company-types)
      expect((await env.api('enterpriseGet', {}, { token: member })).body.data.business_type).toBe('repair');
      expect((await put(member, { name: '杭州顺捷汽车修理厂', short_name: '顺捷', phone: '', province: '浙江省', city: '杭州市', address: '拱墅区', business_type: 'fleet' })).body.data.business_type).toBe('fleet');
      expect((await put(member, { name: '杭州顺捷汽车修理厂', short_name: '顺捷', phone: '', province: '浙江省', city: '杭州市', address: '拱墅区' })).body.data.business_type).toBe('fleet');
      expect((await put(clerk, { ...form, business_type: 'other' })).status).toBe(403);
      expect((await db().selectFrom('company').select('business_type').where('id', '=', 2).executeTakeFirstOrThrow()).business_type).toBe('parts_dealer');
    });

    it('sums up the back-office home with the figures the caller may see', async () => {
      await db().updateTable('stock').set({ quantity: 0, price_lock: true }).where('id', 'in', db().selectFrom('stock').select('id').where('company_id', '=', 2).orderBy('id').limit(2)).execute();
      const count = async (where: 'zero' | 'locked') =>
        Number((await db().selectFrom('stock').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', 2)
          .where(where === 'zero' ? 'quantity' : 'price_lock', '=', where === 'zero' ? 0 : true).executeTakeFirstOrThrow()).n);
      const orders = async (status: 'pending' | 'confirmed') =>
        Number((await db().selectFrom('goods_order').select(sql<number>`count(*)::int`.as('n')).where('seller_company_id', '=', 2).where('status', '=', status).executeTakeFirstOrThrow()).n);
      const s = await env.api('backofficeSummary', {}, { token: seller });
      expect(s.status).toBe(200);
      expect(s.body.data).toMatchObject({
        sales_pending: await orders('pending'), sales_to_ship: await orders('confirmed'),
        stock_zero: await count('zero'), stock_locked: await count('locked'),
        stock_queries: { used: 0, total_per_day: 9999, unlimited: true },
        vin: { vin_company_order_current_type: 'date', available: null },
        employees: { have: 2, limit: 30 },
      });
      const clerk = (await env.login('clerk')).access_token;
      const c = await env.api('backofficeSummary', {}, { token: clerk });
      expect(c.body.data).toMatchObject({ sales_pending: null, sales_to_ship: null, stock_zero: await count('zero'), employees: null });
      const buyer = (await env.login('buyer')).access_token;
      expect((await env.api('backofficeSummary', {}, { token: buyer })).body.data).toMatchObject({ sales_pending: null, stock_zero: null, stock_locked: null });
    });
  });
});
