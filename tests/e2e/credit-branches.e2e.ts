/**
 * 账期 and 分公司 in the browser (docs/customers.md "Credit terms", "Branch companies"): the seller
 * gives its customer a credit term on 客户, the buyer ticks 账期付款 on 确认订单 and finds the due
 * date on the order; the buyer invites a branch, whose owner accepts, and the head reads the
 * branch's orders. Screenshots at 1366, 1024×768 and 390×844: credit-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chinaDay } from '../../src/shared/domain/china-time';
import { creditDueDate } from '../../src/shared/domain/customer';
import { startE2E, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** The page at the three sizes a user brings, each saved as a screenshot. */
const threeSizes = async (page: Page, name: string) => {
  for (const [w, h, tag] of [[1366, 768, '1366'], [1024, 768, '1024'], [390, 844, '390']] as const) {
    await page.setViewportSize({ width: w, height: h });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await e2e.shot(page, `credit-${name}-${tag}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};

describe('credit terms and branches', () => {
  it('the seller sets a term, the buyer orders on 账期 and sees the due date; a branch joins its head', async () => {
    const q = <T>(text: string, params: unknown[] = []) => e2e.pglite.query<T>(text, params).then((r) => r.rows);
    const [buyerCo] = await q<{ name: string }>(`select name from company where id = 3`);
    const [branchCo] = await q<{ name: string }>(`select name from company where id = 4`);
    const [stock] = await q<{ id: number }>(`select id from stock where company_id = 2 and state = 'on' order by id limit 1`);
    await q(`update stock set quantity = 20, price0 = 1000, price1 = 1000, price2 = 1000, price3 = 1000, price99 = 1000, price5 = null where id = $1`, [stock.id]);
    // the buyer is the seller's customer (a row as an invitation leaves it)
    await q(`insert into company_customer (seller_company_id, buyer_company_id, created_at, updated_at) values (2, 3, now(), now()) on conflict do nothing`);
    await q(`update app_user set permissions = array['C07', 'C09', 'C15', 'M02'] where username = 'member'`);

    // the seller gives a 30-day term of 500 元
    const seller = await e2e.newPage();
    const sp = seller.page;
    await e2e.signIn(sp, '/login', 'seller');
    await sp.goto(e2e.url + '/backend/customer/customer');
    const row = sp.getByRole('row', { name: new RegExp(buyerCo.name) });
    await row.getByRole('button', { name: /^设置/ }).click();
    await sp.locator('#credit_days').fill('30');
    await sp.locator('#credit_limit_fen').fill('500');
    await e2e.shot(sp, 'credit-customer-dialog-1366');
    await sp.getByRole('button', { name: '保存' }).click();
    await expect(sp.getByTestId('customer-status')).toContainText('已保存');
    await expect(row.getByTestId('customer-credit')).toContainText('30天');
    await expect(row.getByTestId('customer-credit')).toContainText('500.00');
    await threeSizes(sp, 'customer-list');

    // the buyer orders on 账期
    const [u] = await q<{ id: number }>(`select id from app_user where username = 'buyer'`);
    await q(`delete from cart_item where user_id = $1`, [u.id]);
    await q(`insert into cart_item (user_id, company_id, stock_id, type_code, qty, created_at, updated_at) values ($1, 3, $2, '配件产品', 3, now(), now())`, [u.id, stock.id]);
    const buyer = await e2e.newPage();
    const bp = buyer.page;
    await e2e.signIn(bp, '/login', 'buyer');
    await bp.goto(e2e.url + '/cart/order/create');
    await bp.locator('#checkout-contact_name').fill('王志强');
    await bp.locator('#checkout-contact_phone').fill('13800000004');
    await bp.locator('#checkout-address').fill('广东省广州市白云区机场路88号汽配城A区12号');
    const choice = bp.getByTestId('credit-choice');
    await expect(choice).toContainText('30天');
    await expect(choice).toContainText('可用额度 ¥500.00');
    await choice.locator('label').click();
    await threeSizes(bp, 'checkout');
    await bp.getByRole('button', { name: '提交订单' }).click();
    await bp.waitForURL((url) => url.pathname === '/cart/order/complete');
    const [order] = await q<{ order_no: string }>(`select order_no from goods_order where buyer_company_id = 3 and credit_due_date is not null order by id desc limit 1`);
    await bp.goto(`${e2e.url}/backend/order/detail/${order.order_no}`);
    await expect(bp.getByTestId('order-credit-due')).toContainText(creditDueDate(chinaDay(new Date()), 30));
    await expect(bp.getByTestId('order-credit-tag')).toHaveText('账期');
    await threeSizes(bp, 'order-detail');

    // past due: 已逾期 on the order for both sides and on the customer list
    await q(`update goods_order set credit_due_date = current_date - 3 where order_no = $1`, [order.order_no]);
    await bp.reload();
    await expect(bp.getByTestId('order-credit-tag')).toHaveText('账期 · 已逾期');
    await sp.goto(`${e2e.url}/backend/order/detail/${order.order_no}`);
    await expect(sp.getByTestId('order-credit-due')).toContainText('已逾期');
    await sp.goto(e2e.url + '/backend/customer/customer');
    await expect(sp.getByRole('row', { name: new RegExp(buyerCo.name) }).getByTestId('customer-overdue')).toContainText('已逾期 ¥30.00');

    // the buyer invites company 4 as its branch; its owner accepts
    await bp.goto(e2e.url + '/backend/customer/branch');
    await expect(bp.getByText('还没有分公司')).toBeVisible();
    await bp.locator('#branch-company_name').fill(branchCo.name);
    await bp.getByRole('button', { name: '发出邀请' }).click();
    await expect(bp.getByTestId('branch-status')).toContainText('已向');
    await expect(bp.getByTestId('branch-sent')).toContainText('待对方同意');
    await threeSizes(bp, 'branch-head');
    const branch = await e2e.newPage();
    const mp = branch.page;
    await e2e.signIn(mp, '/login', 'member');
    await mp.goto(e2e.url + '/backend/customer/branch');
    const received = mp.getByTestId('branch-received');
    await expect(received).toContainText(buyerCo.name);
    await threeSizes(mp, 'branch-invited');
    mp.once('dialog', (d) => void d.accept());
    await received.getByRole('button', { name: '同意' }).click();
    await expect(mp.getByTestId('branch-head')).toContainText(buyerCo.name);
    await bp.reload();
    await expect(bp.getByTestId('branch-row')).toContainText(branchCo.name);
    await bp.getByRole('button', { name: '分公司订单' }).click();
    await expect(bp.getByText('分公司还没有订单')).toBeVisible();
    await threeSizes(bp, 'branch-orders');
    await seller.context.close();
    await buyer.context.close();
    await branch.context.close();
  });
});
