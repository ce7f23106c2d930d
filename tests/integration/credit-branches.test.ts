/**
 * 账期 (credit terms) and 分公司 (branch companies), docs/customers.md, on both backends: the
 * seller's term per customer, credit orders within the limit (two concurrent ones that together
 * exceed it: exactly one passes), the due date and 已逾期, paying a credit order later; a head
 * company's invitation, the branch owner's consent, the head's read views, the branch buying at the
 * head's level and term, ending the link; and the refusals, each in Chinese with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { branchText, creditDueDate, creditText } from '../../src/shared/domain/customer';
import { chinaDay } from '../../src/shared/domain/china-time';
import type { EndpointName, PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

const ADDRESS = { contact_name: '王志强', contact_phone: '13800000004', address: '广东省广州市白云区机场路88号汽配城A区12号' };

describe.each(backends)('credit terms and branches on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'credit terms and branches', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    let clerk: string;
    let member: string;
    let trial: string;
    let operator: string;
    let otherSeller: number;
    let keyN = 0;
    const key = () => `credit-test-${++keyN}`;
    const stockIds: number[] = [];

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 300 });
      // the branch-to-be (company 4) buys: give its owner the purchase codes
      await sql`update app_user set permissions = array['C07', 'C09', 'C15', 'M02'] where username = 'member'`.execute(env.database.db);
      [seller, buyer, clerk, member, trial, operator] = await Promise.all(['seller', 'buyer', 'clerk', 'member', 'trial', 'operator'].map(async (u) => (await env.login(u)).access_token));
      otherSeller = (await sql<{ company_id: number }>`select company_id from stock where company_id not in (1, 2, 3, 4, 5) and state = 'on' order by company_id limit 1`.execute(env.database.db)).rows[0].company_id;
      // the seller's rows the tests buy: every price column 10 元, plenty in stock
      stockIds.push(...(await sql<{ id: number }>`select id from stock where company_id = 2 and state = 'on' order by id limit 12`.execute(env.database.db)).rows.map((r) => r.id));
      await sql`update stock set quantity = 100, price99 = 1000, price0 = 1000, price1 = 1000, price2 = 1000, price3 = 1000, price5 = null where id = any(${stockIds}::int[])`.execute(env.database.db);
    });
    afterAll(async () => env?.close());

    const db = () => env.database.db;
    const call = <N extends EndpointName>(token: string | undefined, name: N, payload: PayloadIn<N>, k?: string) => env.api(name, payload, { token, idempotencyKey: k });
    const customerOf = async (companyId: number) => (await call(seller, 'customerList', { page_size: 200 })).body.data.data.find((c) => c.company_id === companyId)!;
    const nameOf = async (id: number) => (await db().selectFrom('company').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    const orderCount = async (companyId: number) => (await sql<{ n: number }>`select count(*)::int as n from goods_order where buyer_company_id = ${companyId}`.execute(db())).rows[0].n;
    let nextStock = 0;
    /** A fresh cart line of the seller's (10 元 each) for this buyer: its id and amount. */
    const lineFor = async (token: string, qty: number, stockId = stockIds[nextStock++]) => {
      expect((await call(token, 'cartAdd', { stock_id: stockId, qty })).status).toBe(200);
      const item = (await call(token, 'cartList', {})).body.data.groups.flatMap((g) => g.items).find((i) => i.stockId === stockId)!;
      return item;
    };
    const order = (token: string, line: { id: number; amount: number }, credit: number[] = [2]) =>
      call(token, 'cartSubmit', { cart_ids: [line.id], expected_total_fen: line.amount, credit_sellers: credit, ...ADDRESS }, key());
    const setTerm = (days: number | null, limit: number | null, company = 3) =>
      call(seller, 'customerUpdate', { company_id: company, price_level: 'member', credit_days: days, credit_limit_fen: limit });

    it('a seller gives a customer a credit term; the buyer orders on it within the limit and sees the due date', async () => {
      // no term yet: choosing 账期 is refused and nothing is placed
      const first = await lineFor(buyer, 3);
      const before = await orderCount(3);
      const noTerm = await order(buyer, first);
      expect(noTerm.status).toBe(422);
      expect(noTerm.body.client_msg).toBe(creditText.noTerm(await nameOf(2)));
      expect(await orderCount(3)).toBe(before);

      // the term is days and a limit together, 1 to 180 days
      const half = await call(seller, 'customerUpdate', { company_id: 3, price_level: 'member', credit_days: 30 });
      expect(half.status).toBe(422);
      expect(half.body.client_msg).toBe(creditText.both);
      const tooLong = await setTerm(181, 5000);
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.client_msg).toBe(creditText.days);
      const saved = await setTerm(30, 5000);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ credit_days: 30, credit_limit_fen: 5000, credit_used_fen: 0, overdue_fen: 0 });
      // the buyer sees it offered
      expect((await call(buyer, 'supplierCreditList', {})).body.data).toEqual([
        expect.objectContaining({ seller_company_id: 2, days: 30, limit_fen: 5000, available_fen: 5000, via_head_name: '' }),
      ]);

      const placed = await order(buyer, first);
      expect(placed.status).toBe(200);
      const orderNo = placed.body.data.orders[0].order_no;
      const due = creditDueDate(chinaDay(env.clock.now()), 30);
      for (const token of [buyer, seller]) {
        const d = (await call(token, 'orderRetrieve', { order_no: orderNo })).body.data;
        expect(d).toMatchObject({ credit_due_date: due, credit_overdue: false, pay_status: 'unpaid' });
      }
      expect(await customerOf(3)).toMatchObject({ credit_used_fen: 3000, overdue_fen: 0 });
      expect((await call(buyer, 'supplierCreditList', {})).body.data[0].available_fen).toBe(2000);

      // over the limit: refused naming the limit and what remains, nothing placed, the line stays in the cart
      const big = await lineFor(buyer, 3);
      const n = await orderCount(3);
      const over = await order(buyer, big);
      expect(over.status).toBe(409);
      expect(over.body.client_msg).toBe(creditText.over(5000, 2000, 3000));
      expect(over.body.client_msg).toContain('超出账期额度：可用额度 ¥20.00');
      expect(await orderCount(3)).toBe(n);
      expect((await call(buyer, 'cartList', {})).body.data.groups.flatMap((g) => g.items).some((i) => i.id === big.id)).toBe(true);
      // the same line as an ordinary order (no 账期) goes through
      expect((await order(buyer, big, [])).status).toBe(200);
      expect((await customerOf(3)).credit_used_fen).toBe(3000);

      // a seller without a term for this buyer cannot be chosen
      const theirs = (await sql<{ id: number }>`select id from stock where company_id = ${otherSeller} and state = 'on' order by id limit 1`.execute(db())).rows[0].id;
      await sql`update stock set quantity = 50, price99 = 500, price0 = 500, price1 = 500, price2 = 500, price3 = 500 where id = ${theirs}`.execute(db());
      const other = await lineFor(buyer, 1, theirs);
      const refused = await order(buyer, other, [otherSeller]);
      expect(refused.status).toBe(422);
      expect(refused.body.client_msg).toBe(creditText.noTerm(await nameOf(otherSeller)));
      // a seller not in the checkout
      expect((await order(buyer, other, [2])).status).toBe(422);
    });

    it('two concurrent credit orders that together exceed the limit: exactly one is placed', async () => {
      // 20 元 left of 50 元; two orders of 20 元 at once
      const a = await lineFor(buyer, 2);
      const b = await lineFor(buyer, 2);
      const n = await orderCount(3);
      const results = await Promise.all([order(buyer, a), order(buyer, b)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.client_msg).toBe(creditText.over(5000, 0, 2000));
      expect(await orderCount(3)).toBe(n + 1);
      expect((await customerOf(3)).credit_used_fen).toBe(5000);
    });

    it('an unpaid credit order past its due date shows 已逾期 to both sides; paying it frees the limit', async () => {
      const orderNo = (await sql<{ order_no: string }>`select order_no from goods_order where buyer_company_id = 3 and credit_company_id is not null order by id limit 1`.execute(db())).rows[0].order_no;
      env.clock.advance(31 * 86400);
      [seller, buyer, clerk, member, trial, operator] = await Promise.all(['seller', 'buyer', 'clerk', 'member', 'trial', 'operator'].map(async (u) => (await env.login(u)).access_token));
      for (const token of [buyer, seller]) expect((await call(token, 'orderRetrieve', { order_no: orderNo })).body.data.credit_overdue).toBe(true);
      expect(await customerOf(3)).toMatchObject({ credit_used_fen: 5000, overdue_fen: 5000 });
      // paid later as any unpaid order: here the seller records an offline payment
      expect((await call(seller, 'orderConfirm', { order_no: orderNo }, key())).status).toBe(200);
      const paid = await call(seller, 'orderOfflinePayment', { order_no: orderNo, pay_method: '银行转账', note: '' }, key());
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ pay_status: 'paid', credit_overdue: false });
      expect(await customerOf(3)).toMatchObject({ credit_used_fen: 2000, overdue_fen: 2000 });
      // removing the term: no new credit orders, the old ones stay as they are
      expect((await setTerm(null, null)).body.data).toMatchObject({ credit_days: 0, credit_limit_fen: 0, credit_used_fen: 2000 });
      const line = await lineFor(buyer, 1);
      expect((await order(buyer, line)).status).toBe(422);
      expect((await setTerm(60, 20000)).status).toBe(200);
    });

    it('a head company invites a branch; only the branch owner\'s consent links them, and the refusals change nothing', async () => {
      const headName = await nameOf(3);
      const branchName = await nameOf(4);
      // not the owner
      const byClerk = await call(clerk, 'branchInvite', { company_name: branchName }, key());
      expect(byClerk.status).toBe(403);
      expect(byClerk.body.client_msg).toBe(branchText.ownerOnly);
      expect((await call(buyer, 'branchInvite', { company_name: '不存在的汽修厂' }, key())).body.client_msg).toBe(branchText.companyUnknown);
      expect((await call(buyer, 'branchInvite', { company_name: headName }, key())).body.client_msg).toBe(branchText.self);

      const inv = await call(buyer, 'branchInvite', { company_name: branchName }, key());
      expect(inv.status).toBe(200);
      expect(inv.body.data).toMatchObject({ head_company_id: 3, branch_company_id: 4, state: 'pending' });
      expect((await call(buyer, 'branchInvite', { company_name: branchName }, key())).body.client_msg).toBe(branchText.alreadyInvited);
      const id = inv.body.data.id;

      // pending: no effect — the branch buys at its own level, has no term, the head sees nothing
      expect((await call(member, 'branchOverview', {})).body.data).toMatchObject({ head: null, received: [expect.objectContaining({ id, state: 'pending', head_company_name: headName })] });
      const line = await lineFor(member, 1);
      const before = await orderCount(4);
      const refused = await order(member, line);
      expect(refused.status).toBe(422);
      expect(refused.body.client_msg).toBe(creditText.noTerm(await nameOf(2)));
      expect(await orderCount(4)).toBe(before);
      const notYet = await call(buyer, 'branchOrders', { branch_company_id: 4 });
      expect(notYet.status).toBe(404);
      expect(notYet.body.client_msg).toBe(branchText.notBranch);
      expect((await call(operator, 'opRelationList', { k: branchName })).body.data.total).toBe(0);

      // acting on another company's invitation
      const foreign = await call(trial, 'branchInviteRespond', { id, decision: 'accept' });
      expect(foreign.status).toBe(404);
      expect(foreign.body.client_msg).toBe(branchText.inviteNotFound);
      expect((await call(member, 'branchInviteWithdraw', { id })).status).toBe(404);
      expect((await call(member, 'branchOverview', {})).body.data.head).toBeNull();

      // the branch's owner accepts: the link is the operators' 总分公司 row too
      const ok = await call(member, 'branchInviteRespond', { id, decision: 'accept' });
      expect(ok.status).toBe(200);
      expect(ok.body.data.state).toBe('accepted');
      expect((await call(member, 'branchInviteRespond', { id, decision: 'decline' })).body.client_msg).toBe(branchText.inviteClosed);
      expect((await call(buyer, 'branchOverview', {})).body.data.branches).toEqual([expect.objectContaining({ company_id: 4, company_name: branchName, by_operator: false })]);
      expect((await call(member, 'branchOverview', {})).body.data.head).toMatchObject({ company_id: 3, company_name: headName });
      expect((await call(operator, 'opRelationList', { k: branchName })).body.data.data).toEqual([
        expect.objectContaining({ head: expect.objectContaining({ id: 3 }), branch: expect.objectContaining({ id: 4 }) }),
      ]);

      // a company already a branch of another head cannot be linked again
      const second = await call(trial, 'branchInvite', { company_name: branchName }, key());
      expect(second.status).toBe(422);
      expect(second.body.client_msg).toBe(branchText.hasHead(headName));
      // nor can the branch invite branches of its own
      expect((await call(member, 'branchInvite', { company_name: await nameOf(5) }, key())).body.client_msg).toBe(branchText.headIsBranch(headName));
    });

    it('a branch buys at its head\'s customer level and on its head\'s credit term, shared with the head; the head reads its orders and stock', async () => {
      // the seller's level for the head: standard price; the branch has no row of its own
      const priced = stockIds[11];
      await sql`update stock set price99 = 1500, price0 = 1000, price1 = 1100, price2 = 1200, price3 = 1300 where id = ${priced}`.execute(db());
      expect((await call(seller, 'customerUpdate', { company_id: 3, price_level: 'standard', credit_days: 60, credit_limit_fen: 20000 })).status).toBe(200);
      const line = await lineFor(member, 2, priced);
      expect(line).toMatchObject({ price: 1500, priceColumn: 'price99', amount: 3000 });
      expect((await call(member, 'supplierCreditList', {})).body.data).toEqual([
        expect.objectContaining({ seller_company_id: 2, days: 60, limit_fen: 20000, available_fen: 18000, via_head_name: await nameOf(3) }),
      ]);
      const placed = await order(member, line);
      expect(placed.status).toBe(200);
      const orderNo = placed.body.data.orders[0].order_no;
      // the head's term: the head's used credit counts the branch's order
      expect((await customerOf(3)).credit_used_fen).toBe(5000);
      expect((await call(member, 'orderRetrieve', { order_no: orderNo })).body.data.credit_due_date).toBe(creditDueDate(chinaDay(env.clock.now()), 60));

      // the head's read views
      const orders = await call(buyer, 'branchOrders', {});
      expect(orders.status).toBe(200);
      expect(orders.body.data.data[0]).toMatchObject({ order_no: orderNo, branch_company_id: 4, branch_company_name: await nameOf(4), side: 'buyer', partner_company_name: await nameOf(2) });
      const stock = await call(buyer, 'branchStock', {});
      expect(stock.status).toBe(200);
      const branchRows = (await sql<{ n: number }>`select count(*)::int as n from stock where company_id = 4`.execute(db())).rows[0].n;
      expect(stock.body.data.total).toBe(branchRows);
      // another company's branches are out of reach
      expect((await call(seller, 'branchOrders', { branch_company_id: 4 })).status).toBe(404);
      expect((await call(seller, 'branchOrders', {})).body.data.total).toBe(0);

      // the branch's own level and term win over the head's
      expect((await call(seller, 'customerUpdate', { company_id: 4, price_level: 'retail', credit_days: 10, credit_limit_fen: 1000 })).status).toBe(200);
      expect((await call(member, 'supplierCreditList', {})).body.data[0]).toMatchObject({ days: 10, limit_fen: 1000, available_fen: 1000, via_head_name: '' });
      const own = await lineFor(member, 1, priced);
      expect(own).toMatchObject({ price: 1200, priceColumn: 'price2' });
      expect((await call(seller, 'customerUpdate', { company_id: 4, price_level: 'member', credit_days: null, credit_limit_fen: null })).status).toBe(200);
    });

    it('either side ends the link; then the branch is on its own again', async () => {
      const foreign = await call(trial, 'branchEnd', { company_id: 4 });
      expect(foreign.status).toBe(404);
      expect(foreign.body.client_msg).toBe(branchText.notLinked);
      const ended = await call(member, 'branchEnd', { company_id: 3 });
      expect(ended.status).toBe(200);
      expect(ended.body.data.head).toBeNull();
      expect((await call(buyer, 'branchOverview', {})).body.data.branches).toEqual([]);
      expect((await call(operator, 'opRelationList', { k: await nameOf(4) })).body.data.total).toBe(0);
      const line = await lineFor(member, 1);
      expect((await order(member, line)).status).toBe(422);

      // a new invitation, declined: still nothing; another one withdrawn by the head
      const inv = (await call(buyer, 'branchInvite', { company_name: await nameOf(4) }, key())).body.data;
      expect((await call(member, 'branchInviteRespond', { id: inv.id, decision: 'decline' })).body.data.state).toBe('declined');
      expect((await call(member, 'branchOverview', {})).body.data.head).toBeNull();
      const again = (await call(buyer, 'branchInvite', { company_name: await nameOf(4) }, key())).body.data;
      expect((await call(buyer, 'branchInviteWithdraw', { id: again.id })).body.data.state).toBe('withdrawn');
      expect((await call(member, 'branchInviteRespond', { id: again.id, decision: 'accept' })).body.client_msg).toBe(branchText.inviteClosed);
      // the head ends a link from its side too
      const third = (await call(buyer, 'branchInvite', { company_name: await nameOf(4) }, key())).body.data;
      expect((await call(member, 'branchInviteRespond', { id: third.id, decision: 'accept' })).status).toBe(200);
      expect((await call(buyer, 'branchEnd', { company_id: 4 })).body.data.branches).toEqual([]);
    });
  });
});
