/**
 * Customers and suppliers (back office M04, docs/customers.md) on both backends: invitations and
 * registering through them (forged, used, expired and revoked codes refused under 邀请码, the
 * registration going on without the code), the seller's customer list with its order figures, the
 * customer level the cart and the checkout charge, the buyer's suppliers and preferred suppliers
 * first in OE search, and the refusals (no M04, another company's customer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createRecordingSms, type RecordingSms } from '../../src/server/modules/sms/sms.provider';
import { customerText } from '../../src/shared/domain/customer';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('customers on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'customers', () => {
    let env: TestEnv;
    let sms: RecordingSms;
    let seller: string;
    let buyer: string;
    let clerk: string;
    let otherSeller: number;
    let keyN = 0;
    const key = () => `customers-test-${++keyN}`;

    const tokens = async () => {
      [seller, buyer, clerk] = await Promise.all(['seller', 'buyer', 'clerk'].map(async (u) => (await env.login(u)).access_token));
    };

    beforeAll(async () => {
      sms = createRecordingSms();
      env = await createTestEnv(backend, { stockRows: 300, sms });
      await tokens();
      otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3) and state = 'on' order by company_id limit 1`.execute(env.database.db)).rows[0].company_id;
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string | undefined, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token, idempotencyKey: k });
    const customers = async (over: PayloadIn<'customerList'> = {}) => {
      const r = await call(seller, 'customerList', { page_size: 200, ...over });
      expect(r.status).toBe(200);
      return r.body.data;
    };
    const customerOf = async (companyId: number) => (await customers()).data.find((c) => c.company_id === companyId);
    const suppliers = async (token: string) => {
      const r = await call(token, 'supplierList', { page_size: 200 });
      expect(r.status).toBe(200);
      return r.body.data;
    };
    const invite = async (over: PayloadIn<'customerInvitationCreate'> = {}) => {
      const r = await call(seller, 'customerInvitationCreate', { note: '白云区修理厂', ...over }, key());
      expect(r.status).toBe(200);
      return r.body.data;
    };
    let mobileN = 0;
    /** Registers a new shop (with the code, if any); its answer and the mobile used. */
    const register = async (inviteCode: string | undefined, given?: string) => {
      const name = given ?? `测试汽修厂${mobileN + 1}`;
      mobileN += 1;
      const mobile = `139000000${String(10 + mobileN).padStart(2, '0')}`;
      expect((await env.api('smsCodeSend', { mobile, purpose: 'register' }, { address: `10.9.0.${mobileN}` })).status).toBe(200);
      const payload: PayloadIn<'userRegister'> = {
        company_name: name, business_type: 'repair', contact_name: '周师傅', username: `shop${mobileN}x${backend}`, mobile, sms_code: sms.lastCode(mobile, 'register')!,
        password: 'shop2026pass', password2: 'shop2026pass', agree: true, ...(inviteCode === undefined ? {} : { invite_code: inviteCode }),
      };
      return { answer: await env.api('userRegister', payload), payload };
    };
    const companyOf = async (name: string) => (await db().selectFrom('company').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const companies = async () => (await sql<{ n: number }>`select count(*)::int as n from company`.execute(db())).rows[0].n;

    it('invites a shop: the link registers it as the seller\'s customer with who invited it, once', async () => {
      const inv = await invite();
      expect(inv.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(inv).toMatchObject({ state: 'open', note: '白云区修理厂', used: 0, used_company_id: null, created_by_name: expect.any(String) });
      expect(inv.expires - inv.created).toBe(30 * 86400);
      const peek = await call(undefined, 'customerInvitationPeek', { invite_code: inv.code });
      expect(peek.status).toBe(200);
      expect(peek.body.data.seller_company_name).not.toBe('');

      const { answer } = await register(inv.code, '白云宏达汽修厂');
      expect(answer.status).toBe(200);
      const shopId = await companyOf('白云宏达汽修厂');
      const listed = (await call(seller, 'customerInvitationList', {})).body.data.data.find((i) => i.id === inv.id)!;
      expect(listed).toMatchObject({ state: 'used', used_company_id: shopId, used_company_name: '白云宏达汽修厂' });
      expect(listed.used).toBeGreaterThan(0);
      const row = await customerOf(shopId);
      expect(row).toMatchObject({ company_name: '白云宏达汽修厂', order_count: 0, amount_fen: 0, outstanding_fen: 0, price_level: 'member', invited_by_name: inv.created_by_name });
      expect(row!.invited).toBeGreaterThan(0);
      // the shop sees the seller among its suppliers, invited by it
      const shop = (await env.login(`shop${mobileN}x${backend}`, { password: 'shop2026pass' })).access_token;
      const mine = await suppliers(shop);
      expect(mine.data).toEqual([expect.objectContaining({ company_id: 2, order_count: 0, preferred: false })]);
      expect(mine.data[0].invited).toBeGreaterThan(0);

      // the same code again: refused under 邀请码, nothing made; without the code the same SMS code registers
      const before = await companies();
      const again = await register(inv.code);
      expect(again.answer.status).toBe(422);
      expect(again.answer.body).toMatchObject({ field: 'invite_code', client_msg: customerText.invitationUsed });
      expect(await companies()).toBe(before);
      const without = await env.api('userRegister', { ...again.payload, invite_code: '' });
      expect(without.status).toBe(200);
      expect(await companies()).toBe(before + 1);
      expect((await customers()).data.some((c) => c.company_name === again.payload.company_name)).toBe(false);
    });

    it('refuses a forged, expired or revoked code with the reason, and a malformed one at the edge', async () => {
      const forged = 'A'.repeat(32);
      for (const code of [forged, 'abc']) {
        const peek = await call(undefined, 'customerInvitationPeek', { invite_code: code });
        expect(peek.status).toBe(422);
        expect(peek.body).toMatchObject({ field: 'invite_code', client_msg: customerText.invitationUnknown });
        const r = await register(code);
        expect(r.answer.status).toBe(422);
        expect(r.answer.body).toMatchObject({ field: 'invite_code', client_msg: customerText.invitationUnknown });
      }
      const revoked = await invite({ note: '作废的' });
      const r = await call(seller, 'customerInvitationRevoke', { id: revoked.id });
      expect(r.body.data.state).toBe('revoked');
      expect((await call(seller, 'customerInvitationRevoke', { id: revoked.id })).status).toBe(422);
      expect((await call(undefined, 'customerInvitationPeek', { invite_code: revoked.code })).body.client_msg).toBe(customerText.invitationRevoked);
      expect((await register(revoked.code)).answer.body.client_msg).toBe(customerText.invitationRevoked);

      const short = await invite({ days: 1 });
      env.clock.advance(86400 + 60);
      await tokens();
      expect((await call(undefined, 'customerInvitationPeek', { invite_code: short.code })).body.client_msg).toBe(customerText.invitationExpired);
      expect((await register(short.code)).answer.body).toMatchObject({ field: 'invite_code', client_msg: customerText.invitationExpired });
      expect((await call(seller, 'customerInvitationList', {})).body.data.data.find((i) => i.id === short.id)!.state).toBe('expired');
      // days out of range, named in Chinese
      const bad = await call(seller, 'customerInvitationCreate', { days: 91 }, key());
      expect(bad.status).toBe(422);
      expect(bad.body.client_msg).toContain('有效天数');
    });

    it('refuses a user without M04, a buyer the seller\'s customer pages, a non-seller invitations, and another company\'s invitation', async () => {
      for (const [name, payload] of [
        ['customerInvitationCreate', {}], ['customerInvitationList', {}], ['customerList', {}], ['customerUpdate', { company_id: 3, price_level: 'retail' }],
        ['supplierList', {}], ['supplierSetPreferred', { company_id: 2, preferred: true }],
      ] as const) {
        const r = await call(clerk, name, payload as never, key());
        expect(r.status, name).toBe(403);
      }
      // the buyer (M02, no M04) has suppliers but no customer pages
      expect((await call(buyer, 'customerList', {})).status).toBe(403);
      expect((await call(buyer, 'customerInvitationCreate', {}, key())).status).toBe(403);
      expect((await call(buyer, 'supplierList', {})).status).toBe(200);
      // a company that is no seller cannot invite even with M04
      await sql`update app_user set permissions = array_append(permissions, 'M04') where username = 'buyer'`.execute(db());
      const buyerM04 = (await env.login('buyer')).access_token;
      const r = await call(buyerM04, 'customerInvitationCreate', {}, key());
      expect(r.status).toBe(403);
      expect(r.body.client_msg).toBe(customerText.sellersOnly);
      // nor revoke the seller's invitation
      const inv = await invite();
      const other = await call(buyerM04, 'customerInvitationRevoke', { id: inv.id });
      expect(other.status).toBe(404);
      expect(other.body.client_msg).toBe(customerText.invitationNotFound);
      await sql`update app_user set permissions = array_remove(permissions, 'M04') where username = 'buyer'`.execute(db());
      // a sign-in elsewhere ends the earlier sessions
      await tokens();
      expect((await call(undefined, 'customerList', {})).status).toBe(401);
    });

    it('lists buyers that ordered with their figures; the customer level decides what the cart and the order charge', async () => {
      const pick = async (companyId: number) =>
        (await sql<{ id: number }>`select id from stock where company_id = ${companyId} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
      const set = async (id: number, p: number) =>
        sql`update stock set quantity = 50, price99 = ${p + 500}, price0 = ${p}, price1 = ${p + 130}, price2 = ${p + 300}, price3 = ${p + 400}, price5 = null where id = ${id}`.execute(db());
      const mine = await pick(2);
      const theirs = await pick(otherSeller);
      await set(mine, 1000);
      await set(theirs, 800);
      const lineOf = async (stockId: number) => (await call(buyer, 'cartList', {})).body.data.groups.flatMap((g) => g.items).find((i) => i.stockId === stockId)!;
      expect((await call(buyer, 'cartAdd', { stock_id: mine, qty: 2 })).status).toBe(200);
      expect((await call(buyer, 'cartAdd', { stock_id: theirs, qty: 1 })).status).toBe(200);
      // the buyer is a formal member: wholesale by default
      expect(await lineOf(mine)).toMatchObject({ price: 1000, priceColumn: 'price0', amount: 2000 });

      const before = await customerOf(3);
      const setLevel = (token: string, companyId: number, price_level: PayloadIn<'customerUpdate'>['price_level'], extra: Partial<PayloadIn<'customerUpdate'>> = {}) =>
        call(token, 'customerUpdate', { company_id: companyId, price_level, ...extra });
      const saved = await setLevel(seller, 3, 'retail', { note: '老客户，月结', tags: ['修理厂', '白云', '修理厂'] });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ company_id: 3, price_level: 'retail', note: '老客户，月结', tags: ['修理厂', '白云'] });
      expect(await lineOf(mine)).toMatchObject({ price: 1300, priceColumn: 'price2', amount: 2600 });
      // another seller's line keeps the membership's price
      expect(await lineOf(theirs)).toMatchObject({ price: 800, priceColumn: 'price0' });
      const withTax = (await lineOf(mine)).id;
      expect((await call(buyer, 'cartUpdateTax', { id: withTax, is_include_tax: true })).status).toBe(200);
      expect(await lineOf(mine)).toMatchObject({ price: 1400, priceColumn: 'price3' });
      expect((await setLevel(seller, 3, 'standard', { note: '老客户，月结', tags: ['修理厂'] })).status).toBe(200);
      expect(await lineOf(mine)).toMatchObject({ price: 1500, priceColumn: 'price99', amount: 3000 });

      // the checkout charges the same column
      const line = await lineOf(mine);
      const placed = await call(buyer, 'cartSubmit', { cart_ids: [line.id], expected_total_fen: 3000, ...ADDRESS }, key());
      expect(placed.status).toBe(200);
      const orderNo = placed.body.data.orders[0].order_no;
      const charged = (await sql<{ unit_price_fen: number; price_column: string }>`select l.unit_price_fen, l.price_column from goods_order_line l
        join goods_order o on o.id = l.order_id where o.order_no = ${orderNo}`.execute(db())).rows;
      expect(charged).toEqual([{ unit_price_fen: 1500, price_column: 'price99' }]);

      // the list counts the order; once confirmed and unpaid it is outstanding
      let after = await customerOf(3);
      expect(after!.order_count).toBe((before?.order_count ?? 0) + 1);
      expect(after!.amount_fen).toBe((before?.amount_fen ?? 0) + 3000);
      expect(after!.last_order).toBe(Math.floor(env.clock.now().getTime() / 1000));
      expect((await call(seller, 'orderConfirm', { order_no: orderNo }, key())).status).toBe(200);
      after = await customerOf(3);
      expect(after!.outstanding_fen).toBe((before?.outstanding_fen ?? 0) + 3000);
      expect(after).toMatchObject({ price_level: 'standard', note: '老客户，月结', tags: ['修理厂'] });

      // filters and sorting
      expect((await customers({ price_level: 'standard' })).data.map((c) => c.company_id)).toEqual([3]);
      expect((await customers({ keyword: '月结' })).data.map((c) => c.company_id)).toEqual([3]);
      const byAmount = (await customers({ sort: 'amount_fen', order: 'desc' })).data.map((c) => c.amount_fen);
      expect(byAmount).toEqual([...byAmount].sort((x, y) => y - x));

      // the buyer is not another seller's customer at this seller's word, and a stranger is no customer
      const stranger = await register(undefined, '不相干汽修厂');
      expect(stranger.answer.status).toBe(200);
      const strangerId = await companyOf('不相干汽修厂');
      const refused = await setLevel(seller, strangerId, 'wholesale');
      expect(refused.status).toBe(404);
      expect(refused.body.client_msg).toBe(customerText.notACustomer);
      // the other seller's lines never follow this seller's level
      expect(await lineOf(theirs)).toMatchObject({ price: 800, priceColumn: 'price0' });
      // bad level, named in Chinese
      const bad = await call(seller, 'customerUpdate', { company_id: 3, price_level: 'vip' as never });
      expect(bad.status).toBe(422);
      expect(bad.body.client_msg).toContain('客户等级');
      const tooMany = await setLevel(seller, 3, 'retail', { tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) });
      expect(tooMany.body.client_msg).toBe(customerText.tagsTooMany);
    });

    it('sets a preferred supplier: its offers come first in OE search, and only a supplier may be one', async () => {
      // one OE number stocked by the seller and the other seller, the other seller last by the usual order
      const mine = (await sql<{ id: number; oe_norm: string; supplier_oe: string; quality_id: number }>`
        select id, oe_norm, supplier_oe, quality_id from stock where company_id = 2 and state = 'on' order by id desc limit 1`.execute(db())).rows[0];
      const theirs = (await sql<{ id: number }>`select id from stock where company_id = ${otherSeller} and state = 'on' order by id desc limit 1`.execute(db())).rows[0];
      await sql`update stock set quantity = 5, price0 = 100 where id = ${mine.id}`.execute(db());
      await sql`update stock set oe_norm = ${mine.oe_norm}, supplier_oe = ${mine.supplier_oe}, quality_id = ${mine.quality_id}, quantity = 5, price0 = 99999, price1 = 99999, price2 = 99999, price3 = 99999, price99 = 99999
        where id = ${theirs.id}`.execute(db());
      const oe = async () => {
        const r = await call(buyer, 'oeSearch', { oe_list: [mine.oe_norm] });
        expect(r.status).toBe(200);
        return r.body.data.items[0].rows.map((x) => x.company_id);
      };
      const first = await oe();
      expect(first.indexOf(otherSeller)).toBeGreaterThan(first.indexOf(2));

      // the buyer orders from the other seller (its line left in the cart by the test before): a supplier
      const line = (await call(buyer, 'cartList', {})).body.data.groups.flatMap((g) => g.items).find((i) => i.companyId === otherSeller)!;
      expect((await call(buyer, 'cartSubmit', { cart_ids: [line.id], expected_total_fen: line.amount, ...ADDRESS }, key())).status).toBe(200);
      const sup = (await suppliers(buyer)).data;
      expect(sup.map((s) => s.company_id)).toEqual(expect.arrayContaining([2, otherSeller]));
      const set = await call(buyer, 'supplierSetPreferred', { company_id: otherSeller, preferred: true });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ company_id: otherSeller, preferred: true });
      expect((await call(buyer, 'priorityCompanyList', {})).body.data).toEqual([{ company_id: otherSeller }]);
      expect((await suppliers(buyer)).data[0]).toMatchObject({ company_id: otherSeller, preferred: true });
      expect((await oe())[0]).toBe(otherSeller);
      // the cart: the seller's line first added, yet the preferred supplier's group comes first
      const groupsOrder = async () => (await call(buyer, 'cartList', {})).body.data.groups.map((g) => g.companyId);
      await sql`delete from cart_item where user_id = (select id from app_user where username = 'buyer')`.execute(db());
      expect((await call(buyer, 'cartAdd', { stock_id: mine.id, qty: 1 })).status).toBe(200);
      expect((await call(buyer, 'cartAdd', { stock_id: theirs.id, qty: 1 })).status).toBe(200);
      expect(await groupsOrder()).toEqual([otherSeller, 2]);
      // 优选 marks the preferred supplier's rows, on OE rows as on keyword rows, and no other
      const marked = (await call(buyer, 'oeSearch', { oe_list: [mine.oe_norm] })).body.data.items[0].rows.map((x) => [x.company_id, x.preferred ?? false]);
      expect(marked).toContainEqual([otherSeller, true]);
      expect(marked.filter(([c]) => c !== otherSeller).every(([, p]) => p === false)).toBe(true);
      const kw = (await call(buyer, 'keywordSearch', { k: mine.supplier_oe, mode: 'fuzzy' })).body.data.rows.map((x) => [x.company_id, x.preferred ?? false]);
      expect(kw.every(([c, p]) => p === (c === otherSeller))).toBe(true);
      // another company's preference changes nothing for the seller's own search
      const sellerView = (await call(seller, 'oeSearch', { oe_list: [mine.oe_norm] })).body.data.items[0].rows.map((x) => x.company_id);
      expect(sellerView.indexOf(otherSeller)).toBeGreaterThan(sellerView.indexOf(2));

      expect((await call(buyer, 'supplierSetPreferred', { company_id: otherSeller, preferred: false })).body.data.preferred).toBe(false);
      expect((await call(buyer, 'priorityCompanyList', {})).body.data).toEqual([]);
      expect((await oe())[0]).not.toBe(otherSeller);
      expect(await groupsOrder()).toEqual([2, otherSeller]);
      expect((await call(buyer, 'oeSearch', { oe_list: [mine.oe_norm] })).body.data.items[0].rows.some((x) => x.preferred)).toBe(false);

      // a seller the buyer never dealt with cannot be preferred
      const stranger = (await sql<{ id: number }>`select id from company where is_seller and id not in (2, ${otherSeller}) and id not in
        (select seller_company_id from goods_order where buyer_company_id = 3) order by id limit 1`.execute(db())).rows[0];
      if (stranger) {
        const r = await call(buyer, 'supplierSetPreferred', { company_id: stranger.id, preferred: true });
        expect(r.status).toBe(404);
        expect(r.body.client_msg).toBe(customerText.notASupplier);
      }
      expect((await call(undefined, 'priorityCompanyList', {})).status).toBe(401);
    });
  });
});
