/**
 * The seller's own stock: the list and its filters, inline price and quantity edits,
 * price lock, quantity versions and concurrent deltas, bulk state changes, delete, the change log,
 * company scoping and bad input; and that search sees a change on the next query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { stockText } from '../../src/shared/domain/stock';
import { fenText, MAX_PRICE_FEN, pageSizeText, stockPriceValueText, type PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('seller stock on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'stock calls', () => {
    let env: TestEnv;
    let seller: string;
    let clerk: string;
    let buyer: string;
    let other: string;
    let otherCompany: number;
    let brandId: number;
    let qualityId: number;
    let makeId: number;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      const db = env.database.db;
      otherCompany = (await sql<{ id: number }>`select min(company_id)::int as id from stock where company_id > 5`.execute(db)).rows[0].id;
      [seller, clerk, buyer, other] = await Promise.all(['seller', 'clerk', 'buyer', `seller${otherCompany}`].map(async (u) => (await env.login(u)).access_token));
      brandId = (await sql<{ id: number }>`select min(id)::int as id from part_brand`.execute(db)).rows[0].id;
      qualityId = (await sql<{ id: number }>`select id from part_quality where is_original`.execute(db)).rows[0].id;
      makeId = (await sql<{ id: number }>`select id from make where name = '大众'`.execute(db)).rows[0].id;
    });
    afterAll(async () => env?.close());

    type PriceField = PayloadIn<'updateStockPrice'>['target_price_field'];
    const list = (token: string, filter: PayloadIn<'getStockData'>) => env.api('getStockData', filter, { token });
    const setPrice = (token: string, payload: PayloadIn<'updateStockPrice'>) => env.api('updateStockPrice', payload, { token });
    const changes = (id: number, token: string) => env.api('stockChangeLog', {}, { id, token });
    const row = async (id: number) => (await sql<{ quantity: number; price0: number | null; price_lock: boolean; state: string; qty_version: number; name: string }>`
      select quantity, price0, price_lock, state, qty_version, name from stock where id = ${id}`.execute(env.database.db)).rows[0];
    let seq = 0;
    const create = async (token: string, extra: Partial<PayloadIn<'stockCreate'>> = {}) => {
      seq += 1;
      const r = await env.api('stockCreate', {
        supplier_oe: `7L0-698-${String(100 + seq)} A`, name: '前刹车片', part_brand_id: brandId, quality_id: qualityId, make_id: makeId,
        supplier_vehicle: '途锐', quantity: 10, price0: 12050, price99: 15000, ...extra,
      }, { token });
      expect(r.body).toMatchObject({ code: 200 });
      return r.body.data;
    };

    it('adds a row: OE normalised, prices in fen, write dates and a create entry in its change log', async () => {
      const made = await create(clerk, { default_code: 'JD-001' });
      expect(made).toMatchObject({ oe_norm: `7L0698${100 + seq}A`, name: '前刹车片', quantity: 10, price0: 12050, price99: 15000, price_lock: false, state: 'on' });
      expect(made.qty_version).toBe(0);
      const log = await changes(made.id, seller);
      expect(log.body.data).toMatchObject([{ action: 'create', user_name: '李晓琳' }]);
    });

    it('lists only the own company, with filters, sorting and paging', async () => {
      const a = await create(seller, { name: '机油滤清器', producing_area: '德国', default_code: 'FLT-9' });
      const all = await list(seller, { page_size: 50 });
      expect(all.status).toBe(200);
      const companyRows = (await sql<{ n: number }>`select count(*)::int as n from stock where company_id = 2`.execute(env.database.db)).rows[0].n;
      expect(all.body.data.total).toBe(companyRows);
      expect(all.body.data.data.length).toBe(Math.min(50, companyRows));
      const byName = await list(seller, { name: '机油滤' });
      expect(byName.body.data.data.map((r) => r.id)).toContain(a.id);
      expect(byName.body.data.data.every((r) => r.name.includes('机油滤'))).toBe(true);
      expect((await list(seller, { default_code: 'flt-9', producing_area: '德国' })).body.data.data.map((r) => r.id)).toEqual([a.id]);
      expect((await list(seller, { supplier_oe: a.oe_norm.slice(0, 8).toLowerCase() })).body.data.total).toBeGreaterThanOrEqual(1);
      const sorted = await list(seller, { sort_field: 'price0', sort_order: 'desc', page_size: 100 });
      const prices = sorted.body.data.data.map((r) => r.price0).filter((p) => p !== null);
      expect(prices).toEqual([...prices].sort((x, y) => y - x));
      const other = await list(clerk, { page_size: 50 });
      expect(other.body.data.total).toBe(companyRows);
      // another seller sees only its own rows, never company 2's
      const theirs = await list(otherSellerToken(), { name: '机油滤清器' });
      expect(theirs.body.data.data.some((r) => r.id === a.id)).toBe(false);
      // letters typed full-width (a Chinese input method's 全角) match either case, as ASCII ones
      // do, though stock's name and vehicle compare byte by byte (migration 0280)
      const wide = await create(seller, { name: 'ＡＢＳ泵总成', supplier_vehicle: '奥迪Ｑ５' });
      expect((await list(seller, { name: 'ａｂｓ泵' })).body.data.data.map((r) => r.id)).toEqual([wide.id]);
      expect((await list(seller, { supplier_vehicle: '奥迪ｑ５' })).body.data.data.map((r) => r.id)).toEqual([wide.id]);
      const bad = await list(seller, { page_size: 30 });
      expect(bad.status).toBe(422);
      expect(bad.body.client_msg).toBe(pageSizeText);
      expect((await list(seller, { min_create_date: '2026/11/01' })).body.client_msg).toContain('创建日期起应为 YYYY-MM-DD 格式的日期');
    });
    const otherSellerToken = () => other;

    it('edits a price inline, refuses a locked price until unlocked, and the OE search shows the new price at once', async () => {
      const made = await create(seller);
      const price = (value: number, field: PriceField = 'price0', token = seller) => setPrice(token, { product_id: made.id, company_id: 2, value, target_price_field: field });
      const r = await price(9990);
      expect(r.body.data).toMatchObject({ price0: 9990 });
      // the buyer (a formal member) sees the new wholesale price in OE search
      const oe = r.body.data.oe_norm;
      const search = await env.api('oeSearch', { oe_list: [oe] }, { token: buyer });
      expect(search.body.data.items[0].rows.find((x) => x.id === made.id)).toMatchObject({ price0: 9990 });

      expect((await env.api('stockSetLock', { ids: [made.id], locked: true }, { token: seller })).body.data).toEqual({ changed: 1 });
      const locked = await price(8000);
      expect(locked.status).toBe(422);
      expect(locked.body.client_msg).toContain(stockText.priceLocked);
      expect((await row(made.id)).price0).toBe(9990);
      // an edit of the whole row cannot change a locked price either
      const edit = await env.api('stockUpdate', { supplier_oe: oe, name: '前刹车片', part_brand_id: brandId, quality_id: qualityId, price0: 7000 }, { id: made.id, token: seller });
      expect(edit.status).toBe(422);
      expect((await row(made.id)).price0).toBe(9990);
      await env.api('stockSetLock', { ids: [made.id], locked: false }, { token: seller });
      expect((await price(8000)).body.data.price0).toBe(8000);
      const log = await changes(made.id, clerk);
      expect(log.body.data.map((e) => e.action)).toEqual(['price', 'unlock', 'lock', 'price', 'create']);
      expect(log.body.data[0].changes).toEqual([{ field: 'price0', old: 9990, new: 8000 }]);
    });

    it('refuses bad prices with the field named and changes nothing', async () => {
      const made = await create(seller);
      // whole fen (whole dong for vn_price) on the wire, never yuan text (docs/api.md, "Money")
      const cases: Array<[unknown, PriceField, string]> = [
        [-1, 'price0', stockPriceValueText],
        ['abc', 'price0', stockPriceValueText],
        ['99.9', 'price0', stockPriceValueText],
        [12.34, 'price1', stockPriceValueText],
        ['', 'price99', stockPriceValueText],
        [12.5, 'vn_price', stockPriceValueText],
        [1_000_000_000, 'price0', stockPriceValueText],
      ];
      for (const [value, field, text] of cases) {
        const r = await setPrice(seller, { product_id: made.id, company_id: 2, value: value as number, target_price_field: field });
        expect(r.status, `${field} ${String(value)}`).toBe(422);
        expect(r.body.client_msg).toContain(text);
      }
      const badField = await env.callRaw('POST', '/api/stock/price', { token: seller, body: { product_id: made.id, company_id: 2, value: 1, target_price_field: 'cost' } });
      expect(badField.status).toBe(422);
      expect((await row(made.id)).price0).toBe(12050);
      const yuanText = await env.api('stockCreate', { supplier_oe: '1K0615301AA', name: '刹车盘', quality_id: qualityId, custom_brand_name: '骏达', price0: '120.5' as never }, { token: seller });
      expect(yuanText.body).toMatchObject({ code: 422, field: 'price0', client_msg: fenText('批发价(不含税)', 0, MAX_PRICE_FEN) });
      const badForm = await env.api('stockCreate', { supplier_oe: '12', name: '', quality_id: qualityId }, { token: seller });
      expect(badForm.status).toBe(422);
      expect(badForm.body.client_msg).toContain('OE号至少5位字母或数字');
      const noBrand = await env.api('stockCreate', { supplier_oe: '1K0615301AA', name: '刹车盘', quality_id: qualityId }, { token: seller });
      expect(noBrand.body.client_msg).toContain('请选择配件品牌或填写自有品牌');
      const unknownBrand = await env.api('stockCreate', { supplier_oe: '1K0615301AA', name: '刹车盘', quality_id: qualityId, part_brand_id: 999999 }, { token: seller });
      expect(unknownBrand.body.client_msg).toContain('配件品牌不存在');
      const negativeQty = await env.api('stockCreate', { supplier_oe: '1K0615301AA', name: '刹车盘', quality_id: qualityId, custom_brand_name: '骏达', quantity: -3 }, { token: seller });
      expect(negativeQty.body.client_msg).toContain('库存数量须为不小于0的整数');
      expect((await sql<{ n: number }>`select count(*)::int as n from stock where oe_norm = '1K0615301AA' and company_id = 2`.execute(env.database.db)).rows[0].n).toBe(0);
    });

    it('refuses another company\'s rows (403, untouched) and a user without M03', async () => {
      const made = await create(seller);
      const r = await setPrice(other, { product_id: made.id, company_id: otherCompany, value: 100, target_price_field: 'price0' });
      expect(r.status).toBe(403);
      const r2 = await setPrice(other, { product_id: made.id, company_id: 2, value: 100, target_price_field: 'price0' });
      expect(r2.status).toBe(403);
      expect((await env.api('stockSetState', { ids: [made.id], state: 'off' }, { token: other })).status).toBe(403);
      expect((await env.api('stockDelete', { ids: [made.id] }, { token: other })).status).toBe(403);
      expect((await changes(made.id, other)).status).toBe(403);
      expect((await list(buyer, {})).status).toBe(403);
      expect((await setPrice(buyer, { product_id: made.id, company_id: 3, value: 100, target_price_field: 'price0' })).status).toBe(403);
      expect(await row(made.id)).toMatchObject({ price0: 12050, state: 'on' });
    });

    it('sets a row\'s performance setting (comma-joined provinces), even on a locked row; bad codes and other companies refused', async () => {
      const made = await create(seller);
      await env.api('stockSetLock', { ids: [made.id], locked: true }, { token: seller });
      const put = (token: string, payload: PayloadIn<'updatePerformanceSetting'>) => env.api('updatePerformanceSetting', payload, { token });
      const ok = await put(clerk, { id: made.id, performance: 1, province_ids: '45,44,44' });
      expect(ok.body).toMatchObject({ code: 200, data: { id: made.id, performance: true, province_ids: [44, 45], price_lock: true } });
      const log = await changes(made.id, seller);
      expect(log.body.data[0]).toMatchObject({ action: 'performance', changes: [{ field: 'performance', old: false, new: true }, { field: 'province_ids', old: '', new: '44,45' }] });
      const listed = await list(seller, { supplier_oe: ok.body.data.supplier_oe });
      expect(listed.body.data.data[0]).toMatchObject({ performance: true, province_ids: [44, 45] });

      const bad = await put(seller, { id: made.id, performance: true, province_ids: '44,99' });
      expect(bad.body).toMatchObject({ code: 422, client_msg: '业绩省份应为省份代码（如 44 广东省），多个用逗号分隔' });
      expect((await put(other, { id: made.id, performance: false, province_ids: '' })).status).toBe(403);
      expect((await put(buyer, { id: made.id, performance: false, province_ids: '' })).status).toBe(403);
      // off: no provinces kept
      const off = await put(seller, { id: made.id, performance: false, province_ids: '44' });
      expect(off.body.data).toMatchObject({ performance: false, province_ids: [] });
    });

    it('an absolute quantity carries the version it saw: a stale one is refused with the current quantity', async () => {
      const made = await create(clerk);
      const set = (quantity: number, version: number) => env.api('updateStockQty', { product_id: made.id, company_id: 2, quantity, qty_version: version }, { token: seller });
      const first = await set(7, made.qty_version);
      expect(first.body.data).toMatchObject({ quantity: 7, qty_version: made.qty_version + 1 });
      const stale = await set(30, made.qty_version);
      expect(stale.status).toBe(409);
      expect(stale.body.client_msg).toBe(stockText.staleQuantity(7));
      expect((await row(made.id)).quantity).toBe(7);
    });

    it('20 adjustments at once add up exactly; a replayed key counts once; below zero is refused', async () => {
      const made = await create(seller, { quantity: 100 });
      const adjust = (delta: number, key: string) => env.api('adjustStockQty', { product_id: made.id, company_id: 2, delta }, { token: clerk, idempotencyKey: key });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => adjust(i % 2 === 0 ? 3 : -2, `adjust-${made.id}-${i}`)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect((await row(made.id)).quantity).toBe(100 + 10 * 3 - 10 * 2);
      const replay = await adjust(3, `adjust-${made.id}-0`);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await row(made.id)).quantity).toBe(110);
      const tooMuch = await adjust(-111, `adjust-${made.id}-x`);
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.client_msg).toBe(stockText.belowZero(110, -111));
      expect((await row(made.id)).quantity).toBe(110);
      const noKey = await env.api('adjustStockQty', { product_id: made.id, company_id: 2, delta: 1 }, { token: clerk });
      expect(noKey.status).toBe(422);
      // an order's stock change moves the version too, so a screen opened before it is stale
      const before = await row(made.id);
      await sql`update stock set quantity = quantity - 1 where id = ${made.id}`.execute(env.database.db);
      expect((await row(made.id)).qty_version).toBe(before.qty_version + 1);
    });

    it('takes rows off sale (gone from search), marks clearance, renames (keyword search finds it) and deletes', async () => {
      const made = await create(seller, { name: '鼓风机电阻' });
      const oe = (await row(made.id)) && (await sql<{ oe_norm: string }>`select oe_norm from stock where id = ${made.id}`.execute(env.database.db)).rows[0].oe_norm;
      const inSearch = async () => (await env.api('oeSearch', { oe_list: [oe] }, { token: buyer })).body.data.items.flatMap((g) => g.rows.map((r) => r.id)).includes(made.id);
      expect(await inSearch()).toBe(true);
      expect((await env.api('stockSetState', { ids: [made.id], state: 'off' }, { token: seller })).body.data).toEqual({ changed: 1 });
      expect(await inSearch()).toBe(false);
      await env.api('stockSetState', { ids: [made.id], state: 'on' }, { token: seller });
      expect((await env.api('stockSetClean', { ids: [made.id], clean_state: 'clearance' }, { token: seller })).body.data).toEqual({ changed: 1 });
      expect((await list(seller, { clean_state: 'clearance' })).body.data.data.map((r) => r.id)).toContain(made.id);

      const renamed = await env.api('stockUpdate', { supplier_oe: oe, name: '暖风电机调速模块', part_brand_id: brandId, quality_id: qualityId, make_id: makeId, price0: 12050, price99: 15000 }, { id: made.id, token: seller });
      expect(renamed.body.data).toMatchObject({ name: '暖风电机调速模块' });
      const kw = await env.api('keywordSearch', { k: '暖风电机调速模块', mode: 'exact' }, { token: buyer });
      expect(kw.body.data.rows.map((r) => r.id)).toContain(made.id);
      const log = await changes(made.id, seller);
      expect(log.body.data[0].changes).toEqual(expect.arrayContaining([{ field: 'name', old: '鼓风机电阻', new: '暖风电机调速模块' }]));

      expect((await env.api('stockDelete', { ids: [made.id] }, { token: seller })).body.data).toEqual({ changed: 1 });
      expect(await row(made.id)).toBeUndefined();
      expect(await inSearch()).toBe(false);
    });

    it('reads fresh price0 and quantity of own rows, and reference lists', async () => {
      const made = await create(seller, { price0: null, quantity: 4 });
      const r = await env.api('oeStockQtyPrice', { company_id: 2, product_ids: String(made.id) }, { token: clerk });
      expect(r.body.data).toEqual([{ product_id: made.id, price0: null, quantity: 4 }]);
      const skip = await env.api('oeStockQtyPrice', { company_id: 2, product_ids: String(made.id), ignore_invalid_price: '1' }, { token: clerk });
      expect(skip.body.data).toEqual([]);
      expect((await env.api('oeStockQtyPrice', { company_id: 2, product_ids: String(made.id) }, { token: other })).status).toBe(403);
      const vn = await env.api('country', { name: '越南' }, { token: buyer });
      expect(vn.body.data.data).toEqual([{ id: expect.any(Number), name: '越南', code: 'VN' }]);
      const types = await env.api('getPartTypes', {}, { token: clerk });
      expect(types.body.data.some((t) => t.is_original)).toBe(true);
      expect((await env.api('getMakes', {}, { token: clerk })).body.data.length).toBeGreaterThan(5);
      expect((await env.api('getTerminology', {}, { token: clerk })).body.data.length).toBeGreaterThan(3);
    });

    it('stamps changed_at with the writing transaction\'s time on every insert and update, whatever the statement names (the partner change feed reads it)', async () => {
      const made = await create(seller);
      const db = env.database.db;
      const stamped = (q: RawBuilder<{ stamped: boolean }>) => db.transaction().execute(async (trx) => (await q.execute(trx)).rows[0].stamped);
      // an update naming an older time, and one not naming it at all, both get now()
      expect(await stamped(sql`update stock set changed_at = '2020-01-01' where id = ${made.id} returning changed_at = now() as stamped`)).toBe(true);
      await sql`update stock set changed_at = '2020-01-01' where id = ${made.id}`.execute(db);
      expect((await sql<{ y: number }>`select extract(year from changed_at)::int as y from stock where id = ${made.id}`.execute(db)).rows[0].y).toBeGreaterThan(2020);
      expect(await stamped(sql`update stock set quantity = quantity + 1 where id = ${made.id} returning changed_at = now() as stamped`)).toBe(true);
      // an insert naming an older time gets now() too; one naming nothing gets it by the column's default
      const copy = sql.raw(`company_id, create_date, prod_write_date, price_write_date, stock_write_date, oe_norm, supplier_oe, supplier_code, default_code, name,
        custom_brand_name, quality_id, supplier_vehicle, product_specification, producing_area, uom_name, category_name, note, quantity`);
      expect(await stamped(sql`insert into stock (${copy}, changed_at) select ${copy}, timestamptz '2020-01-01' from stock where id = ${made.id} returning changed_at = now() as stamped`)).toBe(true);
      expect(await stamped(sql`insert into stock (${copy}) select ${copy} from stock where id = ${made.id} returning changed_at = now() as stamped`)).toBe(true);
    });
  });
});
