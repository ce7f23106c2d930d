/**
 * Sorted keyword searches read a term (part name, vehicle, brand, make) a page through bounded index scans
 * (keyword.repo.ts boundedScans, migration 0210) instead of the term's every row: the page, its
 * order and the total must be exactly those of the plain query "every row of the term that passes
 * the filters, ordered by the sort column (nulls last), then id".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';
import { PRICE_BANDS, priceBand, searchIds, type Filters, type Sort, type Term } from '../../src/server/modules/search/keyword.repo';
import { KEYWORD_SORT_FIELDS } from '../../src/shared/contracts/search';

describe.each(backends)('sorted keyword search over a term on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'sorted', () => {
    let env: TestEnv;
    let make: { id: number; name: string };
    let brand: { id: number; name: string };
    let name: string;
    let vehicle: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 3000 });
      const db = env.database.db;
      make = (await sql<{ id: number; name: string }>`
        select m.id, m.name from stock s join make m on m.id = s.make_id group by m.id order by count(*) desc, m.id limit 1`.execute(db)).rows[0];
      brand = (await sql<{ id: number; name: string }>`
        select b.id, b.name from stock s join part_brand b on b.id = s.part_brand_id group by b.id order by count(*) desc, b.id limit 1`.execute(db)).rows[0];
      name = (await sql<{ name: string }>`select name from stock group by name order by count(*) desc, name limit 1`.execute(db)).rows[0].name;
      vehicle = (await sql<{ v: string }>`select supplier_vehicle as v from stock where supplier_vehicle is not null group by 1 order by count(*) desc, 1 limit 1`.execute(db)).rows[0].v;
      // the edges the scans split on: no price, out of stock, equal prices and quantities (id
      // decides), unlisted rows, on both terms
      await sql`
        insert into stock (company_id, oe_norm, supplier_oe, name, supplier_vehicle, quality_id, make_id, part_brand_id, quantity, price99, price0,
          price1, price2, price3, price5, state)
        select 2, 'SORT' || g, 'SORT-' || g, ${name}, ${vehicle}, (select min(id) from part_quality), ${make.id}, ${brand.id},
          case when g % 3 = 0 then 0 else g % 7 end,
          case when g % 4 = 0 then null else 1000 * (g % 5) end,
          case when g % 6 = 0 then null else 1000 * (g % 5) end,
          case when g % 5 = 0 then null else 1100 * (g % 4) end,
          case when g % 7 = 0 then null else 600 * (g % 6) end,
          case when g % 9 = 0 then null else 700 * (g % 6) end,
          case when g % 2 = 0 then null else 50 * (g % 3) end,
          case when g % 11 = 0 then 'off' else 'on' end
        from generate_series(1, 120) g`.execute(db);
      // and rows whose two prices disagree (批发价 falls as 标准价 rises, across 标准价 bands), as
      // real stock has: a walk trusting band order for 批发价 order would misplace them
      await sql`
        insert into stock (company_id, oe_norm, supplier_oe, name, supplier_vehicle, quality_id, make_id, part_brand_id, quantity, price99, price0, state)
        select 2, 'SWAP' || g, 'SWAP-' || g, ${name}, ${vehicle}, (select min(id) from part_quality), ${make.id}, ${brand.id},
          case when g % 4 = 0 then 0 else 3 end, 1000 * (g % 5) + 1200, 1000 * (4 - g % 5) + 500, 'on'
        from generate_series(1, 40) g`.execute(db);
      // and rows whose prices are far apart (price_odd, 0283), each with one price far dearer or
      // cheaper than its others: a walk bounded through price_ratio must read them beside itself
      await sql`
        insert into stock (company_id, oe_norm, supplier_oe, name, supplier_vehicle, quality_id, make_id, part_brand_id, quantity, price99, price0,
          price1, price2, price3, state)
        select 2, 'ODD' || g, 'ODD-' || g, ${name}, ${vehicle}, (select min(id) from part_quality), ${make.id}, ${brand.id}, g % 3,
          case when g % 5 = 0 then 30000 else 1000 + g * 10 end,
          case when g % 5 = 1 then 30000 when g % 5 = 2 then 10 else 900 + g * 10 end,
          case when g % 5 = 2 then 40000 else 1100 + g * 10 end,
          case when g % 5 = 3 then 25000 when g % 5 = 4 then 5 else 1200 + g * 10 end,
          case when g % 5 = 4 then 50000 else 1300 + g * 10 end, 'on'
        from generate_series(1, 20) g`.execute(db);
      await sql`analyze stock`.execute(db);
    });
    afterAll(async () => env?.close());

    /** a make's word: the make, its vehicle with most rows and the next one (second) */
    const makeWord = async () => {
      const second = (await sql<{ v: string }>`
        select supplier_vehicle as v from stock where make_id = ${make.id} and supplier_vehicle <> ${vehicle}
        group by 1 order by count(*) desc, 1 limit 1`.execute(env.database.db)).rows[0].v;
      const word: Term[] = [
        { kind: 'make', term: make.name, ref_id: make.id, score: 0 },
        { kind: 'vehicle', term: vehicle, ref_id: null, score: 0 },
        { kind: 'vehicle', term: second, ref_id: null, score: 0 },
      ];
      return { second, word };
    };
    /** a price and stock range as conditions on stock s */
    const filtered = (f: Filters | undefined) => [
      ...(f?.minPrice !== undefined ? [sql`${sql.ref(`s.${f.priceColumn}`)} >= ${f.minPrice}`] : []),
      ...(f?.maxPrice !== undefined ? [sql`${sql.ref(`s.${f.priceColumn}`)} <= ${f.maxPrice}`] : []),
      ...(f?.minStock !== undefined ? [sql`s.quantity >= ${f.minStock}`] : []),
      ...(f?.maxStock !== undefined ? [sql`s.quantity <= ${f.maxStock}`] : []),
    ];
    /** the plain answer in relevance order: the listed rows matching `matched` that pass the filters, by `rank` (then rank_key, id) */
    const byRelevance = async (matched: RawBuilder<unknown>, rank: RawBuilder<unknown>, f: Filters | undefined, offset: number, limit: number) =>
      (await sql<{ id: number }>`select s.id from stock s where ${sql.join([matched, sql`s.state = 'on'`, ...filtered(f)], sql` and `)}
        order by ${rank}, s.rank_key, s.id offset ${offset} limit ${limit}`.execute(env.database.db)).rows.map((r) => Number(r.id));
    /** the plain answer: every row of the term that passes the filters, in the search's order */
    const expected = async (
      column: 'make_id' | 'part_brand_id' | 'name' | 'supplier_vehicle', id: number | string, sort: Sort, f: Filters | undefined, offset: number, limit: number,
      other?: RawBuilder<unknown>, instead?: RawBuilder<unknown>,
    ) => {
      const conds = [instead ?? sql`${sql.ref(`s.${column}`)} = ${id}`, sql`s.state = 'on'`, ...(other ? [other] : []), ...filtered(f)];
      const { rows } = await sql<{ id: number }>`
        select s.id from stock s where ${sql.join(conds, sql` and `)}
        order by ${sql.ref(`s.${sort.field}`)} ${sort.order === 'desc' ? sql`desc` : sql`asc`} nulls last, ${sort.field === 'name' ? sql`s.rank_key, s.id` : sort.order === 'desc' ? sql`s.id desc` : sql`s.id`}
        offset ${offset} limit ${limit}`.execute(env.database.db);
      return rows.map((r) => Number(r.id));
    };

    const filters: (Filters | undefined)[] = [
      undefined,
      { priceColumn: 'price0', minPrice: 1000, maxPrice: 3000, minStock: 1 },
      { priceColumn: 'price0', maxPrice: 2000 },
      { priceColumn: 'price99', minPrice: 2000 },
      { priceColumn: 'price99', minStock: 0, maxStock: 0 },
      { priceColumn: 'price0', minStock: 2, maxStock: 5 },
      // both end bands of price_band (0251) covered less than half: read from the rank index
      { priceColumn: 'price0', minPrice: 1200, maxPrice: 2100 },
      // 批发价(含税), which only the 标准价 walks carry (0282): the other prices' walks read the
      // term whole, but for the 批发价(含税) walk itself
      { priceColumn: 'price1', minPrice: 1500 },
      // 批发价 by 标准价 band (0260): the results page's default range, and one whose both end bands
      // are covered less than half (read from the (term, price99) index)
      { priceColumn: 'price99', minPrice: 5000, maxPrice: 80000, minStock: 1 },
      { priceColumn: 'price99', minPrice: 1200, maxPrice: 4100 },
      // 零售价, which the 标准价 walks (0271) and 0270's indexes carry, and 钉箱费, which none does
      { priceColumn: 'price2', minPrice: 1000, maxPrice: 2500 },
      { priceColumn: 'price5', maxPrice: 100, minStock: 1 },
      // a price sort bounded through price_ratio (0283) from the range's top descending and its
      // bottom ascending, with the odd rows (a price 0 beside others, or far apart) walked beside it
      { priceColumn: 'price3', maxPrice: 2500 },
      { priceColumn: 'price2', minPrice: 1200, minStock: 1 },
      { priceColumn: 'price1', maxPrice: 2200 },
      // a top far above any price: the bound r * 9,999,999 yuan is past the largest int4
      { priceColumn: 'price0', maxPrice: 999_999_900 },
    ];

    /** a term of each kind the walks read, with the column the plain query reads it from */
    const TERM_KINDS = ['make', 'brand', 'name', 'vehicle'] as const;
    const termOf = (kind: (typeof TERM_KINDS)[number]): [Term, 'make_id' | 'part_brand_id' | 'name' | 'supplier_vehicle', number | string] =>
      kind === 'make' ? [{ kind: 'make', term: make.name, ref_id: make.id, score: 0 }, 'make_id', make.id]
        : kind === 'brand' ? [{ kind: 'brand', term: brand.name, ref_id: brand.id, score: 0 }, 'part_brand_id', brand.id]
          : kind === 'name' ? [{ kind: 'name', term: name, ref_id: null, score: 0 }, 'name', name]
            : [{ kind: 'vehicle', term: vehicle, ref_id: null, score: 0 }, 'supplier_vehicle', vehicle];

    // one test per term and sort field: each does a bounded amount of work, so a busy machine
    // slows every test a little instead of pushing one long test past its timeout
    let comparedEveryRow = 0;
    describe.each(TERM_KINDS)('gives the same pages, in the same order, as reading every row of the term (%s)', (kind) => {
      it.each(KEYWORD_SORT_FIELDS)('sorted by %s', async (field) => {
        const [term, column, value] = termOf(kind);
        for (const order of ['asc', 'desc'] as const) {
          for (const f of filters) {
            for (const [offset, limit] of [[0, 50], [50, 50], [0, 400]]) {
              const got = await searchIds(env.database.db, [[term]], offset, limit, { sort: { field, order }, filters: f });
              const want = await expected(column, value, { field, order }, f, offset, limit);
              expect(got.ids, `${term.kind} ${field} ${order} ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
              if (want.length > 0) comparedEveryRow++;
            }
          }
        }
      });
    });
    it('compared real pages, not empty ones, over every term and sort', () => {
      expect(comparedEveryRow).toBeGreaterThan(700);
    });

    it('gives the same pages in relevance order with a range, walked from the bottom of the range', async () => {
      // relevance is rank_key order (in stock first, then 批发价); a range's bottom starts each stock
      // part's walk, on 批发价 itself or through price_ratio (0283) with the odd rows beside
      let compared = 0;
      for (const [term, column, value] of [
        [{ kind: 'make', term: make.name, ref_id: make.id, score: 0 }, 'make_id', make.id],
        [{ kind: 'name', term: name, ref_id: null, score: 0 }, 'name', name],
      ] as const) {
        for (const f of filters) {
          for (const [offset, limit] of [[0, 50], [50, 50], [0, 400]]) {
            const got = await searchIds(env.database.db, [[term]], offset, limit, { filters: f });
            const want = await byRelevance(sql`${sql.ref(`s.${column}`)} = ${value}`, sql`s.rank_key`, f, offset, limit);
            expect(got.ids, `${term.kind} ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
            if (want.length > 0) compared++;
          }
        }
      }
      // a make's word: the make and two of its vehicles, walked a kind at a time; a row ranks by
      // the first term it matches (the terms' order), then rank_key
      const { second, word } = await makeWord();
      for (const f of filters) {
        for (const [offset, limit] of [[0, 50], [50, 50]]) {
          const got = await searchIds(env.database.db, [word], offset, limit, { filters: f });
          const want = await byRelevance(sql`(s.make_id = ${make.id} or s.supplier_vehicle = any(${sql.val([vehicle, second])}::text[]))`,
            sql`case when s.make_id = ${make.id} then 0 when s.supplier_vehicle = ${vehicle} then 1 else 2 end`, f, offset, limit);
          expect(got.ids, `make word ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
          if (want.length > 0) compared++;
        }
      }
      expect(compared).toBeGreaterThan(80);
    });

    it('gives the same pages with a second word, matched on the columns the walks carry', async () => {
      // "make name" and "brand name": the name's walk checks the other word's terms (a make and a
      // vehicle, or a brand) on every row it passes (migration 0250)
      const nameTerm: Term = { kind: 'name', term: name, ref_id: null, score: 0 };
      const pairs: [Term[], RawBuilder<unknown>][] = [
        [[{ kind: 'make', term: make.name, ref_id: make.id, score: 0 }, { kind: 'vehicle', term: vehicle, ref_id: null, score: 0 }],
          sql`(s.make_id = ${make.id} or s.supplier_vehicle = ${vehicle})`],
        [[{ kind: 'brand', term: brand.name, ref_id: brand.id, score: 0 }], sql`s.part_brand_id = ${brand.id}`],
      ];
      let compared = 0;
      for (const [other, condition] of pairs) {
        for (const field of KEYWORD_SORT_FIELDS) {
          for (const order of ['asc', 'desc'] as const) {
            for (const f of filters) {
              for (const [offset, limit] of [[0, 50], [50, 50]]) {
                const got = await searchIds(env.database.db, [[nameTerm], other], offset, limit, { sort: { field, order }, filters: f });
                const want = await expected('name', name, { field, order }, f, offset, limit, condition);
                expect(got.ids, `${other.map((t) => t.kind).join('+')} ${field} ${order} ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
                if (want.length > 0) compared++;
              }
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(60);
    });

    it('gives the same pages for a word matching several terms of a kind, read together', async () => {
      // a make's word: the make and its vehicle strings, each kind's terms walked in one lateral scan
      const { second, word } = await makeWord();
      let compared = 0;
      for (const field of KEYWORD_SORT_FIELDS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const f of filters) {
            for (const [offset, limit] of [[0, 50], [50, 50]]) {
              const got = await searchIds(env.database.db, [word], offset, limit, { sort: { field, order }, filters: f });
              const want = await expected('make_id', make.id, { field, order }, f, offset, limit, undefined,
                sql`(s.make_id = ${make.id} or s.supplier_vehicle = any(${sql.val([vehicle, second])}::text[]))`);
              expect(got.ids, `${field} ${order} ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
              if (want.length > 0) compared++;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(60);
    });

    it('gives the same pages for two brands of one word, and under a circle, 拆车件 or brand scope', async () => {
      // two brand terms in one lateral walk of 0270's indexes, and scopes the walks' indexes do not
      // carry (company, quality), read from the table for every passed row
      const db = env.database.db;
      const second = (await sql<{ id: number; name: string }>`
        select b.id, b.name from stock s join part_brand b on b.id = s.part_brand_id where b.id <> ${brand.id}
        group by b.id order by count(*) desc, b.id limit 1`.execute(db)).rows[0];
      const companies = (await sql<{ company_id: number }>`
        select company_id from stock where make_id = ${make.id} group by 1 order by count(*) desc, 1 limit 2`.execute(db)).rows.map((r) => r.company_id);
      const dismantled = (await sql<{ id: number }>`select id from part_quality where name = '拆车件'`.execute(db)).rows[0]?.id ?? -1;
      const makeTerm: Term = { kind: 'make', term: make.name, ref_id: make.id, score: 0 };
      const cases: [Term[], Parameters<typeof searchIds>[4], RawBuilder<unknown>][] = [
        [[{ kind: 'brand', term: brand.name, ref_id: brand.id, score: 0 }, { kind: 'brand', term: second.name, ref_id: second.id, score: 0 }], {},
          sql`s.part_brand_id = any(${sql.val([brand.id, second.id])}::int[])`],
        [[makeTerm], { companies }, sql`s.make_id = ${make.id} and s.company_id = any(${sql.val(companies)}::int[])`],
        [[makeTerm], { dismantled: true }, sql`s.make_id = ${make.id} and s.quality_id = ${dismantled}`],
        [[makeTerm], { brandId: brand.id }, sql`s.make_id = ${make.id} and s.part_brand_id = ${brand.id}`],
      ];
      const scoped: (Filters | undefined)[] = [undefined, { priceColumn: 'price99', minPrice: 5000, maxPrice: 80000, minStock: 1 },
        { priceColumn: 'price3', maxPrice: 3000 }, { priceColumn: 'price1', minPrice: 1500 }];
      let compared = 0;
      for (const [word, scope, condition] of cases) {
        for (const field of KEYWORD_SORT_FIELDS) {
          for (const order of ['asc', 'desc'] as const) {
            for (const f of scoped) {
              for (const [offset, limit] of [[0, 50], [50, 50]]) {
                const got = await searchIds(db, [word], offset, limit, { ...scope, sort: { field, order }, filters: f });
                const want = await expected('make_id', make.id, { field, order }, f, offset, limit, undefined, condition);
                expect(got.ids, `${word.map((t) => t.term).join('+')} ${JSON.stringify(scope)} ${field} ${order} ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
                if (want.length > 0) compared++;
              }
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(300);
    });

    // what the compared pages held: the comparisons would fail if a walk dropped or misordered
    // rows of these kinds (summed over the terms' tests, checked after them)
    const seen = { pages: 0, unpriced: 0, outOfStock: 0, ties: 0, multiBand: 0, inverted: 0 };
    it.each(TERM_KINDS)('gives the same pages sorted by 批发价 with a 标准价 range, walked by 标准价 band (%s)', async (kind) => {
      // bandedPrice0 (migration 0260): one walk per 标准价 band and stock part, end bands covered
      // less than half read from the (term, price99) index; the added rows sit at 0, 10, 20, 30
      // and 40 yuan, two dozen rows a price (id decides), some unpriced and some out of stock
      const ranges: Filters[] = [
        // inside one band: [20, 25) yuan covered more than half (walked), and one price (read)
        { priceColumn: 'price99', minPrice: 2000, maxPrice: 2400 },
        { priceColumn: 'price99', minPrice: 2000, maxPrice: 2000, minStock: 1 },
        { priceColumn: 'price99', minPrice: 3000, maxPrice: 3000 },
        // across bands: both ends read, both ends walked, wide
        { priceColumn: 'price99', minPrice: 1200, maxPrice: 4100, minStock: 1 },
        { priceColumn: 'price99', minPrice: 1000, maxPrice: 4999 },
        { priceColumn: 'price99', minPrice: 1000, maxPrice: 4999, minStock: 1 },
        { priceColumn: 'price99', minPrice: 0, maxPrice: 80000 },
        { priceColumn: 'price99', minPrice: 5000, maxPrice: 80000 },
        // open-ended: by band where the bound is the walk's start (a minimum ascending, a maximum
        // descending), otherwise the rank walk with the 标准价 filter
        { priceColumn: 'price99', minPrice: 3000 },
        { priceColumn: 'price99', minPrice: 1100, minStock: 1 },
        { priceColumn: 'price99', maxPrice: 3000 },
        { priceColumn: 'price99', maxPrice: 2100, minStock: 1 },
        // out of stock only
        { priceColumn: 'price99', minPrice: 1000, maxPrice: 4000, maxStock: 0 },
      ];
      const [term, column, value] = termOf(kind);
      for (const order of ['asc', 'desc'] as const) {
        for (const f of ranges) {
          // small pages cut a run of equal prices (id decides: a descending walk must take a
          // band's ties), the large one reaches the unpriced rows
          for (const [offset, limit] of [[0, 50], [50, 50], [0, 400], [0, 5], [7, 5]]) {
            const got = await searchIds(env.database.db, [[term]], offset, limit, { sort: { field: 'price0', order }, filters: f });
            const want = await expected(column, value, { field: 'price0', order }, f, offset, limit);
            expect(got.ids, `${term.kind} price0 ${order} ${JSON.stringify(f)} ${offset}+${limit}`).toEqual(want);
            if (want.length === 0) continue;
            seen.pages++;
            const { rows } = await sql<{ price0: number | null; quantity: number; band: number }>`
              select price0, quantity, price_band(price99) as band from stock where id = any(${sql.val(want)}::int[])`.execute(env.database.db);
            seen.unpriced += rows.filter((r) => r.price0 === null).length;
            seen.outOfStock += rows.filter((r) => r.quantity === 0).length;
            seen.ties += rows.length - new Set(rows.map((r) => r.price0)).size;
            if (new Set(rows.map((r) => r.band)).size > 1) seen.multiBand++;
            // a pair in 批发价 order against 标准价 band order
            if (rows.some((a) => rows.some((b) => a.price0 !== null && b.price0 !== null && a.price0 < b.price0 && a.band > b.band))) seen.inverted++;
          }
        }
      }
    });
    it('compared pages holding unpriced, out-of-stock, tied, multi-band and inverted rows', () => {
      expect(seen.pages).toBeGreaterThan(300);
      expect(seen.unpriced).toBeGreaterThan(100);
      expect(seen.outOfStock).toBeGreaterThan(100);
      expect(seen.ties).toBeGreaterThan(100);
      expect(seen.multiBand).toBeGreaterThan(100);
      expect(seen.inverted).toBeGreaterThan(50);
    });

    it('finds at once a row priced beyond the proportions seen so far, or far apart, ahead of a bounded walk', async () => {
      // sorted by 零售价 descending within 批发价 up to 10 yuan, the walk starts at r(零售价, 批发价) x
      // 10 yuan (0283): a row written later with a wider ratio raises r in its own statement, and a
      // row whose prices are far apart is read beside the walk
      const db = env.database.db;
      const term: Term = { kind: 'name', term: name, ref_id: null, score: 0 };
      const by: Sort = { field: 'price2', order: 'desc' };
      const range: Filters = { priceColumn: 'price0', maxPrice: 1000 };
      // the first page, which must be the plain answer's
      const page = async () => {
        const { ids } = await searchIds(db, [[term]], 0, 20, { sort: by, filters: range });
        expect(ids).toEqual(await expected('name', name, by, range, 0, 20));
        return ids;
      };
      const ratio = async () => Number((await sql<{ r: number }>`select r from price_ratio where x = 'price2' and y = 'price0'`.execute(db)).rows[0].r);
      expect(await ratio()).toBeLessThan(3.9);
      const insert = (price2: number) => sql<{ id: number }>`
        insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, quantity, price99, price0, price1, price2, price3, state)
        values (2, 'RATIO1', 'RATIO-1', ${name}, (select min(id) from part_quality), 5, 1000, 1000, 1000, ${price2}, 1000, 'on') returning id`.execute(db);
      const wide = Number((await insert(3900)).rows[0].id);
      expect(await ratio()).toBeGreaterThanOrEqual(3.9);
      expect(await page()).toContain(wide);
      // repriced wider still (3.95 times): an update widens r as an insert does
      await sql`update stock set price2 = 3950 where id = ${wide}`.execute(db);
      expect(await ratio()).toBeGreaterThanOrEqual(3.95);
      expect(await page()).toContain(wide);
      // 50 times 批发价: far apart (price_odd), left out of r and found all the same, first
      const odd = Number((await insert(50000)).rows[0].id);
      expect(await ratio()).toBeLessThan(4);
      expect((await page())[0]).toBe(odd);
      await sql`delete from stock where id = any(${sql.val([wide, odd])}::int[])`.execute(db);
      // a deleted row's ratio stays: the bound stays true, only less tight
      expect(await ratio()).toBeGreaterThanOrEqual(3.95);
      await page();
    });

    it('bands 批发价 in SQL as in TypeScript', async () => {
      const prices = [0, 1, 99, ...PRICE_BANDS.flatMap((b) => [b - 1, b, b + 1]), 2 ** 31 - 1];
      const { rows } = await sql<{ p: number; band: number }>`
        select p, price_band(p) as band from unnest(${sql.val(prices)}::int[]) p`.execute(env.database.db);
      expect(rows.map((r) => Number(r.band))).toEqual(prices.map(priceBand));
    });

    it('pages through the unpriced and out-of-stock rows at the end of a make sorted by price', async () => {
      const term: Term = { kind: 'make', term: make.name, ref_id: make.id, score: 0 };
      const total = Number((await sql<{ n: number }>`select count(*)::int as n from stock where make_id = ${make.id} and state = 'on'`.execute(env.database.db)).rows[0].n);
      const last = Math.max(0, total - 30);
      for (const field of ['price0', 'price99'] as const) {
        const got = await searchIds(env.database.db, [[term]], last, 50, { sort: { field, order: 'asc' } });
        const want = await expected('make_id', make.id, { field, order: 'asc' }, undefined, last, 50);
        expect(got.ids).toEqual(want);
        // the last rows of an ascending price sort are those without a price
        const nulls = (await sql<{ n: number }>`select count(*)::int as n from stock where make_id = ${make.id} and state = 'on' and ${sql.ref(field)} is null`.execute(env.database.db)).rows[0].n;
        expect(nulls).toBeGreaterThan(0);
      }
    });
  });
});
