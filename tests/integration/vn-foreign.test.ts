/**
 * The operator's 海外商品 and 海外售后 (docs/overseas.md "Parts (海外商品)", "After-sales (海外售后)"):
 * the mall by part over every seller's offered rows, a whole part taken out and put back, and the
 * after-sales of mall orders with their dong side and the close the after-sale service has;
 * Chinese after-sales and codes other than D09-03 are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { dongInFen, vnText } from '../../src/shared/domain/vn-mall';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const VN_ADDRESS = { contact_name: 'Nguyễn Văn An', contact_phone: '0912345678', address: '215 Lý Thường Kiệt, Phường Phú Thọ' };
const CN_ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };
const OE = 'VN-PART-7788';
const OE_NORM = 'VNPART7788';

describe.each(backends)('the operator\'s foreign parts and after-sales on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'opVnProduct* and opVnAfterSale*', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    let vn: string;
    let operator: string;
    let reader: string;
    let other: number;
    /** company 2's row and another seller's row of the part (OE, brand TESTBR); q: company 2's row of the same OE, brand OTHERBR */
    let p2: number;
    let pX: number;
    let q2: number;
    let mallAs = '';
    let cnAs = '';
    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string, name: N, payload?: PayloadIn<N>, o: { id?: number; k?: string } = {}) =>
      env.api(name, payload ?? ({} as PayloadIn<N>), { token, id: o.id, idempotencyKey: o.k ?? randomUUID() });
    const ok = async <N extends EndpointName>(token: string, name: N, payload?: PayloadIn<N>) => {
      const r = await call(token, name, payload);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const audits = async (entity: string) => (await sql<{ n: number }>`select count(*)::int as n from operator_audit where entity = ${entity}`.execute(db())).rows[0].n;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300, accessTtlSeconds: 86400 });
      [seller, buyer] = await Promise.all(['seller', 'buyer'].map(async (u) => (await env.login(u)).access_token));
      operator = await operatorWith(env, 'vn_foreign_op', ['D09-03']);
      reader = await operatorWith(env, 'vn_foreign_reader', ['D09-01', 'D09-02', 'D12']);
      const rate = await operatorWith(env, 'vn_foreign_rate', ['D11-02']);
      const vnCompany = Number((await sql<{ id: number }>`insert into company (name, short_name, level_id, country)
        select 'Công ty Phụ tùng Cần Thơ', 'Cần Thơ', level_id, 'VN' from company where id = 3 returning id`.execute(db())).rows[0].id);
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, is_owner, permissions)
        select gen_random_uuid(), ${vnCompany}, 'vn_foreign_buyer', 'vn_foreign_buyer', password_hash, true, array['C09','M02']::text[] from app_user where username = 'buyer'`.execute(db());
      vn = (await env.login('vn_foreign_buyer')).access_token;
      other = Number((await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3) and state = 'on' order by id limit 1`.execute(db())).rows[0].company_id);
      [p2, q2] = (await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 2`.execute(db())).rows.map((r) => Number(r.id));
      pX = Number((await sql<{ id: number }>`select id from stock where company_id = ${other} and state = 'on' order by id limit 1`.execute(db())).rows[0].id);
      await sql`update stock set supplier_oe = ${OE}, oe_norm = ${OE_NORM}, name = '越南整件测试刹车片', part_brand_id = null, custom_brand_name = 'TESTBR', quantity = 50, price1 = 10000
        where id in (${p2}, ${pX})`.execute(db());
      await sql`update stock set supplier_oe = ${OE}, oe_norm = ${OE_NORM}, name = '越南整件测试刹车片', part_brand_id = null, custom_brand_name = 'OTHERBR', quantity = 50, price1 = 10000
        where id = ${q2}`.execute(db());
      await sql`delete from vn_offer`.execute(db());
      await sql`delete from vn_offer_rule`.execute(db());
      await sql`delete from service_charge_rule`.execute(db());
      expect((await call(rate, 'opRateSet', { to_curr_code: 'VND', rate_value: 3600 })).status).toBe(200);
      await ok(seller, 'vnOfferSet', { stock_ids: [p2], price_mode: 'direct', vn_price: 500_000, vn_quantity: 5 });
      await ok(seller, 'vnOfferSet', { stock_ids: [q2], price_mode: 'direct', vn_price: 300_000, vn_quantity: 2 });
      // the other seller's offer (its own vnOfferSet is vn-mall.test's)
      await sql`insert into vn_offer (stock_id, company_id, price_mode, vn_price, floor_fen, vn_quantity, user_id)
        values (${pX}, ${other}, 'direct', 450000, 0, 3, 1)`.execute(db());
    }, 300_000);
    afterAll(async () => env?.close());

    it('lists the mall by part over every seller: sellers, today\'s dong range, VN quantity; D09-03 only', async () => {
      const r = await ok(operator, 'opVnProductList', { oe: OE });
      expect(r.total).toBe(2);
      const part = r.data.find((x) => x.brand_name === 'TESTBR')!;
      expect(part).toMatchObject({ oe_norm: OE_NORM, supplier_oe: OE, sellers: 2, rows: 2, dong_min: 450_000, dong_max: 500_000, vn_quantity: 8, orders: 0, pieces: 0 });
      expect(r.data.find((x) => x.brand_name === 'OTHERBR')).toMatchObject({ sellers: 1, rows: 1, dong_min: 300_000, dong_max: 300_000, vn_quantity: 2 });
      // the seller filter keeps the parts that seller sells, with every seller's rows
      const bySeller = await ok(operator, 'opVnProductList', { oe: OE, seller: String(other) });
      expect(bySeller.data.map((x) => [x.brand_name, x.sellers])).toEqual([['TESTBR', 2]]);
      expect((await ok(operator, 'opVnProductList', { oe: OE, brand: 'OTHER' })).data.map((x) => x.brand_name)).toEqual(['OTHERBR']);
      expect((await call(seller, 'opVnProductList', {})).status).toBe(403);
      expect((await call(reader, 'opVnProductList', {})).status).toBe(403);
      expect((await call(vn, 'opVnProductList', {})).status).toBe(403);
    });

    it('counts mall orders and pieces sold of a part', async () => {
      await ok(vn, 'vnCartAdd', { stock_id: p2, qty: 2 });
      const cart = await ok(vn, 'vnCartList');
      expect(cart.total_dong).toBe(1_000_000);
      const placed = await ok(vn, 'vnCheckout', { expected_total_dong: 1_000_000, delivery_term: 'door', ...VN_ADDRESS });
      const part = (await ok(operator, 'opVnProductList', { oe: OE, brand: 'TESTBR' })).data[0];
      expect(part).toMatchObject({ orders: 1, pieces: 2, vn_quantity: 6 });
      // the seller ships it and the Vietnamese buyer asks for an after-sale (for the after-sale tests below)
      const no = placed.orders[0].order_no;
      await ok(seller, 'orderConfirm', { order_no: no });
      await ok(seller, 'orderDeliver', { order_no: no, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' });
      const line = (await ok(vn, 'orderRetrieve', { order_no: no })).lines[0];
      mallAs = (await ok(vn, 'afterSaleApply', { order_no: no, type: 'return', reason: '质量问题', description: 'Má phanh bị nứt', lines: [{ order_line_id: line.id, qty: 2 }] })).as_no;
    });

    it('takes a whole part out with a reason: buyers no longer find any seller\'s row, sellers read why; refusals change nothing', async () => {
      const noReason = await call(operator, 'opVnProductRemove', { oe: OE, brand: 'TESTBR', reason: '' });
      expect(noReason.status).toBe(422);
      expect(noReason.body.field).toBe('reason');
      const unknown = await call(operator, 'opVnProductRemove', { oe: 'NO-SUCH-OE-1', brand: 'TESTBR', reason: '假冒配件' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.msg).toBe(vnText.partNotOffered('NO-SUCH-OE-1', 'TESTBR'));
      expect((await call(seller, 'opVnProductRemove', { oe: OE, brand: 'TESTBR', reason: '假冒配件' })).status).toBe(403);
      expect(await audits('vn_part')).toBe(0);

      const r = await call(operator, 'opVnProductRemove', { oe: OE.toLowerCase(), brand: 'TESTBR', reason: '涉嫌假冒，暂停销售' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toEqual({ changed: 2 });
      expect(await audits('vn_part')).toBe(1);
      const again = await call(operator, 'opVnProductRemove', { oe: OE, brand: 'TESTBR', reason: '涉嫌假冒，暂停销售' });
      expect(again.status).toBe(409);
      // the buyer: neither seller's row of the part, the other brand still
      const found = (await ok(vn, 'vnMallSearch', { keyword: OE })).data.map((x) => x.stock_id);
      expect(found).toEqual([q2]);
      expect((await call(vn, 'vnMallOffer', {}, { id: pX })).status).toBe(404);
      expect((await call(vn, 'vnCartAdd', { stock_id: p2, qty: 1 })).status).toBe(404);
      // the seller reads the reason and cannot offer the row again
      const row = (await ok(seller, 'vnOfferList', { keyword: OE })).data.find((x) => x.id === p2)!;
      expect(row.removed_reason).toBe('涉嫌假冒，暂停销售');
      const offer = await call(seller, 'vnOfferSet', { stock_ids: [p2], price_mode: 'direct', vn_price: 520_000, vn_quantity: 5 });
      expect(offer.status).toBe(409);
      expect(offer.body.msg).toContain('涉嫌假冒，暂停销售');
      // the per-row page shows the rows as taken out with their part; undoing one row there is refused
      const goods = (await ok(operator, 'opVnGoodsList', { oe: OE, state: 'removed' })).data;
      expect(goods.filter((x) => x.part_removed).map((x) => x.id).sort((x, y) => x - y)).toEqual([p2, pX].sort((x, y) => x - y));
      const restoreRow = await call(operator, 'opVnGoodsRestore', { ids: [p2] });
      expect(restoreRow.status).toBe(409);
      expect(restoreRow.body.msg).toBe(vnText.rowInPartRemoval);
      // the part page lists it under 已整件移出, with the rows that undoing would put back
      expect((await ok(operator, 'opVnProductList', { oe: OE })).data.map((x) => x.brand_name)).toEqual(['OTHERBR']);
      const removed = (await ok(operator, 'opVnProductList', { state: 'removed' })).data;
      expect(removed).toHaveLength(1);
      expect(removed[0]).toMatchObject({ oe_norm: OE_NORM, brand_name: 'TESTBR', removed_reason: '涉嫌假冒，暂停销售', removed_by: 'vn_foreign_op', sellers: 2, orders: 1, pieces: 2 });
    });

    it('undoes the removal: every seller\'s terms are in force again', async () => {
      expect((await call(seller, 'opVnProductRestore', { oe: OE, brand: 'TESTBR' })).status).toBe(403);
      const r = await call(operator, 'opVnProductRestore', { oe: OE, brand: 'TESTBR' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toEqual({ changed: 2 });
      expect(await audits('vn_part')).toBe(2);
      const again = await call(operator, 'opVnProductRestore', { oe: OE, brand: 'TESTBR' });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(vnText.partNotRemoved(OE, 'TESTBR'));
      expect((await ok(vn, 'vnMallSearch', { keyword: OE })).data.map((x) => x.stock_id).sort((x, y) => x - y)).toEqual([p2, pX, q2].sort((x, y) => x - y));
    });

    it('lists only mall orders\' after-sales, with the refund in fen and in dong at the order\'s rate', async () => {
      // a Chinese buyer's after-sale on a Chinese order
      const cnStock = Number((await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' and id not in (${p2}, ${q2}) order by id limit 1`.execute(db())).rows[0].id);
      await sql`update stock set quantity = 50, price1 = 1130 where id = ${cnStock}`.execute(db());
      await ok(buyer, 'cartAdd', { stock_id: cnStock, qty: 1 });
      const item = (await ok(buyer, 'cartList')).groups.flatMap((g) => g.items).find((i) => i.stockId === cnStock)!;
      const cn = (await ok(buyer, 'cartSubmit', { cart_ids: [item.id], expected_total_fen: item.amount, ...CN_ADDRESS })).orders[0];
      await ok(seller, 'orderConfirm', { order_no: cn.order_no });
      await ok(seller, 'orderDeliver', { order_no: cn.order_no, logistics_company: '顺丰速运', logistics_no: 'SF1234567891' });
      const cnLine = (await ok(buyer, 'orderRetrieve', { order_no: cn.order_no })).lines[0];
      cnAs = (await ok(buyer, 'afterSaleApply', { order_no: cn.order_no, type: 'refund', reason: '质量问题', description: '', lines: [{ order_line_id: cnLine.id, qty: 1 }] })).as_no;

      const list = await ok(operator, 'opVnAfterSaleList', {});
      expect(list.data.map((x) => x.as_no)).toEqual([mallAs]);
      expect(list.data[0]).toMatchObject({ refund_fen: dongInFen(500_000, 3600) * 2, refund_dong: 1_000_000, rate: 3600, status: 'pending', type: 'return' });
      expect(list.refund_fen).toBe(dongInFen(500_000, 3600) * 2);
      expect((await ok(operator, 'opVnAfterSaleList', { no: cnAs })).total).toBe(0);
      expect((await ok(operator, 'opVnAfterSaleList', { status: 'closed' })).total).toBe(0);
      expect((await ok(operator, 'opVnAfterSaleList', { buyer: 'Cần Thơ', seller: '2' })).total).toBe(1);
      // the platform-wide 售后 list still holds both
      expect((await ok(reader, 'opAfterSaleList', { no: 'AS' })).data.map((x) => x.as_no)).toEqual(expect.arrayContaining([mallAs, cnAs]));
      expect((await call(reader, 'opVnAfterSaleList', {})).status).toBe(403);
      expect((await call(seller, 'opVnAfterSaleList', {})).status).toBe(403);
    });

    it('reads a mall after-sale with its dong lines; a Chinese one is not found here', async () => {
      const d = await ok(operator, 'opVnAfterSaleDetail', { as_no: mallAs });
      expect(d.after_sale).toMatchObject({ as_no: mallAs, side: 'operator', status: 'pending' });
      expect(d).toMatchObject({ refund_dong: 1_000_000, rate: 3600, order_total_dong: 1_000_000 });
      expect(d.lines).toEqual([{ order_line_id: d.after_sale.lines[0].order_line_id, unit_price_dong: 500_000, amount_dong: 1_000_000 }]);
      const cn = await call(operator, 'opVnAfterSaleDetail', { as_no: cnAs });
      expect(cn.status).toBe(404);
      expect(cn.body.msg).toBe(vnText.notMallAfterSale);
      expect((await call(operator, 'opVnAfterSaleDetail', { as_no: 'AS20261129000000000000' })).status).toBe(404);
      expect((await call(operator, 'opVnAfterSaleDetail', { as_no: 'nonsense' })).status).toBe(422);
      expect((await call(reader, 'opVnAfterSaleDetail', { as_no: mallAs })).status).toBe(403);
    });

    it('closes a mall after-sale with a reason through the after-sale service; a Chinese one is refused and unchanged', async () => {
      const status = async (asNo: string) => (await sql<{ status: string }>`select status from after_sale where as_no = ${asNo}`.execute(db())).rows[0].status;
      const cn = await call(operator, 'opVnAfterSaleClose', { as_no: cnAs, reason: '双方协商一致' });
      expect(cn.status).toBe(404);
      expect(await status(cnAs)).toBe('pending');
      const noReason = await call(operator, 'opVnAfterSaleClose', { as_no: mallAs, reason: '' });
      expect(noReason.status).toBe(422);
      expect(noReason.body.field).toBe('reason');
      expect((await call(reader, 'opVnAfterSaleClose', { as_no: mallAs, reason: '双方协商一致' })).status).toBe(403);
      expect(await status(mallAs)).toBe('pending');
      const before = await audits('after_sale');
      const r = await call(operator, 'opVnAfterSaleClose', { as_no: mallAs, reason: '双方协商一致，线下退款' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.after_sale).toMatchObject({ status: 'closed', close_reason: '双方协商一致，线下退款' });
      expect(r.body.data.refund_dong).toBe(1_000_000);
      expect(await audits('after_sale')).toBe(before + 1);
      // the buyer reads the close on its own after-sale
      expect((await ok(vn, 'afterSaleRetrieve', { as_no: mallAs })).status).toBe('closed');
      const twice = await call(operator, 'opVnAfterSaleClose', { as_no: mallAs, reason: '双方协商一致，线下退款' });
      expect(twice.status).toBe(409);
    });
  });
});
