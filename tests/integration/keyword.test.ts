import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { KEYWORD_MAX_ROWS, keywordTooDeep, priceColumnHidden, priceRangeReversed, stockRangeReversed, type PayloadIn, type StockRow } from '../../src/shared/contracts';
import { msg } from '../../src/shared/messages';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('keyword search engine on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'keyword', () => {
    let env: TestEnv;
    let buyer: string;
    let member: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 3000 });
      buyer = (await env.login('buyer')).access_token;
      member = (await env.login('member')).access_token;
    });
    afterAll(async () => env?.close());

    const kw = (token: string, q: PayloadIn<'keywordSearch'>) => env.api('keywordSearch', q, { token });
    const rowsOf = async (token: string, q: PayloadIn<'keywordSearch'>): Promise<StockRow[]> => {
      const r = await kw(token, q);
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data.rows;
    };

    it('finds stock written after the seed under a new name, vehicle and part brand', async () => {
      expect((await rowsOf(buyer, { k: '碳陶刹车盘', mode: 'exact' }))).toEqual([]);
      const brand = (await sql<{ id: number }>`insert into part_brand (name) values ('雷霆竞技') returning id`.execute(env.database.db)).rows[0].id;
      const { id } = (await sql<{ id: number }>`
        insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, part_brand_id, supplier_vehicle, quantity, price99)
        values (2, 'ZZ99887766', 'ZZ-99887766', '碳陶刹车盘', (select min(id) from part_quality), ${brand}, '蔚来ET7 2023款', 4, 880000)
        returning id`.execute(env.database.db)).rows[0];
      expect((await rowsOf(buyer, { k: '碳陶刹车盘', mode: 'exact' })).map((r) => r.id)).toEqual([Number(id)]);
      expect((await rowsOf(buyer, { k: '陶碳', mode: 'fuzzy' })).map((r) => r.id)).toContain(Number(id));
      expect((await rowsOf(buyer, { k: '蔚来ET7', mode: 'exact' })).map((r) => r.id)).toEqual([Number(id)]);
      expect((await rowsOf(buyer, { k: '雷霆竞技', mode: 'exact' })).map((r) => r.id)).toEqual([Number(id)]);
      // renaming the stock row, and the brand, is found under the new names only
      await sql`update stock set name = '陶瓷刹车盘' where id = ${id}`.execute(env.database.db);
      expect((await rowsOf(buyer, { k: '陶瓷刹车盘', mode: 'exact' })).map((r) => r.id)).toEqual([Number(id)]);
      expect(await rowsOf(buyer, { k: '碳陶刹车盘', mode: 'exact' })).toEqual([]);
      await sql`update part_brand set name = '雷霆赛车' where id = ${brand}`.execute(env.database.db);
      expect((await rowsOf(buyer, { k: '雷霆赛车', mode: 'exact' })).map((r) => r.id)).toEqual([Number(id)]);
      expect(await rowsOf(buyer, { k: '雷霆竞技', mode: 'exact' })).toEqual([]);
    });

    it('a search that finds nothing says what would: the fuzzy mode, and nearby queries that each find rows', async () => {
      const brand = (await sql<{ id: number }>`insert into part_brand (name) values ('BOSCHX') returning id`.execute(env.database.db)).rows[0].id;
      await sql`insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, part_brand_id, quantity, price99)
        values (2, 'QQ11223344', 'QQ-11223344', '氙气大灯总成', (select min(id) from part_quality), ${brand}, 3, 120000)`.execute(env.database.db);
      // a misspelt brand: its letters in another order are a known spelling
      const misspelt = await kw(buyer, { k: 'BOHSCX', mode: 'exact' });
      expect(misspelt.body.data.total).toBe(0);
      expect(misspelt.body.data.empty_help).toEqual({ fuzzy_finds: true, queries: expect.arrayContaining(['BOSCHX']) });
      // a word one character too long: the dictionary's shorter name is offered, with the other word kept
      const longer = await kw(buyer, { k: 'BOSCHX 氙气大灯总成子', mode: 'exact' });
      expect(longer.body.data.total).toBe(0);
      expect(longer.body.data.empty_help?.queries).toContain('BOSCHX 氙气大灯总成');
      for (const q of longer.body.data.empty_help?.queries ?? []) expect((await rowsOf(buyer, { k: q, mode: 'exact' })).length).toBeGreaterThan(0);
      // nothing near at all: said plainly, nothing offered; a search with results carries no help
      const nothing = await kw(buyer, { k: '量子引擎', mode: 'exact' });
      expect(nothing.body.data.empty_help).toEqual({ fuzzy_finds: false, queries: [] });
      expect((await kw(buyer, { k: '氙气大灯总成', mode: 'exact' })).body.data.empty_help).toBeUndefined();
    });

    it('the total never promises a page without rows', async () => {
      // a brand named exactly as asked ranks before names that merely contain it: the page reads
      // the best terms, and so must the count
      const brand = (await sql<{ id: number }>`insert into part_brand (name) values ('极光') returning id`.execute(env.database.db)).rows[0].id;
      await sql`
        insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, part_brand_id, quantity, price99)
        select 2, 'JG' || g, 'JG-' || g, case when g <= 60 then '前大灯' else '氙气极光灯' end, (select min(id) from part_quality),
          case when g <= 60 then ${brand}::int end, g % 7, 1000 + g
        from generate_series(1, 360) g`.execute(env.database.db);
      const exact = (await kw(buyer, { k: '极光', mode: 'exact' })).body.data;
      expect(exact.total).toBe(60);
      expect((await rowsOf(buyer, { k: '极光', mode: 'exact', page_number: 2 })).length).toBe(10);
      for (const [k, mode] of [['极光', 'exact'], ['极光', 'fuzzy'], ['器', 'fuzzy'], ['片', 'exact'], ['泵', 'fuzzy'], ['滤清器', 'exact'], ['前', 'fuzzy'], ['大众 片', 'exact']] as const) {
        for (const size of [50, 100]) {
          const first = (await kw(buyer, { k, mode, page_size: size })).body.data;
          expect(first.total, k).toBeGreaterThan(0);
          const last = Math.ceil(first.total / size);
          const page = await rowsOf(buyer, { k, mode, page_size: size, page_number: last });
          // a capped total counts at least that many, so its last page is full
          expect(page.length, `${k} ${mode} page ${last} of ${first.total}`).toBe(first.total_capped ? size : first.total - (last - 1) * size);
        }
      }
    });

    it('exact: every word as written; fuzzy: each word\'s characters in any order', async () => {
      const pair = (await sql<{ make: string; name: string }>`
        select m.name as make, s.name from stock s join make m on m.id = s.make_id where s.name like '%刹车片' group by m.name, s.name order by count(*) desc limit 1`.execute(env.database.db)).rows[0];
      const exact = await rowsOf(buyer, { k: `${pair.make} 刹车片`, mode: 'exact' });
      expect(exact.length).toBeGreaterThan(0);
      for (const row of exact) {
        expect(row.name).toContain('刹车片');
        expect(`${row.make_name} ${row.supplier_vehicle}`).toContain(pair.make);
      }
      // the same words out of order: none as written, but fuzzy finds them
      expect(await rowsOf(buyer, { k: `${pair.make} 片车刹`, mode: 'exact' })).toEqual([]);
      const fuzzy = await rowsOf(buyer, { k: `${pair.make} 片车刹`, mode: 'fuzzy' });
      expect(fuzzy.length).toBeGreaterThan(0);
      for (const row of fuzzy) for (const c of '刹车片') expect(row.name).toContain(c);
    });

    it('sorts by a visible price column, quantity or name, across pages', async () => {
      const asc = [...await rowsOf(buyer, { k: '滤清器', sort_field: 'price0', sort_order: 'asc' }), ...await rowsOf(buyer, { k: '滤清器', sort_field: 'price0', sort_order: 'asc', page_number: 2 })];
      expect(asc.length).toBe(100);
      const prices = asc.map((r) => r.price0 ?? Infinity);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const desc = (await rowsOf(buyer, { k: '滤清器', sort_field: 'price0', sort_order: 'desc' })).map((r) => r.price0 ?? -1);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(desc[0]).toBeGreaterThan(prices[0]);
      const qty = (await rowsOf(buyer, { k: '泵', sort_field: 'quantity', sort_order: 'desc' })).map((r) => r.quantity);
      expect(qty).toEqual([...qty].sort((a, b) => b - a));
      expect(qty[0]).toBeGreaterThan(qty.at(-1)!);
      const names = (await rowsOf(buyer, { k: '器', sort_field: 'name', sort_order: 'asc', page_size: 100 })).map((r) => r.name);
      expect(new Set(names).size).toBeGreaterThan(1);
      const sorted = (await sql<{ name: string }>`select name from unnest(${sql.val(names)}::text[]) name order by name`.execute(env.database.db)).rows.map((r) => r.name);
      expect(names).toEqual(sorted);
      // the dismantled and circle scopes sort too
      const dismantled = (await rowsOf(buyer, { k: '器', dismantled: 1, sort_field: 'price99', sort_order: 'desc' }));
      expect(dismantled.every((r) => r.quality_name === '拆车件')).toBe(true);
      expect(dismantled.map((r) => r.price99)).toEqual(dismantled.map((r) => r.price99).sort((a, b) => (b ?? -1) - (a ?? -1)));
      const circle = (await rowsOf(buyer, { k: '器', circle: 1, sort_field: 'quantity', sort_order: 'asc' })).map((r) => r.quantity);
      expect(circle).toEqual([...circle].sort((a, b) => a - b));
    });

    it('filters by price range (fen, on the chosen column) and stock range, with a total that agrees', async () => {
      const r = await kw(buyer, { k: '器', price_colum_name: 'price0', min_price: 10000, max_price: 30050, min_stock_qty: 1, max_stock_qty: 20, page_size: 100 });
      const { rows, total } = r.body.data;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.price0).toBeGreaterThanOrEqual(10000);
        expect(row.price0).toBeLessThanOrEqual(30050);
        expect(row.quantity).toBeGreaterThanOrEqual(1);
        expect(row.quantity).toBeLessThanOrEqual(20);
      }
      const all = (await kw(buyer, { k: '器', page_size: 100 })).body.data.total;
      expect(total).toBeLessThan(all);
      const none = await kw(buyer, { k: '器', min_stock_qty: 0, max_stock_qty: 0 });
      expect(none.body.data.rows.every((row) => row.quantity === 0)).toBe(true);
      // a member filters on a column of their level
      const m = await rowsOf(member, { k: '器', min_price: 5000, sort_field: 'price99' });
      expect(m.length).toBeGreaterThan(0);
      expect(m.every((row) => (row.price99 ?? 0) >= 5000)).toBe(true);
    });

    it('refuses bad filters, sorting and deep pages with a Chinese message, and counts nothing', async () => {
      const used = async () => (await env.api('getStockCount', { company_id: 4 }, { token: member })).body.data.used;
      const before = await used();
      // a sort field or order the contract does not have: sent raw
      const unknown: [Record<string, string>, string, string][] = [
        [{ sort_field: 'company_id' }, 'sort_field', '排序字段只能是 quantity、name、price99、price0、price1、price2、price3、price5 之一'],
        [{ sort_order: 'up' }, 'sort_order', '排序方向只能是 asc（升序）或 desc（降序）'],
      ];
      for (const [q, field, text] of unknown) {
        const r = await env.callRaw('GET', `/api/search/keyword?${new URLSearchParams({ k: '器', ...q })}`, { token: member });
        expect(r.status, JSON.stringify(q)).toBe(422);
        expect(r.body).toMatchObject({ code: 422, field, client_msg: msg.invalidPayload(field, text) });
      }
      const bad: [Omit<PayloadIn<'keywordSearch'>, 'k'>, string, string][] = [
        [{ min_price: 30000, max_price: 10000 }, 'min_price', priceRangeReversed],
        [{ min_stock_qty: 9, max_stock_qty: 2 }, 'min_stock_qty', stockRangeReversed],
        [{ min_price: -1 }, 'min_price', '最低价格应为以分为单位的整数（0 至 999999999）'],
        [{ max_price: '12.34' }, 'max_price', '最高价格应为以分为单位的整数（0 至 999999999）'],
        [{ min_stock_qty: 'abc' }, 'min_stock_qty', '最小库存 应为整数'],
        // wholesale prices are not the registered member's to see, so neither to sort or filter by
        [{ sort_field: 'price0' }, 'sort_field', priceColumnHidden],
        [{ price_colum_name: 'price0', max_price: 10000 }, 'price_colum_name', priceColumnHidden],
        [{ page_number: KEYWORD_MAX_ROWS / 50 + 1 }, 'page_number', keywordTooDeep],
        [{ page_number: 14, page_size: 800 }, 'page_number', keywordTooDeep],
      ];
      for (const [q, field, text] of bad) {
        const r = await kw(member, { k: '器', ...q });
        expect(r.status, JSON.stringify(q)).toBe(422);
        expect(r.body).toMatchObject({ code: 422, field, client_msg: msg.invalidPayload(field, text) });
      }
      expect(await used()).toBe(before);
      // the deepest page allowed still answers
      expect((await kw(member, { k: '器', page_number: 13, page_size: 800 })).body.code).toBe(200);
      expect((await kw(member, { k: '器', page_number: KEYWORD_MAX_ROWS / 50 })).body.code).toBe(200);
    });
  });
});
