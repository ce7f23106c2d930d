/**
 * 保养套餐 (maintenance packages, docs/maintenance.md) on both backends: the seller's packages
 * (create, read, list, change, on/off, delete), the refusals (another company's stock or package,
 * callers without M03 or not a seller, bad input named in Chinese), what a buyer sees on the shop
 * (packages that are on, each line priced as the cart prices it at the buyer's membership level and
 * the seller's customer level, lines that cannot be bought marked and left out of the total), and
 * 宝马库存's search accepting a BMW number in any form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { maintenanceText } from '../../src/shared/domain/maintenance';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('maintenance packages on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'maintenance packages', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    let member: string;
    let clerk: string;
    let otherSeller: number;
    let mine: number[];
    let theirs: number;
    let makeId: number;
    let otherMakeId: number;
    let keyN = 0;
    const key = () => `maintenance-test-${++keyN}`;

    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string | undefined, name: N, payload: PayloadIn<N>, o: { id?: number; k?: string } = {}) =>
      env.api(name, payload, { token, id: o.id, idempotencyKey: o.k });
    /** 标准价 p+500, 批发价 p (含税 p+130), 零售价 p+300 (含税 p+400) */
    const price = (id: number, p: number, quantity = 50) =>
      sql`update stock set state = 'on', quantity = ${quantity}, price99 = ${p + 500}, price0 = ${p}, price1 = ${p + 130}, price2 = ${p + 300}, price3 = ${p + 400}, price5 = null
        where id = ${id}`.execute(db());
    const base = (over: Partial<PayloadIn<'maintenancePackageCreate'>> = {}): PayloadIn<'maintenancePackageCreate'> => ({
      name: '小保养', make_id: makeId, vehicle: '朗逸 1.5L 2018-2022', interval_km: 5000, interval_months: 6, note: '机油机滤',
      lines: [{ stock_id: mine[0], qty: 4 }, { stock_id: mine[1], qty: 1 }], ...over,
    });
    const create = async (over: Partial<PayloadIn<'maintenancePackageCreate'>> = {}) => {
      const r = await call(seller, 'maintenancePackageCreate', base(over), { k: key() });
      expect(r.status, r.body.client_msg).toBe(200);
      return r.body.data;
    };
    const shop = async (token: string, make_id?: number) => {
      const r = await call(token, 'shopMaintenancePackages', { company_id: 2, ...(make_id ? { make_id } : {}) });
      expect(r.status, r.body.client_msg).toBe(200);
      return r.body.data;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      [seller, buyer, member, clerk] = await Promise.all(['seller', 'buyer', 'member', 'clerk'].map(async (u) => (await env.login(u)).access_token));
      otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3) and state = 'on' order by company_id limit 1`.execute(db())).rows[0].company_id;
      mine = (await sql<{ id: number }>`select id::int as id from stock where company_id = 2 order by id limit 4`.execute(db())).rows.map((r) => r.id);
      theirs = (await sql<{ id: number }>`select id::int as id from stock where company_id = ${otherSeller} order by id limit 1`.execute(db())).rows[0].id;
      [makeId, otherMakeId] = (await sql<{ id: number }>`select id from make order by id limit 2`.execute(db())).rows.map((r) => r.id);
      await price(mine[0], 3000);
      await price(mine[1], 1000);
      await price(mine[2], 2000);
      await price(mine[3], 500);
    });
    afterAll(async () => env?.close());

    it('keeps a seller\'s packages: create, read, list, change, off and on, delete', async () => {
      const p = await create();
      expect(p).toMatchObject({ name: '小保养', make_id: makeId, vehicle: '朗逸 1.5L 2018-2022', interval_km: 5000, interval_months: 6, note: '机油机滤', active: true });
      expect(p.make_name).not.toBe('');
      expect(p.lines.map((l) => [l.stock_id, l.qty])).toEqual([[mine[0], 4], [mine[1], 1]]);
      // 标准价 4 × 3500 + 1 × 1500
      expect(p.standard_total_fen).toBe(15_500);

      const got = await call(seller, 'maintenancePackageGet', {}, { id: p.id });
      expect(got.body.data).toEqual(p);
      // the clerk keeps the company's stock (M03): it sees the same package
      expect((await call(clerk, 'maintenancePackageGet', {}, { id: p.id })).status).toBe(200);

      env.clock.advance(5);
      const changed = await call(seller, 'maintenancePackageUpdate', base({
        name: '大保养', make_id: null, interval_km: null, interval_months: 12, lines: [{ stock_id: mine[2], qty: 2 }, { stock_id: mine[0], qty: 1 }],
      }), { id: p.id });
      expect(changed.status, changed.body.client_msg).toBe(200);
      expect(changed.body.data).toMatchObject({ name: '大保养', make_id: null, make_name: '', interval_km: null, interval_months: 12 });
      expect(changed.body.data.lines.map((l) => [l.stock_id, l.qty])).toEqual([[mine[2], 2], [mine[0], 1]]);

      const list = await call(seller, 'maintenancePackageList', { keyword: '大保养' });
      expect(list.body.data.data.map((x) => x.id)).toEqual([p.id]);
      expect(list.body.data.total).toBe(1);

      expect((await call(seller, 'maintenancePackageSetActive', { ids: [p.id], active: false })).body.data).toEqual({ changed: 1 });
      expect((await call(seller, 'maintenancePackageList', { active: 'off', keyword: '大保养' })).body.data.total).toBe(1);
      expect((await call(seller, 'maintenancePackageList', { active: 'on', keyword: '大保养' })).body.data.total).toBe(0);

      expect((await call(seller, 'maintenancePackageDelete', {}, { id: p.id })).status).toBe(200);
      expect((await call(seller, 'maintenancePackageGet', {}, { id: p.id })).status).toBe(404);
      const lines = await sql<{ n: number }>`select count(*)::int as n from maintenance_package_line where package_id = ${p.id}`.execute(db());
      expect(lines.rows[0].n).toBe(0);
    });

    it('refuses another company\'s stock naming 配件, and another company\'s package; nothing is saved', async () => {
      const before = (await call(seller, 'maintenancePackageList', {})).body.data.total;
      const foreign = await call(seller, 'maintenancePackageCreate', base({ lines: [{ stock_id: mine[0], qty: 1 }, { stock_id: theirs, qty: 1 }] }), { k: key() });
      expect(foreign.status).toBe(403);
      expect(foreign.body.client_msg).toBe(maintenanceText.notOwnStock(theirs));
      expect(foreign.body.client_msg).toContain('配件');
      expect((await call(seller, 'maintenancePackageList', {})).body.data.total).toBe(before);

      // a package of another seller is not found for this one, whatever the call
      const { id } = await db().insertInto('maintenance_package').values({
        company_id: otherSeller, name: '别家套餐', interval_km: 10000, interval_months: null, created_by: 1, created_at: env.clock.now(), updated_at: env.clock.now(),
      }).returning('id').executeTakeFirstOrThrow();
      expect((await call(seller, 'maintenancePackageGet', {}, { id })).status).toBe(404);
      const upd = await call(seller, 'maintenancePackageUpdate', base(), { id });
      expect(upd.status).toBe(404);
      expect(upd.body.client_msg).toBe(maintenanceText.notFound);
      expect((await call(seller, 'maintenancePackageSetActive', { ids: [id], active: false })).status).toBe(404);
      expect((await call(seller, 'maintenancePackageDelete', {}, { id })).status).toBe(404);
      expect((await db().selectFrom('maintenance_package').select(['name', 'active']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ name: '别家套餐', active: true });

      // a buyer without M03 keeps no packages
      expect((await call(buyer, 'maintenancePackageCreate', base(), { k: key() })).status).toBe(403);
      expect((await call(buyer, 'maintenancePackageList', {})).status).toBe(403);
    });

    it('refuses bad input with the field named in Chinese', async () => {
      const refused = async (over: Partial<PayloadIn<'maintenancePackageCreate'>>, text: string) => {
        const r = await call(seller, 'maintenancePackageCreate', base(over), { k: key() });
        expect(r.status).toBe(422);
        expect(r.body.client_msg).toContain(text);
      };
      await refused({ name: '保' }, '套餐名称至少2个字');
      await refused({ name: '保'.repeat(31) }, '套餐名称最多30个字');
      await refused({ vehicle: '车'.repeat(51) }, '适用车型最多50个字');
      await refused({ interval_km: null, interval_months: null }, maintenanceText.intervalNeeded);
      await refused({ interval_km: 500 }, '保养里程应为1000到100000之间的整数');
      await refused({ interval_months: 49 }, '保养月数应为1到48之间的整数');
      await refused({ lines: [] }, '请至少添加一个套餐配件');
      await refused({ lines: Array.from({ length: 31 }, () => ({ stock_id: mine[0], qty: 1 })) }, '套餐配件最多30行');
      await refused({ lines: [{ stock_id: mine[0], qty: 100 }] }, '配件数量应为1到99之间的整数');
      await refused({ lines: [{ stock_id: mine[0], qty: 1 }, { stock_id: mine[0], qty: 2 }] }, '出现了两次');
      await refused({ make_id: 999_999 }, maintenanceText.unknownMake);
    });

    it('shows a buyer the packages that are on, priced as its cart prices them, the lines it cannot buy marked', async () => {
      const small = await create({ name: '小保养A', make_id: makeId, lines: [{ stock_id: mine[0], qty: 4 }, { stock_id: mine[1], qty: 1 }] });
      const every = await create({ name: '通用保养', make_id: null, lines: [{ stock_id: mine[2], qty: 1 }] });
      const other = await create({ name: '别的车型', make_id: otherMakeId, lines: [{ stock_id: mine[3], qty: 2 }] });
      const hidden = await create({ name: '下架的套餐', active: false, lines: [{ stock_id: mine[3], qty: 1 }] });

      // a formal member: 批发价 (不含税), as the cart charges it
      const seen = await shop(buyer);
      const ids = seen.data.map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining([small.id, every.id, other.id]));
      expect(ids).not.toContain(hidden.id);
      let a = seen.data.find((p) => p.id === small.id)!;
      expect(a.lines.map((l) => [l.price, l.price_column, l.amount, l.unavailable])).toEqual([[3000, 'price0', 12_000, ''], [1000, 'price0', 1000, '']]);
      expect(a).toMatchObject({ total_fen: 13_000, available_count: 2 });
      expect(seen.makes.map((m) => m.id).sort()).toEqual([makeId, otherMakeId].sort());

      // the same line in the cart costs the same
      expect((await call(buyer, 'cartAdd', { stock_id: mine[0], qty: 4 }, { k: key() })).status).toBe(200);
      const cartLine = (await call(buyer, 'cartList', {})).body.data.groups.flatMap((g) => g.items).find((i) => i.stockId === mine[0])!;
      expect([cartLine.price, cartLine.priceColumn]).toEqual([a.lines[0].price, a.lines[0].price_column]);

      // a registered (free) member: 零售价
      const free = (await shop(member)).data.find((p) => p.id === small.id)!;
      expect(free.lines.map((l) => [l.price, l.price_column])).toEqual([[3300, 'price2'], [1300, 'price2']]);

      // the seller's customer level for the buyer decides over its membership
      expect((await call(seller, 'customerUpdate', { company_id: 3, price_level: 'standard' })).status).toBe(200);
      a = (await shop(buyer)).data.find((p) => p.id === small.id)!;
      expect(a.lines.map((l) => [l.price, l.price_column])).toEqual([[3500, 'price99'], [1500, 'price99']]);
      expect(a.total_fen).toBe(15_500);
      expect((await call(seller, 'customerUpdate', { company_id: 3, price_level: 'member' })).status).toBe(200);

      // filtered by make: that make's and every make's packages
      const byMake = (await shop(buyer, makeId)).data.map((p) => p.id);
      expect(byMake).toEqual(expect.arrayContaining([small.id, every.id]));
      expect(byMake).not.toContain(other.id);

      // lines that cannot be bought: marked, and left out of the total
      await price(mine[0], 3000, 3);
      a = (await shop(buyer)).data.find((p) => p.id === small.id)!;
      expect(a.lines.map((l) => l.unavailable)).toEqual(['库存不足', '']);
      expect(a).toMatchObject({ total_fen: 1000, available_count: 1 });
      await sql`update stock set quantity = 0 where id = ${mine[0]}`.execute(db());
      await sql`update stock set price0 = null, price99 = null where id = ${mine[1]}`.execute(db());
      a = (await shop(buyer)).data.find((p) => p.id === small.id)!;
      expect(a.lines.map((l) => [l.unavailable, l.amount])).toEqual([['无货', 0], ['暂无报价', 0]]);
      expect(a).toMatchObject({ total_fen: 0, available_count: 0 });
      await sql`update stock set state = 'off' where id = ${mine[0]}`.execute(db());
      expect((await shop(buyer)).data.find((p) => p.id === small.id)!.lines[0].unavailable).toBe('已下架');

      // off: gone from the shop
      expect((await call(seller, 'maintenancePackageSetActive', { ids: [every.id], active: false })).status).toBe(200);
      expect((await shop(buyer)).data.map((p) => p.id)).not.toContain(every.id);
      await price(mine[0], 3000);
      await price(mine[1], 1000);
    });

    it('宝马库存: the grouped, spaced or dashed BMW number finds the row, only among 宝马 rows', async () => {
      const bmw = (await db().selectFrom('make').select('id').where('name', '=', '宝马').executeTakeFirstOrThrow()).id;
      const quality = (await db().selectFrom('part_quality').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const made = await call(seller, 'stockCreate', { supplier_oe: '34116794300', name: '前刹车片', custom_brand_name: '测试品牌', quality_id: quality, make_id: bmw, quantity: 5 });
      expect(made.status, made.body.client_msg).toBe(200);
      for (const typed of ['34 11 6 794 300', '34-11-6-794-300', '3411 6794300', '34116794300']) {
        const r = await call(seller, 'getStockData', { make_id: bmw, supplier_oe: typed });
        const found = r.body.data.data;
        expect(found.map((x) => x.id), typed).toContain(made.body.data.id);
        expect(found.every((x) => x.oe_norm === '34116794300'), typed).toBe(true);
      }
      const rows = (await call(seller, 'getStockData', { make_id: bmw, page_size: 800 })).body.data.data;
      expect(rows.every((r) => r.make_id === bmw)).toBe(true);
    });
  });
});
