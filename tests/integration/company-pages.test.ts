import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FEATURED_NOT_OWN, NOT_A_SELLER, SHOP_NOT_FOUND } from '../../src/server/modules/shop/shop.service';
import { pageSizeText, type PayloadIn } from '../../src/shared/contracts';
import { backends, cpuTime, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

const SELLER_COMPANY = 2;

describe.each(backends)('company pages on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'company pages', () => {
    let env: TestEnv;
    const tokens: Record<string, string> = {};
    let ownStock: number;
    let otherStockId: number;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 2000, accessTtlSeconds: 86400 });
      for (const u of ['seller', 'clerk', 'buyer', 'member', 'trial', 'operator']) tokens[u] = (await env.login(u)).access_token;
      ownStock = (await sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${SELLER_COMPANY} and state = 'on'`.execute(env.database.db)).rows[0].n;
      otherStockId = (await sql<{ id: number }>`select id::int as id from stock where company_id <> ${SELLER_COMPANY} order by id limit 1`.execute(env.database.db)).rows[0].id;
    });
    afterAll(async () => env?.close());

    const shop = (user: string, id: number | string = SELLER_COMPANY) => env.api('getCompanyShop', { company_id: id }, { token: tokens[user] });
    const products = (user: string, q: Omit<PayloadIn<'getCompanyProducts'>, 'company_id'> = {}) => env.api('getCompanyProducts', { company_id: SELLER_COMPANY, ...q }, { token: tokens[user] });
    const quoteCount = async (user = 'seller') => {
      const r = await env.api('getZdQuoteCount', {}, { token: tokens[user] });
      expect(r.status).toBe(200);
      return r.body.data;
    };
    const decoration = (user: string) => env.api('getStoreDecoration', {}, { token: tokens[user] });
    const save = (user: string, payload: PayloadIn<'saveStoreDecoration'>) => env.api('saveStoreDecoration', payload, { token: tokens[user] });
    const views = (user = 'seller', q: PayloadIn<'getCompanyViews'> = {}) => env.api('getCompanyViews', q, { token: tokens[user] });

    it('shows the seller shop with header, exhibition, factory and featured products to a formal buyer', async () => {
      const r = await shop('buyer');
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.company).toMatchObject({ id: SELLER_COMPANY, name: '广州骏达汽车配件有限公司', short_name: '骏达汽配', province: '广东省', city: '广州市', level_name: '正式会员', phone: '020-86321458' });
      expect(d.company.stock_count).toBe(ownStock);
      expect(d.company.main_brands.length).toBeGreaterThan(0);
      expect(d.decoration.banner_url).toBe('/shop/banner.svg');
      expect(d.decoration.photos.map((p) => p.title)).toEqual(['仓储区', '分拣包装', '发货站台']);
      expect(d.decoration.featured.length).toBe(4);
      expect(d.decoration.featured[0].company_id).toBe(SELLER_COMPANY);
      expect(d.decoration.featured[0].price0).toBeGreaterThan(0);
      expect(d.decoration.featured[0].phone).toBe('020-86321458');
      expect(d.price_columns).toEqual(['price99', 'price0', 'price1', 'price2', 'price3', 'price5']);
      expect(d).toMatchObject({ contacts_visible: true, own: false });
    });

    it('leaves contacts and wholesale prices out for a registered member, on the shop and its products', async () => {
      const r = await shop('member');
      expect(r.body.data.contacts_visible).toBe(false);
      expect(Object.keys(r.body.data.company)).not.toContain('phone');
      expect(Object.keys(r.body.data.company)).not.toContain('qq');
      expect(r.body.data.price_columns).toEqual(['price99', 'price2', 'price3']);
      const featured = r.body.data.decoration.featured[0];
      expect(Object.keys(featured)).not.toContain('phone');
      expect(Object.keys(featured)).not.toContain('price0');
      const p = await products('member');
      expect(p.body.data.contacts_visible).toBe(false);
      expect(p.body.data.rows.length).toBeGreaterThan(0);
      expect(p.body.data.rows.every((row) => !('phone' in row) && !('qq' in row) && !('price1' in row))).toBe(true);
      expect(p.body.data.rows[0].price99).toBeGreaterThan(0);
    });

    it('answers 404 for a company without a shop and 422 for a bad id; guests must sign in', async () => {
      const none = await shop('buyer', 3);
      expect(none.status).toBe(404);
      expect(none.body.client_msg).toBe(SHOP_NOT_FOUND);
      const bad = await shop('buyer', 'abc');
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('company_id');
      expect((await env.api('getCompanyShop', { company_id: SELLER_COMPANY })).status).toBe(401);
    });

    it('pages the company stock 50/100/… and filters it by keyword', async () => {
      expect(ownStock).toBeGreaterThan(100);
      const first = await products('buyer', { page_size: 50 });
      expect(first.body.data.total).toBe(ownStock);
      expect(first.body.data.rows).toHaveLength(50);
      expect(first.body.data.rows.every((row) => row.company_id === SELLER_COMPANY)).toBe(true);
      const second = await products('buyer', { page_size: 50, page_number: 2 });
      const hundred = await products('buyer', { page_size: 100 });
      expect(second.body.data.rows.map((row) => row.id)).toEqual(hundred.body.data.rows.slice(50).map((row) => row.id));
      const last = await products('buyer', { page_size: 100, page_number: Math.ceil(ownStock / 100) });
      expect(last.body.data.rows).toHaveLength(ownStock - 100 * (Math.ceil(ownStock / 100) - 1));

      const word = first.body.data.rows[0].name;
      const filtered = await products('buyer', { k: word, page_size: 800 });
      expect(filtered.body.data.total).toBeGreaterThan(0);
      expect(filtered.body.data.total).toBeLessThan(ownStock);
      expect(filtered.body.data.rows.every((row) =>
        [row.name, row.supplier_vehicle, row.part_brand_name, row.make_name].some((f) => f.includes(word)))).toBe(true);
      const byOe = await products('buyer', { k: first.body.data.rows[1].supplier_oe.toLowerCase() });
      expect(byOe.body.data.rows.map((row) => row.id)).toContain(first.body.data.rows[1].id);

      const badSize = await products('buyer', { page_size: 60 });
      expect(badSize.status).toBe(422);
      expect(badSize.body.client_msg).toBe(pageSizeText);
    });

    it('lets only M14 holders of a seller company read and save their own decoration', async () => {
      expect((await decoration('buyer')).status).toBe(403);
      expect((await decoration('clerk')).status).toBe(403);
      expect((await save('clerk', { intro: 'x' })).status).toBe(403);
      // the operator holds M14 but its company is no seller
      const op = await save('operator', { intro: '运营' });
      expect(op.status).toBe(403);
      expect(op.body.client_msg).toBe(NOT_A_SELLER);
      const mine = await decoration('seller');
      expect(mine.status).toBe(200);
      expect(mine.body.data.photos).toHaveLength(3);
    });

    it('refuses bad decorations with a Chinese message naming the field and changes nothing', async () => {
      const before = (await decoration('seller')).body.data;
      const good = { banner_url: '/shop/banner.svg', intro: '介绍', factory_desc: '工厂', photos: [{ url: '/shop/factory-1.svg', title: '仓储区' }], videos: [], featured_stock_ids: [] };
      const cases: Array<[Partial<PayloadIn<'saveStoreDecoration'>>, string, string]> = [
        [{ banner_url: 'javascript:alert(1)' }, 'banner_url', '展厅横幅地址须以 http://、https:// 或 / 开头'],
        [{ banner_url: '//evil.example/x.png' }, 'banner_url', '展厅横幅地址须以'],
        [{ photos: [{ url: '/a.png' }, { url: 'ftp://x/y.png', title: '照片' }] }, 'photos.1.url', '工厂照片地址须以'],
        [{ photos: [{ url: '', title: '照片' }] }, 'photos.0.url', '请填写工厂照片地址'],
        [{ videos: [{ url: 'https://v.example.com/1.mp4', title: '' }] }, 'videos.0.title', '请填写视频标题'],
        [{ videos: [{ url: 'https://v.example.com/1.mp4', title: '标'.repeat(31) }] }, 'videos.0.title', '视频标题最多30个字符'],
        [{ intro: '字'.repeat(2001) }, 'intro', '展厅介绍最多2000个字符'],
        [{ photos: Array.from({ length: 13 }, () => ({ url: '/a.png', title: '' })) }, 'photos', '工厂照片最多12张'],
        [{ featured_stock_ids: [otherStockId] }, 'featured_stock_ids', FEATURED_NOT_OWN],
        [{ featured_stock_ids: [1e308] }, 'featured_stock_ids.0', '精选产品编号无效'],
        [{ featured_stock_ids: [before.featured[0].id, before.featured[0].id] }, 'featured_stock_ids', '精选产品不能重复'],
      ];
      for (const [change, field, text] of cases) {
        const r = await save('seller', { ...good, ...change });
        expect(r.status, JSON.stringify(change)).toBe(422);
        expect(r.body.field).toBe(field);
        expect(r.body.client_msg).toContain(text);
      }
      expect((await decoration('seller')).body.data).toEqual(before);
    });

    it('refuses a long address ending in a space at once, in every address field', async () => {
      const long = `https://${'a'.repeat(60_000)} x`;
      for (const body of [{ banner_url: long }, { photos: [{ url: long, title: '' }] }, { videos: [{ url: long, title: '视频' }] }] satisfies Array<PayloadIn<'saveStoreDecoration'>>) {
        const { result: r, ms } = await cpuTime(() => save('seller', body));
        expect(r.status).toBe(422);
        expect(ms).toBeLessThan(1500);
      }
    });

    it('two saves at once (a double click on 保存) both succeed; the last one stands whole', async () => {
      const before = (await decoration('seller')).body.data;
      const body = (n: number) => ({
        banner_url: before.banner_url, intro: `介绍${n}`, factory_desc: before.factory_desc,
        photos: [{ url: `/shop/p${n}.svg`, title: `照片${n}` }, { url: `/shop/q${n}.svg`, title: '' }],
        videos: [{ url: `/shop/v${n}.mp4`, title: `视频${n}` }], featured_stock_ids: before.featured.map((f) => f.id),
      });
      const answers = await Promise.all([1, 2, 3, 4].map((n) => save('seller', body(n))));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const after = (await decoration('seller')).body.data;
      const n = Number(after.intro.slice(2));
      expect(after.photos).toEqual(body(n).photos);
      expect(after.videos).toEqual(body(n).videos);
      const { featured: _featured, updated_at: _updated, ...shown } = before;
      expect((await save('seller', { ...shown, featured_stock_ids: before.featured.map((f) => f.id) })).status).toBe(200);
    });

    it('saves a decoration the shop page then shows, scoped to the seller company', async () => {
      const stock = (await products('seller', { page_size: 50 })).body.data.rows;
      const body = {
        banner_url: 'https://img.example.com/banner.png',
        intro: '  新的展厅介绍  ',
        factory_desc: '新的工厂介绍',
        photos: [{ url: '/shop/factory-2.svg', title: '包装' }],
        videos: [{ url: 'https://v.example.com/tour.mp4', title: '工厂参观' }],
        featured_stock_ids: [stock[5].id, stock[2].id],
      };
      const r = await save('seller', body);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ intro: '新的展厅介绍', videos: [{ url: 'https://v.example.com/tour.mp4', title: '工厂参观' }] });
      expect(r.body.data.updated_at).toBeGreaterThan(0);
      const page = (await shop('buyer')).body.data.decoration;
      expect(page.banner_url).toBe('https://img.example.com/banner.png');
      expect(page.photos).toEqual([{ url: '/shop/factory-2.svg', title: '包装' }]);
      expect(page.featured.map((f) => f.id)).toEqual([stock[5].id, stock[2].id]);
      // a featured row taken off sale disappears from the shop without breaking it
      await sql`update stock set state = 'off' where id = ${stock[5].id}`.execute(env.database.db);
      expect((await shop('buyer')).body.data.decoration.featured.map((f) => f.id)).toEqual([stock[2].id]);
      // other companies' shops are untouched
      const other = (await sql<{ id: number }>`select id from company where is_seller and id <> ${SELLER_COMPANY} order by id limit 1`.execute(env.database.db)).rows[0].id;
      const otherShop = (await shop('buyer', other)).body.data.decoration;
      expect(otherShop).toMatchObject({ banner_url: '', intro: '', photos: [], videos: [], featured: [], updated_at: 0 });
    });

    it('records views once per viewer company per hour, counts them for the badge and marks them seen', async () => {
      await sql`delete from company_view`.execute(env.database.db);
      await sql`delete from company_view_gate`.execute(env.database.db);
      expect(await quoteCount()).toBe(0);
      await shop('buyer');
      expect(await quoteCount()).toBe(1);
      await shop('buyer');
      await products('buyer');
      expect(await quoteCount()).toBe(1);
      // the product tab alone records a view too
      await products('member');
      expect(await quoteCount()).toBe(2);
      // own company and operators leave no trace
      await shop('seller');
      await shop('clerk');
      await shop('operator');
      expect(await quoteCount()).toBe(2);
      env.clock.advance(3599);
      await shop('buyer');
      expect(await quoteCount()).toBe(2);
      env.clock.advance(2);
      await shop('buyer');
      expect(await quoteCount()).toBe(3);

      const list = await views();
      expect(list.status).toBe(200);
      const d = list.body.data;
      expect(d.total).toBe(3);
      expect(d.data.map((x) => x.viewer_short_name)).toEqual(['申通汽修', '顺捷汽修', '申通汽修']);
      expect(d.data[0]).toMatchObject({ viewer_company_id: 3, viewer_user_name: '王志强', level_name: '正式会员', is_new: true, phone: '021-64128877' });
      expect(d.data[0].viewed_at).toBeGreaterThan(d.data[1].viewed_at);
      expect(d.contacts_visible).toBe(true);

      const seen = await env.api('markCompanyViewsSeen', { as_of: d.as_of }, { token: tokens.seller });
      expect(seen.body.data).toBe(0);
      expect(await quoteCount()).toBe(0);
      expect((await views()).body.data.data.every((x) => !x.is_new)).toBe(true);
      // seen is per user: the clerk has no C14 anyway
      expect((await env.api('getZdQuoteCount', {}, { token: tokens.clerk })).status).toBe(403);
      expect((await views('member')).status).toBe(403);

      env.clock.advance(3601);
      await shop('trial');
      expect(await quoteCount()).toBe(1);
      // an older as_of never moves the mark back
      await env.api('markCompanyViewsSeen', { as_of: d.as_of - 7200 }, { token: tokens.seller });
      expect(await quoteCount()).toBe(1);
      const bad = await env.callRaw('POST', '/api/quote/views/seen', { token: tokens.seller, body: { as_of: 'soon' } });
      expect(bad.status).toBe(422);
      expect(envelope(bad.body).field).toBe('as_of');
    });

    it('pages the viewer list newest first and shows viewer contacts only to formal members', async () => {
      // page sizes come from the one set (docs/api.md, "Paging"): 10 is the smallest
      const page1 = (await views('seller', { page_size: 10 })).body.data;
      const page2 = (await views('seller', { page_size: 10, page_number: 2 })).body.data;
      expect(page1.data).toHaveLength(Math.min(10, page1.total));
      expect(page1.data[0].viewer_short_name).toBe('蓉威汽配');
      expect(page2.data.length).toBe(Math.max(0, page1.total - 10));
      expect((await views('seller', { page_size: 2 })).body).toMatchObject({ code: 422, field: 'page_size', client_msg: pageSizeText });
      await sql`update company set level_id = 3 where id = ${SELLER_COMPANY}`.execute(env.database.db);
      const free = (await views('seller')).body.data;
      expect(free.contacts_visible).toBe(false);
      expect(free.data.every((x) => !('phone' in x) && !('qq' in x))).toBe(true);
      await sql`update company set level_id = 2 where id = ${SELLER_COMPANY}`.execute(env.database.db);
    });
  });
});
