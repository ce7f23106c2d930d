import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingSms, type RecordingSms } from '../../src/server/modules/sms/sms.provider';
import type { PayloadIn } from '../../src/shared/contracts';
import { normaliseVnMobile, overseasText } from '../../src/shared/domain/overseas';
import { businessTypeText } from '../../src/shared/domain/company-type';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** Overseas (Vietnam) companies: registration, review, the operator's 海外 pages and their scoping (docs/overseas.md). */
describe.each(backends)('overseas companies on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'overseas', () => {
    let env: TestEnv;
    let sms: RecordingSms;
    let operator: string;
    let buyer: string;
    let vnbuyer: string;
    beforeAll(async () => {
      sms = createRecordingSms();
      env = await createTestEnv(backend, { sms });
      operator = (await env.login('operator')).access_token;
      buyer = (await env.login('buyer')).access_token;
      vnbuyer = (await env.login('vnbuyer')).access_token;
      // migrating and seeding take minutes on a machine busy with other suites
    }, 400_000);
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const form = (over: Partial<PayloadIn<'overseasRegister'>> = {}): PayloadIn<'overseasRegister'> => ({
      company_name: 'Công ty TNHH Phụ tùng Hà Nội', business_type: 'repair', contact_name: 'Trần Minh', username: 'hanoiparts', mobile: '0987654321',
      sms_code: '000000', password: 'hanoi2026x', password2: 'hanoi2026x', agree: true,
      province: 'HN', tax_code: '0101234567', address: '12 Phố Huế, Hai Bà Trưng', ...over,
    });
    let address = 0;
    /** a code sent to the number (from a fresh address, so the day's cap per address never bites) and a registration with it */
    const register = async (over: Partial<PayloadIn<'overseasRegister'>> = {}) => {
      const f = form(over);
      const sent = await env.api('smsCodeSend', { mobile: f.mobile, purpose: 'register' }, { address: `10.9.0.${++address}` });
      expect(sent.status).toBe(200);
      return env.api('overseasRegister', { ...f, sms_code: sms.lastCode(normaliseVnMobile(f.mobile) ?? f.mobile, 'register') ?? '' });
    };
    const count = async (table: 'company' | 'app_user' | 'overseas_registration') =>
      Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const userId = async (username: string) => (await db().selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

    let pendingId = 0;
    let pendingToken = '';

    it('registers a Vietnamese company waiting for review: signed in, no codes, cannot buy', async () => {
      const r = await register({ mobile: '+84 987 654 321' });
      expect(r.status).toBe(200);
      pendingToken = r.body.data.access_token;
      const me = (await env.api('userProfileGet', undefined, { token: pendingToken })).body.data;
      expect(me.permissions).toEqual([]);
      const row = await db().selectFrom('company').select(['country', 'province', 'address', 'phone', 'business_type']).where('id', '=', me.company_id).executeTakeFirstOrThrow();
      expect(row).toEqual({ country: 'VN', province: 'Hà Nội', address: '12 Phố Huế, Hai Bà Trưng', phone: '+84987654321', business_type: 'repair' });
      const mine = (await env.api('overseasMine', {}, { token: pendingToken })).body.data;
      expect(mine.registration).toMatchObject({ state: 'pending', province: 'HN', province_name: 'Hà Nội', tax_code: '0101234567', mobile: '+84987654321', owner_username: 'hanoiparts' });
      expect(mine.is_owner).toBe(true);
      pendingId = mine.registration!.id;
      // no purchase code while waiting: the cart refuses
      expect((await env.api('cartList', { type_code: '配件产品' }, { token: pendingToken })).status).toBe(403);
    });

    it('refuses each bad field with a message naming it, and creates nothing', async () => {
      const before = { company: await count('company'), user: await count('app_user'), reg: await count('overseas_registration') };
      const cases: Array<[Partial<PayloadIn<'overseasRegister'>>, string, string]> = [
        [{ tax_code: '12345' }, 'tax_code', '税号须为10位数字'],
        [{ tax_code: '0101234567-12' }, 'tax_code', '税号须为10位数字'],
        [{ tax_code: '' }, 'tax_code', '请填写税号'],
        [{ province: 'XX' as 'HN' }, 'province', '越南34个省市'],
        [{ province: '' as 'HN' }, 'province', '请选择所在省/市'],
        [{ mobile: '0212345678' }, 'mobile', '越南手机号'],
        [{ mobile: '13912345678' }, 'mobile', '越南手机号'],
        [{ mobile: '+8491234567' }, 'mobile', '越南手机号'],
        [{ company_name: ' ' }, 'company_name', '请填写企业名称'],
        [{ address: 'abc' }, 'address', '详细地址须为5到100个字符'],
        [{ business_type: '' as 'repair' }, 'business_type', businessTypeText.pick],
        [{ business_type: 'garage' as 'repair' }, 'business_type', businessTypeText.pick],
      ];
      for (const [change, field, text] of cases) {
        const r = await env.api('overseasRegister', form({ username: 'badinput1', ...change }));
        expect(r.status, field).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toContain(text);
      }
      // the tax code of an approved company (the demo vnbuyer's), after a valid code
      const taken = await register({ username: 'dupetax1', mobile: '0901112223', tax_code: '0312345678' });
      expect(taken.status).toBe(422);
      expect(taken.body).toMatchObject({ field: 'tax_code', client_msg: overseasText.taxCodeTaken });
      const nameTaken = await register({ username: 'VNBuyer', mobile: '0901112224', tax_code: '0101234599' });
      expect(nameTaken.body.field).toBe('username');
      expect({ company: await count('company'), user: await count('app_user'), reg: await count('overseas_registration') }).toEqual(before);
    });

    it('accepts a branch tax code and every 3/5/7/8/9 mobile prefix', async () => {
      const r = await register({ username: 'danangbr', mobile: '0356789012', tax_code: '0401234567-001', province: 'DN', business_type: 'fleet' });
      expect(r.status).toBe(200);
      const mine = (await env.api('overseasMine', {}, { token: r.body.data.access_token })).body.data.registration;
      expect(mine).toMatchObject({ tax_code: '0401234567-001', province_name: 'Đà Nẵng', mobile: '+84356789012', state: 'pending' });
      // its 企业类型 is what it chose, as the operators' company list shows it
      const listed = (await env.api('opCompanyList', { business_type: 'fleet' }, { token: operator })).body.data;
      expect(listed.data.find((c) => c.id === mine!.company_id)).toMatchObject({ business_type: 'fleet' });
    });

    it('operators list registrations pending first, filter them and the company list by province and state', async () => {
      const list = (await env.api('foreignRegistrationList', {}, { token: operator })).body.data;
      expect(list.data[0].state).toBe('pending');
      expect(list.data.map((r) => r.company_name)).toContain('Công ty TNHH Phụ tùng Ô tô Sài Gòn');
      const hn = (await env.api('foreignCompanyList', { province: 'HN' }, { token: operator })).body.data;
      expect(hn.data.map((r) => r.tax_code)).toEqual(['0101234567']);
      const approved = (await env.api('foreignCompanyList', { state: 'approved' }, { token: operator })).body.data;
      expect(approved.data.every((r) => r.state === 'approved')).toBe(true);
      expect(approved.data.map((r) => r.owner_username)).toContain('vnbuyer');
      const byTax = (await env.api('foreignCompanyList', { k: '0401234567' }, { token: operator })).body.data;
      expect(byTax.total).toBe(1);
      // Chinese companies never appear
      const all = (await env.api('foreignCompanyList', { page_size: 800 }, { token: operator })).body.data;
      expect(all.data.map((r) => r.company_name)).not.toContain('上海申通汽车维修服务有限公司');
      const bad = await env.api('foreignCompanyList', { province: 'ZZ' as 'HN' }, { token: operator });
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('province');
    });

    it('needs a 海外 code for every call; a Vietnamese or Chinese member is refused', async () => {
      const companyOnly = await operatorWith(env, 'op-company-only', ['D02']);
      for (const token of [companyOnly, buyer, vnbuyer]) {
        expect((await env.api('foreignRegistrationList', {}, { token })).status).toBe(403);
        expect((await env.api('foreignRegistrationApprove', { id: pendingId }, { token })).status).toBe(403);
        expect((await env.api('foreignUserList', {}, { token })).status).toBe(403);
      }
      // reading is not deciding
      const reader = await operatorWith(env, 'op-foreign-read', ['D09-01']);
      expect((await env.api('foreignRegistrationList', {}, { token: reader })).status).toBe(200);
      expect((await env.api('foreignRegistrationApprove', { id: pendingId }, { token: reader })).status).toBe(403);
      expect((await env.api('overseasMine', {}, { token: pendingToken })).body.data.registration?.state).toBe('pending');
    });

    it('approval grants the level owner template, once; it is in the audit log', async () => {
      const r = await env.api('foreignRegistrationApprove', { id: pendingId }, { token: operator });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ state: 'approved', reviewer_name: '运营管理员' });
      const codes = (await db().selectFrom('app_user').select('permissions').where('username', '=', 'hanoiparts').executeTakeFirstOrThrow()).permissions;
      const template = (await db().selectFrom('company_level').select('owner_codes').where('name', '=', '注册会员').executeTakeFirstOrThrow()).owner_codes;
      expect([...codes].sort()).toEqual([...template].sort());
      const token = (await env.login('hanoiparts', { password: 'hanoi2026x' })).access_token;
      expect((await env.api('cartList', { type_code: '配件产品' }, { token })).status).toBe(200);
      const again = await env.api('foreignRegistrationApprove', { id: pendingId }, { token: operator });
      expect(again.status).toBe(409);
      expect(again.body.client_msg).toContain('已通过');
      const logged = await db().selectFrom('operator_audit').select(['action', 'entity_id']).where('entity', '=', 'overseas_registration').execute();
      expect(logged).toContainEqual({ action: 'approve', entity_id: String(pendingId) });
    });

    it('rejection needs a reason the owner reads; the owner corrects and resubmits', async () => {
      const r = await register({ username: 'cantho01', mobile: '0771234567', tax_code: '1801234567', province: 'CT' });
      const token = r.body.data.access_token;
      const id = (await env.api('overseasMine', {}, { token })).body.data.registration!.id;
      const noReason = await env.api('foreignRegistrationReject', { id, reason: ' ' }, { token: operator });
      expect(noReason.status).toBe(422);
      expect(noReason.body.field).toBe('reason');
      // pending: nothing to correct yet
      expect((await env.api('overseasResubmit', { company_name: 'Công ty Cần Thơ', province: 'CT', tax_code: '1801234567', address: '1 Đường 30/4, Ninh Kiều' }, { token })).status).toBe(409);
      const rejected = await env.api('foreignRegistrationReject', { id, reason: '税号与营业执照不符' }, { token: operator });
      expect(rejected.body.data).toMatchObject({ state: 'rejected', reject_reason: '税号与营业执照不符' });
      expect((await env.api('overseasMine', {}, { token })).body.data.registration).toMatchObject({ state: 'rejected', reject_reason: '税号与营业执照不符' });
      const badTax = await env.api('overseasResubmit', { company_name: 'Công ty Cần Thơ', province: 'CT', tax_code: '0312345678', address: '1 Đường 30/4, Ninh Kiều' }, { token });
      expect(badTax.body).toMatchObject({ field: 'tax_code', client_msg: overseasText.taxCodeTaken });
      const again = await env.api('overseasResubmit', { company_name: 'Công ty Cần Thơ', province: 'CT', tax_code: '1801234568', address: '1 Đường 30/4, Ninh Kiều' }, { token });
      expect(again.body.data).toMatchObject({ state: 'pending', tax_code: '1801234568', company_name: 'Công ty Cần Thơ', reject_reason: '' });
      // a Chinese company has no registration to correct
      expect((await env.api('overseasMine', {}, { token: buyer })).body.data.registration).toBeNull();
      expect((await env.api('overseasResubmit', { company_name: 'Công ty X', province: 'HN', tax_code: '0101234570', address: '1 Phố Huế, Hà Nội' }, { token: buyer })).status).toBe(404);
    });

    it('lists only users of Vietnamese companies and disables only them', async () => {
      const users = (await env.api('foreignUserList', { page_size: 800 }, { token: operator })).body.data;
      const names = users.data.map((u) => u.username);
      expect(names).toContain('vnbuyer');
      expect(names).not.toContain('buyer');
      const chinese = await userId('buyer');
      const refused = await env.api('foreignUserSetActive', { ids: [chinese], active: false }, { token: operator });
      expect(refused.status).toBe(422);
      expect(refused.body.client_msg).toContain(overseasText.notOverseas);
      expect((await db().selectFrom('app_user').select('active').where('id', '=', chinese).executeTakeFirstOrThrow()).active).toBe(true);
      const target = await userId('danangbr');
      expect((await env.api('foreignUserSetActive', { ids: [target], active: false }, { token: operator })).body.data).toEqual({ changed: 1 });
      expect((await env.api('userAuth', { username: 'danangbr', password: 'hanoi2026x' })).body.code).not.toBe(200);
      expect((await env.api('foreignUserSetActive', { ids: [target], active: true }, { token: operator })).body.data).toEqual({ changed: 1 });
      expect((await env.api('userAuth', { username: 'danangbr', password: 'hanoi2026x' })).body.code).toBe(200);
    });

    it('shows the VIN decodes of Vietnamese users only, filtered by VIN and date', async () => {
      await db().insertInto('vin_query_log').values({ company_id: 3, user_id: await userId('buyer'), vin: 'LSVAA4182E2123456', created_at: new Date() }).execute();
      const all = (await env.api('foreignVinRecordList', {}, { token: operator })).body.data;
      expect(all.data.map((r) => r.vin).sort()).toEqual(['LFV2A21K6E3012345', 'RL4BT9F37H9501234']);
      expect(all.data.every((r) => r.username === 'vnbuyer')).toBe(true);
      expect((await env.api('foreignVinRecordList', { vin: 'rl4bt' }, { token: operator })).body.data.total).toBe(1);
      expect((await env.api('foreignVinRecordList', { date_from: '2000-01-01', date_to: '2000-01-02' }, { token: operator })).body.data.total).toBe(0);
      const reversed = await env.api('foreignVinRecordList', { date_from: '2026-02-02', date_to: '2026-02-01' }, { token: operator });
      expect(reversed.status).toBe(422);
      expect(reversed.body.field).toBe('date_to');
    });

    it('finds chats with a Vietnamese side only and logs each read', async () => {
      const [vn, seller, cnBuyer] = [await userId('vnbuyer'), await userId('seller'), await userId('buyer')];
      const conv = async (a: number, b: number, text: string) => {
        const c = await db().insertInto('im_conversation').values({ user_low: Math.min(a, b), user_high: Math.max(a, b), last_sent_at: new Date() }).returning('id').executeTakeFirstOrThrow();
        await db().insertInto('im_message').values({ conversation_id: c.id, sender_id: a, recipient_id: b, client_msg_id: `t-${c.id}`, message_type: 'RC:TxtMsg', text, sent_at: new Date() }).execute();
        return c.id;
      };
      const vnConv = await conv(vn, seller, 'Xin chào, có má phanh không?');
      const cnConv = await conv(cnBuyer, seller, '有刹车片吗');
      const found = (await env.api('foreignChatSearch', {}, { token: operator })).body.data;
      expect(found.data.map((c) => c.id)).toContain(vnConv);
      expect(found.data.map((c) => c.id)).not.toContain(cnConv);
      expect((await env.api('foreignChatSearch', { a: 'seller', b: 'vnbuyer' }, { token: operator })).body.data.total).toBe(1);
      const msgs = await env.api('foreignChatMessages', { conversation_id: vnConv }, { token: operator });
      expect(msgs.body.data.data[0].text).toBe('Xin chào, có má phanh không?');
      expect((await env.api('foreignChatMessages', { conversation_id: cnConv }, { token: operator })).status).toBe(404);
      const reads = await db().selectFrom('operator_audit').select('entity_id').where('entity', '=', 'conversation').where('action', '=', 'read').execute();
      expect(reads.map((r) => r.entity_id)).toEqual([String(vnConv)]);
    });

    it('operators fill in the Vietnamese of quick replies, audited', async () => {
      const q = await db().insertInto('im_quick_reply').values({ company_id: 2, cn_message: '您好，请问需要什么配件？', vn_message: '' }).returning('id').executeTakeFirstOrThrow();
      const missing = (await env.api('foreignQuickReplyList', { missing_vn: 'true' }, { token: operator })).body.data;
      expect(missing.data.map((r) => r.id)).toContain(q.id);
      const empty = await env.api('foreignQuickReplySave', { id: q.id, vn_message: '  ' }, { token: operator });
      expect(empty.status).toBe(422);
      expect(empty.body.field).toBe('vn_message');
      expect((await env.api('foreignQuickReplySave', { id: 999999, vn_message: 'Xin chào' }, { token: operator })).status).toBe(404);
      const saved = await env.api('foreignQuickReplySave', { id: q.id, vn_message: 'Xin chào, anh cần phụ tùng gì?' }, { token: operator });
      expect(saved.body.data).toMatchObject({ id: q.id, company_name: '广州骏达汽车配件有限公司', vn_message: 'Xin chào, anh cần phụ tùng gì?' });
      expect((await env.api('foreignQuickReplyList', { missing_vn: 'true' }, { token: operator })).body.data.data.map((r) => r.id)).not.toContain(q.id);
      // the seller's own list reads the operator's Vietnamese
      const seller = (await env.login('seller')).access_token;
      expect((await env.api('quickReplyList', {}, { token: seller })).body.data.data).toContainEqual({ id: q.id, cn_message: '您好，请问需要什么配件？', vn_message: 'Xin chào, anh cần phụ tùng gì?' });
      const log = await db().selectFrom('operator_audit').select(['action', 'entity_id']).where('entity', '=', 'quick_reply').execute();
      expect(log).toEqual([{ action: 'set', entity_id: String(q.id) }]);
    });
  });
});
