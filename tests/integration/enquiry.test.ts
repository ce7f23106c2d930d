/**
 * Enquiries and quotes on both backends: a buyer asks two sellers about three lines,
 * each seller sees only what was sent to it and only its own quotes, a quote pressed twice is
 * stored once, the buyer's badge counts new quotes, and every bad input or closed state is refused
 * with a Chinese message, changing nothing.
 */
import { formatMoney } from '../../src/shared/domain/currency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { enquiryText } from '../../src/shared/domain/enquiry';
import { enquiryServiceText } from '../../src/server/modules/enquiry/enquiry.service';
import { chatQuotePriceText, quotePriceWireText, type BizContent, type EndpointName, type ImMessage, type PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type ApiOptions, type TestEnv } from './harness';

/** the card a message carries (undefined for a text or an image) */
const cardOf = (content: ImMessage['content'] | undefined): BizContent | undefined => (content && 'SceneCode' in content ? content : undefined);

describe.each(backends)('enquiries and quotes on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let other: number;
    let third: number;
    beforeAll(async () => {
      // tokens outlive the expiry test's 8 days
      env = await createTestEnv(backend, { stockRows: 50, accessTtlSeconds: 30 * 86400 });
      const db = env.database.db;
      const sellers = (await sql<{ id: number }>`select id from company where is_seller and id > 5 order by id limit 2`.execute(db)).rows.map((r) => r.id);
      [other, third] = sellers;
      for (const u of ['buyer', 'seller', 'member', `seller${other}`, `seller${third}`]) t[u] = (await env.login(u)).access_token;
    });
    afterAll(async () => env?.close());

    const api = <N extends EndpointName>(name: N, user: string, payload: PayloadIn<N>, o: ApiOptions = {}) => env.api(name, payload, { ...o, token: t[user] });
    const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(env.database.db)).rows[0].n;
    const lines: PayloadIn<'enquiryAdd'>['lines'] = [
      { oe: '7L0-698-151 A', name: '前刹车片', qty: 2, quality: '原厂件' },
      { oe: '06H115562', name: '机油滤清器', qty: '4', quality: '品牌件' },
      { oe: '', name: '左前大灯总成', qty: 1, quality: '不限' },
    ];
    const add = (body: Partial<PayloadIn<'enquiryAdd'>> = {}, user = 'buyer') => api('enquiryAdd', user, { lines, seller_ids: [2, other], note: '急用', ...body });

    it('the buyer asks two sellers about three lines; each seller sees it, a third does not', async () => {
      const r = await add();
      expect(r.status).toBe(200);
      const e = r.body.data;
      expect(e).toMatchObject({ state: 'open', state_text: '待报价', line_count: 3, quote_count: 0, note: '急用', first_line: '7L0-698-151 A 前刹车片' });
      expect(e.enquiry_no).toMatch(/^XJ\d{16}$/);
      expect(e.lines.map((l) => [l.oe_norm, l.qty])).toEqual([['7L0698151A', 2], ['06H115562', 4], ['', 1]]);
      expect(e.actions).toEqual(['update', 'end', 'cancel']);
      const center = await api('quoteCenter', 'seller', {});
      expect(center.body.data.data.map((x) => x.id)).toContain(e.id);
      expect((await api('quoteEnquiry', `seller${other}`, {}, { id: e.id })).body.data.lines).toHaveLength(3);
      expect((await api('quoteEnquiry', `seller${third}`, {}, { id: e.id })).status).toBe(404);
      expect((await api('quoteCenter', `seller${third}`, {})).body.data.data.map((x) => x.id)).not.toContain(e.id);
      // another company's buyer cannot read it
      expect((await api('enquiryDetail', 'seller', {}, { id: e.id })).status).toBe(403);
      expect((await api('enquiryList', 'buyer', {})).body.data.data[0]).toMatchObject({ id: e.id, state_text: '待报价' });
      // photos of the buyer's own uploads travel with it and sellers see them
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const img = (await api('fileUpload', 'buyer', { base64_data: png, file_name: 'p.png' })).body.data.file_path;
      const withImg = (await add({ img_infos: [img, img] })).body.data;
      expect(withImg.img_infos).toEqual([img]);
      expect((await api('quoteEnquiry', 'seller', {}, { id: withImg.id })).body.data.img_infos).toEqual([img]);
    });

    it('refuses 0 lines, 51 lines, a short OE, its own company and an unknown seller, creating nothing', async () => {
      const before = await count('enquiry');
      expect((await add({ lines: [] })).body).toMatchObject({ code: 422, field: 'lines', client_msg: enquiryText.noLines });
      expect((await add({ lines: Array.from({ length: 51 }, () => lines[0]) })).body).toMatchObject({ code: 422, client_msg: '一次最多询价50行' });
      expect((await add({ lines: [lines[0], { ...lines[1], oe: '12-3' }] })).body).toMatchObject({ code: 422, field: 'lines.1.oe', client_msg: '第2行：OE号至少5个字符' });
      expect((await add({ lines: [{ ...lines[0], qty: 0 }] })).body).toMatchObject({ code: 422, field: 'lines.0.qty', client_msg: `第1行：${enquiryText.qty}` });
      expect((await add({ seller_ids: [3] })).body).toMatchObject({ code: 422, field: 'seller_ids', client_msg: enquiryServiceText.ownCompany });
      expect((await add({ seller_ids: [4] })).body).toMatchObject({ code: 422, field: 'seller_ids', client_msg: enquiryServiceText.unknownSeller });
      expect((await add({ seller_ids: [] })).body).toMatchObject({ code: 422, field: 'seller_ids' });
      expect((await add({ img_infos: ['/api/uploads/0123456789abcdef0123456789abcdef.png'] })).body).toMatchObject({ code: 422, field: 'img_infos.0', client_msg: enquiryServiceText.imageNotOurs });
      expect(await count('enquiry')).toBe(before);
    });

    it('sellers quote a price or 无货; a double press stores one quote; the buyer sees all, each seller only its own', async () => {
      const e = (await add()).body.data;
      const [l1, l2, l3] = e.lines.map((l) => l.id);
      const quote = (user: string, body: Omit<PayloadIn<'quoteSubmit'>, 'enquiry_id'>, key?: string) =>
        api('quoteSubmit', user, { enquiry_id: e.id, ...body }, { idempotencyKey: key });
      const key = `quote-press-${e.id}-0001`;
      const first = await quote('seller', { line_id: l1, price: 12050, brand: '博世', quality: '品牌件', qty: 10, delivery_days: 1, valid_days: 3 }, key);
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ code: 200 });
      expect(first.body.data).toMatchObject({ price_fen: 12050, brand: '博世', fate: 'active', seller_company_id: 2 });
      const again = await quote('seller', { line_id: l1, price: 12050, brand: '博世', quality: '品牌件', qty: 10, delivery_days: 1, valid_days: 3 }, key);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await quote('seller', { line_id: l3, no_stock: true })).body.data.price_fen).toBe(-1);
      expect((await quote(`seller${other}`, { line_id: l1, price: 9900 })).body.data.price_fen).toBe(9900);
      expect((await quote(`seller${other}`, { line_id: l2, price: 4500 })).status).toBe(200);
      // re-quoting a line replaces the seller's answer
      expect((await quote('seller', { line_id: l1, price: 11800 })).body.data.price_fen).toBe(11800);

      expect((await api('enquiryQuoteCount', 'buyer', {})).body.data.count).toBeGreaterThanOrEqual(4);
      const seen = await api('enquiryDetail', 'buyer', {}, { id: e.id });
      expect(seen.body.data).toMatchObject({ quote_count: 4, state_text: '已报价 4', actions: ['end', 'cancel'] });
      const line1 = seen.body.data.quotes.filter((q) => q.line_id === l1).map((q) => q.price_fen);
      expect(line1).toEqual([9900, 11800]);
      expect((await api('enquiryQuoteCount', 'buyer', {})).body.data.count).toBe(0);
      const mine = await api('quoteEnquiry', `seller${other}`, {}, { id: e.id });
      expect(mine.body.data.quotes.every((q) => q.seller_company_id === other)).toBe(true);
      expect(mine.body.data.quotes).toHaveLength(2);
      // a quoted enquiry can no longer be edited
      expect(seen.body.data.actions).not.toContain('update');
      // 我的报价: the seller's own quotes with their fate, none of another seller's
      const myQuotes = (await api('quoteMine', `seller${other}`, {})).body.data;
      expect(myQuotes.data.every((q) => q.seller_company_id === other)).toBe(true);
      expect(myQuotes.data.filter((q) => q.enquiry_id === e.id).map((q) => [q.price_fen, q.fate]))
        .toEqual(expect.arrayContaining([[9900, 'active'], [4500, 'active']]));
      // the OE's quote history is the company's own; its stock pre-fills a quote
      const history = (await api('getIMQuoteHisgoryByOe', `seller${other}`, { oe: '7L0-698-151 A' })).body.data;
      expect(history[0]).toMatchObject({ company_name: '上海申通汽车维修服务有限公司', quality_name: '原厂件', price: 9900 });
      expect((await api('getIMQuoteHisgoryByOe', 'seller', { oe: '7L0698151A' })).body.data[0].price).toBe(11800);
      expect((await api('getIMQuoteHisgoryByOe', 'seller', { oe: '12' })).body).toMatchObject({ code: 422, field: 'oe' });
      const stocked = (await sql<{ oe_norm: string; quantity: number }>`select oe_norm, quantity from stock where company_id = 2 and state = 'on' order by quantity desc, id limit 1`.execute(env.database.db)).rows[0];
      expect((await api('getMyProductByOe', 'seller', { oe: stocked.oe_norm })).body.data).toMatchObject({ qty: stocked.quantity });
      expect((await api('getMyProductByOe', 'seller', { oe: 'ZZZZZZZZ99' })).body.data).toBeNull();
      await api('enquiryEnd', 'buyer', { id: e.id });
      const after = (await api('quoteMine', `seller${other}`, {})).body.data.data.filter((q) => q.enquiry_id === e.id);
      expect(after.map((q) => q.fate)).toEqual(['lost', 'lost']);
    });

    it('getIMQuoteHisgoryById: every answer on an enquiry with what it replaced; the buyer sees all sellers, a seller only its own', async () => {
      const e = (await add()).body.data;
      const [l1, l2] = e.lines.map((l) => l.id);
      const quote = (user: string, body: Omit<PayloadIn<'quoteSubmit'>, 'enquiry_id'>) => api('quoteSubmit', user, { enquiry_id: e.id, ...body });
      await quote('seller', { line_id: l1, price: 13000, brand: '博世', quality: '品牌件' });
      await quote('seller', { line_id: l1, price: 12550, brand: '菲罗多', quality: '品牌件' });
      await quote(`seller${other}`, { line_id: l1, price: 12800, quality: '原厂件' });
      await quote(`seller${other}`, { line_id: l2, no_stock: true });
      const buyer = await api('getIMQuoteHisgoryById', 'buyer', {}, { id: e.id });
      expect(buyer.status, JSON.stringify(buyer.body)).toBe(200);
      const rows = buyer.body.data;
      expect(rows).toHaveLength(4);
      const seller2 = rows.filter((r) => r.company_name !== rows.find((x) => x.price === 12800)!.company_name && r.line_no === 1);
      // the seller's first answer replaced the line's wanted quality; its second, its own first answer
      expect(seller2.map((r) => [r.brand_name, r.brand_name_new, r.quality_name, r.quality_name_new, r.price]))
        .toEqual([['', '博世', '原厂件', '品牌件', 13000], ['博世', '菲罗多', '品牌件', '品牌件', 12550]]);
      expect(rows.find((r) => r.line_no === 2)).toMatchObject({ price: -1, line_text: '06H115562 机油滤清器' });
      // each seller sees only its own answers; a seller it was not sent to and an unknown id see nothing
      const own = (await api('getIMQuoteHisgoryById', `seller${other}`, {}, { id: e.id })).body.data;
      expect(own.map((r) => r.price)).toEqual([12800, -1]);
      expect((await api('getIMQuoteHisgoryById', `seller${third}`, {}, { id: e.id })).status).toBe(404);
      expect((await api('getIMQuoteHisgoryById', 'buyer', {}, { id: 99999999 })).status).toBe(404);
      // a buyer of another company sees nothing
      expect((await api('getIMQuoteHisgoryById', 'member', {}, { id: e.id })).status).toBe(404);
    });

    it('修改: a draft or an unanswered enquiry changes its lines and sellers in place; once quoted it is refused and nothing changes', async () => {
      const draft = (await add({ send: false })).body.data;
      const update = (id: number, body: Partial<PayloadIn<'enquiryUpdate'>>, user = 'buyer') =>
        api('enquiryUpdate', user, { id, lines, seller_ids: [2, other], note: '急用', ...body });
      const edited = await update(draft.id, { lines: [{ oe: '7L0698151A', name: '前刹车片', qty: 6, quality: '原厂件' }], note: '周五前要', seller_ids: [other] });
      expect(edited.body, JSON.stringify(edited.body)).toMatchObject({ code: 200, data: { state: 'draft', line_count: 1, note: '周五前要' } });
      expect(edited.body.data.lines[0]).toMatchObject({ id: draft.lines[0].id, qty: 6 });
      expect(edited.body.data.recipients.map((r) => r.id)).toEqual([other]);

      // an open enquiry nobody answered: a changed line keeps its id and the seller added now can see it
      const open = (await add({ seller_ids: [2] })).body.data;
      const moved = (await update(open.id, { lines: [lines[0], { ...lines[1], qty: 8 }], seller_ids: [2, other] })).body.data;
      expect(moved.lines.map((l) => [l.id, l.qty])).toEqual([[open.lines[0].id, 2], [open.lines[1].id, 8]]);
      expect((await api('quoteEnquiry', `seller${other}`, {}, { id: open.id })).status).toBe(200);

      // bad input names the field and changes nothing; another company's enquiry is refused
      expect((await update(open.id, { lines: [{ ...lines[0], oe: '12' }] })).body).toMatchObject({ code: 422, field: 'lines.0.oe' });
      expect((await update(open.id, { seller_ids: [], zone: false })).body).toMatchObject({ code: 422, field: 'seller_ids', client_msg: enquiryServiceText.chooseSellers });
      expect((await update(open.id, { seller_ids: [other] }, 'seller')).status).toBe(403);
      expect((await api('enquiryDetail', 'buyer', {}, { id: open.id })).body.data.lines).toHaveLength(2);

      // once a seller quoted: 已有卖家报价，无法修改, nothing changed
      await api('quoteSubmit', 'seller', { enquiry_id: open.id, line_id: open.lines[0].id, price: 1000 });
      const refused = await update(open.id, { note: '改了' });
      expect(refused.body).toMatchObject({ code: 409, client_msg: enquiryText.quotedNoEdit });
      expect((await api('enquiryDetail', 'buyer', {}, { id: open.id })).body.data.note).toBe('急用');
    });

    it('refuses an empty or negative price, a foreign line, its own enquiry, a registered member and closed enquiries', async () => {
      const quotesBefore = await count('quote');
      const e = (await add()).body.data;
      const l1 = e.lines[0].id;
      const quote = (user: string, body: Partial<PayloadIn<'quoteSubmit'>>) => api('quoteSubmit', user, { enquiry_id: e.id, line_id: l1, ...body });
      expect((await quote('seller', { price: null })).body).toMatchObject({ code: 422, field: 'price', client_msg: enquiryText.enterQuote });
      expect((await quote('seller', { price: -3 })).body).toMatchObject({ code: 422, field: 'price', client_msg: quotePriceWireText });
      // yuan text is no longer taken: the wire carries whole fen (docs/api.md, "Money")
      expect((await quote('seller', { price: '120.5' as never })).body).toMatchObject({ code: 422, field: 'price', client_msg: quotePriceWireText });
      expect((await quote('seller', { price: 120.5 })).body).toMatchObject({ code: 422, field: 'price', client_msg: quotePriceWireText });
      expect((await quote('seller', { price: 1_000_000_000 })).body).toMatchObject({ code: 422, field: 'price', client_msg: enquiryText.priceTooHigh });
      expect((await quote('seller', { price: 'abc' as never })).body.client_msg).toBe(quotePriceWireText);
      expect((await quote('seller', { price: 100, line_id: 999999 })).body).toMatchObject({ code: 422, field: 'line_id' });
      // a seller's own enquiry
      const own = (await add({ seller_ids: [other] }, 'seller')).body.data;
      expect((await api('quoteSubmit', 'seller', { enquiry_id: own.id, line_id: own.lines[0].id, price: 100 })).body)
        .toMatchObject({ code: 422, client_msg: enquiryText.ownEnquiry });
      // a registered (free) seller company cannot quote
      const db = env.database.db;
      const level = (await sql<{ level_id: number }>`select level_id from company where id = ${other}`.execute(db)).rows[0].level_id;
      await sql`update company set level_id = (select id from company_level where level_type = 'free' order by id limit 1) where id = ${other}`.execute(db);
      const free = await quote(`seller${other}`, { price: 100 });
      expect(free.status).toBe(403);
      expect(free.body.client_msg).toBe('注册会员无法报价和查看联系方式，请联系客服升级为正式会员');
      await sql`update company set level_id = ${level} where id = ${other}`.execute(db);
      // a buyer without the quote codes
      expect((await quote('buyer', { price: 100 })).status).toBe(403);
      expect(await count('quote')).toBe(quotesBefore);

      // ended: no more quotes; anew opens it again; past its expiry: 已过期
      expect((await api('enquiryEnd', 'buyer', { id: e.id })).body.data).toMatchObject({ state: 'ended', actions: ['anew'] });
      const closed = await quote('seller', { price: 100 });
      expect(closed.status).toBe(409);
      expect(closed.body.client_msg).toBe('询价单已结束，不能再报价');
      expect((await api('enquiryEnd', 'buyer', { id: e.id })).status).toBe(409);
      expect((await api('enquiryAnew', 'buyer', { id: e.id })).body.data.state).toBe('open');
      env.clock.advance(8 * 86400);
      const late = await quote('seller', { price: 100 });
      expect(late.body.client_msg).toBe('询价单已过期，不能再报价');
      env.clock.advance(-8 * 86400);
      expect(await count('quote')).toBe(quotesBefore);
    });

    it('the buyer accepts quotes into the cart as 临时产品 and checks them out at the quoted price; refusals change nothing', async () => {
      const db = env.database.db;
      const e = (await add()).body.data;
      const [l1, l2, l3] = e.lines.map((l) => l.id);
      const quote = async (user: string, body: Omit<PayloadIn<'quoteSubmit'>, 'enquiry_id'>) => {
        const r = await api('quoteSubmit', user, { enquiry_id: e.id, ...body });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.data.id;
      };
      const sellerL1 = await quote('seller', { line_id: l1, price: 11800, brand: '博世', quality: '品牌件', qty: 1 });
      const otherL1 = await quote(`seller${other}`, { line_id: l1, price: 9900, quality: '原厂件' });
      const otherL2 = await quote(`seller${other}`, { line_id: l2, price: 4500, qty: 10, valid_days: 1 });
      const noStock = await quote('seller', { line_id: l3, no_stock: true });
      const accept = (ids: number[], user = 'buyer') => api('quoteAccept', user, { quote_ids: ids });
      const cartOf = async () => (await api('cartList', 'buyer', { type_code: '临时产品' })).body.data;
      const inCart = async () => (await sql<{ n: number }>`select count(*)::int as n from cart_item where quote_id is not null`.execute(db)).rows[0].n;
      const before = await inCart();

      // refused, nothing added: 无货, another company's enquiry, an unknown quote, an empty choice
      expect((await accept([otherL1, noStock])).body).toMatchObject({ code: 409, client_msg: enquiryText.noStockNotAcceptable });
      expect((await accept([otherL1], `seller${third}`)).body).toMatchObject({ code: 403 });
      expect((await accept([otherL1, 2147483647])).status).toBe(404);
      expect((await accept([])).body).toMatchObject({ code: 422, field: 'quote_ids', client_msg: '请选择要采纳的报价' });
      expect((await api('cartAdd', 'buyer', { stock_id: 1, type_code: '临时产品' })).body).toMatchObject({ code: 422, field: 'type_code' });
      expect(await inCart()).toBe(before);

      // the cheapest of each line, and seller 2's dearer one too; twice is once
      expect((await accept([otherL1, otherL2, sellerL1])).body.data).toEqual({ added: 3, already: 0 });
      expect((await accept([otherL1])).body.data).toEqual({ added: 0, already: 1 });
      const cart = await cartOf();
      const items = cart.groups.flatMap((g) => g.items);
      expect(items.map((i) => [i.quoteId, i.price, i.qty, i.priceColumn, i.typeCode, i.stockId, i.enquiryNo])).toEqual(expect.arrayContaining([
        [otherL1, 9900, 2, 'quote', '临时产品', null, e.enquiry_no],
        [otherL2, 4500, 4, 'quote', '临时产品', null, e.enquiry_no],
        // the line asked for 2, the quote offers 1
        [sellerL1, 11800, 1, 'quote', '临时产品', null, e.enquiry_no],
      ]));
      expect(cart.groups).toHaveLength(2);
      // the stock cart is another cart
      const stockCart = (await api('cartList', 'buyer', {})).body.data;
      expect(stockCart.groups.flatMap((g) => g.items).some((i) => i.quoteId !== null)).toBe(false);

      // an accepted quote is fixed; its line keeps the quote's limits and has no tax choice
      expect((await api('quoteSubmit', `seller${other}`, { enquiry_id: e.id, line_id: l1, price: 15000 })).body)
        .toMatchObject({ code: 409, client_msg: enquiryServiceText.quoteAccepted });
      const lineOf = (quoteId: number) => items.find((i) => i.quoteId === quoteId)!.id;
      expect((await api('cartUpdateQty', 'buyer', { id: lineOf(sellerL1), qty: 2 })).body).toMatchObject({ code: 422, field: 'qty', client_msg: '超过卖家报价的可供数量：最多1件' });
      expect((await api('cartUpdateQty', 'buyer', { id: lineOf(otherL2), qty: 6 })).body.data).toEqual({ id: lineOf(otherL2), qty: 6 });
      expect((await api('cartUpdateTax', 'buyer', { id: lineOf(otherL1), is_include_tax: true })).body).toMatchObject({ code: 422, field: 'is_include_tax' });

      // taken out of the cart before ordering: no longer accepted, the seller may quote again
      expect((await api('cartRemove', 'buyer', { ids: [lineOf(sellerL1)] })).status).toBe(200);
      expect((await api('quoteSubmit', 'seller', { enquiry_id: e.id, line_id: l1, price: 11000, qty: 1 })).status).toBe(200);

      // past the quote's validity the line cannot be bought
      env.clock.advance(4 * 86400);
      const late = await cartOf();
      const lateL2 = late.groups.flatMap((g) => g.items).find((i) => i.quoteId === otherL2);
      expect(lateL2).toMatchObject({ productSource: 2, unavailableReason: '报价已过期' });
      expect((await accept([sellerL1])).body).toMatchObject({ code: 409, client_msg: enquiryText.quoteExpired });
      const total = 9900 * 2 + 4500 * 6;
      const submit = (ids: number[], expected: number) => api('cartSubmit', 'buyer', { cart_ids: ids, expected_total_fen: expected, type_code: '临时产品', contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' }, { headers: { 'Idempotency-Key': `quote-order-${e.id}-${env.clock.now().getTime()}` } });
      expect((await submit([lineOf(otherL1), lineOf(otherL2)], total)).status).toBe(409);
      env.clock.advance(-4 * 86400);

      // checkout: one order for the one seller, at the quoted prices, no stock row touched
      const stockBefore = (await sql<{ q: number }>`select sum(quantity)::int as q from stock`.execute(db)).rows[0].q;
      const done = await submit([lineOf(otherL1), lineOf(otherL2)], total);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data.orders).toHaveLength(1);
      expect(done.body.data.orders[0]).toMatchObject({ seller_company_id: other, total_fen: total, line_count: 2 });
      const order = (await api('orderRetrieve', `seller${other}`, { order_no: done.body.data.orders[0].order_no })).body.data;
      expect(order.lines.map((l) => [l.unit_price_fen, l.qty, l.price_column, l.stock_id]))
        .toEqual(expect.arrayContaining([[9900, 2, 'quote', null], [4500, 6, 'quote', null]]));
      expect((await sql<{ q: number }>`select sum(quantity)::int as q from stock`.execute(db)).rows[0].q).toBe(stockBefore);
      expect((await cartOf()).groups).toHaveLength(0);
      const fates = (await api('quoteMine', `seller${other}`, {})).body.data.data.filter((q) => q.enquiry_id === e.id);
      expect(fates.map((q) => q.fate)).toEqual(['accepted', 'accepted']);
    });

    it('posts an inquiry card per line to each seller asked and a quote card to the buyer, once each', async () => {
      const since = env.clock.now().getTime();
      const cards = async (user: string, enquiryId: number, scene: string) =>
        (await api('imSync', user, { since })).body.data.messages
          .flatMap((m) => { const card = cardOf(m.content); return m.messageType === 'QPH:BizMsg' && card?.SceneCode === scene && card.LinkData.QHId === enquiryId ? [{ ...m, content: card }] : []; });
      const draft = (await add({ send: false })).body.data;
      expect(await cards('seller', draft.id, 'weChat-001')).toHaveLength(0);
      const sent = (await api('enquirySend', 'buyer', { id: draft.id })).body.data;
      const inquiries = await cards('seller', sent.id, 'weChat-001');
      expect(inquiries).toHaveLength(3);
      expect(inquiries[0].content.BusinessInfo).toMatchObject({ 产品名称: '前刹车片', 产品编码: '7L0-698-151 A', 产品数量: '2', 产品品质: '原厂件', 单号: sent.enquiry_no });
      expect(await cards(`seller${other}`, sent.id, 'weChat-001')).toHaveLength(3);
      expect(await cards(`seller${third}`, sent.id, 'weChat-001')).toHaveLength(0);
      // the buyer sees its own cards in the same conversations
      const own = await cards('buyer', sent.id, 'weChat-001');
      expect(own).toHaveLength(6);

      const l1 = sent.lines[0].id;
      expect((await api('quoteSubmit', 'seller', { enquiry_id: sent.id, line_id: l1, price: 8880, brand: '博世', quality: '品牌件', qty: 2 })).status).toBe(200);
      expect((await api('quoteSubmit', `seller${other}`, { enquiry_id: sent.id, line_id: l1, no_stock: true })).status).toBe(200);
      const quotes = await cards('buyer', sent.id, 'weChat-002');
      expect(quotes.map((q) => [q.content.BusinessInfo.产品报价, q.content.BusinessInfo.产品数量])).toEqual(expect.arrayContaining([['88.80', '2'], ['暂无报价', '无货']]));
      expect(quotes.every((q) => q.content.LinkData.quoteId! > 0 && q.content.LinkData.lineId === l1)).toBe(true);
      // a client cannot post a card itself
      // (a card is no message type the contract lets a client send: sent raw)
      const forged = await env.callRaw('POST', '/api/im/messages', { token: t.buyer, body: { client_msg_id: 'forged-card-0001', targetId: own[0].targetId, messageType: 'QPH:BizMsg', content: inquiries[0].content } });
      expect(forged.status).toBe(422);
    });

    it('a VND quote is converted once at the rate of its moment: the buyer pays that even after the rate changes', async () => {
      const db = env.database.db;
      const e = (await add()).body.data;
      const l1 = e.lines[0].id;
      const bad = await api('quoteSubmit', `seller${other}`, { enquiry_id: e.id, line_id: l1, price: 0, currency: 'VND' });
      expect(bad.body).toMatchObject({ code: 422, field: 'price', client_msg: enquiryText.badDong });
      await sql`update exchange_rate set rate_value = 3618.5 where to_curr_code = 'VND'`.execute(db);
      const r = await api('quoteSubmit', `seller${other}`, { enquiry_id: e.id, line_id: l1, price: 362000, currency: 'VND', qty: 2 });
      expect(r.body.data).toMatchObject({ currency: 'VND', quoted_amount: 362000, rate: 3618.5, price_fen: 10004 });
      // the rate moves; what was quoted does not
      await sql`update exchange_rate set rate_value = 4000 where to_curr_code = 'VND'`.execute(db);
      expect((await api('enquiryDetail', 'buyer', {}, { id: e.id })).body.data.quotes[0]).toMatchObject({ price_fen: 10004, quoted_amount: 362000, rate: 3618.5 });
      expect((await api('quoteAccept', 'buyer', { quote_ids: [r.body.data.id] })).status).toBe(200);
      const cart = (await api('cartList', 'buyer', { type_code: '临时产品' })).body.data;
      const line = cart.groups.flatMap((g) => g.items).find((i) => i.quoteId === r.body.data.id)!;
      expect(line).toMatchObject({ price: 10004, amount: 20008 });
      await api('cartRemove', 'buyer', { ids: [line.id] });
      // without a rate nobody can quote in dong
      await sql`delete from exchange_rate where to_curr_code = 'VND'`.execute(db);
      expect((await api('quoteSubmit', 'seller', { enquiry_id: e.id, line_id: l1, price: 362000, currency: 'VND' })).body)
        .toMatchObject({ code: 422, field: 'currency', client_msg: enquiryText.noRate });
      await sql`insert into exchange_rate (to_curr_code, to_curr_txt, rate_value) values ('VND', '越南盾', 3618.5)`.execute(db);
    });

    it('发送订单链接: a seller sends its own stock row on sale as a product card priced for the buyer; nothing else', async () => {
      const db = env.database.db;
      const buyerUuid = (await sql<{ uuid: string }>`select uuid from app_user where company_id = 3 order by is_owner desc, id limit 1`.execute(db)).rows[0].uuid;
      const [row, bare, foreign] = (await sql<{ id: number; price0: number | null }>`
        (select id, price0 from stock where company_id = 2 and state = 'on' and price0 > 0 order by id limit 2)
        union all (select id, price0 from stock where company_id = ${other} order by id limit 1)`.execute(db)).rows;
      const push = (user: string, body: Omit<PayloadIn<'pushProductMsg'>, 'to_uuid'> & { to_uuid?: string }) => api('pushProductMsg', user, { to_uuid: buyerUuid, ...body });
      const sent = await push('seller', { stock_id: row.id, product_qty: 2 });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ messageType: 'QPH:BizMsg', content: { SceneCode: 'product', LinkData: { stockId: row.id } } });
      // the buyer's company is a formal member: charged the wholesale price
      expect(cardOf(sent.body.data.content)?.BusinessInfo.产品报价).toBe((row.price0! / 100).toFixed(2));
      const seen = (await api('imSync', 'buyer', { since: 0 })).body.data.messages.filter((m) => cardOf(m.content)?.LinkData.stockId === row.id);
      expect(seen).toHaveLength(1);
      // the composer's currency switch: the dong figure at the operators' rate beside the yuan price the cart charges
      const rate = Number((await sql<{ r: string }>`select rate_value::text as r from exchange_rate where to_curr_code = 'VND'`.execute(db)).rows[0].r);
      const inDong = await push('seller', { stock_id: row.id, currency: 'VND' });
      expect(inDong.status, JSON.stringify(inDong.body)).toBe(200);
      expect(cardOf(inDong.body.data.content)?.BusinessInfo).toMatchObject({ 币种: 'VND', 越南盾报价: formatMoney(row.price0!, 'VND', rate), 产品报价: (row.price0! / 100).toFixed(2) });
      expect((await env.callRaw('POST', '/api/im/product', { token: t.seller, body: { to_uuid: buyerUuid, stock_id: row.id, currency: 'USD' } })).body).toMatchObject({ code: 422, field: 'currency' });
      // without M11-01 (快捷回复与换算) the switch is refused; without a rate too; nothing is sent either time
      const before = (await sql<{ n: number }>`select count(*)::int as n from im_message`.execute(db)).rows[0].n;
      await sql`update app_user set permissions = array_remove(permissions, 'M11-01') where username = 'seller'`.execute(db);
      expect((await push('seller', { stock_id: row.id, currency: 'VND' })).status).toBe(403);
      await sql`update app_user set permissions = array_append(permissions, 'M11-01') where username = 'seller'`.execute(db);
      await sql`update exchange_rate set to_curr_code = 'VNX' where to_curr_code = 'VND'`.execute(db);
      expect((await push('seller', { stock_id: row.id, currency: 'VND' })).body).toMatchObject({ code: 422, field: 'currency', client_msg: '平台尚未设置越南盾汇率，请用人民币发送' });
      await sql`update exchange_rate set to_curr_code = 'VND' where to_curr_code = 'VNX'`.execute(db);
      expect((await sql<{ n: number }>`select count(*)::int as n from im_message`.execute(db)).rows[0].n).toBe(before);
      // refused: another company's row, a row without a sales price, a row off sale, a sender without stock rights
      expect((await push('seller', { stock_id: foreign.id })).status).toBe(404);
      await sql`update stock set price99 = null, price0 = null, price1 = null, price2 = null, price3 = null where id = ${bare.id}`.execute(db);
      expect((await push('seller', { stock_id: bare.id })).body).toMatchObject({ code: 422, field: 'stock_id', client_msg: '请填写销售价格' });
      await sql`update stock set state = 'off' where id = ${row.id}`.execute(db);
      expect((await push('seller', { stock_id: row.id })).body).toMatchObject({ code: 422, client_msg: '该配件已下架，不能发送' });
      await sql`update stock set state = 'on' where id = ${row.id}`.execute(db);
      expect((await push('buyer', { stock_id: row.id, to_uuid: (await sql<{ uuid: string }>`select uuid from app_user where company_id = 2 order by is_owner desc, id limit 1`.execute(db)).rows[0].uuid })).status).toBe(403);
    });

    it('报价规则: defaults until saved; bad values refused by name; a saved rule pre-fills the price from the chosen column and markup', async () => {
      const db = env.database.db;
      expect((await api('quoteRules', 'seller', {})).body.data).toEqual({ valid_days: 3, delivery_days: 0, price_column: 'price0', markup_pct: 0, round_to: 'fen', updated_at: 0 });
      const save = (body: Record<string, unknown>, user = 'seller') => api('quoteRulesSave', user, { valid_days: 5, delivery_days: 2, price_column: 'price99', markup_pct: '12.5', round_to: 'yuan', ...body });
      expect((await save({ markup_pct: '300' })).body).toMatchObject({ code: 422, field: 'markup_pct', client_msg: '加价须为-50到200之间的数字，最多两位小数' });
      expect((await save({ markup_pct: '1.234' })).body).toMatchObject({ code: 422, field: 'markup_pct' });
      expect((await save({ price_column: 'price5' })).body).toMatchObject({ code: 422, field: 'price_column' });
      expect((await save({ valid_days: 31 })).body).toMatchObject({ code: 422, field: 'valid_days', client_msg: '报价有效天数应为1到30的整数' });
      expect((await save({}, 'buyer')).status).toBe(403);
      expect((await api('quoteRules', 'seller', {})).body.data.updated_at).toBe(0);
      const saved = await save({});
      expect(saved.body.data).toMatchObject({ valid_days: 5, delivery_days: 2, price_column: 'price99', markup_pct: 12.5, round_to: 'yuan' });
      expect(saved.body.data.updated_at).toBeGreaterThan(0);
      // another company's rules are its own
      expect((await api('quoteRules', `seller${other}`, {})).body.data.updated_at).toBe(0);
      const s = (await sql<{ oe_norm: string; price99: number }>`select oe_norm, price99 from stock where company_id = 2 and state = 'on' and price99 > 0 order by quantity desc, id limit 1`.execute(db)).rows[0];
      const p = (await api('getMyProductByOe', 'seller', { oe: s.oe_norm })).body.data!;
      const top = (await sql<{ price99: number | null }>`select price99 from stock where id = ${p.stock_id}`.execute(db)).rows[0].price99!;
      expect(p.suggested_fen).toBe(Math.round((top * 1.125) / 100) * 100);
      await sql`delete from quote_rule where company_id = 2`.execute(db);
    });

    it('an enquiry can go to the zone of its make; the quote center filters by make and by OE or name', async () => {
      const db = env.database.db;
      const make = (await sql<{ id: number }>`select id from make order by id limit 1`.execute(db)).rows[0].id;
      expect((await add({ seller_ids: [], zone: true })).body).toMatchObject({ code: 422, field: 'make_id', client_msg: '发到报价专区需要选择车型品牌' });
      const zoned = (await add({ seller_ids: [], zone: true, make_id: make, lines: [{ oe: 'ZONE-12345', name: '专区测试件', qty: 1, quality: '不限' }] })).body.data;
      expect(zoned).toMatchObject({ zone: true, state: 'open' });
      await sql`update company set main_make_ids = ${[make]}::int[] where id = ${third}`.execute(db);
      const zone = (await api('quoteCenter', `seller${third}`, { scope: 'zone' })).body.data;
      expect(zone.data.map((e) => e.id)).toContain(zoned.id);
      await sql`update company set main_make_ids = '{}' where id = ${third}`.execute(db);
      // the directed center, filtered
      const e = (await add({ make_id: make })).body.data;
      const ids = async (q: PayloadIn<'quoteCenter'>) => (await api('quoteCenter', 'seller', q)).body.data.data.map((x) => x.id);
      expect(await ids({ keyword: '7L0698151' })).toContain(e.id);
      expect(await ids({ keyword: '机油滤清' })).toContain(e.id);
      expect(await ids({ keyword: '没有这个配件' })).not.toContain(e.id);
      expect(await ids({ make_id: make })).toContain(e.id);
      const otherMake = (await sql<{ id: number }>`select id from make where id <> ${make} order by id limit 1`.execute(db)).rows[0].id;
      expect(await ids({ make_id: otherMake })).not.toContain(e.id);
    });

    it('sendIMQuoteMsg: a seller quotes in chat with no enquiry; the buyer finds it in 我的询价 and can accept it', async () => {
      const db = env.database.db;
      const buyerUuid = (await sql<{ uuid: string }>`select uuid from app_user where company_id = 3 order by is_owner desc, id limit 1`.execute(db)).rows[0].uuid;
      const send = (body: Record<string, unknown>, user = `seller${other}`) =>
        api('sendIMQuoteMsg', user, { oe_number: '1K0 698 151', product_name: '前刹车片', brand_name_new: '博世', quality_name_new: '品牌件', price: 9550, msg_to_uuid: buyerUuid, product_qty: 2, ...body });
      expect((await send({ price: 'abc' })).body).toMatchObject({ code: 422, field: 'price', client_msg: chatQuotePriceText });
      expect((await send({ price: 95.5 })).body).toMatchObject({ code: 422, field: 'price', client_msg: chatQuotePriceText });
      expect((await send({ oe_number: '12', product_name: '' })).body).toMatchObject({ code: 422, field: 'oe_number', client_msg: enquiryText.oeTooShort });
      expect((await send({}, 'buyer')).status).toBe(403);
      const r = await send({});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.quote).toMatchObject({ price_fen: 9550, brand: '博世', qty: 2, seller_company_id: other });
      const mine = (await api('enquiryDetail', 'buyer', {}, { id: r.body.data.enquiry_id })).body.data;
      expect(mine).toMatchObject({ note: '卖家在聊天中报价', state_text: '已报价 1', recipients: [expect.objectContaining({ id: other })] });
      expect(mine.lines[0]).toMatchObject({ oe_norm: '1K0698151', qty: 2 });
      const card = (await api('imSync', 'buyer', { since: 0 })).body.data.messages
        .find((m) => cardOf(m.content)?.LinkData.quoteId === r.body.data.quote.id);
      expect(card?.content).toMatchObject({ SceneCode: 'weChat-002', BusinessInfo: { 产品报价: '95.50' } });
      expect((await api('quoteAccept', 'buyer', { quote_ids: [r.body.data.quote.id] })).body.data).toEqual({ added: 1, already: 0 });
      const cart = (await api('cartList', 'buyer', { type_code: '临时产品' })).body.data;
      const line = cart.groups.flatMap((g) => g.items).find((i) => i.quoteId === r.body.data.quote.id)!;
      await api('cartRemove', 'buyer', { ids: [line.id] });
    });

    it('drafts are sent later; cancelled and draft enquiries can be deleted, others not', async () => {
      const draft = (await add({ send: false })).body.data;
      expect(draft).toMatchObject({ state: 'draft', state_text: '草稿' });
      expect((await api('quoteEnquiry', 'seller', {}, { id: draft.id })).status).toBe(404);
      expect((await api('enquirySend', 'buyer', { id: draft.id })).body.data.state).toBe('open');
      expect((await api('enquiryDelete', 'buyer', { id: draft.id })).status).toBe(409);
      expect((await api('enquiryCancel', 'buyer', { id: draft.id })).body.data.state).toBe('cancelled');
      expect((await api('enquiryDelete', 'seller', { id: draft.id })).status).toBe(403);
      expect((await api('enquiryDelete', 'buyer', { id: draft.id })).status).toBe(200);
      expect((await api('enquiryDetail', 'buyer', {}, { id: draft.id })).status).toBe(404);
    });
  });
});
