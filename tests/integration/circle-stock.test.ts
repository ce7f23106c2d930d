import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { createCartService } from '../../src/server/modules/cart/cart.service';
import { circleStockText } from '../../src/shared/contracts/circle-stock';
import { NOT_IN_CIRCLE } from '../../src/server/modules/search/search.service';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

/** 商圈库存 (docs/circles.md): allocation, circle products, totals, circle prices in search, buying at them, join info. */
describe.each(backends)('trade-circle stock on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'trade-circle stock', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    let member: string;
    let circle: number;
    let row: { id: number; name: string; supplier_oe: string; quantity: number };
    let foreignRow: number;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 2000 });
      // the registered member's company takes part in circles and buys, but is in none of them
      await sql`update app_user set permissions = permissions || array['C12', 'C09'] where username = 'member'`.execute(env.database.db);
      seller = (await env.login('seller')).access_token;
      buyer = (await env.login('buyer')).access_token;
      member = (await env.login('member')).access_token;
      row = (await sql<typeof row>`select id, name, supplier_oe, quantity from stock where company_id = 2 and state = 'on' and quantity >= 5 order by id limit 1`.execute(env.database.db)).rows[0];
      await sql`update stock set quantity = 10 where id = ${row.id}`.execute(env.database.db);
      row.quantity = 10;
      foreignRow = (await sql<{ id: number }>`select id from stock where company_id <> 2 order by id limit 1`.execute(env.database.db)).rows[0].id;
    });
    afterAll(async () => env?.close());

    const allocation = async () => (await sql<{ qty: number; price_fen: number }>`select qty, price_fen from trade_circle_allocation where circle_id = ${circle} and stock_id = ${row.id}`.execute(env.database.db)).rows[0];

    it('the owner requires join information; the applicant fills it in and the owner sees it when approving', async () => {
      const created = await env.api('tradeCircleCreate', { name: '广州配件互通圈', area: '广东广州' }, { token: seller });
      expect(created.status).toBe(200);
      circle = created.body.data.id;
      expect((await env.api('tradeCircleJoinFields', { circle_id: circle, join_fields: ['contact', 'tel'] }, { token: buyer })).body)
        .toMatchObject({ code: 403, client_msg: circleStockText.circleOwnerFieldsOnly });
      expect((await env.api('tradeCircleJoinFields', { circle_id: circle, join_fields: ['contact', 'tel'] }, { token: seller })).body.data).toEqual({ join_fields: ['contact', 'tel'] });

      const missing = await env.api('tradeCircleJoin', { circle_id: circle, join_info: { contact: '王志强' } }, { token: buyer });
      expect(missing.body).toMatchObject({ code: 422, field: 'tel', client_msg: circleStockText.circleJoinInfoMissing('电话') });
      expect((await env.api('tradeCircleGet', { id: circle }, { token: seller })).body.data.pending).toEqual([]);

      const joined = await env.api('tradeCircleJoin', { circle_id: circle, join_info: { contact: '王志强', tel: '13800000004', brands: '博世 马勒' } }, { token: buyer });
      expect(joined.body.data).toEqual({ member_state: 'pending' });
      const seen = (await env.api('tradeCircleGet', { id: circle }, { token: seller })).body.data;
      expect(seen.circle.join_fields).toEqual(['contact', 'tel']);
      expect(seen.pending[0]).toMatchObject({ company_id: 3, join_info: { contact: '王志强', tel: '13800000004', brands: '博世 马勒', note: '' } });
      expect((await env.api('tradeCircleApprove', { circle_id: circle, company_id: 3 }, { token: seller })).status).toBe(200);
    });

    it('a member allocates its own stock rows within their quantity; others\' rows and non-members are refused', async () => {
      const tooMany = await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: row.id, allocated_qty: 11, circle_price_fen: 1234 }, { token: seller });
      expect(tooMany.body).toMatchObject({ code: 422, field: 'allocated_qty', client_msg: circleStockText.circleTooMany(10) });
      expect(tooMany.body.client_msg).toContain('分配数量超过库存');
      const foreign = await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: foreignRow, allocated_qty: 1, circle_price_fen: 100 }, { token: seller });
      expect(foreign.body).toMatchObject({ code: 403, client_msg: circleStockText.circleOwnStockOnly });
      const outsider = await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: row.id, allocated_qty: 1, circle_price_fen: 100 }, { token: member });
      expect(outsider.body).toMatchObject({ code: 403, client_msg: circleStockText.circleAllocateMembersOnly });
      expect((await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: row.id, allocated_qty: 1, circle_price_fen: 0 }, { token: seller })).body)
        .toMatchObject({ code: 422, field: 'circle_price_fen' });
      expect(await allocation()).toBeUndefined();

      const ok = await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: row.id, allocated_qty: 4, circle_price_fen: 999 }, { token: seller });
      expect(ok.body.data).toMatchObject({ circle_id: circle, stock_id: row.id, allocated_qty: 4, available_qty: 4, circle_price_fen: 999, stock_qty: 10, circle_name: '广州配件互通圈' });
      // editing the allocation: a new quantity and price
      const edited = await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: row.id, allocated_qty: 3, circle_price_fen: 1234 }, { token: seller });
      expect(edited.body.data).toMatchObject({ allocated_qty: 3, circle_price_fen: 1234 });
      const mine = (await env.api('tradeCircleMyProducts', {}, { token: seller })).body.data;
      expect(mine.data.map((p) => [p.stock_id, p.allocated_qty, p.circle_price_fen])).toEqual([[row.id, 3, 1234]]);
      expect((await env.api('tradeCircleMyProducts', {}, { token: buyer })).body.data.total).toBe(0);
    });

    it('members read the circle\'s products with the circle price; a non-member never sees them', async () => {
      const found = (await env.api('tradeCircleProducts', { circle_id: circle, k: row.supplier_oe }, { token: buyer })).body.data;
      expect(found.data).toEqual([expect.objectContaining({ stock_id: row.id, available_qty: 3, circle_price_fen: 1234, company_id: 2 })]);
      expect((await env.api('tradeCircleProducts', { circle_id: circle, k: row.name }, { token: buyer })).body.data.total).toBe(1);
      expect((await env.api('tradeCircleProducts', { circle_id: circle, k: 'ZZZ999不存在' }, { token: buyer })).body.data.total).toBe(0);
      const refused = await env.api('tradeCircleProducts', { circle_id: circle }, { token: member });
      expect(refused.body).toMatchObject({ code: 403, client_msg: circleStockText.circleMembersOnly });
      expect(JSON.stringify(refused.body)).not.toContain('1234');

      // 圈内搜索 shows 商圈价 to members only; a company in no circle cannot search circles at all
      const search = await env.api('keywordSearch', { k: row.name, mode: 'exact', circle: 1, page_size: 800 }, { token: buyer });
      expect(search.status).toBe(200);
      expect(search.body.data.rows.some((r) => r.id === row.id)).toBe(true);
      expect(search.body.data.circle_offers).toContainEqual({ stock_id: row.id, circle_id: circle, circle_name: '广州配件互通圈', available_qty: 3, circle_price_fen: 1234 });
      const plain = await env.api('keywordSearch', { k: row.name, mode: 'exact', page_size: 50 }, { token: buyer });
      expect(plain.body.data.circle_offers).toBeUndefined();
      const outsider = await env.api('keywordSearch', { k: row.name, mode: 'exact', circle: 1 }, { token: member });
      expect(outsider.body).toMatchObject({ code: 403, client_msg: NOT_IN_CIRCLE });
    });

    it('the owner reads totals per member and per product; members do not', async () => {
      const perMember = (await env.api('tradeCircleStock', { circle_id: circle }, { token: seller })).body.data;
      expect(perMember.data).toEqual(expect.arrayContaining([
        { company_id: 2, company_name: expect.any(String), product_count: 1, available_qty: 3, value_fen: 3702 },
        { company_id: 3, company_name: expect.any(String), product_count: 0, available_qty: 0, value_fen: 0 },
      ]));
      const perProduct = (await env.api('tradeCircleQuery', { circle_id: circle }, { token: seller })).body.data;
      expect(perProduct.data).toEqual([expect.objectContaining({ seller_count: 1, available_qty: 3, min_price_fen: 1234, max_price_fen: 1234 })]);
      expect((await env.api('tradeCircleStock', { circle_id: circle }, { token: buyer })).body).toMatchObject({ code: 403, client_msg: circleStockText.circleOwnerTotalsOnly });
      expect((await env.api('tradeCircleQuery', { circle_id: circle }, { token: buyer })).body).toMatchObject({ code: 403, client_msg: circleStockText.circleOwnerTotalsOnly });
      const members = (await env.api('tradeCircleGet', { id: circle }, { token: buyer })).body.data.members;
      expect(members.find((m) => m.company_id === 2)).toMatchObject({ product_count: 1, available_qty: 3 });
    });

    it('a sale that leaves less stock than allocated caps what the circle offers, when read', async () => {
      await sql`update stock set quantity = 2 where id = ${row.id}`.execute(env.database.db);
      const mine = (await env.api('tradeCircleMyProducts', { circle_id: circle }, { token: seller })).body.data.data[0];
      expect(mine).toMatchObject({ allocated_qty: 3, stock_qty: 2, available_qty: 2 });
      expect((await env.api('tradeCircleProducts', { circle_id: circle }, { token: buyer })).body.data.data[0].available_qty).toBe(2);
      await sql`update stock set quantity = 10 where id = ${row.id}`.execute(env.database.db);
    });

    it('a member buys at the circle price decided by the server; a non-member cannot; the allocation decreases', async () => {
      const outsider = await env.api('cartAdd', { stock_id: row.id, qty: 1, circle_id: circle }, { token: member });
      expect(outsider.body).toMatchObject({ code: 403, client_msg: circleStockText.circleNotBuyable });
      expect((await env.api('cartList', {}, { token: member })).body.data.groups.flatMap((g) => g.items).some((i) => i.stockId === row.id)).toBe(false);

      const tooMany = await env.api('cartAdd', { stock_id: row.id, qty: 4, circle_id: circle }, { token: buyer });
      expect(tooMany.body).toMatchObject({ code: 422, field: 'qty', client_msg: circleStockText.circleNotEnough(3) });
      const added = await env.api('cartAdd', { stock_id: row.id, qty: 2, circle_id: circle }, { token: buyer });
      expect(added.status).toBe(200);
      const line = (await env.api('cartList', {}, { token: buyer })).body.data.groups.flatMap((g) => g.items).find((i) => i.stockId === row.id)!;
      expect(line).toMatchObject({ price: 1234, priceColumn: 'circle', amount: 2468, stockQty: 3, circleId: circle, productSource: 1 });
      // the client's expected total must match the server's circle price
      const wrong = await env.api('cartSubmit', { cart_ids: [line.id], expected_total_fen: 100, ...ADDRESS }, { token: buyer, idempotencyKey: randomUUID() });
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(409);
      const placed = await env.api('cartSubmit', { cart_ids: [line.id], expected_total_fen: 2468, ...ADDRESS }, { token: buyer, idempotencyKey: randomUUID() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const order = (await env.api('orderRetrieve', { order_no: placed.body.data.orders[0].order_no }, { token: buyer })).body.data;
      expect(order.lines[0]).toMatchObject({ unit_price_fen: 1234, qty: 2 });
      expect(await allocation()).toEqual({ qty: 1, price_fen: 1234 });
      expect((await sql<{ quantity: number }>`select quantity from stock where id = ${row.id}`.execute(env.database.db)).rows[0].quantity).toBe(8);
    });

    it('the cart reads its circle lines\' allocations in one query, however many there are', async () => {
      const more = (await sql<{ id: number }>`select id::int as id from stock where company_id = 2 and state = 'on' and quantity >= 2 and id <> ${row.id} order by id limit 4`.execute(env.database.db)).rows;
      for (const [i, r] of more.entries()) {
        expect((await env.api('tradeCircleAllocate', { circle_id: circle, stock_id: r.id, allocated_qty: 2, circle_price_fen: 500 + i }, { token: seller })).status).toBe(200);
        expect((await env.api('cartAdd', { stock_id: r.id, qty: 1, circle_id: circle }, { token: buyer })).status).toBe(200);
      }
      const who = (await sql<{ id: number; company_id: number }>`select id, company_id from app_user where username = 'buyer'`.execute(env.database.db)).rows[0];
      const caller = { userId: who.id, companyId: who.company_id, uuid: '', username: 'buyer', permissions: ['C09'], sessionId: 0 };
      let reads = 0;
      const counting: KyselyPlugin = {
        transformQuery: (a) => {
          const n = a.node as { kind: string; sqlFragments?: readonly string[] };
          if (n.kind === 'RawNode' && (n.sqlFragments ?? []).join('').includes('from trade_circle_allocation')) reads++;
          return a.node;
        },
        transformResult: async (a) => a.result,
      };
      const list = await createCartService(env.clock).list(env.database.db.withPlugin(counting), caller, '配件产品');
      const lines = list.groups.flatMap((g) => g.items).filter((i) => i.circleId === circle);
      expect(lines.map((l) => [l.stockId, l.price]).sort()).toEqual(more.map((r, i) => [r.id, 500 + i]).sort());
      expect(reads).toBe(1);
      // the same answer as the call
      expect((await env.api('cartList', {}, { token: buyer })).body.data.groups.flatMap((g) => g.items).filter((i) => i.circleId === circle).map((l) => l.price).sort())
        .toEqual(lines.map((l) => l.price).sort());
      // the circle keeps only the first row's allocation for the tests after
      for (const r of more) expect((await env.api('tradeCircleWithdraw', { circle_id: circle, stock_id: r.id }, { token: seller })).status).toBe(200);
    });

    it('withdrawing: only the allocating company; quitting takes the allocations out of the circle', async () => {
      expect((await env.api('tradeCircleWithdraw', { circle_id: circle, stock_id: row.id }, { token: buyer })).body).toMatchObject({ code: 404, client_msg: circleStockText.circleNoAllocation });
      expect(await allocation()).toBeDefined();
      expect((await env.api('tradeCircleWithdraw', { circle_id: circle, stock_id: row.id }, { token: seller })).status).toBe(200);
      expect(await allocation()).toBeUndefined();
      expect((await env.api('tradeCircleProducts', { circle_id: circle }, { token: buyer })).body.data.total).toBe(0);
      // buying at the price of a withdrawn allocation is refused
      expect((await env.api('cartAdd', { stock_id: row.id, qty: 1, circle_id: circle }, { token: buyer })).body).toMatchObject({ code: 422, field: 'circle_id', client_msg: circleStockText.circleNotAllocated });
    });
  });
});
