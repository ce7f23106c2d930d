/**
 * Sellers' promotion plans (docs/promotions.md): every call and refusal (M13, a seller only, the
 * company's own plans, bad fields: nothing written), and the plan applied by OE and keyword search,
 * the cart and the checkout; the order keeps the price and the plan after the plan changes; a plan
 * ended between cart and checkout makes the checkout charge the current price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { promoText } from '../../src/shared/contracts/promo-plan';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const SELLER_CO = 2;
const BUYER_CO = 3;
const DAY = 86_400;
/** the refusal's words as the page shows them */
const msgOf = (b: { client_msg?: string; msg?: string }) => b.client_msg ?? b.msg;

describe.each(backends)('promotion plans on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'write, refuse, search, cart, checkout', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let stock = 0;
    let oe = '';
    let brand = 0;
    let category = 0;
    let keyN = 0;
    const key = () => `promo-${backend}-${++keyN}-0000`;
    const db = () => env.database.db;
    const now = () => Math.floor(env.clock.now().getTime() / 1000);
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who], idempotencyKey: key() });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const plan = (p: Partial<PayloadIn<'promoPlanCreate'>> = {}): PayloadIn<'promoPlanCreate'> => ({
      name: '春季九折', kind: 'percent', percent_off: 10, scope: 'all', buyers: 'all', start_at: now() - 3600, end_at: now() + 30 * DAY, ...p,
    });
    const create = async (p: Partial<PayloadIn<'promoPlanCreate'>> = {}) => {
      const r = await post('seller', 'promoPlanCreate', plan(p));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data!;
    };
    const planCount = async () => (await sql<{ n: number }>`select count(*)::int as n from promo_plan`.execute(db())).rows[0].n;
    const endAll = () => sql`update promo_plan set state = 'ended'`.execute(db());
    const oeRow = async (who = 'buyer') => (await get(who, 'oeSearch', { oe_list: [oe] })).body.data!.items[0].rows.find((r) => r.id === stock)!;
    const cartLine = async () => {
      await sql`delete from cart_item where user_id = (select id from app_user where username = 'buyer')`.execute(db());
      expect((await post('buyer', 'cartAdd', { stock_id: stock, qty: 2 })).status).toBe(200);
      return (await get('buyer', 'cartList', {})).body.data!.groups.flatMap((g) => g.items).find((i) => i.stockId === stock)!;
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      for (const u of ['buyer', 'seller', 'member']) t[u] = (await env.login(u)).access_token;
      const row = (await sql<{ id: number; oe_norm: string }>`select id, oe_norm from stock where company_id = ${SELLER_CO} and state = 'on' order by id limit 1`.execute(db())).rows[0];
      stock = row.id;
      oe = row.oe_norm;
      brand = (await sql<{ id: number }>`select id from part_brand order by id limit 1`.execute(db())).rows[0].id;
      category = (await sql<{ id: number }>`select id from terminology order by id limit 1`.execute(db())).rows[0].id;
      // 100 元 a piece in every column, a known brand and part group
      await sql`update stock set quantity = 1000, price0 = 10000, price1 = 10000, price2 = 10000, price3 = 10000, price5 = null, price99 = 10000,
        part_brand_id = ${brand}, terminology_id = ${category} where id = ${stock}`.execute(db());
      // the member's company (4) gets the marketing code but is no seller
      await sql`update app_user set permissions = array_append(permissions, 'M13') where username = 'member'`.execute(db());
      t.member = (await env.login('member')).access_token;
    }, 600_000);
    afterAll(async () => env?.close());

    it('refuses bad fields by name and writes nothing', async () => {
      const before = await planCount();
      const refused = async (p: Partial<PayloadIn<'promoPlanCreate'>>, field: string, text?: string) => {
        const r = await post('seller', 'promoPlanCreate', plan(p));
        expect(r.status, JSON.stringify(p)).toBe(422);
        expect(r.body).toMatchObject({ code: 422, field });
        if (text) expect(msgOf(r.body)).toContain(text);
      };
      await refused({ name: ' ' }, 'name', promoText.name);
      await refused({ percent_off: 0 }, 'percent_off', promoText.percent);
      await refused({ percent_off: 100 }, 'percent_off', promoText.percent);
      await refused({ kind: 'amount', percent_off: 0, off_fen: 0 }, 'off_fen', promoText.offFen);
      await refused({ end_at: now() - 7200 }, 'end_at', promoText.window);
      await refused({ start_at: now() - 7200, end_at: now() - 60 }, 'end_at', promoText.ended);
      await refused({ scope: 'brands' }, 'part_brand_ids', promoText.brandIds);
      await refused({ scope: 'brands', part_brand_ids: [2_000_000_000] }, 'part_brand_ids', promoText.brandUnknown);
      await refused({ scope: 'categories', category_ids: [2_000_000_000] }, 'category_ids', promoText.categoryUnknown);
      await refused({ buyers: 'levels' }, 'price_levels', promoText.levels);
      await refused({ buyers: 'customers', customer_ids: [SELLER_CO] }, 'customer_ids', promoText.customerUnknown);
      await refused({ min_price_fen: -1 }, 'min_price_fen');
      expect(await planCount()).toBe(before);
    });

    it('needs M13 and a seller company; another company\'s plan is out of reach', async () => {
      expect((await post('buyer', 'promoPlanCreate', plan())).status).toBe(403);
      expect((await get('buyer', 'promoPlans', {})).status).toBe(403);
      const notSeller = await post('member', 'promoPlanCreate', plan());
      expect(notSeller.status).toBe(403);
      expect(msgOf(notSeller.body)).toBe(promoText.notSeller);
      const mine = await create({ name: '本店草稿', state: 'draft' });
      expect(mine.state).toBe('draft');
      expect(mine.state_name).toBe('草稿');
      // the member's company (M13, no seller) sees none of it and cannot touch it
      expect((await get('member', 'promoPlans', {})).body.data!.data).toEqual([]);
      const edit = await env.api('promoPlanUpdate', { id: mine.id, ...plan({ name: '改名' }) }, { token: t.member });
      expect(edit.status).toBe(404);
      expect(msgOf(edit.body)).toBe(promoText.notFound);
      expect((await post('member', 'promoPlanState', { id: mine.id, action: 'activate' })).status).toBe(404);
      const after = (await get('seller', 'promoPlans', { q: '本店草稿' })).body.data!.data[0];
      expect([after.name, after.state]).toEqual(['本店草稿', 'draft']);
    });

    it('moves through its states and refuses the moves a state does not allow', async () => {
      const p = await create({ name: '状态', state: 'draft' });
      const move = (action: 'activate' | 'pause' | 'end') => post('seller', 'promoPlanState', { id: p.id, action });
      expect((await move('pause')).status).toBe(409);
      expect((await move('activate')).body.data!.state_name).toBe('进行中');
      expect((await move('pause')).body.data!.state_name).toBe('已暂停');
      expect((await move('activate')).body.data!.state).toBe('active');
      expect((await move('end')).body.data!.state_name).toBe('已结束');
      const again = await move('activate');
      expect(again.status).toBe(409);
      expect(msgOf(again.body)).toBe(promoText.move('已结束', '启用'));
      const edit = await env.api('promoPlanUpdate', { id: p.id, ...plan() }, { token: t.seller });
      expect(edit.status).toBe(409);
      expect(msgOf(edit.body)).toBe(promoText.endedNoEdit);
      // the state filter
      expect((await get('seller', 'promoPlans', { state: 'ended' })).body.data!.data.map((x) => x.id)).toContain(p.id);
      expect((await get('seller', 'promoPlans', { state: 'draft' })).body.data!.data.map((x) => x.id)).not.toContain(p.id);
    });

    it('search, cart and checkout charge the plan; the order keeps it after the plan changes', async () => {
      await endAll();
      expect((await oeRow()).promo).toBeUndefined();
      const p = await create({ name: '春季九折' });
      const row = await oeRow();
      expect(row.promo).toMatchObject({ plan_id: p.id, name: '春季九折', offer: '9折' });
      expect(row.promo!.prices.price99).toBe(9000);
      expect(row.price99).toBe(10_000);
      const kw = (await get('buyer', 'keywordSearch', { k: row.supplier_oe, mode: 'fuzzy' })).body.data!.rows.find((r) => r.id === stock)!;
      expect(kw.promo?.prices.price99).toBe(9000);
      // the seller searching its own stock sees no plan of its own
      expect((await oeRow('seller')).promo).toBeUndefined();

      const line = await cartLine();
      expect([line.price, line.amount, line.promo?.listPrice, line.promo?.planId]).toEqual([9000, 18_000, 10_000, p.id]);
      const placed = await post('buyer', 'cartSubmit', { cart_ids: [line.id], expected_total_fen: 18_000, ...ADDRESS });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const orderNo = placed.body.data!.orders[0].order_no;
      const recorded = async () => (await sql<{ unit_price_fen: number; promo_plan_id: number | null; list_price_fen: number | null }>`select l.unit_price_fen, l.promo_plan_id, l.list_price_fen
        from goods_order_line l join goods_order o on o.id = l.order_id where o.order_no = ${orderNo}`.execute(db())).rows[0];
      expect(await recorded()).toEqual({ unit_price_fen: 9000, promo_plan_id: p.id, list_price_fen: 10_000 });
      // a deeper discount later changes nothing on the order; the plan counts the line and what it gave
      const edited = await env.api('promoPlanUpdate', { id: p.id, ...plan({ name: '春季八折', percent_off: 20 }) }, { token: t.seller });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect([edited.body.data!.lines, edited.body.data!.saved_fen]).toEqual([1, 2000]);
      expect(await recorded()).toEqual({ unit_price_fen: 9000, promo_plan_id: p.id, list_price_fen: 10_000 });
      expect((await oeRow()).promo!.prices.price99).toBe(8000);
      // both sides' order page show the price before the plan and the plan's name
      for (const who of ['buyer', 'seller']) {
        expect((await get(who, 'orderRetrieve', { order_no: orderNo })).body.data!.lines[0])
          .toMatchObject({ unit_price_fen: 9000, promo_plan_id: p.id, promo_name: '春季八折', list_price_fen: 10_000 });
      }
    });

    it('a plan ended between cart and checkout: the checkout charges the current price', async () => {
      await endAll();
      const p = await create({ name: '限时' });
      const line = await cartLine();
      expect(line.amount).toBe(18_000);
      expect((await post('seller', 'promoPlanState', { id: p.id, action: 'end' })).status).toBe(200);
      const stale = await post('buyer', 'cartSubmit', { cart_ids: [line.id], expected_total_fen: 18_000, ...ADDRESS });
      expect(stale.status).toBe(409);
      expect(msgOf(stale.body)).toBe(orderText.totalChanged(20_000));
      const fresh = (await get('buyer', 'cartList', {})).body.data!.groups.flatMap((g) => g.items).find((i) => i.id === line.id)!;
      expect([fresh.price, fresh.promo]).toEqual([10_000, undefined]);
      const placed = await post('buyer', 'cartSubmit', { cart_ids: [line.id], expected_total_fen: 20_000, ...ADDRESS });
      expect(placed.status).toBe(200);
      const l = (await sql<{ unit_price_fen: number; promo_plan_id: number | null }>`select l.unit_price_fen, l.promo_plan_id from goods_order_line l
        join goods_order o on o.id = l.order_id where o.order_no = ${placed.body.data!.orders[0].order_no}`.execute(db())).rows[0];
      expect(l).toEqual({ unit_price_fen: 10_000, promo_plan_id: null });
      expect((await get('buyer', 'orderRetrieve', { order_no: placed.body.data!.orders[0].order_no })).body.data!.lines[0].list_price_fen).toBeUndefined();
    });

    it('the best plan wins, never stacked; the floor holds; pause, scope and chosen buyers decide who gets it', async () => {
      await endAll();
      const a = await create({ name: '九折' });
      const b = await create({ name: '每件减15', kind: 'amount', percent_off: 0, off_fen: 1500 });
      let row = await oeRow();
      expect([row.promo?.plan_id, row.promo?.prices.price99]).toEqual([b.id, 8500]);
      expect((await post('seller', 'promoPlanState', { id: b.id, action: 'pause' })).status).toBe(200);
      row = await oeRow();
      expect([row.promo?.plan_id, row.promo?.prices.price99]).toEqual([a.id, 9000]);
      await endAll();
      // half off, but never under 95 元
      await create({ name: '保底', percent_off: 50, min_price_fen: 9500 });
      expect((await oeRow()).promo?.prices.price99).toBe(9500);
      expect((await cartLine()).price).toBe(9500);
      await endAll();
      // another brand, another part group: not this row; its own: yes
      await create({ name: '别的品牌', scope: 'brands', part_brand_ids: [brand + 1] });
      expect((await oeRow()).promo).toBeUndefined();
      await create({ name: '本分类', scope: 'categories', category_ids: [category], percent_off: 5 });
      expect((await oeRow()).promo?.prices.price99).toBe(9500);
      await endAll();
      // chosen customer levels: the buyer gets it once the seller sets it 批发价客户
      await create({ name: '批发客户', buyers: 'levels', price_levels: ['wholesale'] });
      expect((await oeRow()).promo).toBeUndefined();
      const level = await env.api('customerUpdate', { company_id: BUYER_CO, price_level: 'wholesale' }, { token: t.seller });
      expect(level.status, JSON.stringify(level.body)).toBe(200);
      expect((await oeRow()).promo?.prices.price0).toBe(9000);
      expect((await cartLine()).price).toBe(9000);
      await endAll();
      // chosen customers
      await create({ name: '指定客户', buyers: 'customers', customer_ids: [4] });
      expect((await oeRow()).promo).toBeUndefined();
      await create({ name: '指定客户2', buyers: 'customers', customer_ids: [BUYER_CO] });
      expect((await oeRow()).promo?.name).toBe('指定客户2');
      // a plan not started yet prices nothing
      await endAll();
      await create({ name: '下周', start_at: now() + 7 * DAY, end_at: now() + 14 * DAY });
      expect((await oeRow()).promo).toBeUndefined();
      expect((await get('seller', 'promoPlans', { q: '下周' })).body.data!.data[0].state_name).toBe('未开始');
    });
  });
});
