import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { dongInFen, markupDong, vnText } from '../../src/shared/domain/vn-mall';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv, vietnameseCompany } from './harness';

const ADDRESS = { contact_name: 'Nguyễn Văn An', contact_phone: '0912345678', address: '215 Lý Thường Kiệt, Phường Phú Thọ' };
/** a part name of our own, so the mall search sees only this test's rows */
const NAME = '越南商城测试滤清器';

describe.each(backends)('the Vietnam mall on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'vnSelector, foreign goods, service charges, the VN buyer search, cart and checkout', () => {
    let env: TestEnv;
    let seller: string;
    let clerk: string;
    let buyer: string;
    let vn: string;
    let vnOther: string;
    let operator: string;
    let rateSetter: string;
    let vnCompany: number;
    /** company 2's rows named NAME: a (direct), b (markup), c (rule), d (never offered) */
    let a: number;
    let b: number;
    let c: number;
    let d: number;
    let brandC: number;
    let keyN = 0;
    const key = () => `vn-mall-key-${++keyN}`;
    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string, name: N, payload?: PayloadIn<N>, o: { id?: number; k?: string } = {}) =>
      env.api(name, payload ?? ({} as PayloadIn<N>), { token, id: o.id, idempotencyKey: o.k });
    const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0].n;
    const qtyOf = async (id: number) => (await sql<{ quantity: number }>`select quantity from stock where id = ${id}`.execute(db())).rows[0].quantity;
    const setRate = async (value: number) => {
      const r = await call(rateSetter, 'opRateSet', { to_curr_code: 'VND', rate_value: value });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 86400 });
      [seller, clerk, buyer] = await Promise.all(['seller', 'clerk', 'buyer'].map(async (u) => (await env.login(u)).access_token));
      operator = await operatorWith(env, 'vn_mall_op', ['D09-03']);
      rateSetter = await operatorWith(env, 'vn_rate_op', ['D11-02']);
      // two Vietnamese companies, each with an owner who may buy (C09)
      const vnCompanyOf = (name: string, username: string) => vietnameseCompany(env, name, username);
      vnCompany = await vnCompanyOf('Công ty Phụ tùng Hà Nội', 'vn_buyer_1');
      await vnCompanyOf('Công ty Phụ tùng Đà Nẵng', 'vn_buyer_2');
      vn = (await env.login('vn_buyer_1')).access_token;
      vnOther = (await env.login('vn_buyer_2')).access_token;
      const ids = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 4`.execute(db())).rows.map((r) => Number(r.id));
      [a, b, c, d] = ids;
      brandC = Number((await sql<{ id: number }>`select id from part_brand order by id desc limit 1`.execute(db())).rows[0].id);
      await sql`update stock set name = ${NAME}, quantity = 50, price1 = 10000, part_brand_id = null, category_name = '' where id = any(${sql.val(ids)}::int[])`.execute(db());
      await sql`update stock set part_brand_id = ${brandC} where id = ${c}`.execute(db());
      // nothing else of company 2 matches the rule's brand, so its row count is known
      await sql`update stock set part_brand_id = null where company_id = 2 and part_brand_id = ${brandC} and id <> ${c}`.execute(db());
      // the seed's demo offers and service charges are not this test's
      await sql`delete from vn_offer`.execute(db());
      await sql`delete from service_charge_rule`.execute(db());
      await setRate(3600);
    }, 300_000);
    afterAll(async () => env?.close());

    it('a seller offers a row at a direct dong price and a row at a markup, and sees today\'s dong', async () => {
      const direct = await call(seller, 'vnOfferSet', { stock_ids: [a], price_mode: 'direct', vn_price: 500_000, floor_fen: 10_000, vn_quantity: 5 });
      expect(direct.status, JSON.stringify(direct.body)).toBe(200);
      expect(direct.body.data).toEqual({ changed: 1 });
      expect((await call(seller, 'vnOfferSet', { stock_ids: [b], price_mode: 'markup', markup_bp: 1250, floor_fen: 0, vn_quantity: 10 })).status).toBe(200);
      const list = await call(seller, 'vnOfferList', { keyword: NAME, offered: 'yes' });
      expect(list.status).toBe(200);
      const byId = new Map(list.body.data.data.map((r) => [r.id, r]));
      expect(byId.get(a)).toMatchObject({ offered_by: 'row', dong: 500_000, vn_quantity: 5, problem: '' });
      // ¥100.00 × 1.125 × 3600 = 405,000 dong
      expect(byId.get(b)).toMatchObject({ offered_by: 'row', dong: markupDong(10_000, 1250, 3600), vn_quantity: 10 });
      expect(byId.get(b)!.dong).toBe(405_000);
      expect(byId.has(d)).toBe(false);
      expect(list.body.data.rate.rate).toBe(3600);
    });

    it('refuses a dong price with decimals or below the seller floor, and changes nothing', async () => {
      const decimals = await env.callRaw('POST', '/api/overseas/vn-offers', {
        token: seller, body: { stock_ids: [d], price_mode: 'direct', vn_price: 250000.5, vn_quantity: 1 },
      });
      expect(decimals.status).toBe(422);
      expect(JSON.stringify(decimals.body)).toContain(vnText.vnPriceWhole);
      // floor ¥100.00 is 360,000 dong at 3600
      const low = await call(seller, 'vnOfferSet', { stock_ids: [d], price_mode: 'direct', vn_price: 359_999, floor_fen: 10_000, vn_quantity: 1 });
      expect(low.status).toBe(422);
      expect(low.body.field).toBe('vn_price');
      expect(low.body.msg).toContain('低于您设置的人民币底价');
      expect(low.body.msg).toContain('₫360,000');
      const noPrice = await call(seller, 'vnOfferSet', { stock_ids: [d], price_mode: 'direct', vn_quantity: 1 });
      expect(noPrice.status).toBe(422);
      expect(noPrice.body.field).toBe('vn_price');
      expect((await sql<{ n: number }>`select count(*)::int as n from vn_offer where stock_id = ${d}`.execute(db())).rows[0].n).toBe(0);
    });

    it("a seller may offer only its own rows, and only with M11", async () => {
      const foreign = Number((await sql<{ id: number }>`select id from stock where company_id not in (1, 2) and state = 'on' order by id limit 1`.execute(db())).rows[0].id);
      const r = await call(seller, 'vnOfferSet', { stock_ids: [d, foreign], price_mode: 'direct', vn_price: 400_000, vn_quantity: 1 });
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe(vnText.notOwnStock);
      expect((await call(clerk, 'vnOfferList', {})).status).toBe(403);
      expect((await call(vn, 'vnMallOverview', {})).status).toBe(403);
      expect(await count('vn_offer')).toBe(2);
    });

    it('a rule by brand offers the matching rows at the markup; a same rule and an empty rule are refused', async () => {
      const r = await call(seller, 'vnRuleAdd', { part_brand_id: brandC, markup_bp: 2000, floor_fen: 5000, quantity_cap: 3 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ part_brand_id: brandC, markup_bp: 2000, rows: 1 });
      const same = await call(seller, 'vnRuleAdd', { part_brand_id: brandC, markup_bp: 500 });
      expect(same.status).toBe(409);
      expect(same.body.msg).toBe(vnText.ruleSame);
      const empty = await call(seller, 'vnRuleAdd', { markup_bp: 500 });
      expect(empty.status).toBe(422);
      expect(empty.body.field).toBe('part_brand_id');
      const unknownBrand = await call(seller, 'vnRuleAdd', { part_brand_id: 99_999_999, markup_bp: 500 });
      expect(unknownBrand.status).toBe(422);
      expect((await call(seller, 'vnRuleList')).body.data).toHaveLength(1);
      const row = (await call(seller, 'vnOfferList', { keyword: NAME })).body.data.data.find((x) => x.id === c)!;
      expect(row).toMatchObject({ offered_by: 'rule', dong: 432_000, vn_quantity: 3 });
      const ov = await call(seller, 'vnMallOverview', {});
      expect(ov.body.data).toMatchObject({ offered_rows: 3, rule_count: 1, removed_rows: 0 });
    });

    it('a Vietnamese buyer finds only offered rows, in dong; a Chinese buyer cannot use the mall at all', async () => {
      const r = await call(vn, 'vnMallSearch', { keyword: NAME });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.data.map((x) => x.stock_id).sort((x, y) => x - y)).toEqual([a, b, c].sort((x, y) => x - y));
      expect(r.body.data.data.find((x) => x.stock_id === a)).toMatchObject({ vn_price: 500_000, vn_quantity: 5, seller_company_id: 2 });
      // nothing of a CNY price reaches the buyer
      expect(Object.keys(r.body.data.data[0])).not.toContain('price1');
      // a Chinese buyer is refused, the mall's prices never reach it
      const cn = await call(buyer, 'vnMallSearch', { keyword: NAME });
      expect(cn.status).toBe(403);
      expect(cn.body.msg).toBe(vnText.notVnBuyer);
      expect((await call(buyer, 'vnCartList')).status).toBe(403);
      expect((await call(buyer, 'vnMallOffer', {}, { id: a })).status).toBe(403);
    });

    it('a Vietnamese company cannot reach stock by the Chinese search or cart', async () => {
      const oe = await call(vn, 'oeSearch', { oe_list: ['ABC123'] });
      expect(oe.status).toBe(403);
      expect(oe.body.msg).toBe(vnText.vnBuyerOnlyMall);
      const kw = await call(vn, 'keywordSearch', { k: NAME });
      expect(kw.status).toBe(403);
      const cart = await call(vn, 'cartAdd', { stock_id: d, qty: 1 });
      expect(cart.status).toBe(403);
      expect(cart.body.msg).toBe(vnText.vnBuyerOnlyMall);
      expect((await sql<{ n: number }>`select count(*)::int as n from cart_item where stock_id = ${d}`.execute(db())).rows[0].n).toBe(0);
      // nor by placing stock lines some other way (a basket, a quote cart): checkout and 现货下单 refuse too
      const address = { contact_name: 'Nguyễn Văn An', contact_phone: '13800000004', address: '215 Lý Thường Kiệt, Phường Phú Thọ' };
      const orders = async () => (await sql<{ n: number }>`select count(*)::int as n from goods_order`.execute(db())).rows[0].n;
      const before = await orders();
      const submit = await call(vn, 'cartSubmit', { cart_ids: [1], expected_total_fen: 100, remarks: [], ...address }, { k: 'vn-submit-1' });
      expect(submit.status).toBe(403);
      expect(submit.body.msg).toBe(vnText.vnBuyerOnlyMall);
      const spot = await call(vn, 'spotCreate', { cart_ids: [1], expected_total_fen: 100, remarks: [], ...address }, { k: 'vn-spot-1' });
      expect(spot.status).toBe(403);
      expect(await orders()).toBe(before);
      // a Chinese buyer's search and cart are as before
      expect((await call(buyer, 'keywordSearch', { k: NAME })).status).toBe(200);
    });

    it('a row not offered is not found by id, in the offer read and the cart', async () => {
      expect((await call(vn, 'vnMallOffer', {}, { id: a })).body.data).toMatchObject({ stock_id: a, vn_price: 500_000 });
      const r = await call(vn, 'vnMallOffer', {}, { id: d });
      expect(r.status).toBe(404);
      expect(r.body.msg).toBe(vnText.notOffered);
      const add = await call(vn, 'vnCartAdd', { stock_id: d, qty: 1 });
      expect(add.status).toBe(404);
      expect(add.body.msg).toBe(vnText.notOffered);
      expect(await count('vn_cart_item')).toBe(0);
    });

    it('the operators keep service charge bands that never overlap', async () => {
      const first = await call(operator, 'opServiceChargeSave', { min_dong: 0, max_dong: 1_000_000, kind: 'fixed', value: 30_000 });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const second = await call(operator, 'opServiceChargeSave', { min_dong: 1_000_000, max_dong: null, kind: 'percent', value: 200 });
      expect(second.status).toBe(200);
      const overlap = await call(operator, 'opServiceChargeSave', { min_dong: 500_000, max_dong: 2_000_000, kind: 'fixed', value: 1 });
      expect(overlap.status).toBe(422);
      expect(overlap.body.field).toBe('min_dong');
      expect(overlap.body.msg).toContain('金额区间与已有规则重叠');
      // moving a band onto another is refused too; its own range is no overlap
      const move = await call(operator, 'opServiceChargeSave', { id: first.body.data.id, min_dong: 0, max_dong: 1_500_000, kind: 'fixed', value: 30_000 });
      expect(move.status).toBe(422);
      expect((await call(operator, 'opServiceChargeSave', { id: first.body.data.id, min_dong: 0, max_dong: 1_000_000, kind: 'fixed', value: 25_000 })).status).toBe(200);
      const pct = await call(operator, 'opServiceChargeSave', { min_dong: 50, max_dong: 10, kind: 'percent', value: 10 });
      expect(pct.status).toBe(422);
      expect(pct.body.field).toBe('max_dong');
      expect((await call(seller, 'opServiceChargeList')).status).toBe(403);
      const list = (await call(operator, 'opServiceChargeList')).body.data;
      expect(list.map((x) => [x.min_dong, x.max_dong, x.kind, x.value])).toEqual([[0, 1_000_000, 'fixed', 25_000], [1_000_000, null, 'percent', 200]]);
      expect((await sql<{ n: number }>`select count(*)::int as n from operator_audit where entity = 'service_charge_rule'`.execute(db())).rows[0].n).toBe(3);
    });

    it('the cart prices in dong with a service charge per seller order, and refuses more than the VN quantity', async () => {
      const over = await call(vn, 'vnCartAdd', { stock_id: a, qty: 6 });
      expect(over.status).toBe(409);
      const oe = (await sql<{ supplier_oe: string }>`select supplier_oe from stock where id = ${a}`.execute(db())).rows[0].supplier_oe;
      expect(over.body.msg).toBe(vnText.notEnough(oe, 5));
      const r = await call(vn, 'vnCartAdd', { stock_id: a, qty: 2 }, { k: key() });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await call(vn, 'vnCartAdd', { stock_id: b, qty: 1 }, { k: key() });
      const cart = (await call(vn, 'vnCartList')).body.data;
      // 2 × 500,000 + 405,000 = 1,405,000 → 2 % = 28,100
      expect(cart).toMatchObject({ rate: 3600, goods_dong: 1_405_000, service_dong: 28_100, total_dong: 1_433_100, problem: '' });
      expect(cart.groups).toHaveLength(1);
      // another Vietnamese company's cart is its own
      expect((await call(vnOther, 'vnCartList')).body.data.groups).toHaveLength(0);
      const line = cart.groups[0].lines.find((l) => l.stock_id === a)!;
      expect((await call(vnOther, 'vnCartSetQty', { id: line.id, qty: 1 })).status).toBe(404);
      expect((await call(vnOther, 'vnCartRemove', { ids: [line.id] })).body.data.groups).toHaveLength(0);
      expect((await call(vn, 'vnCartList')).body.data.total_dong).toBe(1_433_100);
    });

    it('a rate changed since the cart: the checkout shows the new total and places nothing until it is confirmed', async () => {
      const before = (await call(vn, 'vnCartList')).body.data.total_dong;
      await setRate(3700);
      const orders = await count('goods_order');
      const stale = await call(vn, 'vnCheckout', { expected_total_dong: before, delivery_term: 'border', ...ADDRESS }, { k: key() });
      expect(stale.status).toBe(409);
      expect(stale.body.field).toBe('expected_total_dong');
      // a: direct 500,000 × 2; b: ¥112.50 × 3700 = 416,250 → 1,416,250 + 2 % (28,325) = 1,444,575
      expect(stale.body.msg).toBe(vnText.rateChanged(1_444_575));
      expect(await count('goods_order')).toBe(orders);
      expect(await qtyOf(a)).toBe(50);
      const cart = (await call(vn, 'vnCartList')).body.data;
      expect(cart.total_dong).toBe(1_444_575);
      // a bad delivery term is refused at the edge
      const term = await env.callRaw('POST', '/api/vn-mall/checkout', { token: vn, headers: { 'Idempotency-Key': key() }, body: { expected_total_dong: 1_444_575, delivery_term: 'air', ...ADDRESS } });
      expect(term.status).toBe(422);
      // without an Idempotency-Key nothing is placed
      expect((await call(vn, 'vnCheckout', { expected_total_dong: 1_444_575, delivery_term: 'door', ...ADDRESS })).status).not.toBe(200);
      expect(await count('goods_order')).toBe(orders);
    });

    it('checkout freezes the rate, both amounts and the delivery term; the seller reads it in Chinese, the operators list it', async () => {
      const k = key();
      const r = await call(vn, 'vnCheckout', { expected_total_dong: 1_444_575, delivery_term: 'forwarder', ...ADDRESS }, { k });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.total_dong).toBe(1_444_575);
      expect(r.body.data.orders).toHaveLength(1);
      const o = r.body.data.orders[0];
      expect(o).toMatchObject({
        seller_company_id: 2, buyer_company_id: vnCompany, goods_dong: 1_416_250, service_dong: 28_325, total_dong: 1_444_575,
        rate: 3700, delivery_term: 'forwarder', goods_fen: dongInFen(500_000, 3700) * 2 + dongInFen(416_250, 3700), service_fen: dongInFen(28_325, 3700),
      });
      // a replay of the same key answers the same and places nothing more
      const again = await call(vn, 'vnCheckout', { expected_total_dong: 1_444_575, delivery_term: 'forwarder', ...ADDRESS }, { k });
      expect(again.body.data.checkout_no).toBe(r.body.data.checkout_no);
      expect((await sql<{ n: number }>`select count(*)::int as n from vn_order`.execute(db())).rows[0].n).toBe(1);
      // stock and the row's VN quantity went down; the cart is empty
      expect(await qtyOf(a)).toBe(48);
      expect((await sql<{ vn_quantity: number }>`select vn_quantity from vn_offer where stock_id = ${a}`.execute(db())).rows[0].vn_quantity).toBe(3);
      expect((await call(vn, 'vnCartList')).body.data.groups).toHaveLength(0);
      // the rate changes later: the order keeps its own
      await env.clock.advance(60);
      await setRate(3800);
      const sellerView = (await call(seller, 'vnMallOverview', {})).body.data;
      expect(sellerView.orders[0]).toMatchObject({ order_no: o.order_no, rate: 3700, goods_dong: 1_416_250, total_dong: 1_444_575, delivery_term: 'forwarder' });
      // the ordinary sales order list holds it too, in fen
      const sales = (await call(seller, 'orderSearch', { side: 'sales', order_no: o.order_no })).body.data.data;
      expect(sales[0].total_fen).toBe(o.goods_fen);
      // the operators' list; a seller may not read it
      const op = await call(operator, 'opVnOrderList', { order_no: o.order_no });
      expect(op.body.data.data[0]).toMatchObject({ rate: 3700, total_dong: 1_444_575, buyer_company_name: 'Công ty Phụ tùng Hà Nội' });
      expect((await call(seller, 'opVnOrderList', {})).status).toBe(403);
    });

    it('a cancelled mall order gives its pieces back to the stock row and to the row\'s offer', async () => {
      const placed = (await call(seller, 'vnMallOverview', {})).body.data.orders[0];
      const offerQty = async () => (await sql<{ vn_quantity: number }>`select vn_quantity from vn_offer where stock_id = ${a}`.execute(db())).rows[0].vn_quantity;
      expect([await qtyOf(a), await offerQty()]).toEqual([48, 3]);
      const r = await call(vn, 'orderCancel', { order_no: placed.order_no, reason: 'Đặt nhầm' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect([await qtyOf(a), await offerQty()]).toEqual([50, 5]);
    });

    it('the operators list what is offered and take a row out with a reason; the seller cannot offer it again', async () => {
      const list = await call(operator, 'opVnGoodsList', { seller: '2' });
      expect(list.status).toBe(200);
      expect(list.body.data.data.map((x) => x.id)).toEqual(expect.arrayContaining([a, b, c]));
      const noReason = await call(operator, 'opVnGoodsRemove', { ids: [b], reason: '' });
      expect(noReason.status).toBe(422);
      const notOffered = await call(operator, 'opVnGoodsRemove', { ids: [d], reason: '价格异常' });
      expect(notOffered.status).toBe(409);
      const r = await call(operator, 'opVnGoodsRemove', { ids: [b], reason: '价格异常，请核实' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await sql<{ n: number }>`select count(*)::int as n from operator_audit where entity = 'vn_goods' and entity_id = ${String(b)}`.execute(db())).rows[0].n).toBe(1);
      // gone from the buyer's search and by id
      expect((await call(vn, 'vnMallSearch', { keyword: NAME })).body.data.data.map((x) => x.stock_id)).not.toContain(b);
      expect((await call(vn, 'vnMallOffer', {}, { id: b })).status).toBe(404);
      // the seller sees why and cannot put it back
      const again = await call(seller, 'vnOfferSet', { stock_ids: [b], price_mode: 'markup', markup_bp: 1000, vn_quantity: 1 });
      expect(again.status).toBe(409);
      expect(again.body.msg).toContain('价格异常，请核实');
      const row = (await call(seller, 'vnOfferList', { keyword: NAME })).body.data.data.find((x) => x.id === b)!;
      expect(row.removed_reason).toBe('价格异常，请核实');
      const removed = await call(operator, 'opVnGoodsList', { state: 'removed' });
      expect(removed.body.data.data.map((x) => x.id)).toContain(b);
      expect((await call(operator, 'opVnGoodsRestore', { ids: [b] })).status).toBe(200);
      expect((await call(vn, 'vnMallOffer', {}, { id: b })).status).toBe(200);
      expect((await call(seller, 'opVnGoodsList', {})).status).toBe(403);
    });

    it('without the rate of the China day the mall does not sell', async () => {
      // 12:01 China time the day before → past midnight in China (the tokens are still valid)
      await env.clock.advance(13 * 3600);
      const s = await call(vn, 'vnMallSearch', { keyword: NAME });
      expect(s.status).toBe(409);
      expect(s.body.msg).toBe(vnText.noRate);
      const add = await call(vn, 'vnCartAdd', { stock_id: a, qty: 1 });
      expect(add.status).toBe(409);
      expect(add.body.msg).toBe(vnText.noRate);
      const cart = (await call(vn, 'vnCartList')).body.data;
      expect(cart).toMatchObject({ rate: null, problem: vnText.noRate });
      const orders = await count('goods_order');
      expect((await call(vn, 'vnCheckout', { expected_total_dong: 1, delivery_term: 'door', ...ADDRESS }, { k: key() })).status).toBe(409);
      expect(await count('goods_order')).toBe(orders);
      // the seller's page says so
      const row = (await call(seller, 'vnOfferList', { keyword: NAME })).body.data.data.find((x) => x.id === b)!;
      expect(row.problem).toBe(vnText.noRateSeller);
      // the operators confirm the same rate for the new day: it sells again
      await setRate(3800);
      expect((await call(vn, 'vnMallSearch', { keyword: NAME })).status).toBe(200);
    });

    it('a seller removes an offer and a rule: the rows leave the mall', async () => {
      expect((await call(seller, 'vnOfferRemove', { stock_ids: [a] })).body.data).toEqual({ changed: 1 });
      const rule = (await call(seller, 'vnRuleList')).body.data[0];
      expect((await call(vnOther, 'vnRuleRemove', {}, { id: rule.id })).status).toBe(403);
      expect((await call(seller, 'vnRuleRemove', {}, { id: rule.id })).body.data).toEqual({ removed: 1 });
      expect((await call(seller, 'vnRuleRemove', {}, { id: rule.id })).status).toBe(404);
      const ids = (await call(vn, 'vnMallSearch', { keyword: NAME })).body.data.data.map((x) => x.stock_id);
      expect(ids).toEqual([b]);
    });
  });
});
