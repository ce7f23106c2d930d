/**
 * The operator's product group (ops-product): the product list with taking a row off
 * sale (buyer search, the seller's stock page and the seller's own state change), part brands, car
 * makes, and brand cleaning; D-code refusals and the audit rows of every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { opCatalogueText, opProductText } from '../../src/shared/domain/operation';
import { references } from '../../src/server/modules/stock/stock-import.repo';
import { refKey } from '../../src/shared/domain/stock-import';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends)('operator product pages on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'operator products', () => {
    let env: TestEnv;
    let op: string;
    let buyer: string;
    let seller: string;
    let keyN = 0;
    let qualityId: number;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      [op, buyer, seller] = await Promise.all(['operator', 'buyer', 'seller'].map(async (u) => (await env.login(u)).access_token));
      qualityId = (await sql<{ id: number }>`select id from part_quality where is_original`.execute(env.database.db)).rows[0].id;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = <N extends EndpointName>(name: N, q: PayloadIn<N>, token = op) => env.api(name, q, { token });
    const post = <N extends EndpointName>(name: N, payload: PayloadIn<N>, token = op, key = `opprod-key-${++keyN}`) =>
      env.api(name, payload, { token, idempotencyKey: key });
    const auditRows = async (entity: string, entityId: string | number) =>
      (await sql<{ action: string; username: string; old_value: unknown; new_value: unknown }>`
        select action, username, old_value, new_value from operator_audit where entity = ${entity} and entity_id = ${String(entityId)} order by id`.execute(db())).rows;
    const expectOk = <T extends { status: number; body: unknown }>(r: T) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r;
    };
    const auditCount = async () => (await sql<{ n: number }>`select count(*)::int as n from operator_audit`.execute(db())).rows[0].n;
    const headUser = (username: string, permissions: string[]) => operatorWith(env, username, permissions);
    const oeSearchIds = async (oe: string) => {
      const r = await env.api('oeSearch', { oe_list: [oe] }, { token: buyer });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.items.flatMap((g) => g.rows.map((x) => x.id));
    };
    /** a new row of the seeded seller (company 2) under its own OE number, on sale */
    const sellerRow = async (supplierOe: string, norm: string, brandId: number | null = null) =>
      (await sql<{ id: number }>`insert into stock (company_id, oe_norm, supplier_oe, name, part_brand_id, quality_id, quantity, price0, price1, price2, price3, price99)
        values (2, ${norm}, ${supplierOe}, '前刹车片', ${brandId}, ${qualityId}, 7, 10000, 10000, 10000, 10000, 12000) returning id::int as id`.execute(db())).rows[0].id;

    it('refuses every call without its D code; a reader cannot write, a D04-02 holder cannot merge', async () => {
      const calls = [
        ['GET', '/operation/products', (t: string) => get('opProductList', {}, t)], ['POST', '/operation/products/off', (t: string) => post('opProductOffSale', { ids: [1], reason: '测试下架' }, t)],
        ['POST', '/operation/products/on', (t: string) => post('opProductOnSale', { ids: [1] }, t)],
        ['GET', '/operation/brands', (t: string) => get('opBrandList', {}, t)], ['POST', '/operation/brands/save', (t: string) => post('opBrandSave', { name: '测试品牌' }, t)],
        ['POST', '/operation/brands/active', (t: string) => post('opBrandSetActive', { ids: [1], active: false }, t)],
        ['POST', '/operation/brands/merge', (t: string) => post('opBrandMerge', { keep_id: 1, merge_ids: [2] }, t)], ['POST', '/operation/brands/unmerge', (t: string) => post('opBrandUnmerge', { id: 1 }, t)],
        ['GET', '/operation/makes', (t: string) => get('opMakeList', {}, t)], ['POST', '/operation/makes/save', (t: string) => post('opMakeSave', { name: '测试车', initial: 'C' }, t)],
        ['POST', '/operation/makes/active', (t: string) => post('opMakeSetActive', { ids: [1], active: false }, t)],
      ] as const;
      const reporter = await headUser('prod-reporter', ['D01-01']);
      for (const [method, path, send] of calls) {
        const r = await send(reporter);
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      const before = await auditCount();
      const reader = await headUser('prod-reader', ['D04-01']);
      for (const [method, path, send] of calls) {
        const r = await send(reader);
        expect(r.status, `reader ${method} ${path}`).toBe(method === 'GET' ? 200 : 403);
      }
      const editor = await headUser('prod-editor', ['D04-02']);
      expect((await post('opBrandMerge', { keep_id: 1, merge_ids: [2] }, editor)).status).toBe(403);
      expect((await post('opBrandUnmerge', { id: 1 }, editor)).status).toBe(403);
      expect((await get('opBrandMergeList', {}, editor)).status).toBe(403);
      const cleaner = await headUser('prod-cleaner', ['D04-03']);
      expect((await post('opProductOffSale', { ids: [1], reason: '测试下架' }, cleaner)).status).toBe(403);
      expect((await get('opProductList', {}, seller)).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opProductList', { token: reporter })).status).toBe(403);
      expect(await auditCount()).toBe(before);
    });

    it('takes a row off sale with a reason: buyer search loses it, the seller sees the reason and cannot put it back; the operator can', async () => {
      const id = await sellerRow('4F0-615-301-OP', '4F0615301OP');
      expect(await oeSearchIds('4F0615301OP')).toEqual([id]);
      const listed = await get('opProductList', { oe: '4f0 615301op' });
      expect(listed.body.data).toMatchObject({ total: 1, data: [{ id, company_id: 2, supplier_oe: '4F0-615-301-OP', state: 'on', op_off_reason: '' }] });
      expect(listed.body.data.data[0].company_name).not.toBe('');
      // a name typed full-width matches either case (stock.name compares bytes since 0280)
      await sql`update stock set name = 'ＡＢＳ泵总成' where id = ${id}`.execute(db());
      expect((await get('opProductList', { name: 'ａｂｓ泵' })).body.data.data.map((r) => r.id)).toEqual([id]);
      await sql`update stock set name = '前刹车片' where id = ${id}`.execute(db());

      const before = await auditCount();
      expect((await post('opProductOffSale', { ids: [id], reason: ' ' })).body).toMatchObject({ code: 422, field: 'reason', client_msg: expect.stringContaining('请填写下架原因') });
      expect((await post('opProductOffSale', { ids: [id, 999_999_999], reason: '假冒商品' })).status).toBe(404);
      expect(await auditCount()).toBe(before);
      expect((await db().selectFrom('stock').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('on');

      const off = await post('opProductOffSale', { ids: [id], reason: '疑似假冒商品，请补充授权书' });
      expect(off.body).toMatchObject({ code: 200, data: { changed: 1 } });
      expect(await oeSearchIds('4F0615301OP')).toEqual([]);
      expect((await get('opProductList', { oe: '4F0615301OP', state: 'op_off' })).body.data.data).toMatchObject([{ id, state: 'op_off', op_off_reason: '疑似假冒商品，请补充授权书', op_off_by: 'operator' }]);
      expect((await get('opProductList', { oe: '4F0615301OP', state: 'on' })).body.data.total).toBe(0);
      const logged = await auditRows('stock', id);
      expect(logged).toMatchObject([{ action: 'off_sale', username: 'operator', old_value: { state: 'on' }, new_value: { state: 'op_off', reason: '疑似假冒商品，请补充授权书', company_id: 2 } }]);
      // again: only rows on sale
      expect((await post('opProductOffSale', { ids: [id], reason: '再次下架' })).body).toMatchObject({ code: 409, client_msg: expect.stringContaining(opCatalogueText.stockNotOn) });

      // the seller reads the reason on their stock page and cannot put the row back
      const mine = await env.api('getStockData', { supplier_oe: '4F0615301OP' }, { token: seller });
      expect(mine.body.data.data).toMatchObject([{ id, state: 'off', op_off_reason: '疑似假冒商品，请补充授权书' }]);
      const back = await env.api('stockSetState', { ids: [id], state: 'on' }, { token: seller });
      expect(back.body).toMatchObject({ code: 409, client_msg: expect.stringContaining(opProductText.sellerCannotPutOn) });
      expect((await env.api('stockSetState', { ids: [id], state: 'off' }, { token: seller })).status).toBe(409);
      expect(await oeSearchIds('4F0615301OP')).toEqual([]);

      // the XLSX of the filter carries the reason
      const x = await env.raw('GET', '/api/operation/export/opProductList?state=op_off&oe=4F0615301OP', { token: op });
      expect(x.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await x.arrayBuffer());
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).values).toContain('下架原因');
      expect(ws.getRow(2).values).toEqual(expect.arrayContaining([id, '4F0-615-301-OP', '平台下架', '疑似假冒商品，请补充授权书']));

      // the operator puts it back: on sale and found again, logged
      expect((await post('opProductOnSale', { ids: [id] })).body).toMatchObject({ code: 200, data: { changed: 1 } });
      expect(await oeSearchIds('4F0615301OP')).toEqual([id]);
      expect((await auditRows('stock', id)).map((r) => r.action)).toEqual(['off_sale', 'on_sale']);
      expect((await post('opProductOnSale', { ids: [id] })).body).toMatchObject({ code: 409, client_msg: expect.stringContaining(opCatalogueText.stockNotOpOff) });
      // the seller may take it off and on again themselves now
      expect((await env.api('stockSetState', { ids: [id], state: 'off' }, { token: seller })).body).toMatchObject({ code: 200, data: { changed: 1 } });
      expect((await env.api('stockSetState', { ids: [id], state: 'on' }, { token: seller })).body).toMatchObject({ code: 200, data: { changed: 1 } });
      // a seller's own off row is not the platform's to put back
      await env.api('stockSetState', { ids: [id], state: 'off' }, { token: seller });
      expect((await post('opProductOnSale', { ids: [id] })).status).toBe(409);
    });

    it('part brands: add, rename, duplicate names refused field by field, disable leaves the picker; logged', async () => {
      const made = await post('opBrandSave', { name: '测试刹车王' });
      expect(made.body).toMatchObject({ code: 200, data: { name: '测试刹车王', active: true, stock_rows: 0 } });
      const id = made.body.data.id;
      const taken = (await db().selectFrom('part_brand').select('name').where('id', '!=', id).orderBy('id').executeTakeFirstOrThrow()).name;
      const before = await auditCount();
      expect((await post('opBrandSave', { name: ` ${taken.toUpperCase()} ` })).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining(opCatalogueText.brandNameTaken) });
      expect((await post('opBrandSave', { id, name: '' })).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining('请填写品牌名称') });
      expect((await post('opBrandSave', { id, name: 'x'.repeat(41) })).body).toMatchObject({ code: 422, field: 'name' });
      expect(await auditCount()).toBe(before);

      expect((await post('opBrandSave', { id, name: '测试刹车王二代' })).body).toMatchObject({ code: 200, data: { id, name: '测试刹车王二代' } });
      const picker = async () => (await env.api('getPartBrands', { keyword: '测试刹车王' }, { token: seller })).body.data.data;
      expect((await picker()).map((b) => b.name)).toEqual(['测试刹车王二代']);
      expect((await post('opBrandSetActive', { ids: [id], active: false })).body).toMatchObject({ code: 200, data: { changed: 1 } });
      expect(await picker()).toEqual([]);
      expect((await get('opBrandList', { k: '测试刹车王', active: 'false' })).body.data).toMatchObject({ total: 1, data: [{ id, active: false }] });
      expect((await auditRows('part_brand', id)).map((r) => [r.action, r.old_value, r.new_value])).toEqual([
        ['create', null, { name: '测试刹车王' }],
        ['update', { name: '测试刹车王' }, { name: '测试刹车王二代' }],
        ['disable', { name: '测试刹车王二代', active: true }, { active: false }],
      ]);
      expect((await post('opBrandSetActive', { ids: [id, 999_999], active: true })).body).toMatchObject({ code: 422, field: 'ids' });
    });

    it('car makes: initial A–Z, duplicate name, logo only as a platform upload; disabled makes leave the seller picker; logged', async () => {
      const before = await auditCount();
      expect((await post('opMakeSave', { name: '测试汽车', initial: '1' })).body).toMatchObject({ code: 422, field: 'initial', client_msg: expect.stringContaining(opProductText.initialAZ) });
      expect((await post('opMakeSave', { name: '测试汽车', initial: 'AB' })).body).toMatchObject({ code: 422, field: 'initial' });
      expect((await post('opMakeSave', { name: ' 大众 ', initial: 'D' })).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining(opCatalogueText.makeNameTaken) });
      expect((await post('opMakeSave', { name: '测试汽车', initial: 'C', logo: '/api/uploads/0123456789abcdef0123456789abcdef.png' })).body)
        .toMatchObject({ code: 422, field: 'logo', client_msg: expect.stringContaining('请先上传') });
      expect(await auditCount()).toBe(before);

      const logo = (await post('fileUpload', { base64_data: PNG_1PX, file_name: 'logo.png' })).body.data.file_path;
      const made = await post('opMakeSave', { name: '测试汽车', initial: 'c', logo, country: '中国' });
      expect(made.body).toMatchObject({ code: 200, data: { name: '测试汽车', initial: 'C', logo, country: '中国', active: true } });
      const id = made.body.data.id;
      const picker = async () => (await env.api('getMakes', {}, { token: seller })).body.data;
      expect((await picker()).find((m) => m.id === id)).toMatchObject({ initial: 'C', images: logo });
      expect((await get('opMakeList', { initial: 'c', k: '测试' })).body.data).toMatchObject({ total: 1, data: [{ id }] });
      expect((await get('opMakeList', { initial: '9' })).body).toMatchObject({ code: 422, field: 'initial' });

      expect((await post('opMakeSetActive', { ids: [id], active: false })).body).toMatchObject({ code: 200, data: { changed: 1 } });
      expect((await picker()).some((m) => m.id === id)).toBe(false);
      expect((await auditRows('make', id)).map((r) => r.action)).toEqual(['create', 'disable']);
    });

    it('merges brand spellings: stock, search words and later imports and edits go to the kept brand; refusals name the field', async () => {
      // legacy spellings as they came in before the names were checked
      const ids = (await sql<{ id: number }>`insert into part_brand (name) values ('BOSCHQ'), ('博世Q'), ('Boschq ') returning id`.execute(db())).rows.map((r) => r.id);
      const [keep, cn, spaced] = ids;
      const rows = [await sellerRow('BQ-0001', 'BQ0001', keep), await sellerRow('BQ-0002', 'BQ0002', cn), await sellerRow('BQ-0003', 'BQ0003', spaced)];
      await sql`update company set main_brand_ids = ${sql.val([cn, keep, spaced])}::int[] where id = 2`.execute(db());
      // the cleaning page suggests the spellings that differ only in case, spaces and punctuation
      const dupGroup = async () => {
        const r = expectOk(await get('opBrandDuplicates', {}));
        const items = r.body.data.items;
        return items.find((g) => g.key === 'boschq');
      };
      expect((await dupGroup())?.brands.map((b) => b.id).sort()).toEqual([keep, spaced].sort());
      expect((await get('opBrandDuplicates', {}, await headUser('prod-dup-reader', ['D04-01']))).status).toBe(403);
      const before = await auditCount();
      expect((await post('opBrandMerge', { keep_id: keep, merge_ids: [cn, keep] })).body).toMatchObject({ code: 422, field: 'merge_ids', client_msg: expect.stringContaining(opCatalogueText.brandSame) });
      expect((await post('opBrandMerge', { keep_id: keep, merge_ids: [cn, cn] })).body).toMatchObject({ code: 422, field: 'merge_ids' });
      expect((await post('opBrandMerge', { keep_id: 999_999, merge_ids: [cn] })).body).toMatchObject({ code: 422, field: 'keep_id', client_msg: expect.stringContaining(opCatalogueText.brandNotFound) });
      expect((await post('opBrandMerge', { keep_id: keep, merge_ids: [cn, 999_999] })).body).toMatchObject({ code: 422, field: 'merge_ids', client_msg: expect.stringContaining('999999') });
      expect((await post('opBrandMerge', { keep_id: keep, merge_ids: [] })).body).toMatchObject({ code: 422, field: 'merge_ids' });
      expect(await auditCount()).toBe(before);

      const merged = await post('opBrandMerge', { keep_id: keep, merge_ids: [cn, spaced] });
      expect(merged.body).toMatchObject({ code: 200, data: { kept: 'BOSCHQ', merged: ['博世Q', 'Boschq '], stock_rows: 2 } });
      expect(await dupGroup()).toBeUndefined();
      const brandsOf = await db().selectFrom('stock').select(['id', 'part_brand_id']).where('id', 'in', rows).orderBy('id').execute();
      expect(brandsOf.map((r) => r.part_brand_id)).toEqual([keep, keep, keep]);
      expect((await db().selectFrom('company').select('main_brand_ids').where('id', '=', 2).executeTakeFirstOrThrow()).main_brand_ids).toEqual([keep]);
      // the brand list shows the kept brand with its spellings, not the merged ones
      const listed = (await get('opBrandList', { k: 'boschq' })).body.data;
      expect(listed).toMatchObject({ total: 1, data: [{ id: keep, stock_rows: 3, merged_names: ['博世Q', 'Boschq '] }] });
      // a keyword search for a merged spelling finds the kept brand's stock
      const k = await env.api('keywordSearch', { k: '博世Q', mode: 'exact' }, { token: buyer });
      expect(k.body.data.rows.map((r) => r.id).sort()).toEqual([...rows].sort());
      // an import naming a merged spelling maps to the kept brand, and so does a form with its old id
      const refs = await references(db());
      expect(refs.brands.get(refKey('博世Q'))).toBe(keep);
      expect(refs.brands.get(refKey('BoschQ'))).toBe(keep);
      const created = await env.api('stockCreate', { supplier_oe: 'BQ-0009', name: '火花塞', part_brand_id: cn, quality_id: qualityId, quantity: 1, price0: 1000 }, { token: seller });
      expect(created.body).toMatchObject({ code: 200, data: { part_brand_id: keep, part_brand_name: 'BOSCHQ' } });
      // the new spelling cannot come back as a brand, nor be merged, kept or renamed again
      expect((await post('opBrandSave', { name: '博世q' })).body).toMatchObject({ code: 422, field: 'name', client_msg: expect.stringContaining('已合并到') });
      expect((await post('opBrandMerge', { keep_id: keep, merge_ids: [cn] })).body).toMatchObject({ code: 422, field: 'merge_ids', client_msg: expect.stringContaining('已合并到') });
      expect((await post('opBrandMerge', { keep_id: cn, merge_ids: [keep] })).body).toMatchObject({ code: 422, field: 'keep_id' });
      expect((await post('opBrandSave', { id: cn, name: '博世QQ' })).status).toBe(409);

      expect((await auditRows('part_brand', cn))).toMatchObject([{ action: 'merge', old_value: { name: '博世Q', stock_rows: 1 }, new_value: { merged_into: keep, kept: 'BOSCHQ' } }]);
      expect((await auditRows('part_brand', keep))).toMatchObject([{ action: 'merge', new_value: { merged: ['博世Q', 'Boschq '], stock_rows: 2 } }]);
    });
    it('undoes one brand merge: the spellings come back, only the rows it moved go back (a seller-edited row and a changed company stay), once', async () => {
      const [keep, cn, sp, old] = (await sql<{ id: number }>`insert into part_brand (name) values ('MAHLEU'), ('马勒U'), ('Mahleu '), ('MAHLE-U-老') returning id`.execute(db())).rows.map((r) => r.id);
      const r1 = await sellerRow('MU-0001', 'MU0001', keep);
      const r2 = await sellerRow('MU-0002', 'MU0002', cn);
      const r3 = await sellerRow('MU-0003', 'MU0003', cn);
      const r4 = await sellerRow('MU-0004', 'MU0004', sp);
      await sql`update company set main_brand_ids = ${sql.val([cn, keep])}::int[] where id = 2`.execute(db());
      await sql`update company set main_brand_ids = ${sql.val([sp])}::int[] where id = 3`.execute(db());
      const keyword = async (k: string) => {
        const r = await env.api('keywordSearch', { k, mode: 'exact' }, { token: buyer });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data.rows.map((x) => x.id).sort((a, b) => a - b);
      };
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      const mainBrands = async (companyId: number) => (await db().selectFrom('company').select('main_brand_ids').where('id', '=', companyId).executeTakeFirstOrThrow()).main_brand_ids;
      const brandOfRows = async () => (await db().selectFrom('stock').select(['id', 'part_brand_id']).where('id', 'in', [r1, r2, r3, r4]).orderBy('id').execute()).map((r) => r.part_brand_id);
      expect(await keyword('马勒U')).toEqual(sorted([r2, r3]));

      // an older spelling merged into 马勒U first: it follows 马勒U into MAHLEU, and back
      expectOk(await post('opBrandMerge', { keep_id: cn, merge_ids: [old] }));
      const merged = expectOk(await post('opBrandMerge', { keep_id: keep, merge_ids: [cn, sp] }));
      expect(merged.body.data).toMatchObject({ kept: 'MAHLEU', stock_rows: 3 });
      expect(await keyword('马勒U')).toEqual(sorted([r1, r2, r3, r4]));
      expect(await brandOfRows()).toEqual([keep, keep, keep, keep]);
      const list = expectOk(await get('opBrandMergeList', { k: '马勒u' })).body.data;
      expect(list.total).toBe(2);
      const record = list.data[0];
      expect(record).toMatchObject({ kept: 'MAHLEU', merged: ['马勒U', 'Mahleu '], stock_rows: 3, companies: 2, username: 'operator', undone_at: null });
      expect(list.data[1]).toMatchObject({ kept: '马勒U', merged: ['MAHLE-U-老'], stock_rows: 0 });

      // since the merge: the seller edits r3 (its row keeps the brand MAHLEU the form shows), company 3 changes its main brands
      env.clock.advance(60);
      const edited = await env.api('stockUpdate', { supplier_oe: 'MU-0003', name: '后刹车片', part_brand_id: keep, quality_id: qualityId, price0: 10000 }, { id: r3, token: seller });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await sql`update company set main_brand_ids = ${sql.val([keep, 1])}::int[] where id = 3`.execute(db());

      // refused without the code, and for a record that does not exist; nothing changes
      const before = await auditCount();
      expect((await post('opBrandUnmerge', { id: record.id }, await headUser('prod-unmerge-editor', ['D04-01', 'D04-02']))).status).toBe(403);
      expect((await post('opBrandUnmerge', { id: 999_999 })).body).toMatchObject({ code: 422, field: 'id', client_msg: expect.stringContaining(opProductText.brandMergeNotFound) });
      expect((await post('opBrandUnmerge', { id: 0 })).body).toMatchObject({ code: 422, field: 'id' });
      expect(await auditCount()).toBe(before);
      expect(await brandOfRows()).toEqual([keep, keep, keep, keep]);

      const undone = expectOk(await post('opBrandUnmerge', { id: record.id }, op, 'opprod-unmerge-once'));
      expect(undone.body.data).toEqual({ kept: 'MAHLEU', restored: ['马勒U', 'Mahleu '], stock_restored: 2, stock_left: 1, companies_restored: 1, companies_left: 1 });
      // a replay of the same request answers the same, and changes nothing more
      expect((await post('opBrandUnmerge', { id: record.id }, op, 'opprod-unmerge-once')).body).toEqual(undone.body);
      expect(await brandOfRows()).toEqual([keep, cn, keep, sp]);
      expect(await mainBrands(2)).toEqual([cn, keep]);
      expect(await mainBrands(3)).toEqual([keep, 1]);
      // a search for the old spelling finds its own row again, not the kept brand's
      expect(await keyword('马勒U')).toEqual([r2]);
      // the kept brand keeps its own rows and the seller-edited one (the exact keyword ignores case, so “Mahleu ” answers too)
      expect(await keyword('MAHLEU')).toEqual(sorted([r1, r3, r4]));
      // the spellings are brands again: listed, active, and an import naming one lands on it
      expect((await get('opBrandList', { k: '马勒u' })).body.data).toMatchObject({ total: 1, data: [{ id: cn, active: true, merged_names: ['MAHLE-U-老'] }] });
      const refs = await references(db());
      expect(refs.brands.get(refKey('马勒U'))).toBe(cn);
      expect(refs.brands.get(refKey('MAHLE-U-老'))).toBe(cn);
      expect(await db().selectFrom('part_brand').select(['active', 'merged_into', 'merged_at']).where('id', '=', sp).executeTakeFirst()).toEqual({ active: true, merged_into: null, merged_at: null });
      expect((await auditRows('part_brand', cn)).at(-1)).toMatchObject({ action: 'unmerge', username: 'operator', old_value: { merged_into: keep, merge_id: record.id }, new_value: { merged_into: null } });
      expect((await auditRows('part_brand', keep)).at(-1)).toMatchObject({ action: 'unmerge', new_value: { stock_restored: 2, stock_left: 1 } });
      expect(await auditCount()).toBe(before + 3);
      expect((await get('opBrandMergeList', { k: 'MAHLEU', state: 'undone' })).body.data.data[0])
        .toMatchObject({ id: record.id, undone_by: 'operator', stock_restored: 2, stock_left: 1, companies_restored: 1, companies_left: 1 });

      // twice: refused with the time and the operator who undid it
      const again = await post('opBrandUnmerge', { id: record.id });
      expect(again.status).toBe(409);
      expect(again.body.client_msg).toMatch(/^这次合并已于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 由 operator 撤销，不能再次撤销$/);
      expect(await auditCount()).toBe(before + 3);

      // a merge whose kept brand was merged away later waits for that later merge to be undone
      const remerged = expectOk(await post('opBrandMerge', { keep_id: keep, merge_ids: [cn] }));
      expect(remerged.body.data.stock_rows).toBe(1);
      const latest = (await get('opBrandMergeList', { k: '马勒U', state: 'merged' })).body.data.data;
      const first = latest.find((m) => m.kept === '马勒U')!;
      expect((await post('opBrandUnmerge', { id: first.id })).body).toMatchObject({ code: 409, client_msg: opProductText.brandUnmergeKeptMerged('马勒U', 'MAHLEU') });
      expectOk(await post('opBrandUnmerge', { id: latest.find((m) => m.kept === 'MAHLEU')!.id }));
      expect(expectOk(await post('opBrandUnmerge', { id: first.id })).body.data).toMatchObject({ kept: '马勒U', restored: ['MAHLE-U-老'], stock_restored: 0 });
      expect(refs.brands.size).toBeGreaterThan(0);
      expect((await references(db())).brands.get(refKey('MAHLE-U-老'))).toBe(old);
    });
    it('replays a repeated key without a second log row; a row put back while its company is suspended waits for the restore', async () => {
      const id = await sellerRow('4F0-615-302-OP', '4F0615302OP');
      const first = await post('opProductOffSale', { ids: [id], reason: '价格异常' }, op, 'opprod-replay-1');
      const again = await post('opProductOffSale', { ids: [id], reason: '价格异常' }, op, 'opprod-replay-1');
      expect(again.body).toEqual(first.body);
      expect(await auditRows('stock', id)).toHaveLength(1);

      // the company is suspended meanwhile: the row taken off stays off through suspend and restore
      expect((await post('opCompanySuspend', { ids: [2], reason: '资质审核' })).body).toMatchObject({ code: 200 });
      expect((await db().selectFrom('stock').select(['state', 'op_off_reason']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ state: 'off', op_off_reason: '价格异常' });
      // put back now: it joins the company's set-aside rows, not search
      expect((await post('opProductOnSale', { ids: [id] })).body).toMatchObject({ code: 200, data: { changed: 1 } });
      expect((await get('opProductList', { oe: '4F0615302OP' })).body.data.data).toMatchObject([{ id, state: 'suspended', op_off_reason: '' }]);
      expect(await oeSearchIds('4F0615302OP')).toEqual([]);
      expect((await post('opCompanyRestore', { ids: [2] })).body).toMatchObject({ code: 200 });
      expect(await oeSearchIds('4F0615302OP')).toEqual([id]);
    });
  });
});
