/**
 * The operator's market reports (docs/reports.md): 搜索-询价-订单 转化报表 (#sfereport) and
 * 维修厂采购报表 (#weipei) over two weeks of March 2025 with hand-counted figures, the refusals of a
 * bad range, grain or province, the XLSX, and D01-01 enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { msg } from '../../src/shared/messages';
import { opCatalogueText } from '../../src/shared/domain/operation';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

/** a China wall-clock time of 2025-03 as an instant */
const at = (day: string, hm = '10:00') => new Date(`2025-03-${day}T${hm}:00+08:00`);

describe.each(backends)('market reports on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let op = '';
    const db = () => env.database.db;
    const funnel = async (q: Partial<PayloadIn<'opReportFunnel'>>, token = op) =>
      env.api('opReportFunnel', { date_from: '2025-03-03', date_to: '2025-03-16', ...q } as PayloadIn<'opReportFunnel'>, { token });
    const shops = async (q: Partial<PayloadIn<'opReportRepairShops'>>, token = op) =>
      env.api('opReportRepairShops', { date_from: '2025-03-03', date_to: '2025-03-16', ...q } as PayloadIn<'opReportRepairShops'>, { token });
    let term = '';

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 20 });
      op = (await env.login('operator')).access_token;
      const company = async (name: string, province: string, city: string, seller = false, country = 'CN', type = seller ? 'parts_dealer' : 'repair') =>
        (await sql<{ id: number }>`insert into company (name, short_name, level_id, province, city, is_seller, country, business_type, created_at)
          values (${name}, ${name}, 3, ${province}, ${city}, ${seller}, ${country}, ${type}, ${new Date('2025-01-01T00:00:00Z')}) returning id`.execute(db())).rows[0].id;
      const A = await company('西宁测试汽修', '青海省', '西宁市');
      const B = await company('海东测试汽修', '青海省', '海东市');
      const C = await company('兰州测试汽修', '甘肃省', '兰州市');
      const S = await company('西宁测试汽配', '青海省', '西宁市', true);
      await company('越南测试车行', '青海省', '西宁市', false, 'VN');
      // a buying company of another type (docs/reports.md#company-types) is no repair shop
      await company('西宁测试4S店', '青海省', '西宁市', false, 'CN', 'dealer_4s');
      const user = async (companyId: number, username: string) =>
        (await sql<{ id: number }>`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions)
          select gen_random_uuid(), ${companyId}, ${username}, ${username}, password_hash, '{}'::text[] from app_user where username = 'buyer' returning id`.execute(db())).rows[0].id;
      const [ua, ub, uc, us] = [await user(A, 'xn_buyer'), await user(B, 'hd_buyer'), await user(C, 'lz_buyer'), await user(S, 'xn_seller')];
      const seller = (await sql<{ id: number }>`select id from app_user where username = 'seller'`.execute(db())).rows[0].id;

      // searches: counted stock queries per company and China day
      await sql`insert into stock_query_count (company_id, day, used) values (${A}, '2025-03-03', 10), (${B}, '2025-03-04', 5), (${C}, '2025-03-10', 5),
        (${S}, '2025-03-05', 4), (${A}, '2025-03-17', 100)`.execute(db());
      await sql`insert into search_history (user_id, search_type, search_value, created_at) values (${ua}, 'oe', 'A1', ${at('03')}),
        (${ua}, 'keyword', '刹车片', ${at('04')}), (${uc}, 'oe', 'C1', ${at('11')}), (${ua}, 'oe', 'OLD', ${new Date('2025-02-01T00:00:00Z')})`.execute(db());

      // enquiries: E1 quoted; E2 sent 00:30 China on 03-10 (still 03-09 in UTC) with only 无货; E3 two prices; E4 a draft
      let n = 0;
      const enquiry = async (company: number, userId: number, sent: Date | null) => {
        n += 1;
        const id = (await sql<{ id: number }>`insert into enquiry (enquiry_no, buyer_company_id, buyer_user_id, state, created_at, sent_at, expires_at)
          values (${`EQ-MKT${n}`}, ${company}, ${userId}, ${sent ? 'open' : 'draft'}, ${sent ?? at('05')}, ${sent}, ${sent}) returning id`.execute(db())).rows[0].id;
        const line = (await sql<{ id: number }>`insert into enquiry_line (enquiry_id, line_no, name, qty, quality) values (${id}, 1, '刹车片', 1, '不限') returning id`.execute(db())).rows[0].id;
        return { id, line };
      };
      const quote = async (e: { id: number; line: number }, sellerCompany: number, sellerUser: number, price: number, when: Date) =>
        (await sql<{ id: number }>`insert into quote (enquiry_id, line_id, seller_company_id, seller_user_id, price_fen, quoted_amount, brand, quality, qty, delivery_days, valid_until, created_at, updated_at)
          values (${e.id}, ${e.line}, ${sellerCompany}, ${sellerUser}, ${price}, ${price}, '博世', '品牌件', 1, 1, ${when}, ${when}, ${when}) returning id`.execute(db())).rows[0].id;
      const e1 = await enquiry(A, ua, at('03'));
      const q1 = await quote(e1, 2, seller, 5000, at('03', '12:00'));
      const e2 = await enquiry(A, ua, at('10', '00:30'));
      await quote(e2, 2, seller, -1, at('10', '01:00'));
      const e3 = await enquiry(C, uc, at('11'));
      const q3 = await quote(e3, 2, seller, 5000, at('11', '11:00'));
      await quote(e3, S, us, 5200, at('11', '12:00'));
      await enquiry(B, ub, null);

      // orders: O1 A completed from a quote; O2 A pending; O3 B cancelled; O4 C paid from a quote; O5 the seller S completed
      term = `测试刹车片${backend}`;
      const termId = (await sql<{ id: number }>`insert into terminology (name) values (${term}) returning id`.execute(db())).rows[0].id;
      const stockId = (await sql<{ id: number }>`select id from stock order by id limit 1`.execute(db())).rows[0].id;
      await sql`update stock set terminology_id = ${termId} where id = ${stockId}`.execute(db());
      const order = async (company: number, userId: number, status: string, fen: number, when: Date, paid: boolean,
        line: { qty: number; brand: string; stock: number | null; quote: number | null }) => {
        n += 1;
        const id = (await sql<{ id: string }>`insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, pay_status, line_count, total_qty, total_fen,
            contact_name, contact_phone, address, created_at, paid_at, pay_method, received_at, completed_at, cancelled_at, cancel_reason)
          values (${`SO-MKT${n}`}, ${`CO-MKT${n}`}, ${company}, ${userId}, 2, ${status}, ${paid ? 'paid' : 'unpaid'}, 1, ${line.qty}, ${fen}, '王师傅', '13800000009', '测试地址', ${when},
            ${paid ? when : null}, ${paid ? 'offline' : null}, ${status === 'completed' ? when : null}, ${status === 'completed' ? when : null},
            ${status === 'cancelled' ? when : null}, ${status === 'cancelled' ? '不要了' : null})
          returning id`.execute(db())).rows[0].id;
        await sql`insert into goods_order_line (order_id, stock_id, quote_id, type_code, supplier_oe, name, brand_name, quality_name, uom_name, qty, include_tax, price_column, unit_price_fen, amount_fen)
          values (${id}, ${line.stock}, ${line.quote}, '配件产品', 'OE1', '刹车片', ${line.brand}, '品牌件', '个', ${line.qty}, false, 'price1', ${fen / line.qty}, ${fen})`.execute(db());
      };
      await order(A, ua, 'completed', 10000, at('04'), true, { qty: 2, brand: '博世', stock: stockId, quote: q1 });
      await order(A, ua, 'pending', 5000, at('12'), false, { qty: 1, brand: '', stock: null, quote: null });
      await order(B, ub, 'cancelled', 3000, at('05'), false, { qty: 1, brand: '博世', stock: stockId, quote: null });
      await order(C, uc, 'confirmed', 20000, at('11', '15:00'), true, { qty: 4, brand: '博世', stock: stockId, quote: q3 });
      await order(S, us, 'completed', 7000, at('06'), true, { qty: 1, brand: '博世', stock: stockId, quote: null });
    });
    afterAll(async () => env?.close());

    it('sfeReport: the funnel per week, China days, with its totals, provinces and search kinds', async () => {
      const r = await funnel({ grain: 'week' });
      expect(r.status).toBe(200);
      const a = r.body.data;
      expect(a.rows).toEqual([
        { period: '2025-03-03', searches: 19, enquiries: 1, quoted: 1, quotes: 1, orders: 3, quote_orders: 1, paid: 2 },
        { period: '2025-03-10', searches: 5, enquiries: 2, quoted: 1, quotes: 2, orders: 2, quote_orders: 1, paid: 1 },
      ]);
      expect(a.total).toEqual({ searches: 24, enquiries: 3, quoted: 2, quotes: 3, orders: 5, quote_orders: 2, paid: 3 });
      expect(a.by_province).toEqual([
        { province: '青海省', searches: 19, enquiries: 2, quoted: 1, quotes: 1, orders: 4, quote_orders: 1, paid: 2 },
        { province: '甘肃省', searches: 5, enquiries: 1, quoted: 1, quotes: 2, orders: 1, quote_orders: 1, paid: 1 },
      ]);
      expect(a.by_kind).toEqual([{ kind: 'oe', terms: 2, companies: 2 }, { kind: 'keyword', terms: 1, companies: 1 }]);
    });

    it('sfeReport: per day every day is present; per month one row; a province narrows every step', async () => {
      const days = (await funnel({ grain: 'day' })).body.data.rows;
      expect(days).toHaveLength(14);
      // sent at 00:30 China time on 03-10 counts on 03-10, not the UTC day before
      expect(days.find((d) => d.period === '2025-03-09')).toMatchObject({ enquiries: 0 });
      expect(days.find((d) => d.period === '2025-03-10')).toMatchObject({ searches: 5, enquiries: 1, quotes: 0 });
      const month = (await funnel({ grain: 'month' })).body.data;
      expect(month.rows).toEqual([{ period: '2025-03', searches: 24, enquiries: 3, quoted: 2, quotes: 3, orders: 5, quote_orders: 2, paid: 3 }]);
      const gansu = (await funnel({ province: '甘肃省' })).body.data;
      expect(gansu.total).toEqual({ searches: 5, enquiries: 1, quoted: 1, quotes: 2, orders: 1, quote_orders: 1, paid: 1 });
      expect(gansu.by_kind).toEqual([{ kind: 'oe', terms: 1, companies: 1 }]);
    });

    it('weipei: repair shops by city with orders, amount in fen, active and repeat buyers, top part groups and brands', async () => {
      const r = await shops({ province: '青海省' });
      expect(r.status).toBe(200);
      const a = r.body.data;
      // the seller S, the 4S店 and the Vietnamese company are no repair shops; B's only order was cancelled
      expect(a.rows).toEqual([
        { province: '青海省', city: '西宁市', buyers: 1, active: 1, orders: 2, amount_fen: 15000, repeat_buyers: 1 },
        { province: '青海省', city: '海东市', buyers: 1, active: 0, orders: 0, amount_fen: 0, repeat_buyers: 0 },
      ]);
      expect(a.total).toEqual({ buyers: 2, active: 1, orders: 2, amount_fen: 15000, repeat_buyers: 1 });
      expect(a.top_groups).toEqual([{ name: term, orders: 1, qty: 2, amount_fen: 10000 }, { name: '未分类', orders: 1, qty: 1, amount_fen: 5000 }]);
      expect(a.top_brands).toEqual([{ name: '博世', orders: 1, qty: 2, amount_fen: 10000 }, { name: '未填写', orders: 1, qty: 1, amount_fen: 5000 }]);
      const all = (await shops({})).body.data;
      expect(all.rows.find((x) => x.city === '兰州市')).toEqual({ province: '甘肃省', city: '兰州市', buyers: 1, active: 1, orders: 1, amount_fen: 20000, repeat_buyers: 0 });
      expect(all.top_brands[0]).toEqual({ name: '博世', orders: 2, qty: 6, amount_fen: 30000 });
      // a range before the shops were registered counts none of them
      const before = (await shops({ date_from: '2024-12-01', date_to: '2024-12-31', province: '青海省' })).body.data;
      expect(before.rows).toEqual([]);
    });

    it('refuses a reversed or too long range, a bad grain or province, naming the field, and changes nothing', async () => {
      const reversed = await funnel({ date_from: '2025-03-16', date_to: '2025-03-03' });
      expect(reversed.body).toMatchObject({ code: 422, field: 'date_to', client_msg: msg.invalidPayload('date_to', opCatalogueText.rangeReversed) });
      const long = await shops({ date_from: '2024-01-01', date_to: '2025-01-01' });
      expect(long.body).toMatchObject({ code: 422, field: 'date_to', client_msg: msg.invalidPayload('date_to', opCatalogueText.rangeTooLong) });
      const province = await shops({ province: '火星省' });
      expect(province.body).toMatchObject({ code: 422, field: 'province' });
      expect(province.body.client_msg).toContain('省份应为中国的省级行政区全称');
      const grain = await funnel({ grain: 'year' as never });
      expect(grain.body).toMatchObject({ code: 422, field: 'grain' });
      expect(grain.body.client_msg).toContain('统计周期只能是按日、按周或按月');
      const missing = await env.api('opReportFunnel', { date_to: '2025-03-03' } as never, { token: op });
      expect(missing.body).toMatchObject({ code: 422, field: 'date_from' });
    });

    it('D01-01 is needed for both reports and their exports', async () => {
      const clerk = await operatorWith(env, `mkt_clerk_${backend}`, ['D02']);
      expect((await funnel({}, clerk)).status).toBe(403);
      expect((await shops({}, clerk)).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opReportFunnel?date_from=2025-03-03&date_to=2025-03-16', { token: clerk })).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opReportRepairShops?date_from=2025-03-03&date_to=2025-03-16', { token: clerk })).status).toBe(403);
      const reporter = await operatorWith(env, `mkt_reporter_${backend}`, ['D01-01']);
      expect((await shops({}, reporter)).status).toBe(200);
    });

    it('exports the same figures as workbooks with Chinese headers, rates and yuan', async () => {
      const load = async (path: string) => {
        const file = await env.raw('GET', path, { token: op });
        expect(file.status).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
        return book;
      };
      const f = await load('/api/operation/export/opReportFunnel?date_from=2025-03-03&date_to=2025-03-16&grain=week');
      const sheet = f.getWorksheet('按周期')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['周期', '搜索', '询价', '获得报价', '下单', '支付/完成', '报价条数', '报价下单', '询价率', '报价率', '下单率', '支付率']);
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['2025-03-03', 19, 1, 1, 3, 2, 1, 1, '5.3%', '100%', '15.8%', '66.7%']);
      expect(sheet.getRow(4).getCell(1).value).toBe('合计');
      expect(f.getWorksheet('按买家省份')!.getRow(2).getCell(1).value).toBe('青海省');
      expect(f.getWorksheet('按搜索类型')!.getRow(2).getCell(1).value).toBe('OE号');
      const w = await load('/api/operation/export/opReportRepairShops?date_from=2025-03-03&date_to=2025-03-16&province=%E9%9D%92%E6%B5%B7%E7%9C%81');
      const region = w.getWorksheet('按地区')!;
      expect((region.getRow(2).values as unknown[]).slice(1)).toEqual(['青海省', '西宁市', 1, 1, 2, 150, 1, '100%']);
      expect((region.getRow(4).values as unknown[]).slice(1)).toEqual(['合计', '', 2, 1, 2, 150, 1, '100%']);
    });
  });
});
