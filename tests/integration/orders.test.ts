import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { orderText, type EndpointName, type PayloadIn } from '../../src/shared/contracts';
import { msg } from '../../src/shared/messages';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

interface StockPick { id: number; company_id: number; quantity: number; price0: number; price1: number; price3: number }

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('orders on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'cartSubmit / orderSearch / orderRetrieve / order moves / financeSummary', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let operator: string;
    let member: string;
    let clerk: string;
    let a: StockPick;
    let b: StockPick;
    let other: StockPick;
    let keyN = 0;
    const key = () => `orders-test-key-${++keyN}`;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      [buyer, seller, operator, member, clerk] = await Promise.all(['buyer', 'seller', 'operator', 'member', 'clerk'].map(async (u) => (await env.login(u)).access_token));
      const db = env.database.db;
      const pick = async (companyId: number, notIn: number[]) =>
        (await sql<{ id: number }>`select id from stock where company_id = ${companyId} and state = 'on' and id <> all(${sql.val(notIn)}::int[]) order by id limit 1`.execute(db)).rows[0].id;
      const set = async (id: number, quantity: number, p: number) => {
        await sql`update stock set quantity = ${quantity}, price99 = ${p + 500}, price0 = ${p}, price1 = ${p + 130}, price2 = ${p + 300}, price3 = ${p + 400}, price5 = null where id = ${id}`.execute(db);
        return (await sql<StockPick>`select id, company_id, quantity, price0, price1, price3 from stock where id = ${id}`.execute(db)).rows[0];
      };
      const otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3) and state = 'on' order by company_id limit 1`.execute(db)).rows[0].company_id;
      const idA = await pick(2, []);
      a = await set(idA, 10, 1000);
      b = await set(await pick(2, [idA]), 3, 2500);
      other = await set(await pick(otherSeller, []), 50, 800);
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const post = <N extends EndpointName>(token: string, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token, idempotencyKey: k });
    const get = <N extends EndpointName>(token: string, name: N, query: PayloadIn<N>) => env.api(name, query, { token });
    const cart = async (token = buyer) => (await get(token, 'cartList', {})).body.data;
    const lineIds = async (stockIds: number[]) => (await cart()).groups.flatMap((g) => g.items).filter((i) => i.stockId !== null && stockIds.includes(i.stockId)).map((i) => i.id);
    const add = async (stockId: number, qty: number) => expect((await post(buyer, 'cartAdd', { stock_id: stockId, qty })).status).toBe(200);
    const qtyOf = async (id: number) => (await sql<{ quantity: number }>`select quantity from stock where id = ${id}`.execute(db())).rows[0].quantity;
    const orderCount = async () => (await sql<{ n: number }>`select count(*)::int as n from goods_order`.execute(db())).rows[0].n;
    const submit = async (stockIds: number[], extra: Partial<PayloadIn<'cartSubmit'>> = {}, k: string | undefined = key()) => {
      const ids = await lineIds(stockIds);
      const c = await cart();
      const total = c.groups.flatMap((g) => g.items).filter((i) => ids.includes(i.id)).reduce((s, i) => s + i.amount, 0);
      return post(buyer, 'cartSubmit', { cart_ids: ids, expected_total_fen: total, ...ADDRESS, ...extra }, k);
    };
    /** A fresh order of one line of `a` (2 pieces), placed by the buyer. */
    const placeOne = async (qty = 1) => {
      await add(a.id, qty);
      const r = await submit([a.id]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.orders[0].order_no;
    };

    it('checkout splits the checked lines by seller, at the prices the server computes, takes stock and empties those lines', async () => {
      await add(a.id, 2);
      await add(b.id, 1);
      await add(other.id, 5);
      // tax on b: the formal buyer pays wholesale with tax
      const bLine = (await lineIds([b.id]))[0];
      await post(buyer, 'cartUpdateTax', { id: bLine, is_include_tax: true });
      const r = await submit([a.id, b.id, other.id], { remarks: [{ company_id: 2, remark: '请用纸箱包装' }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const { orders, total_fen, checkout_no } = r.body.data;
      expect(checkout_no).toMatch(/^CO\d{20}$/);
      expect(orders).toHaveLength(2);
      const o2 = orders.find((o) => o.seller_company_id === 2)!;
      const oX = orders.find((o) => o.seller_company_id === other.company_id)!;
      expect(o2).toMatchObject({ status: 'pending', pay_status: 'unpaid', buyer_company_id: 3, line_count: 2, total_qty: 3, total_fen: 2 * a.price0 + b.price1, side: 'buyer' });
      expect(oX).toMatchObject({ line_count: 1, total_qty: 5, total_fen: 5 * other.price0 });
      expect(o2.order_no).toMatch(/^SO\d{20}$/);
      expect(total_fen).toBe(o2.total_fen + oX.total_fen);
      // stock taken at creation
      expect(await qtyOf(a.id)).toBe(8);
      expect(await qtyOf(b.id)).toBe(2);
      expect(await qtyOf(other.id)).toBe(45);
      // ordered lines left the cart
      expect((await cart()).groups).toEqual([]);
      // the detail keeps the price snapshot, the address and the remark
      const d = (await get(buyer, 'orderRetrieve', { order_no: o2.order_no })).body.data;
      expect(d).toMatchObject({ ...ADDRESS, remark: '请用纸箱包装', buyer_user_name: '王志强' });
      expect(d.lines.map((l) => [l.stock_id, l.qty, l.price_column, l.unit_price_fen, l.amount_fen, l.include_tax]).sort()).toEqual(
        [[a.id, 2, 'price0', a.price0, 2 * a.price0, false], [b.id, 1, 'price1', b.price1, b.price1, true]].sort(),
      );
      expect(d.events).toEqual([expect.objectContaining({ action: 'create', to_status: 'pending', user_name: '王志强' })]);
      // a later price change does not touch the order
      await sql`update stock set price0 = ${a.price0 + 999} where id = ${a.id}`.execute(db());
      expect((await get(buyer, 'orderRetrieve', { order_no: o2.order_no })).body.data.total_fen).toBe(2 * a.price0 + b.price1);
      await sql`update stock set price0 = ${a.price0} where id = ${a.id}`.execute(db());
    });

    it('lines not confirmed on the page stay in the cart; only the given ones are ordered', async () => {
      await add(a.id, 1);
      await add(other.id, 1);
      const r = await submit([other.id]);
      expect(r.status).toBe(200);
      expect(r.body.data.orders).toHaveLength(1);
      const left = (await cart()).groups.flatMap((g) => g.items).map((i) => i.stockId);
      expect(left).toEqual([a.id]);
      await post(buyer, 'cartRemove', { ids: await lineIds([a.id]) });
    });

    it('is idempotent: the same key replays the same orders; no key is refused; a new key finds the lines gone', async () => {
      await add(other.id, 2);
      const ids = await lineIds([other.id]);
      const body = { cart_ids: ids, expected_total_fen: 2 * other.price0, ...ADDRESS };
      const before = await orderCount();
      const stock = await qtyOf(other.id);
      const noKey = await post(buyer, 'cartSubmit', body);
      expect(noKey.status).toBe(422);
      expect(noKey.body.client_msg).toBe(msg.idempotencyKeyMissing);
      const k = key();
      const first = await post(buyer, 'cartSubmit', body, k);
      const second = await post(buyer, 'cartSubmit', body, k);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers.get('Idempotent-Replayed')).toBe('true');
      expect(second.body.data.checkout_no).toBe(first.body.data.checkout_no);
      expect(await orderCount()).toBe(before + 1);
      expect(await qtyOf(other.id)).toBe(stock - 2);
      const again = await post(buyer, 'cartSubmit', body, key());
      expect(again.status).toBe(409);
      expect(again.body.client_msg).toBe(orderText.cartChanged);
      expect(await orderCount()).toBe(before + 1);
    });

    it('stock rule: not enough stock, off-sale stock or a changed price refuse the whole checkout and change nothing', async () => {
      await add(a.id, 3);
      await add(other.id, 1);
      const stockA = await qtyOf(a.id);
      const stockO = await qtyOf(other.id);
      const before = await orderCount();
      const unchanged = async () => {
        expect(await orderCount()).toBe(before);
        expect(await qtyOf(a.id)).toBe(stockA);
        expect(await qtyOf(other.id)).toBe(stockO);
        expect((await lineIds([a.id, other.id])).length).toBe(2);
      };
      // another buyer took stock since the line was added: only 2 left
      await sql`update stock set quantity = 2 where id = ${a.id}`.execute(db());
      let r = await submit([a.id, other.id]);
      expect(r.status).toBe(409);
      expect(r.body.client_msg).toMatch(/库存不足：仅剩2件，请修改数量后再结算$/);
      await sql`update stock set quantity = ${stockA} where id = ${a.id}`.execute(db());
      // off sale
      await sql`update stock set state = 'off' where id = ${other.id}`.execute(db());
      r = await submit([a.id, other.id]);
      expect(r.status).toBe(409);
      expect(r.body.client_msg).toContain('已下架，请返回购物车处理后再结算');
      await sql`update stock set state = 'on' where id = ${other.id}`.execute(db());
      // the page showed an older total
      const ids = await lineIds([a.id, other.id]);
      const shown = 3 * a.price0 + other.price0;
      await sql`update stock set price0 = ${other.price0 + 100} where id = ${other.id}`.execute(db());
      r = await post(buyer, 'cartSubmit', { cart_ids: ids, expected_total_fen: shown, ...ADDRESS }, key());
      expect(r.status).toBe(409);
      expect(r.body.client_msg).toBe(orderText.totalChanged(shown + 100));
      await sql`update stock set price0 = ${other.price0} where id = ${other.id}`.execute(db());
      await unchanged();
      // a line that is not the caller's, or unticked, is refused too
      r = await post(buyer, 'cartSubmit', { cart_ids: [...ids, 2147483647], expected_total_fen: shown, ...ADDRESS }, key());
      expect(r.body.client_msg).toBe(orderText.cartChanged);
      await post(buyer, 'cartCheck', { ids: [ids[0]], checked: false });
      r = await post(buyer, 'cartSubmit', { cart_ids: ids, expected_total_fen: shown, ...ADDRESS }, key());
      expect(r.body.client_msg).toBe(orderText.cartChanged);
      await unchanged();
      await post(buyer, 'cartRemove', { ids });
    });

    it('validates the form fields with messages naming the problem, and changes nothing', async () => {
      await add(other.id, 1);
      const before = await orderCount();
      // a required field left out: sent raw (the form of submit() below without contact_phone)
      const noPhoneIds = await lineIds([other.id]);
      const noPhoneTotal = (await cart()).groups.flatMap((g) => g.items).filter((i) => noPhoneIds.includes(i.id)).reduce((s, i) => s + i.amount, 0);
      const noPhone = await env.callRaw('POST', '/api/cart/submit', {
        token: buyer, body: { cart_ids: noPhoneIds, expected_total_fen: noPhoneTotal, ...ADDRESS, contact_phone: undefined }, headers: { 'Idempotency-Key': key() },
      });
      expect(noPhone.status, 'contact_phone').toBe(422);
      expect(envelope(noPhone.body).field, 'contact_phone').toBe('contact_phone');
      expect(envelope(noPhone.body).client_msg, 'contact_phone').toBe(msg.invalidPayload('contact_phone', orderText.contactPhone));
      const cases: Array<[Partial<PayloadIn<'cartSubmit'>>, string, string]> = [
        [{ contact_name: '' }, 'contact_name', orderText.contactName],
        [{ contact_name: '   ' }, 'contact_name', orderText.contactName],
        [{ contact_name: '王'.repeat(21) }, 'contact_name', orderText.contactNameLong],
        [{ contact_phone: '12345' }, 'contact_phone', orderText.contactPhone],
        [{ address: '广州' }, 'address', orderText.address],
        [{ remarks: [{ company_id: other.company_id, remark: '长'.repeat(201) }] }, 'remarks.0.remark', orderText.remark],
        [{ cart_ids: [] }, 'cart_ids', orderText.cartIds],
      ];
      for (const [change, field, text] of cases) {
        const r = await submit([other.id], change);
        expect(r.status, field).toBe(422);
        expect(r.body.field, field).toBe(field);
        expect(r.body.client_msg, field).toBe(msg.invalidPayload(field, text));
      }
      const foreign = await submit([other.id], { remarks: [{ company_id: 2, remark: '给别的卖家' }] });
      expect(foreign.body).toMatchObject({ code: 422, field: 'remarks' });
      expect(await orderCount()).toBe(before);
      expect(await lineIds([other.id])).toHaveLength(1);
      await post(buyer, 'cartRemove', { ids: await lineIds([other.id]) });
    });

    it('runs the whole life: confirm, deliver, pay, receipt → completed; every refused move says why and changes nothing', async () => {
      const no = await placeOne();
      const order_no = no;
      const status = async () => (await sql<{ status: string; pay_status: string }>`select status, pay_status from goods_order where order_no = ${no}`.execute(db())).rows[0];

      // pending: buyer cannot confirm or deliver; seller cannot receive, pay yet, or deliver
      let r = await post(buyer, 'orderConfirm', { order_no });
      expect(r.status).toBe(403);
      r = await post(seller, 'orderReceipt', { order_no });
      expect(r.status).toBe(403);
      r = await post(seller, 'orderOfflinePayment', { order_no, pay_method: '银行转账' });
      expect(r.status).toBe(409);
      expect(r.body.client_msg).toBe('订单当前为待确认，不能登记线下收款（请先确认订单）');
      r = await post(seller, 'orderDeliver', { order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' });
      expect(r.body.client_msg).toBe('订单当前为待确认，不能发货（只有已确认的订单可以发货）');
      r = await post(buyer, 'orderReceipt', { order_no });
      expect(r.status).toBe(409);
      expect(await status()).toEqual({ status: 'pending', pay_status: 'unpaid' });

      r = await post(seller, 'orderConfirm', { order_no });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'confirmed', side: 'seller' });
      expect(r.body.data.confirmed_at).toBeGreaterThan(0);
      // again: refused with the status, nothing changes
      r = await post(seller, 'orderConfirm', { order_no });
      expect(r.status).toBe(409);
      expect(r.body.client_msg).toBe('订单当前为已确认，不能确认订单（只有待确认的订单可以确认）');
      r = await post(buyer, 'orderCancel', { order_no });
      expect(r.body.client_msg).toBe('订单当前为已确认，不能取消订单（卖家确认后不能取消，请联系卖家）');
      r = await post(seller, 'orderReject', { order_no, reason: '无货' });
      expect(r.status).toBe(409);

      r = await post(seller, 'orderDeliver', { order_no, logistics_company: '顺丰速运', logistics_no: 'SF 123' });
      expect(r.body).toMatchObject({ code: 422, field: 'logistics_no' });
      r = await post(seller, 'orderDeliver', { order_no, logistics_company: '', logistics_no: 'SF1234567890' });
      expect(r.body).toMatchObject({ code: 422, field: 'logistics_company' });
      expect(await status()).toEqual({ status: 'confirmed', pay_status: 'unpaid' });
      r = await post(seller, 'orderDeliver', { order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'shipped', logistics_company: '顺丰速运', logistics_no: 'SF1234567890' });

      // a payment method the contract does not have: sent raw
      const badMethod = await env.callRaw('POST', '/api/order/offline-payment', { token: seller, body: { order_no, pay_method: '支付宝宝' } });
      expect(badMethod.body).toMatchObject({ code: 422, field: 'pay_method' });
      r = await post(seller, 'orderOfflinePayment', { order_no, pay_method: '银行转账', note: '工行尾号1234' });
      expect(r.body.data).toMatchObject({ status: 'shipped', pay_status: 'paid', pay_method: '银行转账', pay_note: '工行尾号1234' });
      r = await post(seller, 'orderOfflinePayment', { order_no, pay_method: '现金' });
      expect(r.body.client_msg).toBe('订单当前为已发货、已付款，不能登记线下收款（该订单已登记收款）');

      r = await post(buyer, 'orderReceipt', { order_no });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 'completed', pay_status: 'paid', side: 'buyer' });
      expect(r.body.data.received_at).toBeGreaterThan(0);
      expect(r.body.data.completed_at).toBeGreaterThan(0);
      expect(r.body.data.events.map((e) => e.action)).toEqual(['create', 'confirm', 'deliver', 'pay', 'receipt']);
      for (const [path, send] of [
        ['cancel', () => post(buyer, 'orderCancel', { order_no })], ['receipt', () => post(buyer, 'orderReceipt', { order_no })],
        ['confirm', () => post(seller, 'orderConfirm', { order_no })], ['reject', () => post(seller, 'orderReject', { order_no, reason: 'x' })],
      ] as const) {
        expect((await send()).status, path).toBe(409);
      }
    });

    it('receipt before payment leaves the order 已收货; recording payment then completes it', async () => {
      const no = await placeOne();
      await post(seller, 'orderConfirm', { order_no: no });
      await post(seller, 'orderDeliver', { order_no: no, logistics_company: '德邦物流', logistics_no: 'DB20261122001' });
      let r = await post(buyer, 'orderReceipt', { order_no: no });
      expect(r.body.data).toMatchObject({ status: 'received', pay_status: 'unpaid', completed_at: 0 });
      r = await post(seller, 'orderOfflinePayment', { order_no: no, pay_method: '现金' });
      expect(r.body.data).toMatchObject({ status: 'completed', pay_status: 'paid' });
    });

    it('cancel by the buyer and reject by the seller (with a reason) give the stock back', async () => {
      const stock = await qtyOf(a.id);
      const c = await placeOne(2);
      expect(await qtyOf(a.id)).toBe(stock - 2);
      let r = await post(seller, 'orderCancel', { order_no: c });
      expect(r.status).toBe(403);
      r = await post(buyer, 'orderCancel', { order_no: c, reason: '买错了' });
      expect(r.body.data).toMatchObject({ status: 'cancelled', cancel_reason: '买错了' });
      expect(await qtyOf(a.id)).toBe(stock);

      const j = await placeOne(3);
      expect(await qtyOf(a.id)).toBe(stock - 3);
      r = await post(seller, 'orderReject', { order_no: j, reason: '' });
      expect(r.body).toMatchObject({ code: 422, field: 'reason', client_msg: msg.invalidPayload('reason', orderText.rejectReason) });
      expect(await qtyOf(a.id)).toBe(stock - 3);
      r = await post(seller, 'orderReject', { order_no: j, reason: '该配件已停产' });
      expect(r.body.data).toMatchObject({ status: 'rejected', reject_reason: '该配件已停产' });
      expect(await qtyOf(a.id)).toBe(stock);
      // a second cancel or reject does not give the stock back twice
      expect((await post(seller, 'orderReject', { order_no: j, reason: '再拒' })).status).toBe(409);
      expect((await post(buyer, 'orderCancel', { order_no: c })).status).toBe(409);
      expect(await qtyOf(a.id)).toBe(stock);
    });

    it('scopes by company: another company can neither read nor change an order, nor find it in its lists', async () => {
      const no = await placeOne();
      // the operator's company (1) holds every code but is neither side
      let r = await get(operator, 'orderRetrieve', { order_no: no });
      expect(r.status).toBe(403);
      expect(r.body.client_msg).toBe(orderText.otherCompany);
      for (const [path, send] of [
        ['confirm', () => post(operator, 'orderConfirm', { order_no: no })], ['reject', () => post(operator, 'orderReject', { order_no: no, reason: '不要' })],
        ['cancel', () => post(operator, 'orderCancel', { order_no: no })], ['receipt', () => post(operator, 'orderReceipt', { order_no: no })],
        ['deliver', () => post(operator, 'orderDeliver', { order_no: no, logistics_company: '顺丰', logistics_no: 'SF1234567890' })],
        ['offline-payment', () => post(operator, 'orderOfflinePayment', { order_no: no, pay_method: '现金' })],
      ] as const) {
        const refused = await send();
        expect(refused.status, path).toBe(403);
        expect(refused.body.client_msg, path).toBe(orderText.otherCompany);
      }
      expect((await get(buyer, 'orderRetrieve', { order_no: no })).body.data.status).toBe('pending');
      for (const side of ['purchase', 'sales'] as const) {
        const list = (await get(operator, 'orderSearch', { side })).body.data;
        expect(list.data.map((o) => o.order_no)).not.toContain(no);
      }
      // the buyer sees it among its purchases, the seller among its sales, each with its side
      const mine = (await get(buyer, 'orderSearch', { side: 'purchase', order_no: no.slice(-8) })).body.data;
      expect(mine.data).toEqual([expect.objectContaining({ order_no: no, side: 'buyer', seller_company_id: 2 })]);
      const sold = (await get(seller, 'orderSearch', { side: 'sales', order_no: no })).body.data;
      expect(sold.data).toEqual([expect.objectContaining({ order_no: no, side: 'seller', buyer_company_id: 3 })]);
      // unknown order
      r = await get(buyer, 'orderRetrieve', { order_no: 'SO00000000000000000000' });
      expect(r.status).toBe(404);
      expect(r.body.client_msg).toBe(orderText.notFound);
      await post(buyer, 'orderCancel', { order_no: no });
    });

    it('checks permission codes on the server, per side', async () => {
      // member (C07 C15) and clerk (M03 C11) hold neither purchase nor sales codes
      for (const t of [member, clerk]) {
        expect((await get(t, 'orderSearch', { side: 'purchase' })).status).toBe(403);
        expect((await post(t, 'cartSubmit', { cart_ids: [1], expected_total_fen: 1, ...ADDRESS }, key())).status).toBe(403);
        expect((await get(t, 'financeSummary', {})).status).toBe(403);
      }
      // the buyer company (C09 M02) has no sales codes
      const r = await get(buyer, 'orderSearch', { side: 'sales' });
      expect(r.status).toBe(403);
      expect(r.body.client_msg).toBe(orderText.noSalesRight);
      expect((await post(buyer, 'orderConfirm', { order_no: 'SO00000000000000000000' })).status).toBe(403);
      // guests
      expect((await env.api('orderSearch', { side: 'purchase' })).status).toBe(401);
      // a seller employee given only the sales code reads sales orders but not purchases
      await sql`update app_user set permissions = ${sql.val(['M03', 'C11', 'M01-00'])} where username = 'clerk'`.execute(db());
      const clerk2 = (await env.login('clerk')).access_token;
      expect((await get(clerk2, 'orderSearch', { side: 'sales' })).status).toBe(200);
      expect((await get(clerk2, 'orderSearch', { side: 'purchase' })).status).toBe(403);
      const f = (await get(clerk2, 'financeSummary', {})).body.data;
      expect(f.purchase).toBeNull();
      expect(f.packages).toBeNull();
      expect(f.sales).not.toBeNull();
      await sql`update app_user set permissions = ${sql.val(['M03', 'C11'])} where username = 'clerk'`.execute(db());
    });

    it('lists with filters by status, payment and number, with counts per status and paging', async () => {
      const all = (await get(buyer, 'orderSearch', { side: 'purchase', page_size: 50 })).body.data;
      expect(all.total).toBe(all.counts.all);
      expect(all.data.length).toBe(Math.min(50, all.total));
      const sum = Object.entries(all.counts).filter(([k]) => k !== 'all').reduce((s, [, n]) => s + n, 0);
      expect(sum).toBe(all.counts.all);
      const completed = (await get(buyer, 'orderSearch', { side: 'purchase', status: 'completed' })).body.data;
      expect(completed.data.length).toBeGreaterThan(0);
      expect(completed.data.every((o) => o.status === 'completed')).toBe(true);
      expect(completed.total).toBe(all.counts.completed);
      const paid = (await get(buyer, 'orderSearch', { side: 'purchase', pay_status: 'paid' })).body.data;
      expect(paid.data.every((o) => o.pay_status === 'paid')).toBe(true);
      const newest = all.data[0].created_at;
      expect(all.data.every((o) => o.created_at <= newest)).toBe(true);
      expect((await env.callRaw('GET', '/api/orders?side=purchase&status=paid', { token: buyer })).body).toMatchObject({ code: 422, field: 'status' });
      expect((await get(buyer, 'orderSearch', { side: 'purchase', page_size: 30 })).body).toMatchObject({ code: 422, field: 'page_size' });
      // one set of page sizes for every list (docs/api.md, "Paging"): 20 as the enquiry list takes it
      expect((await get(buyer, 'orderSearch', { side: 'purchase', page_size: 20 })).body.data.data.length).toBeLessThanOrEqual(20);
      const p2 = (await get(buyer, 'orderSearch', { side: 'purchase', page_size: 50, page_number: 2 })).body.data;
      expect(p2.data.length).toBe(Math.max(0, all.total - 50));
    });

    it('finance: the company’s purchase and sales sums by state, and its package payments', async () => {
      const sums = async (side: 'buyer' | 'seller', company: number) => (await sql<{ pending: number; open: number; paid: number; n: number }>`
        select coalesce(sum(total_fen) filter (where status = 'pending'), 0)::int as pending,
               coalesce(sum(total_fen) filter (where pay_status = 'unpaid' and status in ('confirmed', 'shipped', 'received')), 0)::int as open,
               coalesce(sum(total_fen) filter (where pay_status = 'paid'), 0)::int as paid, count(*)::int as n
        from goods_order where ${sql.ref(side === 'buyer' ? 'buyer_company_id' : 'seller_company_id')} = ${company}`.execute(db())).rows[0];
      // a fresh pending and a fresh accepted unpaid order, so every figure is non-zero
      await placeOne();
      const open = await placeOne(2);
      await post(seller, 'orderConfirm', { order_no: open });
      await sql`insert into package_order (order_no, company_id, user_id, level_id, level_name, amount_fen, duration_months, state, provider, trade_no, paid_at, level_end_after, cancelled_at)
        values ('PK-test-1', 3, 4, 2, '正式会员', 198000, 12, 'paid', 'sandbox', 'T1', now(), now(), null),
               ('PK-test-2', 3, 4, 2, '正式会员', 198000, 12, 'cancelled', null, null, null, null, now())`.execute(db());

      const fb = (await get(buyer, 'financeSummary', {})).body.data;
      const b3 = await sums('buyer', 3);
      expect(b3.pending).toBeGreaterThan(0);
      expect(b3.open).toBeGreaterThan(0);
      expect(b3.paid).toBeGreaterThan(0);
      expect(fb.purchase).toEqual({ pending_fen: b3.pending, open_fen: b3.open, paid_fen: b3.paid, order_count: b3.n, aftersale_refunded_fen: 0, aftersale_deducted_fen: 0 });
      // the buyer company sells nothing and holds no sales code
      expect(fb.sales).toBeNull();
      expect(fb.company_name).not.toBe('');
      expect(fb.packages?.paid_fen).toBe(198000);
      expect(fb.packages?.orders.map((o) => [o.order_no, o.state]).sort()).toEqual([['PK-test-1', 'paid'], ['PK-test-2', 'cancelled']]);

      const fs = (await get(seller, 'financeSummary', {})).body.data;
      const s2 = await sums('seller', 2);
      expect(fs.sales).toEqual({ pending_fen: s2.pending, open_fen: s2.open, paid_fen: s2.paid, order_count: s2.n, aftersale_refunded_fen: 0, aftersale_deducted_fen: 0 });
      expect(fs.purchase).toEqual({ pending_fen: 0, open_fen: 0, paid_fen: 0, order_count: 0, aftersale_refunded_fen: 0, aftersale_deducted_fen: 0 });
      expect(fs.packages?.orders.map((o) => o.order_no)).not.toContain('PK-test-1');
    });
  });
});
