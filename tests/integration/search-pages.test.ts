/**
 * The other search pages (docs/search.md, "My stock and purchases", "Purchase history", "Oils and
 * fluids", "New vehicles") on the seeded demo data: what each call finds, its refusals, and that a
 * company only ever sees its own stock and purchases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { msg } from '../../src/shared/messages';
import { cartText, searchPagesText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { OILS, seedOilTrade } from '../../src/server/db/seed-oil';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('search pages on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'myPartsSearch / purchaseHistorySearch / oilSearch / newVehicleSearch', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let clerk: string;
    let member: string;
    let keyN = 0;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200 });
      // the demo sellers' oil stock and purchases come with a demo-sized seed (20,000 rows); here on the small one
      await seedOilTrade(env.database.db, env.clock.now());
      [buyer, seller, clerk, member] = await Promise.all(['buyer', 'seller', 'clerk', 'member'].map(async (u) => (await env.login(u)).access_token));
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const get = async <N extends EndpointName>(name: N, q: PayloadIn<N>, token = buyer) => env.api(name, q, { token });
    const ok = async <N extends EndpointName>(name: N, q: PayloadIn<N>, token = buyer) => {
      const r = await get(name, q, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const refused = async <N extends EndpointName>(name: N, q: PayloadIn<N>, field: string, text: string) => {
      const r = await get(name, q);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: 422, field, client_msg: msg.invalidPayload(field, text) });
    };

    describe('我的库存与曾采购', () => {
      it('finds the seller\'s own stock rows and what its company bought, each said which', async () => {
        const r = await ok('myPartsSearch', { k: '0W-20' }, seller);
        expect(r.purchases_visible).toBe(true);
        const own = r.rows.filter((x) => x.source === 'stock');
        const bought = r.rows.filter((x) => x.source === 'purchase');
        expect(own.length).toBeGreaterThan(0);
        const inDb = (await sql<{ id: number }>`select id from stock where company_id = 2 and name like '%0W-20%'`.execute(db())).rows.map((x) => x.id);
        expect(own.map((x) => x.stock_id).sort()).toEqual(inDb.sort());
        expect(own.every((x) => x.name.includes('0W-20') && x.seller_company_name === '')).toBe(true);
        // the demo seller bought 12 cans of 超凡喜力 0W-20 and 6 of 极护 0W-20 from another seller
        expect(bought.map((x) => [x.supplier_oe, x.quantity, x.order_count])).toEqual(expect.arrayContaining([['SHU-0W20-SP4L', 12, 1], ['CEDGE-0W20-SP4L', 6, 1]]));
        const shu = bought.find((x) => x.supplier_oe === 'SHU-0W20-SP4L')!;
        expect(shu.seller_company_id).not.toBe(2);
        expect(shu.last_price_fen).toBeGreaterThan(0);
        expect(shu.last_order_no).toMatch(/^SO\d{20}$/);
        expect(shu.last_at).toBeLessThan(env.clock.now().getTime() / 1000);
      });

      it('matches the beginning of an OE number written with other separators', async () => {
        const r = await ok('myPartsSearch', { k: 'mb1 5w30' }, seller);
        expect(r.rows.length).toBeGreaterThan(0);
        expect(r.rows.every((x) => x.supplier_oe.startsWith('MB1-5W30'))).toBe(true);
      });

      it('gives the buyer its purchases only: never another company\'s stock or purchases', async () => {
        const r = await ok('myPartsSearch', { k: '5W-30' });
        expect(r.rows.every((x) => x.source === 'purchase')).toBe(true);
        expect(r.rows.map((x) => [x.supplier_oe, x.quantity])).toEqual(expect.arrayContaining([['MB1-5W30-SP4L', 6], ['CMAG-5W30-SP4L', 4], ['SHX7-5W30-SP4L', 8], ['KLKR7-5W30-SN4L', 5]]));
        // a name alone (no OE number in it)
        expect((await ok('myPartsSearch', { k: '刹车油' })).rows.map((x) => [x.source, x.supplier_oe, x.quantity])).toEqual([['purchase', 'GWBF-DOT4-1L', 10]]);
        expect((await ok('myPartsSearch', { k: '刹车油' }, seller)).rows.every((x) => x.source === 'stock' && x.name.includes('刹车油'))).toBe(true);
        // the seller's company bought 超凡喜力 0W-20; the buyer did not
        expect((await ok('myPartsSearch', { k: 'SHU-0W20' })).rows).toEqual([]);
      });

      it('leaves purchases out for a user without the purchase codes, and refuses an empty box', async () => {
        const r = await ok('myPartsSearch', { k: '0W-20' }, clerk);
        expect(r.purchases_visible).toBe(false);
        expect(r.rows.length).toBeGreaterThan(0);
        expect(r.rows.every((x) => x.source === 'stock')).toBe(true);
        await refused('myPartsSearch', { k: '  ' }, 'k', msg.enterSearch);
        // a purchaser of the seller's company without the stock code (M03): its purchases, never the stock list and its prices
        await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
          select gen_random_uuid(), 2, 'sp-buyer2', '采购员', password_hash, array['C09']::text[] from app_user where username = 'seller'`.execute(db());
        const purchaser = (await env.login('sp-buyer2')).access_token;
        const p = await ok('myPartsSearch', { k: '0W-20' }, purchaser);
        expect([p.stock_visible, p.purchases_visible]).toEqual([false, true]);
        expect(p.rows.length).toBeGreaterThan(0);
        expect(p.rows.every((x) => x.source === 'purchase')).toBe(true);
      });
    });

    describe('采购记录', () => {
      it('lists the company\'s order lines, newest first, each with the seller\'s current offer', async () => {
        const r = await ok('purchaseHistorySearch', {});
        const lines = (await sql<{ n: number }>`select count(*)::int as n from goods_order_line l join goods_order o on o.id = l.order_id
          where o.buyer_company_id = 3 and o.status not in ('cancelled', 'rejected')`.execute(db())).rows[0].n;
        expect(r.total).toBe(lines);
        expect(r.rows.length).toBe(lines);
        const times = r.rows.map((x) => x.created_at);
        expect([...times].sort((a, b) => b - a)).toEqual(times);
        const mobil = r.rows.find((x) => x.supplier_oe === 'MB1-5W30-SP4L')!;
        expect(mobil).toMatchObject({ seller_company_id: 2, qty: 6, offer_note: '' });
        expect(mobil.amount_fen).toBe(mobil.unit_price_fen * 6);
        const row = (await sql<{ id: number; quantity: number; price0: number }>`select s.id, s.quantity, s.price0 from goods_order_line l join stock s on s.id = l.stock_id
          join goods_order o on o.id = l.order_id where o.buyer_company_id = 3 and l.supplier_oe = 'MB1-5W30-SP4L'`.execute(db())).rows[0];
        // a formal member is charged 批发价
        expect(mobil.offer).toEqual({ stock_id: row.id, quantity: row.quantity, price_fen: row.price0 });
        // the other seller took 昆仑 KR7 off sale since
        const gone = r.rows.find((x) => x.supplier_oe === 'KLKR7-5W30-SN4L')!;
        expect(gone.offer).toBeNull();
        expect(gone.offer_note).toBe(searchPagesText.noLongerSold);
      });

      it('再次购买 adds the offer through the cart; a line whose row left sale offers the seller\'s other row of the number', async () => {
        const r = await ok('purchaseHistorySearch', { oe: 'mb1 5w30 sp4l' });
        expect(r.rows.map((x) => x.supplier_oe)).toEqual(['MB1-5W30-SP4L']);
        const offer = r.rows[0].offer!;
        const added = await env.api('cartAdd', { stock_id: offer.stock_id, qty: 2 }, { token: buyer, idempotencyKey: `search-pages-${++keyN}` });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        const cart = await ok('cartList', {});
        expect(cart.groups.flatMap((g) => g.items).find((i) => i.stockId === offer.stock_id)?.qty).toBe(2);

        // the seller lists the number again on a new row and takes the old one off sale
        const old = offer.stock_id;
        const { id: fresh } = (await sql<{ id: number }>`insert into stock (company_id, oe_norm, supplier_oe, name, quality_id, quantity, price99, price0)
          select company_id, oe_norm, supplier_oe, name, quality_id, 30, price99, price0 + 100 from stock where id = ${old} returning id`.execute(db())).rows[0];
        await sql`update stock set state = 'off' where id = ${old}`.execute(db());
        try {
          const again = (await ok('purchaseHistorySearch', { oe: 'MB1-5W30-SP4L' })).rows[0];
          expect(again.offer?.stock_id).toBe(fresh);
          expect(again.offer?.quantity).toBe(30);
          // the old row itself can no longer be bought
          const refusedAdd = await env.api('cartAdd', { stock_id: old, qty: 1 }, { token: buyer, idempotencyKey: `search-pages-${++keyN}` });
          expect(refusedAdd.status).toBe(404);
          expect(refusedAdd.body.msg).toBe(cartText.noStock);
        } finally {
          await sql`update stock set state = 'on' where id = ${old}`.execute(db());
          await sql`delete from stock where id = ${fresh}`.execute(db());
        }
      });

      it('filters by name, seller and order date', async () => {
        const brake = await ok('purchaseHistorySearch', { name: '刹车油' });
        expect(brake.rows.map((x) => [x.supplier_oe, x.qty])).toEqual([['GWBF-DOT4-1L', 10]]);
        const bySeller = await ok('purchaseHistorySearch', { seller: '骏达' });
        expect(bySeller.total).toBeGreaterThan(0);
        expect(bySeller.rows.every((x) => x.seller_company_id === 2)).toBe(true);
        const all = await ok('purchaseHistorySearch', {});
        expect(bySeller.total).toBeLessThan(all.total);
        // the demo orders of the last days, not the oil orders of 25 and 40 days ago
        const recent = await ok('purchaseHistorySearch', { date_from: '2026-11-15', date_to: '2026-11-22' });
        expect(recent.total).toBeGreaterThan(0);
        expect(recent.rows.some((x) => x.supplier_oe.includes('-SP4L') || x.supplier_oe.includes('-SN4L'))).toBe(false);
        const oneDay = await ok('purchaseHistorySearch', { date_from: '2026-10-13', date_to: '2026-10-13' });
        expect(oneDay.rows.map((x) => x.supplier_oe).sort()).toEqual(['CMAG-5W30-SP4L', 'GWBF-DOT4-1L', 'MB1-5W30-SP4L']);
        await refused('purchaseHistorySearch', { date_from: '2026-11-20', date_to: '2026-11-01' }, 'date_from', searchPagesText.dateReversed);
        await refused('purchaseHistorySearch', { date_from: '2026-11-xx' }, 'date_from', '开始日期应为 YYYY-MM-DD 格式的日期');
      });

      it('shows a company only its own purchases, and needs the purchase codes', async () => {
        const buyers = await ok('purchaseHistorySearch', {});
        const sellers = await ok('purchaseHistorySearch', {}, seller);
        expect(sellers.rows.map((x) => x.supplier_oe).sort()).toEqual(['CEDGE-0W20-SP4L', 'SHU-0W20-SP4L']);
        const buyerOrders = new Set(buyers.rows.map((x) => x.order_no));
        expect(sellers.rows.some((x) => buyerOrders.has(x.order_no))).toBe(false);
        expect(buyers.rows.some((x) => x.supplier_oe === 'SHU-0W20-SP4L')).toBe(false);
        expect((await get('purchaseHistorySearch', {}, member)).status).toBe(403);
        expect((await get('purchaseHistorySearch', {}, clerk)).status).toBe(403);
      });
    });

    describe('油品', () => {
      it('lists the catalogue with its real offers and every facet with counts', async () => {
        const r = await ok('oilSearch', {});
        expect(r.rows).toHaveLength(OILS.length);
        const counts = (await sql<{ oe_norm: string; n: number }>`select oe_norm, count(distinct company_id)::int as n from stock
          where oe_norm in (select oe_norm from oil_product) and state = 'on' and quantity > 0 group by oe_norm`.execute(db())).rows;
        const inStock = new Map(counts.map((c) => [c.oe_norm, c.n]));
        for (const row of r.rows) expect(row.seller_count, row.oe_number).toBe(inStock.get(row.oe_number.replace(/[^0-9A-Za-z]/g, '').toUpperCase()) ?? 0);
        expect(r.rows.filter((x) => x.seller_count > 0).length).toBeGreaterThan(OILS.length / 2);
        expect(r.facets.brand.map((b) => b.value).sort()).toEqual(['嘉实多', '壳牌', '昆仑', '美孚', '长城'].sort());
        expect(r.facets.viscosity.map((x) => x.value)).toEqual(['0W-20', '0W-40', '5W-30', '5W-40', '10W-40', '15W-40', '75W-90']);
        expect(r.facets.volume_ml.map((x) => x.value)).toEqual(['1000', '4000', '18000']);
        expect(r.facets.kind.find((x) => x.value === '机油')?.count).toBe(OILS.filter((o) => o[2] === '机油').length);
        expect(r.facets.spec.find((x) => x.value === 'ACEA C3')?.count).toBe(3);
      });

      it('narrows by viscosity, specification, volume and brand; each facet counts within the others', async () => {
        const r = await ok('oilSearch', { viscosity: '5W-30' });
        expect(r.rows.length).toBe(OILS.filter((o) => o[3] === '5W-30').length);
        expect(r.rows.every((x) => x.viscosity === '5W-30')).toBe(true);
        // the viscosity facet still lists every grade (counted without its own filter)
        expect(r.facets.viscosity.length).toBe(7);
        expect(r.facets.brand.find((b) => b.value === '美孚')?.count).toBe(OILS.filter((o) => o[0] === '美孚' && o[3] === '5W-30').length);
        const c3 = await ok('oilSearch', { viscosity: '5W-30', spec: 'ACEA C3', brand: '嘉实多' });
        expect(c3.rows.map((x) => x.oe_number)).toEqual(['CEDGE-5W30-C34L']);
        const litre = await ok('oilSearch', { volume_ml: '1000', kind: '机油' });
        expect(litre.rows.map((x) => x.oe_number).sort()).toEqual(['CMAG-5W40-SP1L', 'MB1-5W30-SP1L', 'SHX7-5W30-SP1L']);
        const words = await ok('oilSearch', { k: '美孚1号' });
        expect(words.rows.length).toBe(OILS.filter((o) => o[1].startsWith('美孚1号')).length);
        // nothing left: the chosen value stays, with 0
        const none = await ok('oilSearch', { viscosity: '75W-90', brand: '美孚' });
        expect(none.rows).toEqual([]);
        expect(none.facets.brand.find((b) => b.value === '美孚')?.count).toBe(0);
        await refused('oilSearch', { volume_ml: '4L' }, 'volume_ml', '容量应为整数（毫升）');
      });

      it('an oil\'s number finds the same sellers in the OE search', async () => {
        const r = await ok('oilSearch', { k: 'MB1-5W30-SP4L' });
        expect(r.rows).toHaveLength(1);
        const oe = await env.api('oeSearch', { oe_list: ['MB1-5W30-SP4L'] }, { token: buyer });
        expect(oe.status).toBe(200);
        const sellers = new Set(oe.body.data!.items[0].rows.filter((x) => x.quantity > 0).map((x) => x.company_id));
        expect(sellers.size).toBe(r.rows[0].seller_count);
      });
    });

    describe('新车型', () => {
      it('lists the newest month\'s additions by default, with the months and makes', async () => {
        const r = await ok('newVehicleSearch', {});
        expect(r.month).toBe('2026-11');
        expect(r.vehicles.map((x) => x.model)).toEqual(['哈弗H6', 'CX-5', '蒙迪欧', '伊兰特']);
        expect(r.months.slice(0, 6).map((m) => m.month)).toEqual(['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06']);
        expect(r.months.reduce((s, m) => s + m.count, 0)).toBe(24);
        expect(r.makes.map((m) => m.make_name).sort()).toEqual(['现代', '福特', '马自达', '长城'].sort());
        for (const v of r.vehicles) {
          expect(v.part_count).toBe(47);
          expect(v.stocked_count).toBeLessThanOrEqual(v.part_count);
          expect(new Date(v.created_at * 1000 + 8 * 3600_000).toISOString().slice(0, 7)).toBe('2026-11');
        }
      });

      it('takes a month and a make', async () => {
        const sept = await ok('newVehicleSearch', { month: '2026-09' });
        expect(sept.vehicles.map((x) => x.model)).toEqual(['E级 E300 L', 'C级 C260 L', 'X3 xDrive25i', '思域']);
        expect(sept.makes[0]).toEqual({ make_name: '奔驰', count: 2 });
        const benz = await ok('newVehicleSearch', { month: '2026-09', make_name: '奔驰' });
        expect(benz.vehicles.map((x) => x.make_name)).toEqual(['奔驰', '奔驰']);
        // the makes stay those of the whole month
        expect(benz.makes.length).toBe(3);
        expect((await ok('newVehicleSearch', { month: '2025-01' })).vehicles).toEqual([]);
        await refused('newVehicleSearch', { month: '2026-13' }, 'month', searchPagesText.month);
      });

      it('counts a vehicle added now in this month', async () => {
        const { id } = (await sql<{ id: number }>`insert into epc_vehicle (make_name, factory_name, model, year_from, year_to, engine_code, displacement, power_kw, transmission, created_at)
          values ('比亚迪', '比亚迪汽车', '海豹', 2023, 2025, 'EM-P', '电动', 230, '单速', ${new Date('2026-11-28T02:00:00Z')}) returning id`.execute(db())).rows[0];
        try {
          const r = await ok('newVehicleSearch', { make_name: '比亚迪' });
          expect(r.vehicles.map((x) => [x.id, x.model, x.part_count])).toEqual([[id, '海豹', 0]]);
        } finally {
          await sql`delete from epc_vehicle where id = ${id}`.execute(db());
        }
      });
    });
  });
});
