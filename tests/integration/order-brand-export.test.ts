/**
 * The brand a buyer checks (docs/api.md, "The brand of a line"): a stock row sold under the
 * seller's own text (custom_brand_name) keeps that text in the cart, the order, the after-sale and
 * the order export; a 原厂件 row keeps its brand instead of 原厂件 twice. The order lists' XLSX
 * export (GET /api/orders/export) applies the list's filters, side rights and company scope. The
 * demo data gives the demo seller something to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '上海市闵行区沪闵路6088号' };

describe.each(backends)('own brand and order export on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'cartList / orderRetrieve / afterSaleRetrieve / GET /api/orders/export', () => {
    let env: TestEnv;
    let buyer: string;
    let seller: string;
    let clerk: string;
    let own: { id: number; custom_brand_name: string };
    let original: { id: number; make_name: string };
    let orderNo = '';
    let keyN = 0;
    const key = () => `brand-export-${++keyN}`;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      [buyer, seller, clerk] = await Promise.all(['buyer', 'seller', 'clerk'].map(async (u) => (await env.login(u)).access_token));
      const db = env.database.db;
      own = (await sql<{ id: number; custom_brand_name: string }>`select s.id, s.custom_brand_name from stock s join part_quality q on q.id = s.quality_id
        where s.company_id = 2 and s.state = 'on' and s.part_brand_id is null and s.custom_brand_name <> '' and not q.is_original order by s.id desc limit 1`.execute(db)).rows[0];
      original = (await sql<{ id: number; make_name: string }>`select s.id, m.name as make_name from stock s join part_quality q on q.id = s.quality_id join make m on m.id = s.make_id
        where s.company_id = 2 and s.state = 'on' and q.is_original order by s.id desc limit 1`.execute(db)).rows[0];
      for (const id of [own.id, original.id]) await sql`update stock set quantity = 20, price0 = 5000, price1 = 5600 where id = ${id}`.execute(db);
    });
    afterAll(async () => env?.close());

    const post = <N extends EndpointName>(token: string, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token, idempotencyKey: k });
    const get = <N extends EndpointName>(token: string, name: N, query: PayloadIn<N>) => env.api(name, query, { token });
    const exportOf = async (token: string, query: Record<string, string>) => {
      const res = await env.raw('GET', `/api/orders/export?${new URLSearchParams(query).toString()}`, { token });
      return res;
    };
    const sheets = async (res: Response) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const rows = (name: string) => {
        const ws = wb.getWorksheet(name)!;
        const out: string[][] = [];
        ws.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
        return out;
      };
      return { orders: rows('订单'), lines: rows('明细') };
    };

    it('a row under the seller\'s own brand text keeps it in the cart, the order, the after-sale and the export; 原厂件 keeps its brand', async () => {
      for (const id of [own.id, original.id]) expect((await post(buyer, 'cartAdd', { stock_id: id, qty: 2 })).status).toBe(200);
      const items = (await get(buyer, 'cartList', {})).body.data.groups.flatMap((g) => g.items);
      const ownItem = items.find((i) => i.stockId === own.id)!;
      const origItem = items.find((i) => i.stockId === original.id)!;
      expect(ownItem.brandName).toBe(own.custom_brand_name);
      expect(origItem.brandName).toBe(original.make_name);

      const total = ownItem.amount + origItem.amount;
      const r = await post(buyer, 'cartSubmit', { cart_ids: [ownItem.id, origItem.id], expected_total_fen: total, ...ADDRESS }, key());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      orderNo = r.body.data.orders[0].order_no;

      const detail = (await get(buyer, 'orderRetrieve', { order_no: orderNo })).body.data;
      const byStock = new Map(detail.lines.map((l) => [l.stock_id, l]));
      expect(byStock.get(own.id)).toMatchObject({ brand_name: own.custom_brand_name });
      // the brand, not 原厂件 a second time beside the quality 原厂件
      expect(byStock.get(original.id)).toMatchObject({ brand_name: original.make_name, quality_name: '原厂件' });
      // a snapshot: the seller renaming its own brand later does not change what was ordered
      await sql`update stock set custom_brand_name = '改名后' where id = ${own.id}`.execute(env.database.db);
      expect((await get(seller, 'orderRetrieve', { order_no: orderNo })).body.data.lines.find((l) => l.stock_id === own.id)!.brand_name).toBe(own.custom_brand_name);

      // the after-sale shows the line's brand
      for (const move of ['orderConfirm', 'orderDeliver'] as const) {
        const p = move === 'orderDeliver' ? { order_no: orderNo, logistics_company: '顺丰速运', logistics_no: 'SF1234567890' } : { order_no: orderNo };
        expect((await post(seller, move, p as never, key())).status).toBe(200);
      }
      const ownLine = byStock.get(own.id)!;
      const as = await post(buyer, 'afterSaleApply', { order_no: orderNo, type: 'refund', reason: '质量问题', description: '', img_infos: [], lines: [{ order_line_id: ownLine.id, qty: 1 }] }, key());
      expect(as.status, JSON.stringify(as.body)).toBe(200);
      const asDetail = (await get(seller, 'afterSaleRetrieve', { as_no: as.body.data.as_no })).body.data;
      expect(asDetail.lines[0].brand_name).toBe(own.custom_brand_name);

      // and the sales export's lines sheet carries it
      const res = await exportOf(seller, { side: 'sales', order_no: orderNo });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const { lines } = await sheets(res);
      expect(lines[0]).toEqual(expect.arrayContaining(['订单号', 'OE号', '品牌', '品质', '数量', '单位']));
      const brandCol = lines[0].indexOf('品牌');
      expect(lines.slice(1).map((l) => l[brandCol]).sort()).toEqual([original.make_name, own.custom_brand_name].sort());
    });

    it('order lines written before keep their row\'s brand after the migration\'s fill (empty or 原厂件 twice)', async () => {
      const db = env.database.db;
      // as the checkout wrote them before: empty for an own brand, 原厂件 for an original part
      await sql`update goods_order_line set brand_name = case when quality_name = '原厂件' then '原厂件' else '' end
        where order_id = (select id from goods_order where order_no = ${orderNo})`.execute(db);
      await sql`update stock set custom_brand_name = ${own.custom_brand_name} where id = ${own.id}`.execute(db);
      const { readFileSync } = await import('node:fs');
      const fill = readFileSync(new URL('../../src/server/db/migrations/0290_order_line_own_brand.sql', import.meta.url), 'utf8');
      await sql.raw(fill).execute(db);
      const lines = (await get(buyer, 'orderRetrieve', { order_no: orderNo })).body.data.lines;
      expect(lines.map((l) => l.brand_name).sort()).toEqual([original.make_name, own.custom_brand_name].sort());
    });

    it('exports the list as filtered: side, status tab, payment, number; only the caller\'s company; rights and bad filters refused in Chinese', async () => {
      const all = (await get(buyer, 'orderSearch', { side: 'purchase', page_size: 200 })).body.data;
      const res = await exportOf(buyer, { side: 'purchase' });
      expect(res.status).toBe(200);
      expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('采购订单.xlsx');
      const { orders } = await sheets(res);
      expect(orders[0]).toEqual(expect.arrayContaining(['订单号', '下单时间', '卖家', '状态', '付款', '金额（元）']));
      expect(orders.slice(1).map((o) => o[0]).sort()).toEqual(all.data.map((o) => o.order_no).sort());

      // the status tab: only shipped orders
      const shipped = (await get(buyer, 'orderSearch', { side: 'purchase', status: 'shipped' })).body.data;
      expect(shipped.total).toBeGreaterThan(0);
      expect(shipped.total).toBeLessThan(all.total);
      const onlyShipped = await sheets(await exportOf(buyer, { side: 'purchase', status: 'shipped' }));
      expect(onlyShipped.orders.slice(1).map((o) => o[0]).sort()).toEqual(shipped.data.map((o) => o.order_no).sort());
      expect(new Set(onlyShipped.orders.slice(1).map((o) => o[3]))).toEqual(new Set(['已发货']));

      // the seller's sales export holds its own sales only, the buyer named in the counterpart column
      const sales = await sheets(await exportOf(seller, { side: 'sales' }));
      expect(sales.orders[0]).toContain('买家');
      const sellerTotal = (await get(seller, 'orderSearch', { side: 'sales' })).body.data.total;
      expect(sales.orders.length - 1).toBe(sellerTotal);
      const sellersOf = (await sql<{ seller_company_id: number }>`select distinct seller_company_id from goods_order
        where order_no = any(${sql.val(sales.orders.slice(1).map((o) => o[0]))}::text[])`.execute(env.database.db)).rows;
      expect(sellersOf).toEqual([{ seller_company_id: 2 }]);
      // the buyer sells nothing: its sales export is refused (no sales codes), the clerk has no order codes at all
      const noSales = await exportOf(buyer, { side: 'sales' });
      expect(noSales.status).toBe(403);
      expect((await noSales.json()).client_msg).toMatch(/销售订单/);
      expect((await exportOf(clerk, { side: 'purchase' })).status).toBe(403);
      // a bad filter is refused with the field named
      const bad = await exportOf(buyer, { side: 'purchase', status: 'lost' });
      expect(bad.status).toBe(422);
      const body = await bad.json() as { field?: string; client_msg: string };
      expect(body.field).toBe('status');
      expect(body.client_msg).toMatch(/订单状态|状态/);
      // signed out
      expect((await env.raw('GET', '/api/orders/export?side=purchase')).status).toBe(401);
    });

    it('发货 with empty fields is refused naming the field in Chinese, and changes nothing', async () => {
      const demo = (await get(seller, 'orderSearch', { side: 'sales', status: 'confirmed' })).body.data.data[0];
      const r = await post(seller, 'orderDeliver', { order_no: demo.order_no, logistics_company: '', logistics_no: '' }, key());
      expect(r.status).toBe(422);
      expect(r.body.field).toBe('logistics_company');
      expect(r.body.client_msg).toContain('物流公司');
      const r2 = await post(seller, 'orderDeliver', { order_no: demo.order_no, logistics_company: '德邦物流', logistics_no: '' }, key());
      expect(r2.body.field).toBe('logistics_no');
      expect(r2.body.client_msg).toContain('物流单号');
      expect((await get(seller, 'orderRetrieve', { order_no: demo.order_no })).body.data.status).toBe('confirmed');
    });

    it('the demo seller has something to do: main makes with a zone enquiry and 求购, an order to ship, an after-sale to answer', async () => {
      const zone = (await get(seller, 'quoteCenter', { scope: 'zone' })).body.data;
      expect(zone.zone_makes).toBeGreaterThan(0);
      expect(zone.data.length).toBeGreaterThanOrEqual(2);
      expect(zone.data.some((e) => e.enquiry_no.startsWith('QG'))).toBe(true);
      expect(zone.data.some((e) => e.enquiry_no.startsWith('XJ'))).toBe(true);
      const toShip = (await get(seller, 'orderSearch', { side: 'sales', status: 'confirmed' })).body.data;
      expect(toShip.total).toBeGreaterThanOrEqual(1);
      const pending = (await get(seller, 'afterSaleSearch', { side: 'seller', status: 'pending' })).body.data;
      expect(pending.total).toBeGreaterThanOrEqual(1);
      // the buyer has an order on its way to confirm receipt of
      expect((await get(buyer, 'orderSearch', { side: 'purchase', status: 'shipped' })).body.data.total).toBeGreaterThanOrEqual(1);
    });
  });
});
