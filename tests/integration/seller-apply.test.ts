import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { SELLER_GRANT_CODES } from '../../src/shared/domain/seller-apply';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

/** a real 1×1 PNG */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const form: PayloadIn<'sellerApplySubmit'> = {
  company_name: '上海申通汽车配件有限公司', contact_name: '王志强', contact_phone: '13812345678', province: '上海市', city: '上海市',
  address: '闵行区沪闵路6088号', licence_no: '91310112ma1gbx7l4b', main_brands: '博世, 马勒, 曼牌', note: '主营德系车滤清器和刹车系统',
};

describe.each(backends)('seller application on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'seller application', () => {
    let env: TestEnv;
    let buyer: string;
    let operator: string;
    beforeAll(async () => {
      env = await createTestEnv(backend);
      buyer = (await env.login('buyer')).access_token;
      operator = (await env.login('operator')).access_token;
    });
    afterAll(async () => env?.close());

    const apply = (token: string, payload: PayloadIn<'sellerApplySubmit'>, idempotencyKey?: string) => env.api('sellerApplySubmit', payload, { token, idempotencyKey });
    const mine = async (token: string) => (await env.api('sellerApplyMine', {}, { token })).body.data;
    const approve = (id: number, token = operator) => env.api('sellerApplyApprove', { id }, { token });
    const reject = (id: number, reason: string, token = operator) => env.api('sellerApplyReject', { id, reason }, { token });
    const list = (query: PayloadIn<'sellerApplyList'>, token = operator) => env.api('sellerApplyList', query, { token });
    const buyerRow = async () => (await sql<{ is_seller: boolean; permissions: string[] }>`
      select c.is_seller, u.permissions from app_user u join company c on c.id = u.company_id where u.username = 'buyer'`.execute(env.database.db)).rows[0];
    const applications = async () => (await sql<{ n: number }>`select count(*)::int as n from seller_application`.execute(env.database.db)).rows[0].n;

    it('refuses a bad form field by field and stores nothing', async () => {
      const cases: Array<[Partial<PayloadIn<'sellerApplySubmit'>>, string, string]> = [
        [{ licence_no: '1234' }, 'licence_no', '18位统一社会信用代码'],
        [{ contact_phone: '12345' }, 'contact_phone', '11位手机号'],
        [{ company_name: '' }, 'company_name', '请填写公司名称'],
        [{ note: 'x'.repeat(501) }, 'note', '补充说明最多500个字符'],
      ];
      for (const [change, field, text] of cases) {
        const r = await apply(buyer, { ...form, ...change });
        expect(r.status).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toContain(text);
      }
      // a required field left out: sent raw
      const noBrands = await env.callRaw('POST', '/api/seller-apply', { token: buyer, body: { ...form, main_brands: undefined } });
      expect(noBrands.status).toBe(422);
      expect(envelope(noBrands.body).field).toBe('main_brands');
      expect(envelope(noBrands.body).client_msg).toContain('请填写主营品牌');
      expect(await applications()).toBe(0);
    });

    it('only the company owner may apply; a seller company need not', async () => {
      expect((await apply(operator, form)).body).toMatchObject({ code: 403, client_msg: msg.headCompanyCannotApply });
      const seller = (await env.login('seller')).access_token;
      expect((await apply(seller, form)).body).toMatchObject({ code: 409, client_msg: msg.alreadySeller });
      const clerk = (await env.login('clerk')).access_token;
      expect((await apply(clerk, form)).body).toMatchObject({ code: 403, client_msg: msg.applyOwnerOnly });
      await sql`update app_user set is_owner = false where username = 'trial'`.execute(env.database.db);
      const trial = (await env.login('trial')).access_token;
      const r = await apply(trial, form);
      expect(r.status).toBe(403);
      expect(r.body.client_msg).toBe(msg.applyOwnerOnly);
      await sql`update app_user set is_owner = true where username = 'trial'`.execute(env.database.db);
      expect(await applications()).toBe(0);
    });

    let firstId: number;
    it('a buyer owner applies once, with licence photos of its own; a second open application is refused', async () => {
      const upload = (token: string) => env.api('fileUpload', { base64_data: PNG_1PX, file_name: '营业执照.png' }, { token });
      const mine1 = (await upload(buyer)).body.data.file_path;
      const sellers = (await upload((await env.login('seller')).access_token)).body.data.file_path;
      const foreign = await apply(buyer, { ...form, licence_images: [mine1, sellers] });
      expect(foreign).toMatchObject({ status: 422, body: { field: 'licence_images.1' } });
      expect(foreign.body.client_msg).toContain(msg.licenceImageNotOurs);
      expect((await apply(buyer, { ...form, licence_images: ['a', 'b', 'c', 'd'] })).body).toMatchObject({ code: 422, field: 'licence_images' });
      expect(await applications()).toBe(0);
      const r = await apply(buyer, { ...form, licence_images: [mine1, mine1] });
      expect(r.status).toBe(200);
      expect(r.body.data.licence_images).toEqual([mine1]);
      expect(r.body.data).toMatchObject({ state: 'pending', licence_no: '91310112MA1GBX7L4B', reject_reason: null, reviewed_at: 0, applicant_name: '王志强' });
      firstId = r.body.data.id;
      const again = await apply(buyer, { ...form, note: '再次提交' });
      expect(again.status).toBe(409);
      expect(again.body.client_msg).toBe(msg.applyPending);
      const m = await mine(buyer);
      expect(m).toMatchObject({ is_seller: false, is_owner: true });
      expect(m.applications.map((a) => [a.id, a.state])).toEqual([[firstId, 'pending']]);
    });

    it('only operators of the head company holding the audit code may list and review', async () => {
      expect((await list({}, buyer)).status).toBe(403);
      expect((await approve(firstId, buyer)).status).toBe(403);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
        select '00000000-0000-4000-8000-0000000000f1', 1, 'op-nocode', '无审核权限', password_hash, array['D01', 'D01-01'] from app_user where username = 'operator'`.execute(env.database.db);
      const weak = (await env.login('op-nocode')).access_token;
      const r = await approve(firstId, weak);
      expect(r.status).toBe(403);
      expect((await list({}, weak)).status).toBe(403);
      expect((await buyerRow()).is_seller).toBe(false);
    });

    it('rejecting needs a reason; the applicant sees it and may apply again', async () => {
      const noReason = await reject(firstId, ' ');
      expect(noReason.status).toBe(422);
      expect(noReason.body.field).toBe('reason');
      for (const huge of [2147483648, 1e308]) {
        expect((await approve(huge)).body).toMatchObject({ code: 422, field: 'id' });
        expect((await reject(huge, '资料不全')).body).toMatchObject({ code: 422, field: 'id' });
      }
      const r = await reject(firstId, '营业执照照片不清晰，请重新上传');
      expect(r.body.data).toMatchObject({ state: 'rejected', reject_reason: '营业执照照片不清晰，请重新上传', reviewer_name: '运营管理员' });
      expect(r.body.data.reviewed_at).toBe(Math.floor(env.clock.now().getTime() / 1000));
      const m = await mine(buyer);
      expect(m.applications[0]).toMatchObject({ state: 'rejected', reject_reason: '营业执照照片不清晰，请重新上传' });
      expect((await buyerRow()).is_seller).toBe(false);
      // a reviewed application is not reviewed again
      const twice = await approve(firstId);
      expect(twice.status).toBe(409);
      expect(twice.body.client_msg).toMatch(/^该申请已于 \d{4}-\d\d-\d\d \d\d:\d\d 由 运营管理员 审核（已驳回），不能重复审核$/);
      expect((await buyerRow()).is_seller).toBe(false);
    });

    let secondId: number;
    it('approval is one transaction: when recording the review fails, nothing is granted', async () => {
      const r = await apply(buyer, { ...form, note: '已补充清晰的执照照片' });
      expect(r.status).toBe(200);
      secondId = r.body.data.id;
      const pending = (await list({ state: 'pending' })).body.data;
      expect(pending.data.map((a) => a.id)).toEqual([secondId]);
      const before = await buyerRow();
      await sql`create function qph_fail_review() returns trigger language plpgsql as $$ begin raise exception 'review store failed'; end $$`.execute(env.database.db);
      await sql`create trigger qph_fail_review before update on seller_application for each row execute function qph_fail_review()`.execute(env.database.db);
      const failed = await approve(secondId);
      expect(failed.status).toBe(500);
      expect(await buyerRow()).toEqual(before);
      await sql`drop trigger qph_fail_review on seller_application`.execute(env.database.db);
      await sql`drop function qph_fail_review()`.execute(env.database.db);
    });

    it('approval makes the company a seller and grants the owner the seller codes, once', async () => {
      const before = await buyerRow();
      const [a, b] = await Promise.all([approve(secondId), approve(secondId)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const ok = a.status === 200 ? a : b;
      expect(ok.body.data).toMatchObject({ state: 'approved', reviewer_name: '运营管理员', reject_reason: null });
      const after = await buyerRow();
      expect(after.is_seller).toBe(true);
      expect(after.permissions).toEqual([...new Set([...before.permissions, ...SELLER_GRANT_CODES])].sort());
      // the new codes count at once on the server, and the profile says seller
      const profile = (await env.api('userProfileGet', undefined, { token: buyer })).body.data;
      expect(profile.is_seller).toBe(true);
      expect(profile.permissions).toContain('M03');
      // the clerk of another company was not touched
      const clerk = (await sql<{ permissions: string[] }>`select permissions from app_user where username = 'clerk'`.execute(env.database.db)).rows[0];
      expect(clerk.permissions).toEqual(['M03', 'C11']);
      expect((await apply(buyer, form)).body.client_msg).toBe(msg.alreadySeller);
    });

    it('lists by state and company name, pending first', async () => {
      const member = (await env.login('member')).access_token;
      // an offline replay of the same submission does not make a second application
      const key = 'apply-member-0001';
      const m = await apply(member, { ...form, company_name: '杭州顺捷汽车修理厂' }, key);
      expect(m.status).toBe(200);
      const replay = await apply(member, { ...form, company_name: '杭州顺捷汽车修理厂' }, key);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body.data.id).toBe(m.body.data.id);
      const all = (await list({})).body.data;
      expect(all.total).toBe(3);
      expect(all.data.map((a) => a.state)).toEqual(['pending', 'approved', 'rejected']);
      const named = (await list({ k: '顺捷' })).body.data;
      expect(named.data.map((a) => a.company_name)).toEqual(['杭州顺捷汽车修理厂']);
      const rejected = (await list({ state: 'rejected' })).body.data;
      expect(rejected.data.map((a) => a.id)).toEqual([firstId]);
      expect((await env.callRaw('GET', '/api/operation/seller-apply?state=done', { token: operator })).body).toMatchObject({ code: 422, field: 'state' });
    });
  });
});
