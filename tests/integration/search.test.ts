import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { NOT_IN_CIRCLE, OE_NOT_SEARCHED, quotaExhausted } from '../../src/server/modules/search/search.service';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, cpuTime, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('parts search on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'search', () => {
    let env: TestEnv;
    let buyer: string;
    let member: string;
    let stocked: { oe_norm: string; supplier_oe: string; sellers: number }[];
    let relation: { oe_norm: string; related_norm: string; kind: string };
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 3000 });
      buyer = (await env.login('buyer')).access_token;
      member = (await env.login('member')).access_token;
      stocked = (await sql<{ oe_norm: string; supplier_oe: string; sellers: number }>`
        select oe_norm, min(supplier_oe) as supplier_oe, count(distinct company_id)::int as sellers from stock group by oe_norm having count(distinct company_id) > 1 order by oe_norm limit 3`.execute(env.database.db)).rows;
      relation = (await sql<{ oe_norm: string; related_norm: string; kind: string }>`
        select r.* from oe_relation r where exists (select 1 from stock s where s.oe_norm = r.related_norm) order by r.oe_norm limit 1`.execute(env.database.db)).rows[0];
    });
    afterAll(async () => env?.close());

    const oeSearch = (token: string, oe_list: PayloadIn<'oeSearch'>['oe_list'], extra: Omit<PayloadIn<'oeSearch'>, 'oe_list'> = {}) =>
      env.api('oeSearch', { oe_list, ...extra }, { token });

    it('finds two codes written differently, removes the duplicate, groups by OE with every seller', async () => {
      const [a, b] = stocked;
      const r = await oeSearch(buyer, [a.supplier_oe, b.supplier_oe.toLowerCase(), ` ${a.oe_norm} `]);
      expect(r.status).toBe(200);
      const exact = r.body.data.items.filter((g) => g.relation === 'exact');
      expect(exact.map((g) => g.oe)).toEqual([a.oe_norm, b.oe_norm]);
      expect(new Set(exact[0].rows.map((x) => x.company_id)).size).toBe(a.sellers);
      expect(exact[0].brand_code).not.toBe('');
      const row = exact[0].rows[0];
      expect(row).toMatchObject({ supplier_oe: a.supplier_oe });
      expect(typeof row.province).toBe('string');
      // a formal buyer sees every price column and the contacts
      expect(r.body.data.price_columns).toEqual(['price99', 'price0', 'price1', 'price2', 'price3', 'price5']);
      expect(row.price0).toBeGreaterThan(0);
      expect(row.phone).toMatch(/\d/);
      // original parts first
      const firstNonOriginal = exact[0].rows.findIndex((x) => !x.is_original);
      if (firstNonOriginal >= 0) expect(exact[0].rows.slice(firstNonOriginal).every((x) => !x.is_original)).toBe(true);
    });

    it('finds stock through supersession and aliases', async () => {
      const r = await oeSearch(buyer, [relation.oe_norm]);
      const related = r.body.data.items.find((g) => g.relation === relation.kind);
      expect(related).toBeDefined();
      expect(related?.oe).toBe(relation.oe_norm);
      expect(related?.rows.length).toBeGreaterThan(0);
    });

    it('leaves contact details and wholesale prices out for a registered member', async () => {
      const r = await oeSearch(member, [stocked[0].oe_norm]);
      expect(r.body.data.contacts_visible).toBe(false);
      expect(r.body.data.price_columns).toEqual(['price99', 'price2', 'price3']);
      const row = r.body.data.items[0].rows[0];
      expect(Object.keys(row)).not.toContain('phone');
      expect(Object.keys(row)).not.toContain('qq');
      expect(Object.keys(row)).not.toContain('price0');
      expect(row.price99).toBeGreaterThan(0);
    });

    it('refuses bad batches with the search messages', async () => {
      const cases: Array<[PayloadIn<'oeSearch'>['oe_list'], string]> = [
        [[], msg.enterOe],
        [['  '], msg.enterOe],
        [['04465-33450', '1-2-3'], msg.oeMinLength],
        [Array.from({ length: 11 }, (_, i) => `ABCDE${i}`), msg.oeMaxLines],
      ];
      for (const [list, text] of cases) {
        const r = await oeSearch(buyer, list);
        expect(r.status).toBe(422);
        expect(r.body).toMatchObject({ field: 'oe_list', client_msg: msg.invalidPayload('oe_list', text) });
      }
      // a number where the contract takes a list or text: sent raw
      const notAList = await env.callRaw('POST', '/api/search/oe', { token: buyer, body: { oe_list: 42 } });
      expect(notAList.status).toBe(422);
      expect(notAList.body).toMatchObject({ field: 'oe_list', client_msg: msg.invalidPayload('oe_list', msg.enterOe) });
      expect((await oeSearch(buyer, Array.from({ length: 11 }, () => 'ABCDE1'))).status).toBe(200);
    });

    it('refuses a huge batch at once, without stalling the server on it', async () => {
      const { result: r, ms } = await cpuTime(() => oeSearch(buyer, Array.from({ length: 80_000 }, (_, i) => `AB${String(i).padStart(7, '0')}`)));
      expect(r.body).toMatchObject({ code: 422, field: 'oe_list', client_msg: msg.invalidPayload('oe_list', msg.oeMaxLines) });
      expect(ms).toBeLessThan(3000);
    });

    it('another company id is refused', async () => {
      const r = await oeSearch(buyer, [stocked[0].oe_norm], { company_id: 2 });
      expect(r.status).toBe(403);
    });

    it('counts stock queries per company and stops at the daily quota', async () => {
      // the registered member's company may make 50 queries a day
      const day = new Date(env.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      await sql`update stock_query_count set used = 49 where company_id = 4 and day = ${day}`.execute(env.database.db);
      const last = await oeSearch(member, [stocked[0].oe_norm]);
      expect(last.body.data.quota).toEqual({ used: 50, total_per_day: 50 });
      const over = await oeSearch(member, [stocked[0].oe_norm]);
      expect(over.status).toBe(429);
      expect(over.body.client_msg).toBe(quotaExhausted(50));
      const count = await env.api('getStockCount', { company_id: 4 }, { token: member });
      expect(count.body.data).toEqual({ total_per_day: 50, used: 50, unlimited: false });
      // a formal company is unlimited
      const formal = await oeSearch(buyer, [stocked[0].oe_norm]);
      expect(formal.body.data.quota.total_per_day).toBe(9999);
    });

    const kw = (token: string, q: PayloadIn<'keywordSearch'>) => env.api('keywordSearch', q, { token });

    it('keyword, exact: the phrase in names, ranked in stock first then cheapest', async () => {
      const r = await kw(buyer, { k: '刹车片', mode: 'exact' });
      expect(r.status).toBe(200);
      const rows = r.body.data.rows;
      expect(rows.length).toBe(50);
      for (const row of rows) expect(row.name).toMatch(/刹车片/);
      const inStock = rows.filter((x) => x.quantity > 0);
      expect(rows.slice(0, inStock.length)).toEqual(inStock);
      const names = new Set(rows.map((x) => x.name));
      for (const name of names) {
        const prices = rows.filter((x) => x.name === name && x.quantity > 0).map((x) => x.price0);
        expect(prices).toEqual([...prices].sort((a, b) => Number(a) - Number(b)));
      }
      expect(r.body.data.total).toBeGreaterThan(50);
    });

    it('keyword, fuzzy: characters in any order, several words across fields, 1 and 2 characters', async () => {
      const loose = await kw(buyer, { k: '刹片', mode: 'fuzzy' });
      expect(loose.body.data.rows.length).toBeGreaterThan(0);
      for (const row of loose.body.data.rows) expect(row.name).toMatch(/刹.*片/);
      expect((await kw(buyer, { k: '刹片', mode: 'exact' })).body.data.rows).toEqual([]);

      const pair = (await sql<{ make: string; name: string }>`
        select m.name as make, s.name from stock s join make m on m.id = s.make_id where s.name like '%刹车片' group by m.name, s.name order by count(*) desc limit 1`.execute(env.database.db)).rows[0];
      const two = await kw(buyer, { k: `${pair.make} 刹车片`, mode: 'fuzzy' });
      expect(two.body.data.rows.length).toBeGreaterThan(0);
      for (const row of two.body.data.rows) {
        expect(row.name).toMatch(/刹车片/);
        expect(`${row.make_name} ${row.supplier_vehicle}`).toContain(pair.make);
      }
      const one = await kw(buyer, { k: '泵', mode: 'fuzzy' });
      expect(one.body.data.rows.length).toBeGreaterThan(0);
      for (const row of one.body.data.rows) expect(`${row.name}${row.part_brand_name}${row.supplier_vehicle}`).toMatch(/泵/);
      const brand = await kw(buyer, { k: 'ngk', mode: 'exact' });
      expect(brand.body.data.rows.length).toBeGreaterThan(0);
      expect(brand.body.data.rows.every((x) => x.part_brand_name === 'NGK')).toBe(true);
    });

    it('keyword finds OE numbers by prefix and pages through the results', async () => {
      const r = await kw(buyer, { k: stocked[0].supplier_oe, mode: 'exact' });
      expect(r.body.data.rows.some((x) => x.supplier_oe === stocked[0].supplier_oe)).toBe(true);
      const p1 = (await kw(buyer, { k: '滤清器', mode: 'fuzzy', page_size: 50, page_number: 1 })).body.data.rows.map((x) => x.id);
      const p2 = (await kw(buyer, { k: '滤清器', mode: 'fuzzy', page_size: 50, page_number: 2 })).body.data.rows.map((x) => x.id);
      expect(p2.length).toBeGreaterThan(0);
      expect(p1.filter((id) => p2.includes(id))).toEqual([]);
      // counted up to five pages ahead
      const real = (await sql<{ n: number }>`select count(*)::int as n from stock where name like '%滤清器%'`.execute(env.database.db)).rows[0].n;
      const first = (await kw(buyer, { k: '滤清器', mode: 'exact' })).body.data;
      expect(first.total).toBe(Math.min(real, 250));
      expect(first.total_capped).toBe(real > 250);
    });

    it('keyword refuses empty text and bad paging, strips contacts for members, answers nothing found with an empty list', async () => {
      expect((await kw(buyer, { k: '   ' })).body).toMatchObject({ code: 422, field: 'k', client_msg: msg.invalidPayload('k', msg.enterSearch) });
      expect((await kw(buyer, { k: '水泵', page_size: 30 })).body).toMatchObject({ code: 422, field: 'page_size' });
      expect((await env.callRaw('GET', `/api/search/keyword?k=${encodeURIComponent('水泵')}&mode=roughly`, { token: buyer })).body).toMatchObject({ code: 422, field: 'mode' });
      const none = await kw(buyer, { k: '不存在的配件' , mode: 'exact' });
      expect(none.body.data).toMatchObject({ rows: [], total: 0 });
      const trial = (await env.login('trial')).access_token;
      const m = await kw(trial, { k: '水泵' });
      expect(m.body.data.contacts_visible).toBe(false);
      expect(Object.keys(m.body.data.rows[0])).not.toContain('phone');
    });

    it('lists the circles of the caller\'s company with its membership state', async () => {
      const mine = (await env.api('searchTradeList', { is_in_member: 1, show_internal: 1, page_size: 1000 }, { token: buyer })).body.data;
      expect(mine.map((c) => [c.name, c.member_state])).toEqual([['华南汽配商圈', 'approved'], ['长三角维修联盟', 'approved']]);
      expect(mine[0].member_count).toBe(5);
      const pending = (await env.api('searchTradeList', { is_in_member: 1 }, { token: member })).body.data;
      expect(pending.map((c) => c.member_state)).toEqual(['pending']);
      // the internal circle is hidden from outsiders
      const seller = (await env.login('seller')).access_token;
      const all = (await env.api('searchTradeList', {}, { token: seller })).body.data;
      expect(all.map((c) => c.name)).toEqual(['华南汽配商圈']);
      expect((await env.callRaw('GET', '/api/circle/list?is_in_member=yes', { token: seller })).body).toMatchObject({ code: 422, field: 'is_in_member' });
    });

    it('circle search only shows stock of companies in the caller\'s approved circles', async () => {
      const peers = (await sql<{ company_id: number }>`
        select distinct company_id from trade_circle_member where member_state = 'approved' and circle_id in
          (select circle_id from trade_circle_member where company_id = 3 and member_state = 'approved')`.execute(env.database.db)).rows.map((r) => r.company_id);
      const r = await kw(buyer, { k: '滤清器', mode: 'fuzzy', circle: 1 });
      expect(r.body.data.rows.length).toBeGreaterThan(0);
      for (const row of r.body.data.rows) expect(peers).toContain(row.company_id);
      const everyone = await kw(buyer, { k: '滤清器', mode: 'fuzzy' });
      expect(everyone.body.data.rows.some((row) => !peers.includes(row.company_id))).toBe(true);
      // a pending membership does not count
      const trialToken = (await env.login('trial')).access_token;
      expect((await kw(trialToken, { k: '滤清器', circle: 1 })).body.data.rows.every((row) => [3, 5].includes(row.company_id))).toBe(true);
      const refused = await kw(member, { k: '滤清器', circle: 1 });
      expect(refused.status).toBe(403);
      expect(refused.body.client_msg).toBe(NOT_IN_CIRCLE);
    });

    it('dismantled parts: keyword search limited to 拆车件', async () => {
      // parts that come off a scrapped car whole; nobody sells used filters (believable data)
      const r = await kw(buyer, { k: '散热器', dismantled: 1 });
      expect(r.body.data.rows.length).toBeGreaterThan(0);
      expect((await kw(buyer, { k: '滤清器', dismantled: 1 })).body.data.rows).toEqual([]);
      for (const row of r.body.data.rows) expect(row.quality_name).toBe('拆车件');
    });

    it('yellow pages: seller companies by name or city; contacts only for formal members', async () => {
      const r = await env.api('companySearch', { k: '广州' }, { token: buyer });
      expect(r.body.data.total).toBeGreaterThan(0);
      for (const c of r.body.data.data) expect(`${c.name}${c.city}${c.province}`).toContain('广州');
      expect(r.body.data.data[0].phone).toMatch(/\d/);
      expect(r.body.data.data.find((c) => c.id === 2)).toMatchObject({ short_name: '骏达汽配', level_name: '正式会员' });
      const trial = (await env.login('trial')).access_token;
      const hidden = await env.api('companySearch', { k: '汽配' }, { token: trial });
      expect(hidden.body.data.contacts_visible).toBe(false);
      for (const c of hidden.body.data.data) expect(Object.keys(c)).not.toContain('phone');
      expect((await env.api('companySearch', { k: '' }, { token: buyer })).body).toMatchObject({ code: 422, client_msg: msg.invalidPayload('k', msg.enterSearch) });
      // buyers are no sellers: not listed
      expect((await env.api('companySearch', { k: '申通' }, { token: buyer })).body.data.total).toBe(0);
    });

    it('part brands: 20 a page, filtered by keyword, an empty list when nothing matches', async () => {
      const all = (await env.api('getPartBrands', { page_size: 20, page_number: 1 }, { token: buyer })).body.data;
      expect(all.total).toBe(25);
      expect(all.data).toHaveLength(20);
      const some = (await env.api('getPartBrands', { keyword: '博' }, { token: buyer })).body.data;
      expect(some.data.map((b) => b.name)).toEqual(['博世', '布雷博']);
      const ngk = (await env.api('getPartBrands', { keyword: 'ngk' }, { token: buyer })).body.data;
      expect(ngk.data.map((b) => b.name)).toEqual(['NGK']);
      expect((await env.api('getPartBrands', { keyword: 'zzz' }, { token: buyer })).body.data).toEqual({ data: [], total: 0 });
    });

    it('suggests up to 10 OE numbers by prefix, only from 5 characters', async () => {
      const prefix = stocked[0].oe_norm.slice(0, 5);
      const r = await env.api('instantSearch', { oe: stocked[0].supplier_oe.slice(0, 6) }, { token: buyer });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(0);
      expect(r.body.data.length).toBeLessThanOrEqual(10);
      for (const s of r.body.data) expect(s.oe_number.replace(/[^0-9A-Za-z]/g, '').toUpperCase().startsWith(prefix.slice(0, 5))).toBe(true);
      expect(r.body.data[0].car_brand_url).toMatch(/^\/makes\/\w+\.svg$/);
      const short = await env.api('instantSearch', { oe: '04-46' }, { token: buyer });
      expect(short.body).toMatchObject({ code: 422, client_msg: msg.invalidPayload('oe', msg.oeMinLength) });
    });

    it('a registered member finds no other company\'s phone or QQ in any answer that shows other companies', async () => {
      const db = env.database.db;
      // the member's company joins a circle and gets the circle code, so every such call answers
      await sql`update app_user set permissions = permissions || array['C12'] where username = 'member'`.execute(db);
      await sql`insert into trade_circle_member (circle_id, company_id, member_state) select id, 4, 'approved' from trade_circle where not is_internal
        on conflict (circle_id, company_id) do update set member_state = 'approved'`.execute(db);
      // an earlier test used up the member's daily stock queries
      await sql`delete from stock_query_count where company_id = 4`.execute(db);
      const contacts = (await sql<{ v: string }>`
        select phone as v from company where id <> 4 and phone <> '' union select qq from company where id <> 4 and qq <> ''
        union select contact_phone from app_user where company_id <> 4 and contact_phone <> '' union select mobile from app_user where company_id <> 4 and mobile is not null`.execute(db)).rows.map((r) => r.v);
      expect(contacts.length).toBeGreaterThan(3);
      const circleId = (await sql<{ id: number }>`select id from trade_circle where not is_internal order by id limit 1`.execute(db)).rows[0].id;
      const answers = [
        await oeSearch(member, stocked.map((s) => s.oe_norm)),
        ...await Promise.all([
          env.api('keywordSearch', { k: '滤清器' }, { token: member }), env.api('keywordSearch', { k: '滤清器', circle: 1 }, { token: member }),
          env.api('keywordSearch', { k: '片', dismantled: 1 }, { token: member }), env.api('companySearch', { k: '市' }, { token: member }),
          env.api('getCompanyShop', { company_id: 2 }, { token: member }),
          env.api('getCompanyProducts', { company_id: 2 }, { token: member }), env.api('tradeCircleList', {}, { token: member }),
          env.api('tradeCircleGet', { id: circleId }, { token: member }),
          env.api('searchTradeList', { is_in_member: 1, show_internal: 1 }, { token: member }), env.api('getWantedList', {}, { token: member }),
        ]),
      ];
      for (const r of answers) {
        expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
        const text = JSON.stringify(r.body.data);
        for (const c of contacts) expect(text, c).not.toContain(`"${c}"`);
        expect(text).not.toMatch(/"(phone|qq|wechat|mobile|contact_phone)":/);
      }
      // its own application form shows its own company's details, and nobody else's
      const own = JSON.stringify((await env.api('sellerApplyMine', {}, { token: member })).body.data);
      for (const c of contacts) expect(own, c).not.toContain(`"${c}"`);
    });

    it('answers the stock-row columns of requirements 000-3 / requirements 001-3 in OE and keyword results: factory make, generic name, sizes, Vietnamese stock', async () => {
      const db = env.database.db;
      await sql`delete from stock_query_count where company_id in (3, 4)`.execute(db);
      const r = await oeSearch(buyer, stocked.map((s) => s.oe_norm));
      const rows = r.body.data.items.flatMap((g) => g.rows);
      expect(rows.length).toBeGreaterThan(3);
      const truth = (await sql<{ id: number; factory: string; group_name: string; default_code: string; country: string; vn_price: number | null }>`
        select s.id::int as id, f.name as factory, t.name as group_name, s.default_code, co.name_cn as country, s.vn_price::int as vn_price from stock s
        join factory_make f on f.id = s.factory_make_id and f.make_id = s.make_id join terminology t on t.id = s.terminology_id
        join country co on co.id = s.country_id where s.id = any(${sql.val(rows.map((x) => x.id))}::bigint[])`.execute(db)).rows;
      // every generated row has a factory make of its own make, a terminology group and a country
      expect(truth.length).toBe(rows.length);
      for (const row of rows) {
        const t = truth.find((x) => x.id === row.id)!;
        expect(row).toMatchObject({ factory_make_name: t.factory, generic_name: t.group_name, default_code: t.default_code, country_name: t.country });
        expect(row.default_code).toMatch(/^K\d+-\d{6}$/);
        expect(['易损件', '保养件', '底盘件', '发动机件', '电器件']).toContain(row.category_name);
        expect(row.length_mm).toBeGreaterThan(0);
        expect(row.width_mm).toBeGreaterThan(0);
        expect(row.height_mm).toBeGreaterThan(0);
        expect(row.weight_g).toBeGreaterThan(0);
        expect(row.volume_cm3).toBeGreaterThan(0);
        expect(row.usage_per_car).toBeGreaterThan(0);
        expect(['normal', 'promotion']).toContain(row.sale_state);
        expect(['normal', 'clearance']).toContain(row.clean_state);
        expect(typeof row.note).toBe('string');
        expect(typeof row.vn_quantity).toBe('number');
        // the formal buyer sees the Vietnamese price with the wholesale prices
        expect(row.vn_price).toBe(t.vn_price);
      }
      // across the generated stock: custom brands, Vietnamese prices, promotions, clearance and notes all occur
      const spread = (await sql<{ custom: number; vn: number; promo: number; clear: number; noted: number }>`
        select count(*) filter (where custom_brand_name <> '' and part_brand_id is null)::int as custom, count(*) filter (where vn_price > 0 and vn_quantity >= 0)::int as vn,
          count(*) filter (where sale_state = 'promotion')::int as promo, count(*) filter (where clean_state = 'clearance')::int as clear,
          count(*) filter (where note <> '')::int as noted from stock`.execute(db)).rows[0];
      for (const n of Object.values(spread)) expect(n).toBeGreaterThan(10);

      // keyword search answers the same columns; the member gets them too, but no contacts and no Vietnamese price
      const custom = (await sql<{ name: string }>`select name from stock where custom_brand_name <> '' and state = 'on' order by id limit 1`.execute(db)).rows[0];
      const k = await kw(buyer, { k: custom.name, mode: 'exact', page_size: 800 });
      const customRow = k.body.data.rows.find((x) => x.custom_brand_name !== '');
      expect(customRow).toBeDefined();
      expect(customRow?.part_brand_name).toBe('');
      const m = await kw(member, { k: custom.name, mode: 'exact' });
      expect(m.status).toBe(200);
      const mrow = m.body.data.rows[0];
      expect(mrow.factory_make_name).not.toBe('');
      expect(mrow.generic_name).not.toBe('');
      expect(Object.keys(mrow)).not.toContain('phone');
      expect(Object.keys(mrow)).not.toContain('qq');
      expect(Object.keys(mrow)).not.toContain('vn_price');
      expect(Object.keys(mrow)).not.toContain('price0');
    });

    it('gives each OE group its total and pages the rest of its sellers without another stock query', async () => {
      const db = env.database.db;
      const oe = stocked[2].oe_norm;
      // one OE number stocked 260 times more: more than the 200 of a first page
      await sql`insert into stock (company_id, product_id, oe_norm, supplier_oe, name, quality_id, make_id, terminology_id, factory_make_id, quantity, price0, price99, price2, price3)
        select 2 + g % 5, product_id, oe_norm, supplier_oe, name, quality_id, make_id, terminology_id, factory_make_id, g % 7, 10000 + g, 12000 + g, 13000 + g, 14000 + g
        from stock, generate_series(1, 260) g where id = (select min(id) from stock where oe_norm = ${oe})`.execute(db);
      const all = (await sql<{ n: number }>`select count(*)::int as n from stock where oe_norm = ${oe} and state = 'on'`.execute(db)).rows[0].n;
      expect(all).toBeGreaterThan(260);
      await sql`delete from stock_query_count where company_id in (3, 4)`.execute(db);
      const r = await oeSearch(buyer, [oe, stocked[0].oe_norm]);
      const [big, small] = r.body.data.items.filter((g) => g.relation === 'exact');
      expect(big.total).toBe(all);
      expect(big.rows.length).toBe(200);
      expect(small.total).toBe(small.rows.length);
      const used = r.body.data.quota.used;

      const page = (token: string, q: PayloadIn<'oeSellers'>) => env.api('oeSellers', q, { token });
      const next = await page(buyer, { oe: stocked[2].supplier_oe, offset: 200 });
      expect(next.status).toBe(200);
      expect(next.body.data.total).toBe(all);
      expect(next.body.data.rows.length).toBe(all - 200);
      const ids = [...big.rows, ...next.body.data.rows].map((x) => x.id);
      // every seller once: nothing skipped, nothing twice
      expect(new Set(ids).size).toBe(all);
      // in the order of the first page: original parts, then in stock, then cheapest
      const again = await page(buyer, { oe, offset: 150, limit: 50 });
      expect(again.body.data.rows.map((x) => x.id)).toEqual(big.rows.slice(150).map((x) => x.id));
      expect(again.body.data.rows[0].phone).toMatch(/\d/);
      // paging costs no stock query
      const after = await oeSearch(buyer, [stocked[1].oe_norm]);
      expect(after.body.data.quota.used).toBe(used + 1);

      // a number the company did not search today is refused, and so is bad paging
      const other = (await sql<{ oe_norm: string }>`select oe_norm from stock where oe_norm <> all(${sql.val(stocked.map((s) => s.oe_norm))}::text[]) limit 1`.execute(db)).rows[0].oe_norm;
      expect((await page(buyer, { oe: other, offset: 0 })).body).toMatchObject({ code: 403, client_msg: OE_NOT_SEARCHED });
      // another company's search does not open the pages for the member
      expect((await page(member, { oe, offset: 200 })).body).toMatchObject({ code: 403, client_msg: OE_NOT_SEARCHED });
      expect((await page(buyer, { oe, offset: -1 })).body).toMatchObject({ code: 422, field: 'offset' });
      expect((await page(buyer, { oe, offset: 0, limit: 201 })).body).toMatchObject({ code: 422, field: 'limit' });
      expect((await page(buyer, { oe: '12', offset: 0 })).body).toMatchObject({ code: 422, field: 'oe', client_msg: msg.invalidPayload('oe', msg.oeMinLength) });

      // the member, once it has searched the number, pages it without contacts or wholesale prices
      await oeSearch(member, [oe]);
      const mine = await page(member, { oe, offset: 200 });
      expect(mine.status).toBe(200);
      expect(mine.body.data.contacts_visible).toBe(false);
      expect(JSON.stringify(mine.body.data.rows)).not.toMatch(/"(phone|qq|price0|vn_price)":/);

      // a grant holds for the China day of the search only
      env.clock.advance(86400);
      const memberNextDay = (await env.login('member')).access_token;
      expect((await page(memberNextDay, { oe, offset: 200 })).body).toMatchObject({ code: 403, client_msg: OE_NOT_SEARCHED });
    });
  });
});
