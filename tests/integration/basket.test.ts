import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { basketText, type PayloadIn } from '../../src/shared/contracts';
import { logStockChanges } from '../../src/server/modules/stock/stock.service';
import { processFollowChanges } from '../../src/server/modules/basket/follow.service';
import { assistantNotices, backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('常购清单 and 关注 on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'basketList / basketAdd / basketUpdate / basketRemove / basketToCart / followAdd / followList / followRemove', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      [buyer, seller] = await Promise.all(['buyer', 'seller'].map(async (u) => (await env.login(u)).access_token));
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const add = (token: string, p: Omit<PayloadIn<'basketAdd'>, 'key'> & { key?: string }) => env.api('basketAdd', { key: randomUUID(), ...p }, { token });
    const list = async (token: string, p: PayloadIn<'basketList'> = {}) => {
      const r = await env.api('basketList', p, { token });
      expect(r.body.code).toBe(200);
      return r.body.data;
    };

    it('adds, lists, changes and removes lines of the own company; OE numbers normalised like search', async () => {
      const made = await add(buyer, { oe: '04465-33450 ', name: '前刹车片', quality: '原厂件', qty: 4, note: '每月一次' });
      expect(made.body.data).toMatchObject({ oe: '04465-33450', oeNorm: '0446533450', name: '前刹车片', qty: 4, type_code: '配件产品' });
      const key = made.body.data.key;
      // the same key again (an outbox replay without its stored answer) leaves the line as it is
      expect((await env.api('basketAdd', { key, oe: '04465-33450', qty: 9 }, { token: buyer })).body.data.qty).toBe(4);
      // one line per OE number
      const twin = await add(buyer, { oe: '0446533450' });
      expect(twin.status).toBe(422);
      expect(twin.body.client_msg).toBe(basketText.duplicate('04465-33450'));
      expect((await env.api('basketAdd', { key: randomUUID(), oe: '12' }, { token: buyer })).body.client_msg).toBe(basketText.oe);

      const changed = await env.api('basketUpdate', { key, oe: '04465-33450', name: '前刹车片', qty: 6, note: '' }, { token: buyer });
      expect(changed.body.data).toMatchObject({ qty: 6, note: '' });
      const page = await list(buyer);
      expect(page.data.find((l) => l.key === key)).toMatchObject({ qty: 6, createdBy: expect.any(String) });

      expect((await env.api('basketRemove', { keys: [key] }, { token: buyer })).body.data).toEqual({ removed: 1 });
      expect((await list(buyer)).data.some((l) => l.key === key)).toBe(false);
    });

    it('refuses another company\'s line as one that does not exist, and another company\'s list', async () => {
      const made = (await add(buyer, { oe: 'SCOPE-00001', qty: 2 })).body.data;
      for (const r of [
        await env.api('basketUpdate', { key: made.key, oe: 'SCOPE-00001', qty: 1 }, { token: seller }),
        await env.api('basketRemove', { keys: [made.key] }, { token: seller }),
        await env.api('basketToCart', { keys: [made.key] }, { token: seller }),
      ]) {
        expect(r.status).toBe(404);
        expect(r.body.client_msg).toBe(basketText.notFound);
      }
      const peek = await env.api('basketList', { company_id: 3 }, { token: seller });
      expect(peek.status).toBe(403);
      expect((await list(seller)).data.some((l) => l.key === made.key)).toBe(false);
      expect((await list(buyer)).data.find((l) => l.key === made.key)).toMatchObject({ qty: 2 });
      await env.api('basketRemove', { keys: [made.key] }, { token: buyer });
    });

    it('pages 1000 lines at a time, newest first', async () => {
      await sql`insert into basket_line (company_id, key, oe, oe_norm, qty, created_by, created_at, updated_at)
        select 3, 'bulk-' || lpad(n::text, 6, '0'), 'BULK' || lpad(n::text, 6, '0'), 'BULK' || lpad(n::text, 6, '0'), 1,
          (select id from app_user where username = 'buyer'), now() - make_interval(secs => n), now()
        from generate_series(1, 1001) n`.execute(db());
      const first = await list(buyer, { company_id: 3, page_size: 1000 });
      expect(first.total).toBe(1001);
      expect(first.data).toHaveLength(1000);
      expect(first.data[0].key).toBe('bulk-000001');
      const second = await list(buyer, { page_number: 2, page_size: 1000 });
      expect(second.data.map((l) => l.key)).toEqual(['bulk-001001']);
      await sql`delete from basket_line where key like 'bulk-%'`.execute(db());
    });

    it('一键加入购物车 takes the cheapest offer in stock, a preferred supplier first, and names the lines nobody has', async () => {
      // one OE number sold by two sellers at known prices (the formal buyer is charged price0)
      const oe = 'BASKET00001';
      const sellers = (await sql<{ company_id: number }>`select distinct company_id from stock where company_id not in (1, 3) and state = 'on' order by company_id limit 2`.execute(db())).rows.map((r) => r.company_id);
      const rows: number[] = [];
      for (const [n, companyId] of sellers.entries()) {
        const id = (await sql<{ id: number }>`select id from stock where company_id = ${companyId} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
        await sql`update stock set oe_norm = ${oe}, supplier_oe = ${oe}, quantity = 20, price0 = ${n === 0 ? 900 : 700}, price99 = 2000, price1 = null where id = ${id}`.execute(db());
        rows.push(id);
      }
      const wanted = (await add(buyer, { oe: 'basket-00001', name: '机油滤清器', qty: 3 })).body.data;
      const nobody = (await add(buyer, { oe: 'NOBODY-HAS-IT', name: '不存在的配件', qty: 1 })).body.data;
      const r = await env.api('basketToCart', { keys: [wanted.key, nobody.key] }, { token: buyer });
      expect(r.body.data.added).toEqual([expect.objectContaining({ key: wanted.key, stockId: rows[1], qty: 3, price: 700 })]);
      expect(r.body.data.missing).toEqual([{ key: nobody.key, oe: 'NOBODY-HAS-IT', name: '不存在的配件', reason: '无货' }]);
      const cart = (await env.api('cartList', {}, { token: buyer })).body.data;
      expect(cart.groups.flatMap((g) => g.items).find((i) => i.stockId === rows[1])).toMatchObject({ qty: 3, price: 700 });

      // the dearer seller made a preferred supplier comes first
      await sql`insert into company_customer (seller_company_id, buyer_company_id, preferred, preferred_at, created_at, updated_at)
        values (${sellers[0]}, 3, true, now(), now(), now())
        on conflict (seller_company_id, buyer_company_id) do update set preferred = true`.execute(db());
      const again = await env.api('basketToCart', { keys: [wanted.key] }, { token: buyer });
      expect(again.body.data.added).toEqual([expect.objectContaining({ stockId: rows[0], price: 900 })]);
      await sql`update company_customer set preferred = false where buyer_company_id = 3`.execute(db());
      // a line wanting more than anyone has is 无货 too
      await env.api('basketUpdate', { key: wanted.key, oe: 'basket-00001', qty: 500 }, { token: buyer });
      expect((await env.api('basketToCart', { keys: [wanted.key] }, { token: buyer })).body.data).toMatchObject({ added: [], missing: [{ key: wanted.key, reason: '无货' }] });
    });

    it('一键加入购物车 filters by quality and quantity before it ranks: the one matching offer behind 55 cheaper ones is taken', async () => {
      const oe = 'BASKETMANY01';
      const [cheap, wantedQuality] = (await sql<{ id: number; name: string }>`select id, name from part_quality order by id limit 2`.execute(db())).rows;
      const rows = (await sql<{ id: number }>`select id from stock where company_id not in (1, 3) and state = 'on'
        order by (company_id = 2), id desc limit 56`.execute(db())).rows.map((r) => r.id);
      expect(rows).toHaveLength(56);
      // 55 cheaper rows of another quality, and 3 cheaper rows of the wanted quality with too few pieces
      for (const [n, id] of rows.entries()) {
        const last = n === rows.length - 1;
        await sql`update stock set oe_norm = ${oe}, supplier_oe = ${oe}, quantity = ${n < 3 ? 1 : 10}, price0 = ${last ? 9000 : 100 + n}, price99 = 20000,
          quality_id = ${last || n < 3 ? wantedQuality.id : cheap.id} where id = ${id}`.execute(db());
      }
      const line = (await add(buyer, { oe, name: '刹车片', qty: 2, quality: wantedQuality.name })).body.data;
      const r = await env.api('basketToCart', { keys: [line.key] }, { token: buyer });
      expect(r.body.data.missing).toEqual([]);
      expect(r.body.data.added).toEqual([expect.objectContaining({ key: line.key, stockId: rows[rows.length - 1], qty: 2, price: 9000 })]);
      await env.api('basketRemove', { keys: [line.key] }, { token: buyer });
    });

    it('follows a seller and a part; a followed part cheaper or back in stock is told once a day', async () => {
      const row = (await sql<{ id: number; oe_norm: string; supplier_oe: string }>`select id, oe_norm, supplier_oe from stock where company_id = 2 and state = 'on' order by id desc limit 1`.execute(db())).rows[0];
      await sql`update stock set price_lock = false, quantity = 5, price0 = 5000 where id = ${row.id}`.execute(db());
      await sql`update stock set price0 = 6000 where oe_norm = ${row.oe_norm} and id <> ${row.id}`.execute(db());

      expect((await env.api('followAdd', { kind: 'seller', seller_id: 2 }, { token: buyer })).body.data).toMatchObject({ kind: 'seller', sellerId: 2 });
      expect((await env.api('followAdd', { kind: 'seller', seller_id: 3 }, { token: buyer })).body.client_msg).toBe(basketText.followSelf);
      const followed = await env.api('followAdd', { kind: 'oe', oe: row.supplier_oe, name: '关注的配件' }, { token: buyer });
      expect(followed.body.data).toMatchObject({ kind: 'oe', oeNorm: row.oe_norm, lowPrice: 5000, inStock: true });
      const mine = (await env.api('followList', {}, { token: buyer })).body.data;
      expect(mine.data.map((f) => f.kind).sort()).toEqual(['oe', 'seller']);
      expect((await env.api('followList', {}, { token: seller })).body.data.total).toBe(0);

      const before = (await assistantNotices(env, 'buyer')).length;
      let token = seller;
      const price = (value: number) => env.api('updateStockPrice', { product_id: row.id, company_id: 2, value, target_price_field: 'price0' }, { token });
      expect((await price(4500)).status).toBe(200);
      // the follow worker tells, after the stock write committed
      expect((await assistantNotices(env, 'buyer')).slice(before)).toHaveLength(0);
      expect(await env.followJobs.process()).toBe(1);
      let notices = (await assistantNotices(env, 'buyer')).slice(before);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ 标题: '关注的配件降价', 单号: row.supplier_oe });
      expect(notices[0].内容).toContain('45.00');
      // again the same day: no second notice, but the list shows the new low
      expect((await price(4000)).status).toBe(200);
      expect(await env.followJobs.process()).toBe(0);
      expect((await assistantNotices(env, 'buyer')).slice(before)).toHaveLength(1);
      expect((await env.api('followList', { kind: 'oe' }, { token: buyer })).body.data.data[0]).toMatchObject({ lowPrice: 4000 });
      // a dearer price tells nothing; the next day a drop is told again
      env.clock.advance(24 * 3600);
      token = (await env.login('seller')).access_token;
      buyer = (await env.login('buyer')).access_token;
      expect((await price(4200)).status).toBe(200);
      await env.followJobs.process();
      expect((await assistantNotices(env, 'buyer')).slice(before)).toHaveLength(1);
      expect((await price(3900)).status).toBe(200);
      expect(await env.followJobs.process()).toBe(1);
      notices = (await assistantNotices(env, 'buyer')).slice(before);
      expect(notices).toHaveLength(2);
      expect(notices[1].内容).toContain('39.00');

      expect((await env.api('followRemove', { kind: 'oe', oe: row.supplier_oe }, { token: buyer })).body.data).toEqual({ removed: 1 });
      expect((await env.api('followRemove', { kind: 'oe', oe: row.supplier_oe }, { token: buyer })).body.client_msg).toBe(basketText.notFollowed);
      expect((await price(3000)).status).toBe(200);
      expect(await env.followJobs.process()).toBe(0);
      expect((await assistantNotices(env, 'buyer')).slice(before)).toHaveLength(2);
    });

    it('tells a follower when a followed part comes back in stock', async () => {
      const row = (await sql<{ id: number; oe_norm: string; supplier_oe: string }>`select id, oe_norm, supplier_oe from stock where company_id = 2 and state = 'on' order by id limit 1`.execute(db())).rows[0];
      await sql`update stock set quantity = 0 where oe_norm = ${row.oe_norm}`.execute(db());
      await sql`update stock set price0 = 8800 where id = ${row.id}`.execute(db());
      const token = (await env.login('buyer')).access_token;
      expect((await env.api('followAdd', { kind: 'oe', oe: row.supplier_oe }, { token })).body.data).toMatchObject({ inStock: false, lowPrice: null });
      const before = (await assistantNotices(env, 'buyer')).length;
      const { qty_version } = (await sql<{ qty_version: number }>`select qty_version from stock where id = ${row.id}`.execute(db())).rows[0];
      const seller2 = (await env.login('seller')).access_token;
      expect((await env.api('updateStockQty', { product_id: row.id, company_id: 2, quantity: 4, qty_version }, { token: seller2 })).status).toBe(200);
      await env.followJobs.process();
      const told = (await assistantNotices(env, 'buyer')).slice(before);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ 标题: '关注的配件到货' });
      expect(told[0].内容).toContain('88.00');
    });

    /** A row of company 2 made the only one in stock of a fresh OE number, at these prices (fen). */
    const onlyRow = async (oe: string, offset: number, prices: { quantity: number; price0: number; price2: number; price99: number }) => {
      const { id } = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id offset ${offset} limit 1`.execute(db())).rows[0];
      await sql`update stock set oe_norm = ${oe}, supplier_oe = ${oe}, price_lock = false, quantity = ${prices.quantity},
        price0 = ${prices.price0}, price1 = null, price2 = ${prices.price2}, price3 = null, price99 = ${prices.price99} where id = ${id}`.execute(db());
      return id;
    };

    it('a stock write rolled back tells nobody and pushes nothing', async () => {
      const oe = 'FOLLOWRB0001';
      const id = await onlyRow(oe, 10, { quantity: 5, price0: 7000, price2: 7500, price99: 9000 });
      const token = (await env.login('buyer')).access_token;
      expect((await env.api('followAdd', { kind: 'oe', oe }, { token })).body.data).toMatchObject({ lowPrice: 7000, inStock: true });
      await env.followJobs.process();
      const before = (await assistantNotices(env, 'buyer')).length;
      const pushed = env.pushes.length;
      const sellerId = (await sql<{ id: number }>`select id from app_user where username = 'seller'`.execute(db())).rows[0].id;
      await expect(db().transaction().execute(async (trx) => {
        await sql`update stock set price0 = 100 where id = ${id}`.execute(trx);
        await logStockChanges(trx, [{ stock_id: id, company_id: 2, user_id: sellerId, at: env.clock.now(), action: 'price', changes: [{ field: 'price0', old: 7000, new: 100 }] }]);
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await env.followJobs.process()).toBe(0);
      expect((await assistantNotices(env, 'buyer')).slice(before)).toHaveLength(0);
      expect(env.pushes.slice(pushed)).toHaveLength(0);
      expect((await env.api('followList', { kind: 'oe' }, { token })).body.data.data.find((f) => f.oeNorm === oe)).toMatchObject({ lowPrice: 7000 });
    });

    it('a part sold out by an order is told 到货 when the order is cancelled and the pieces come back', async () => {
      const oe = 'FOLLOWORD001';
      const id = await onlyRow(oe, 20, { quantity: 2, price0: 3000, price2: 3500, price99: 4000 });
      const member = (await env.login('member')).access_token;
      expect((await env.api('followAdd', { kind: 'oe', oe }, { token: member })).body.data).toMatchObject({ lowPrice: 3500, inStock: true });
      const before = (await assistantNotices(env, 'member')).length;

      // the buyer takes every piece
      const token = (await env.login('buyer')).access_token;
      expect((await env.api('cartAdd', { stock_id: id, qty: 2 }, { token })).status).toBe(200);
      const line = (await env.api('cartList', {}, { token })).body.data.groups.flatMap((g) => g.items).find((i) => i.stockId === id)!;
      const placed = await env.api('cartSubmit', {
        cart_ids: [line.id], expected_total_fen: line.amount, remarks: [],
        contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号',
      }, { token, idempotencyKey: randomUUID() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(await env.followJobs.process()).toBe(0);
      expect((await env.api('followList', { kind: 'oe' }, { token: member })).body.data.data.find((f) => f.oeNorm === oe)).toMatchObject({ lowPrice: null, inStock: false });

      // cancelled: the pieces are back, and the follower hears of it
      expect((await env.api('orderCancel', { order_no: placed.body.data.orders[0].order_no }, { token })).status).toBe(200);
      expect(await env.followJobs.process()).toBe(1);
      const told = (await assistantNotices(env, 'member')).slice(before);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ 标题: '关注的配件到货', 单号: oe });
      expect(told[0].内容).toContain('35.00');
    });

    it('a followed part whose only row is deleted is told 到货 when a seller has it again', async () => {
      const oe = 'FOLLOWDEL001';
      const gone = await onlyRow(oe, 40, { quantity: 3, price0: 2000, price2: 2500, price99: 3000 });
      const token = (await env.login('buyer')).access_token;
      expect((await env.api('followAdd', { kind: 'oe', oe }, { token })).body.data).toMatchObject({ inStock: true });
      const seller2 = (await env.login('seller')).access_token;
      expect((await env.api('stockDelete', { ids: [gone] }, { token: seller2 })).status).toBe(200);
      expect(await env.followJobs.process()).toBe(0);
      const before = (await assistantNotices(env, 'buyer')).length;
      // another row takes the number, out of stock; stocking it is news
      const again = await onlyRow(oe, 41, { quantity: 0, price0: 2100, price2: 2600, price99: 3100 });
      const { qty_version } = (await sql<{ qty_version: number }>`select qty_version from stock where id = ${again}`.execute(db())).rows[0];
      expect((await env.api('updateStockQty', { product_id: again, company_id: 2, quantity: 6, qty_version }, { token: seller2 })).status).toBe(200);
      expect(await env.followJobs.process()).toBe(1);
      const told = (await assistantNotices(env, 'buyer')).slice(before);
      expect(told).toMatchObject([{ 标题: '关注的配件到货', 单号: oe }]);
      expect(told[0].内容).toContain('21.00');
    });

    it('a free member follows the price it is charged (retail), never the wholesale price0 it cannot see', async () => {
      const oe = 'FOLLOWFREE01';
      const id = await onlyRow(oe, 30, { quantity: 5, price0: 5000, price2: 8000, price99: 9000 });
      const member = (await env.login('member')).access_token;
      const token = (await env.login('buyer')).access_token;
      expect((await env.api('followAdd', { kind: 'oe', oe }, { token: member })).body.data).toMatchObject({ lowPrice: 8000, inStock: true });
      expect((await env.api('followList', { kind: 'oe' }, { token: member })).body.data.data.find((f) => f.oeNorm === oe)).toMatchObject({ lowPrice: 8000 });
      // the formal member follows the same part at the wholesale price it is charged
      expect((await env.api('followAdd', { kind: 'oe', oe }, { token })).body.data).toMatchObject({ lowPrice: 5000 });
      const [memberBefore, buyerBefore] = [(await assistantNotices(env, 'member')).length, (await assistantNotices(env, 'buyer')).length];

      const seller2 = (await env.login('seller')).access_token;
      const price = (field: 'price0' | 'price2', value: number) => env.api('updateStockPrice', { product_id: id, company_id: 2, value, target_price_field: field }, { token: seller2 });
      // a lower wholesale price: the formal member is told, the free one is not (its price did not change)
      expect((await price('price0', 4000)).status).toBe(200);
      expect(await env.followJobs.process()).toBe(1);
      expect((await assistantNotices(env, 'member')).slice(memberBefore)).toHaveLength(0);
      expect((await assistantNotices(env, 'buyer')).slice(buyerBefore)[0].内容).toContain('40.00');
      // a lower retail price: the free member is told its own price
      expect((await price('price2', 7500)).status).toBe(200);
      expect(await env.followJobs.process()).toBe(1);
      const told = (await assistantNotices(env, 'member')).slice(memberBefore);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ 标题: '关注的配件降价', 单号: oe });
      expect(told[0].内容).toContain('75.00');
      expect((await env.api('followList', { kind: 'oe' }, { token: member })).body.data.data.find((f) => f.oeNorm === oe)).toMatchObject({ lowPrice: 7500 });
    });

    it('a follower with a 客户等级 is told by the price it is charged: a free member made a wholesale customer hears of a price0 drop', async () => {
      const oe = 'FOLLOWLVL001';
      const id = await onlyRow(oe, 5, { quantity: 5, price0: 5000, price2: 8000, price99: 9000 });
      await sql`insert into company_customer (seller_company_id, buyer_company_id, price_level, created_at, updated_at) values (2, 4, 'wholesale', now(), now())
        on conflict (seller_company_id, buyer_company_id) do update set price_level = 'wholesale'`.execute(db());
      try {
        const member = (await env.login('member')).access_token;
        expect((await env.api('followAdd', { kind: 'oe', oe }, { token: member })).body.data).toMatchObject({ lowPrice: 5000, inStock: true });
        const before = (await assistantNotices(env, 'member')).length;
        const seller2 = (await env.login('seller')).access_token;
        expect((await env.api('updateStockPrice', { product_id: id, company_id: 2, value: 4000, target_price_field: 'price0' }, { token: seller2 })).status).toBe(200);
        expect(await env.followJobs.process()).toBe(1);
        const told = (await assistantNotices(env, 'member')).slice(before);
        expect(told).toMatchObject([{ 标题: '关注的配件降价', 单号: oe }]);
        expect(told[0].内容).toContain('40.00');
      } finally {
        await sql`update company_customer set price_level = 'member' where seller_company_id = 2 and buyer_company_id = 4`.execute(db());
      }
    });

    it('a worker that stops before its notices are posted loses nothing: the change stays queued and the next run tells', async () => {
      const oe = 'FOLLOWDIE001';
      const id = await onlyRow(oe, 15, { quantity: 5, price0: 6000, price2: 7000, price99: 9000 });
      const token = (await env.login('buyer')).access_token;
      expect((await env.api('followAdd', { kind: 'oe', oe }, { token })).body.data).toMatchObject({ lowPrice: 6000 });
      await env.followJobs.process();
      const before = (await assistantNotices(env, 'buyer')).length;
      const seller2 = (await env.login('seller')).access_token;
      expect((await env.api('updateStockPrice', { product_id: id, company_id: 2, value: 5500, target_price_field: 'price0' }, { token: seller2 })).status).toBe(200);
      // the process dies while posting
      const dying = { postNotice: async () => { throw new Error('the worker stopped'); } };
      expect(await processFollowChanges({ db: db(), clock: env.clock, notices: dying })).toBe(0);
      expect((await assistantNotices(env, 'buyer')).slice(before)).toHaveLength(0);
      expect((await sql<{ n: number }>`select count(*)::int as n from follow_change where oe_norm = ${oe}`.execute(db())).rows[0].n).toBeGreaterThan(0);
      // the next run (another process) tells, once
      expect(await env.followJobs.process()).toBe(1);
      expect(await env.followJobs.process()).toBe(0);
      const told = (await assistantNotices(env, 'buyer')).slice(before);
      expect(told).toMatchObject([{ 标题: '关注的配件降价', 单号: oe }]);
      expect(told[0].内容).toContain('55.00');
    });
  });
});
