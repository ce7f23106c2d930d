import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { cartText, type PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

interface StockPick { id: number; company_id: number; quantity: number; price0: number; price1: number; price2: number; price3: number; price99: number }

describe.each(backends)('cart on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'cartList / cartAdd / cartUpdateQty / cartUpdateTax / cartCheck / cartRemove', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let operator: string;
    let member: string;
    let clerk: string;
    let a: StockPick;
    let b: StockPick;
    let other: StockPick;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      [buyer, seller, operator, member, clerk] = await Promise.all(['buyer', 'seller', 'operator', 'member', 'clerk'].map(async (u) => (await env.login(u)).access_token));
      const db = env.database.db;
      // known prices and quantities on three rows: two of the seller company, one of another seller
      const pick = async (companyId: number, notIn: number[]) =>
        (await sql<{ id: number }>`select id from stock where company_id = ${companyId} and state = 'on' and id <> all(${sql.val(notIn)}::int[]) order by id limit 1`.execute(db)).rows[0].id;
      const set = async (id: number, quantity: number, p: number) => {
        await sql`update stock set quantity = ${quantity}, price99 = ${p + 500}, price0 = ${p}, price1 = ${p + 130}, price2 = ${p + 300}, price3 = ${p + 400}, price5 = null where id = ${id}`.execute(db);
        return (await sql<StockPick>`select id, company_id, quantity, price0, price1, price2, price3, price99 from stock where id = ${id}`.execute(db)).rows[0];
      };
      const otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3) and state = 'on' order by company_id limit 1`.execute(db)).rows[0].company_id;
      const idA = await pick(2, []);
      a = await set(idA, 10, 1000);
      b = await set(await pick(2, [idA]), 3, 2500);
      other = await set(await pick(otherSeller, []), 50, 800);
    });
    afterAll(async () => env?.close());

    const add = (token: string, payload: PayloadIn<'cartAdd'>, key?: string) => env.api('cartAdd', payload, { token, idempotencyKey: key });
    const list = async (token: string) => {
      const r = await env.api('cartList', {}, { token });
      expect(r.status).toBe(200);
      return r.body.data;
    };
    const lineOf = async (token: string, stockId: number) => (await list(token)).groups.flatMap((g) => g.items).find((i) => i.stockId === stockId);
    const rows = async () => (await sql<{ n: number }>`select count(*)::int as n from cart_item`.execute(env.database.db)).rows[0].n;

    it('adds a part; adding the same stock again adds to the quantity; the list groups by seller with its area', async () => {
      expect((await add(buyer, { stock_id: a.id, qty: 2 })).status).toBe(200);
      const again = await add(buyer, { stock_id: a.id, qty: 3 });
      expect(again.status).toBe(200);
      expect(again.body.data.qty).toBe(5);
      expect((await add(buyer, { stock_id: other.id })).body.data.qty).toBe(1);
      const cart = await list(buyer);
      expect(cart.groups.map((g) => g.companyId)).toEqual([2, other.company_id]);
      expect(cart.groups[0].deliveryArea).not.toBe('');
      const line = cart.groups[0].items[0];
      expect(line).toMatchObject({ stockId: a.id, companyId: 2, qty: 5, typeCode: '配件产品', productSource: 1, checked: true, isIncludeTaxProduct: false });
      expect(cart.count).toBe(2);
    });

    it('prices every line on the server at the buyer level column and the tax flag, whatever the client sends', async () => {
      // the formal buyer pays the wholesale price excluding tax; a price in the body is not part of the contract
      const r = await env.callRaw('POST', '/api/cart/add', { token: buyer, body: { stock_id: b.id, qty: 1, price: 1, amount: 1 } });
      expect(r.status).toBe(200);
      let line = await lineOf(buyer, b.id);
      expect(line).toMatchObject({ price: b.price0, priceColumn: 'price0', amount: b.price0 });
      expect((await env.api('cartUpdateTax', { id: line!.id, is_include_tax: true }, { token: buyer })).status).toBe(200);
      line = await lineOf(buyer, b.id);
      expect(line).toMatchObject({ isIncludeTaxProduct: true, price: b.price1, amount: b.price1 });
      // the seller raises the price: the cart follows it
      await sql`update stock set price1 = ${b.price1 + 100} where id = ${b.id}`.execute(env.database.db);
      expect((await lineOf(buyer, b.id))!.amount).toBe(b.price1 + 100);
      await sql`update stock set price1 = ${b.price1} where id = ${b.id}`.execute(env.database.db);
      // a registered (free) company is charged the retail price
      await sql`update company set level_id = 3 where id = 3`.execute(env.database.db);
      expect(await lineOf(buyer, b.id)).toMatchObject({ price: b.price3, priceColumn: 'price3' });
      await sql`update company set level_id = 2 where id = 3`.execute(env.database.db);
    });

    it('changing the quantity updates qty and amount; the bounds are 1 and the stock quantity', async () => {
      const line = (await lineOf(buyer, a.id))!;
      const r = await env.api('cartUpdateQty', { id: line.id, qty: 7 }, { token: buyer });
      expect(r.status).toBe(200);
      expect(await lineOf(buyer, a.id)).toMatchObject({ qty: 7, amount: 7 * a.price0 });
      for (const [qty, text] of [[0, cartText.qty], [1.5, cartText.qty], ['x', cartText.qty], [10000, cartText.qty], [11, cartText.notEnough(10, 0)]] as const) {
        const bad = await env.api('cartUpdateQty', { id: line.id, qty }, { token: buyer });
        expect(bad.status, String(qty)).toBe(422);
        expect(bad.body.field).toBe('qty');
        expect(bad.body.client_msg).toContain(text);
      }
      // adding beyond the stock names both figures and changes nothing
      const over = await add(buyer, { stock_id: a.id, qty: 4 });
      expect(over.status).toBe(422);
      expect(over.body.client_msg).toContain(cartText.notEnough(10, 7));
      expect((await lineOf(buyer, a.id))!.qty).toBe(7);
    });

    it('refuses own stock, unknown or off-sale stock, bad payloads and callers without the cart codes', async () => {
      const before = await rows();
      const own = await add(seller, { stock_id: a.id, qty: 1 });
      expect(own.status).toBe(403);
      expect(own.body.client_msg).toBe(cartText.ownStock);
      expect((await add(buyer, { stock_id: 2147483647, qty: 1 })).body.client_msg).toBe(cartText.noStock);
      expect((await env.callRaw('POST', '/api/cart/add', { token: buyer, body: { qty: 1 } })).body).toMatchObject({ code: 422, field: 'stock_id' });
      expect((await env.callRaw('POST', '/api/cart/add', { token: buyer, body: { stock_id: other.id, qty: 1, type_code: '别的' } })).body).toMatchObject({ code: 422, field: 'type_code' });
      expect((await add(member, { stock_id: other.id })).status).toBe(403);
      expect((await add(clerk, { stock_id: other.id })).status).toBe(403);
      expect((await env.api('cartAdd', { stock_id: other.id })).status).toBe(401);
      expect((await env.api('cartList', {}, { token: member })).status).toBe(403);
      expect(await rows()).toBe(before);
    });

    it('another company cannot see or touch my lines: they are not in its cart', async () => {
      const mine = (await lineOf(buyer, a.id))!;
      expect((await list(operator)).groups).toEqual([]);
      const token = operator;
      for (const [path, send] of [
        ['qty', () => env.api('cartUpdateQty', { id: mine.id, qty: 1 }, { token })],
        ['tax', () => env.api('cartUpdateTax', { id: mine.id, is_include_tax: true }, { token })],
        ['check', () => env.api('cartCheck', { ids: [mine.id], checked: false }, { token })],
        ['remove', () => env.api('cartRemove', { ids: [mine.id] }, { token })],
      ] as const) {
        const r = await send();
        expect(r.status, path).toBe(404);
        expect(r.body.client_msg).toBe(cartText.notInCart);
      }
      expect(await lineOf(buyer, a.id)).toMatchObject({ qty: 7, checked: true, isIncludeTaxProduct: false });
    });

    it('a group is checked when all its lines are; only checked lines on sale count in the total', async () => {
      const cart = await list(buyer);
      const g2 = cart.groups.find((g) => g.companyId === 2)!;
      expect(g2.checked).toBe(true);
      const bLine = g2.items.find((i) => i.stockId === b.id)!;
      expect((await env.api('cartCheck', { ids: [bLine.id], checked: false }, { token: buyer })).status).toBe(200);
      let now = await list(buyer);
      expect(now.groups.find((g) => g.companyId === 2)!.checked).toBe(false);
      const aLine = (await lineOf(buyer, a.id))!;
      const oLine = (await lineOf(buyer, other.id))!;
      expect(now.checkedAmount).toBe(aLine.amount + oLine.amount);
      expect(now.checkedQty).toBe(7 + 1);
      // the seller takes a row off sale: it stays listed, marked, and leaves the count and total
      await sql`update stock set state = 'off' where id = ${other.id}`.execute(env.database.db);
      now = await list(buyer);
      expect(await lineOf(buyer, other.id)).toMatchObject({ productSource: 2, unavailableReason: '已下架' });
      expect(now.count).toBe(2);
      expect(now.checkedAmount).toBe(aLine.amount);
      await sql`update stock set state = 'on' where id = ${other.id}`.execute(env.database.db);
      expect((await env.api('cartCheck', { ids: [bLine.id], checked: true }, { token: buyer })).status).toBe(200);
    });

    it('removing the last line of a seller removes the group', async () => {
      const oLine = (await lineOf(buyer, other.id))!;
      const r = await env.api('cartRemove', { ids: [oLine.id] }, { token: buyer });
      expect(r.status).toBe(200);
      expect(r.body.data.removed).toBe(1);
      const cart = await list(buyer);
      expect(cart.groups.map((g) => g.companyId)).toEqual([2]);
      expect((await env.api('cartRemove', { ids: [oLine.id] }, { token: buyer })).status).toBe(404);
    });

    it('adds once per Idempotency-Key: an offline replay returns the stored answer without adding again', async () => {
      const key = 'cart-add-0f4c2a9e-1111';
      const first = await add(buyer, { stock_id: other.id, qty: 2 }, key);
      expect(first.status).toBe(200);
      const replay = await add(buyer, { stock_id: other.id, qty: 2 }, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(replay.body.data).toEqual(first.body.data);
      expect((await lineOf(buyer, other.id))!.qty).toBe(2);
      expect((await add(buyer, { stock_id: other.id, qty: 3 }, key)).status).toBe(409);
      expect((await lineOf(buyer, other.id))!.qty).toBe(2);
    });
  });
});
