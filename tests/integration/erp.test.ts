import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PayloadIn } from '../../src/shared/contracts';
import { erpText } from '../../src/shared/domain/erp';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** ERP products (system/erps), a company's ERP choice and the operator's company/yigou and company/erp (docs/open-platform.md). */
describe.each(backends)('ERP products and choices on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'ERP', () => {
    let env: TestEnv;
    let op: string;
    let seller: string;
    let clerk: string;
    let buyer: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 20 });
      [op, seller, clerk, buyer] = await Promise.all(['operator', 'seller', 'clerk', 'buyer'].map(async (u) => (await env.login(u)).access_token));
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const products = (p: Partial<PayloadIn<'opErpList'>> = {}, token = op) => env.api('opErpList', { k: '', active: '', ...p }, { token });
    const save = (p: PayloadIn<'opErpSave'>, token = op) => env.api('opErpSave', p, { token });
    const setActive = (p: PayloadIn<'opErpSetActive'>, token = op) => env.api('opErpSetActive', p, { token });
    const choice = (token: string) => env.api('erpChoiceGet', {}, { token });
    const choose = (p: PayloadIn<'erpChoiceSave'>, token: string) => env.api('erpChoiceSave', p, { token });
    const productRows = async () => (await db().selectFrom('erp_product').selectAll().orderBy('id').execute()).map((r) => ({ ...r, created_at: 0, updated_at: 0 }));
    const idOf = async (name: string) => (await db().selectFrom('erp_product').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

    it('seeds the common ERP products, listed in the operator\'s order', async () => {
      const r = await products();
      expect(r.status).toBe(200);
      expect(r.body.data.data.map((p) => p.name)).toEqual(['管家婆', '用友', '金蝶', '速达', '自研/其他']);
      expect(r.body.data.data[0]).toMatchObject({ vendor: '任我行软件', active: true, companies: 0 });
      expect((await products({ k: '金蝶软件' })).body.data.data.map((p) => p.name)).toEqual(['金蝶']);
    });

    it('adds and edits a product, with each write in the audit log', async () => {
      const add = await save({ id: 0, name: '  思迅  ', vendor: '思迅软件', note: '商超与门店', sort: 50 });
      expect(add.status).toBe(200);
      expect(add.body.data).toMatchObject({ name: '思迅', vendor: '思迅软件', note: '商超与门店', sort: 50, active: true, companies: 0 });
      const id = add.body.data.id;
      const edit = await save({ id, name: '思迅', vendor: '思迅软件', note: '商超、门店进销存', sort: '45' as never });
      expect(edit.body.data).toMatchObject({ note: '商超、门店进销存', sort: 45 });
      const audit = (await sql<{ action: string; old_value: unknown; new_value: unknown }>`
        select action, old_value, new_value from operator_audit where entity = 'erp_product' and entity_id = ${String(id)} order by id`.execute(db())).rows;
      expect(audit).toEqual([
        { action: 'create', old_value: null, new_value: { name: '思迅', vendor: '思迅软件', note: '商超与门店', sort: 50 } },
        { action: 'update', old_value: { note: '商超与门店', sort: 50 }, new_value: { note: '商超、门店进销存', sort: 45 } },
      ]);
      expect((await products()).body.data.data.map((p) => p.name)).toEqual(['管家婆', '用友', '金蝶', '速达', '思迅', '自研/其他']);
    });

    it('refuses bad products field by field, in Chinese, and changes nothing', async () => {
      const before = await productRows();
      const cases: Array<[PayloadIn<'opErpSave'>, string, RegExp]> = [
        [{ id: 0, name: '' }, 'name', /请填写名称/],
        [{ id: 0, name: '   ' }, 'name', /请填写名称/],
        [{ id: 0, name: '某'.repeat(31) }, 'name', /名称最多30个字符/],
        [{ id: 0, name: '金蝶' }, 'name', new RegExp(erpText.nameTaken)],
        [{ id: 0, name: 'X', vendor: '厂'.repeat(41) }, 'vendor', /厂商最多40个字符/],
        [{ id: 0, name: 'X', note: '说'.repeat(201) }, 'note', /说明最多200个字符/],
        [{ id: 0, name: 'X', sort: -1 }, 'sort', /排序不能小于0/],
        [{ id: 0, name: 'X', sort: 'abc' as never }, 'sort', /排序应为整数/],
      ];
      for (const [payload, field, text] of cases) {
        const r = await save(payload);
        expect(r.status, JSON.stringify(payload)).toBe(422);
        expect(r.body.field, JSON.stringify(payload)).toBe(field);
        expect(r.body.msg, JSON.stringify(payload)).toMatch(text);
        expect(r.body.msg).not.toMatch(/[a-z_]{4,}/);
      }
      // the name is unique whatever its case
      await save({ id: 0, name: 'Odoo', vendor: 'Odoo S.A.' });
      const upper = await save({ id: 0, name: 'ODOO' });
      expect(upper.status).toBe(422);
      expect(upper.body.msg).toBe(erpText.nameTaken);
      expect((await save({ id: 99999, name: '不存在' })).status).toBe(404);
      expect((await productRows()).filter((r) => !before.some((b) => b.id === r.id)).map((r) => r.name)).toEqual(['Odoo']);
    });

    it('refuses every ERP call of the operator to other users and operators without the code', async () => {
      const reporter = await operatorWith(env, 'erp_reporter', ['D01']);
      for (const token of [seller, buyer, reporter]) {
        expect((await products({}, token)).status).toBe(403);
        expect((await save({ id: 0, name: '偷加' }, token)).status).toBe(403);
        expect((await setActive({ ids: [1], active: false }, token)).status).toBe(403);
        expect((await env.api('opYigouList', {}, { token })).status).toBe(403);
        expect((await env.api('opCompanyErpList', {}, { token })).status).toBe(403);
      }
      expect(await db().selectFrom('erp_product').select('id').where('name', '=', '偷加').executeTakeFirst()).toBeUndefined();
      // a company reader (D02-01) sees the company pages but may not change the products
      const companyReader = await operatorWith(env, 'erp_company_reader', ['D02-01']);
      expect((await env.api('opCompanyErpList', {}, { token: companyReader })).status).toBe(200);
      expect((await save({ id: 0, name: '偷加' }, companyReader)).status).toBe(403);
    });

    it('lets the owner or an M07 holder pick an enabled ERP for their own company only', async () => {
      const gjp = await idOf('管家婆');
      const first = await choice(seller);
      expect(first.body.data).toMatchObject({ erp_product_id: 0, erp_name: '', version: '', editable: true });
      expect(first.body.data.products.map((p) => p.name)).toContain('管家婆');

      const r = await choose({ erp_product_id: gjp, version: '辉煌版 12.5' }, seller);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ erp_product_id: gjp, erp_name: '管家婆', version: '辉煌版 12.5' });
      // scoped to the caller's company: the buyer's company still has none
      expect((await choice(buyer)).body.data.erp_product_id).toBe(0);
      const rows = await db().selectFrom('company_erp').select(['company_id', 'erp_product_id', 'version']).orderBy('company_id').execute();
      expect(rows).toEqual([{ company_id: 2, erp_product_id: gjp, version: '辉煌版 12.5' }]);

      // the clerk (M03, C11, not the owner) reads it but may not change it
      const asClerk = await choice(clerk);
      expect(asClerk.body.data).toMatchObject({ erp_name: '管家婆', editable: false });
      const refused = await choose({ erp_product_id: 0, version: '' }, clerk);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe(erpText.choiceOwnerOrM07);
      expect((await choice(seller)).body.data.erp_product_id).toBe(gjp);

      // an employee with 企业设置 (M07), not the owner, may change it too
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), 2, 'erp_m07', '设置员', password_hash, ${sql.val(['M07'])}::text[], null from app_user where username = 'seller'`.execute(db());
      const m07 = (await env.login('erp_m07')).access_token;
      expect((await choice(m07)).body.data.editable).toBe(true);
      const byM07 = await choose({ erp_product_id: gjp, version: '辉煌版 12.6' }, m07);
      expect(byM07.status).toBe(200);
      expect((await choice(seller)).body.data.version).toBe('辉煌版 12.6');

      // the buyer's owner picks for company 3
      expect((await choose({ erp_product_id: await idOf('用友'), version: '' }, buyer)).status).toBe(200);
      expect((await choice(seller)).body.data.erp_name).toBe('管家婆');
    });

    it('refuses a bad or disabled product and a version without a product, changing nothing', async () => {
      const before = await db().selectFrom('company_erp').selectAll().where('company_id', '=', 2).executeTakeFirstOrThrow();
      const cases: Array<[PayloadIn<'erpChoiceSave'>, number, string, RegExp]> = [
        [{ erp_product_id: 'x' as never, version: '' }, 422, 'erp_product_id', /ERP 产品/],
        [{ erp_product_id: 0, version: 'V16' }, 422, 'version', /请先选择 ERP 产品再填写版本/],
        [{ erp_product_id: await idOf('用友'), version: 'v'.repeat(41) }, 422, 'version', /版本最多40个字符/],
        [{ erp_product_id: 99999, version: '' }, 422, 'erp_product_id', new RegExp(erpText.productNotFound)],
      ];
      const speed = await idOf('速达');
      expect((await setActive({ ids: [speed], active: false })).body.data).toEqual({ changed: 1 });
      cases.push([{ erp_product_id: speed, version: '' }, 422, 'erp_product_id', new RegExp(erpText.productDisabled)]);
      for (const [payload, status, field, text] of cases) {
        const r = await choose(payload, seller);
        expect(r.status, JSON.stringify(payload)).toBe(status);
        expect(r.body.field).toBe(field);
        expect(r.body.msg).toMatch(text);
      }
      expect(await db().selectFrom('company_erp').selectAll().where('company_id', '=', 2).executeTakeFirstOrThrow()).toEqual(before);
      // a disabled product is no longer offered, but a company that chose it keeps it
      expect((await choice(seller)).body.data.products.map((p) => p.name)).not.toContain('速达');
      const gjp = await idOf('管家婆');
      await setActive({ ids: [gjp], active: false });
      const kept = await choice(seller);
      expect(kept.body.data).toMatchObject({ erp_name: '管家婆', erp_disabled: true });
      expect((await choose({ erp_product_id: gjp, version: '辉煌版 13' }, seller)).status).toBe(200);
      await setActive({ ids: [gjp, speed], active: true });
      expect((await products({ active: 'false' })).body.data.data.map((p) => p.name)).toEqual([]);
    });

    it('lists the companies by ERP product on company/erp, filtered by name and product', async () => {
      const r = await env.api('opCompanyErpList', {}, { token: op });
      expect(r.status).toBe(200);
      expect(r.body.data.data.map((c) => [c.company_id, c.erp_name, c.erp_version])).toEqual([[3, '用友', ''], [2, '管家婆', '辉煌版 13']]);
      expect(r.body.data.products.find((p) => p.name === '管家婆')?.companies).toBe(1);
      const seller2 = (await db().selectFrom('company').select('name').where('id', '=', 2).executeTakeFirstOrThrow()).name;
      const byName = await env.api('opCompanyErpList', { company_name: seller2.slice(0, 2) }, { token: op });
      expect(byName.body.data.data.map((c) => c.company_id)).toContain(2);
      const byProduct = await env.api('opCompanyErpList', { erp_product_id: await idOf('用友') }, { token: op });
      expect(byProduct.body.data).toMatchObject({ total: 1, data: [{ company_id: 3 }] });
      const bad = await env.api('opCompanyErpList', { erp_product_id: 'abc' as never }, { token: op });
      expect(bad.status).toBe(422);
      expect(bad.body.msg).toMatch(/ERP 产品/);
      // clearing the choice takes the company off the list
      expect((await choose({ erp_product_id: 0, version: '' }, buyer)).body.data.erp_product_id).toBe(0);
      expect((await env.api('opCompanyErpList', {}, { token: op })).body.data.data.map((c) => c.company_id)).toEqual([2]);
    });

    it('shows on company/yigou and company/erp what the open platform\'s call log says', async () => {
      const now = env.clock.now().getTime();
      const ago = (hours: number) => new Date(now - hours * 3_600_000);
      const userId = async (u: string) => (await db().selectFrom('app_user').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
      const [sellerId, buyerId] = [await userId('seller'), await userId('buyer')];
      await db().insertInto('open_key').values([
        { id: 'ak_erpTestKeyOfCompanyTwo0001', company_id: 2, name: 'ERP 同步', created_by: sellerId, scopes: ['stock:write'], secret_enc: 'x', created_at: ago(240) },
        { id: 'ak_erpTestKeyOfCompanyTwo0002', company_id: 2, name: '旧密钥', created_by: sellerId, scopes: [], secret_enc: 'x', created_at: ago(240), revoked_at: ago(100) },
        { id: 'ak_erpTestKeyOfCompanyThree01', company_id: 3, name: '试接', created_by: buyerId, scopes: [], secret_enc: 'x', created_at: ago(240), revoked_at: ago(1) },
      ] as never).execute();
      const call = (key: string, company: number, name: string, status: number, hoursAgo: number) =>
        ({ key_id: key, company_id: company, call_name: name, method: 'POST', path: '/api/open/v1/x', status, duration_ms: 5, request_id: `r${hoursAgo}${status}`, at: ago(hoursAgo) });
      const k2 = 'ak_erpTestKeyOfCompanyTwo0001';
      await db().insertInto('open_call_log').values([
        call(k2, 2, 'openStockSync', 200, 30),
        call(k2, 2, 'openStockSync', 500, 20),
        call(k2, 2, 'openCompanyInfo', 401, 10),
        call(k2, 2, 'openCompanyInfo', 200, 5),
        // older than 7 days: not counted
        call(k2, 2, 'openStockSync', 200, 200),
        call('ak_erpTestKeyOfCompanyThree01', 3, 'openCompanyInfo', 200, 2),
      ] as never).execute();

      const yigou = await env.api('opYigouList', {}, { token: op });
      expect(yigou.status).toBe(200);
      const two = yigou.body.data.data.find((r) => r.company_id === 2);
      expect(two).toMatchObject({ erp_name: '管家婆', active_keys: 1, calls_7d: 4, errors_7d: 2, last_call_at: Math.floor(ago(5).getTime() / 1000) });
      expect(yigou.body.data.data.find((r) => r.company_id === 3)).toMatchObject({ active_keys: 0, calls_7d: 1, errors_7d: 0, erp_name: '' });
      expect(yigou.body.data.data.some((r) => r.company_id === 1)).toBe(false);
      // filtered by ERP product and by name
      const byProduct = await env.api('opYigouList', { erp_product_id: await idOf('管家婆') }, { token: op });
      expect(byProduct.body.data.data.map((r) => r.company_id)).toEqual([2]);
      const none = await env.api('opYigouList', { company_name: '没有这家企业' }, { token: op });
      expect(none.body.data).toMatchObject({ total: 0, data: [] });

      const erp = await env.api('opCompanyErpList', {}, { token: op });
      // the last successful stock sync, not the later failed one
      expect(erp.body.data.data.find((r) => r.company_id === 2)).toMatchObject({ last_sync_at: Math.floor(ago(30).getTime() / 1000), errors_7d: 2, calls_7d: 4, active_keys: 1 });
    });
  });
});
