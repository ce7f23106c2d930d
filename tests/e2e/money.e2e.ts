/**
 * Browser end-to-end of money on the platform (docs/money.md): the buyer recharges its wallet
 * through the sandbox checkout, pays two orders of two sellers in one payment on its phone, and
 * confirms receipt of one; the seller sees the payout in its wallet, adds a corporate card the
 * operator approves, and withdraws, which the operator approves and marks paid; the buyer keeps an
 * invoice title and asks the seller for an invoice on the received order, which the seller issues
 * with the PDF; an after-sale refunds part of the other order by amount (the buyer asks 仅退款 for
 * one of its two pieces, that order's seller agrees and refunds less than asked): the buyer's
 * wallet rises by exactly that amount, the seller's payout on receipt falls by it; each side's
 * monthly bill closes at what its wallet holds. The sandbox checkout of a paid recharge leads back
 * to the wallet. Screenshots: money-recharge, money-sandbox-paid (and -390), money-pay-phone,
 * money-seller-wallet, money-withdraw-operator, money-invoice-issued, money-refund-seller,
 * money-refund-buyer-wallet, money-refund-payout, money-bill-buyer, money-bill-seller-phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isCreditCode } from '../../src/shared/domain/invoice';
import { startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const BUYER = 3;
const SELLER = 2;

/** A company's wallet (available and frozen), fen, from the ledger's running balances. */
const walletFen = async (companyId: number) => (await e2e.pglite.query<{ fen: number }>(
  `select coalesce(sum(balance_fen), 0)::int as fen from ledger_account where company_id = $1 and kind in ('wallet_available', 'wallet_frozen')`, [companyId])).rows[0].fen;
const yuanText = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An unpaid order of the buyer from `seller`, in `status`, with one line. */
const insertOrder = async (no: string, seller: number, status: 'confirmed' | 'shipped', totalFen: number) => {
  const { rows: [stock] } = await e2e.pglite.query<{ id: number; supplier_oe: string; name: string }>(
    `select id, supplier_oe, coalesce(name, '配件') as name from stock where company_id = $1 order by id limit 1`, [seller]);
  const { rows: [user] } = await e2e.pglite.query<{ id: number }>(`select id from app_user where username = 'buyer'`);
  const { rows: [order] } = await e2e.pglite.query<{ id: string }>(`
    insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, line_count, total_qty, total_fen,
      contact_name, contact_phone, address, logistics_company, logistics_no, created_at, confirmed_at, shipped_at)
    values ($1, $2, $3, $4, $5, $6, 1, 2, $7, '王志强', '13800000004', '上海市闵行区沪闵路6088号', $8, $9,
      now() - interval '2 days', now() - interval '2 days', $10) returning id`,
  [no, `CO${no.slice(2)}`, BUYER, user.id, seller, status, totalFen, status === 'shipped' ? '顺丰速运' : null, status === 'shipped' ? 'SF5566778899' : null,
    status === 'shipped' ? new Date(Date.now() - 86400_000) : null]);
  await e2e.pglite.query(`insert into goods_order_line (order_id, stock_id, type_code, supplier_oe, name, qty, include_tax, price_column, unit_price_fen, amount_fen)
    values ($1, $2, '配件产品', $3, $4, 2, false, 'price0', $5, $6)`, [order.id, stock.id, stock.supplier_oe, stock.name, totalFen / 2, totalFen]);
};

/** A 统一社会信用代码 whose check character is right. */
const creditCode = () => {
  const base = '91310112MA1K3B7X2';
  for (const c of '0123456789ABCDEFGHJKLMNPQRTUWXY') if (isCreditCode(base + c)) return base + c;
  throw new Error('no check character');
};

const action = async (page: Page, label: string) => {
  await page.locator('.order-actions').getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'detached' });
};

describe('money', () => {
  it('recharge, one payment for two sellers, payout on receipt, a withdrawal, an invoice, a partial after-sale refund and the month\'s bills', async () => {
    const { rows: [other] } = await e2e.pglite.query<{ id: number }>(`select id from company where is_seller and id not in (1, 2, 3) order by id limit 1`);
    const shipped = 'SO20261128100000000101';
    const confirmed = 'SO20261128100000000102';
    await insertOrder(shipped, SELLER, 'shipped', 24_000);
    await insertOrder(confirmed, other.id, 'confirmed', 36_000);
    const buyer0 = await walletFen(BUYER);
    const seller0 = await walletFen(SELLER);

    // ---- 充值 through the sandbox checkout ----
    const { context: bc, page: b } = await e2e.newPage();
    await e2e.signIn(b, '/login', 'buyer');
    await b.goto(`${e2e.url}/backend/accounting/wallet`);
    await b.getByLabel('充值金额（元）').fill('1000');
    const rechargeCall = b.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/wallet/recharge'));
    await b.getByRole('button', { name: '充值', exact: true }).click();
    // a desktop window asks for the provider's desktop checkout (docs/money.md, "Payment providers")
    expect((await rechargeCall).postDataJSON()).toMatchObject({ amount_fen: 100_000, device: 'desktop' });
    await b.waitForURL((u) => u.pathname === '/pay/sandbox');
    const checkoutUrl = b.url();
    await expect(b.getByTestId('sandbox-amount')).toHaveText('¥1000.00');
    await b.getByRole('button', { name: '确认支付' }).click();
    await b.waitForURL((u) => u.pathname === '/backend/accounting/wallet' && u.searchParams.has('recharge'));
    await expect(b.getByTestId('recharge-outcome')).toContainText('充值成功');
    expect(await walletFen(BUYER)).toBe(buyer0 + 100_000);
    await e2e.shot(b, 'money-recharge');
    // the checkout opened again once paid leads back to the wallet, not to an order
    await b.goto(checkoutUrl);
    await expect(b.getByText('订单已支付')).toBeVisible();
    await expect(b.getByRole('button', { name: '返回订单' })).toHaveCount(0);
    await e2e.shot(b, 'money-sandbox-paid');
    await b.setViewportSize({ width: 390, height: 844 });
    await e2e.shot(b, 'money-sandbox-paid-390');
    await b.setViewportSize({ width: 1366, height: 900 });
    await b.getByRole('button', { name: '返回钱包' }).click();
    await b.waitForURL((u) => u.pathname === '/backend/accounting/wallet' && u.searchParams.has('recharge'));

    // ---- one payment for both orders, on the phone ----
    const { context: pc, page: p } = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await e2e.signIn(p, '/im/login', 'buyer');
    await p.goto(`${e2e.url}/ofo/purchase/payment?order_no=${shipped}`);
    const card = (no: string) => p.getByTestId('payment-order').filter({ hasText: no });
    await card(shipped).waitFor();
    // only the order asked for is ticked; the other seller's order is ticked by hand
    for (const row of await p.getByTestId('payment-order').all()) {
      const no = (await row.innerText()).match(/SO\d{20}/)?.[0];
      const box = row.getByRole('checkbox');
      if ((no === shipped || no === confirmed) !== (await box.isChecked())) await box.click();
    }
    await expect(p.getByText('（2 个订单）')).toBeVisible();
    await expect(p.locator('.order-pay-amount')).toHaveText(yuanText(60_000));
    await p.getByText(/^钱包余额/).click();
    const payCall = p.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/order/pay'));
    await p.getByRole('button', { name: '确认付款' }).click();
    // the phone page asks for the phone's checkout (it matters for a provider payment: Alipay wap pay)
    expect((await payCall).postDataJSON()).toMatchObject({ method: 'wallet', device: 'phone' });
    await expect(p.getByTestId('payment-state')).toHaveText('已付款');
    await e2e.shot(p, 'money-pay-phone');
    const { rows: paid } = await e2e.pglite.query<{ order_no: string; pay_status: string }>(
      'select order_no, pay_status from goods_order where order_no = any($1) order by order_no', [[shipped, confirmed]]);
    expect(paid.map((r) => r.pay_status)).toEqual(['paid', 'paid']);
    expect(await walletFen(BUYER)).toBe(buyer0 + 100_000 - 60_000);
    await pc.close();

    // ---- receipt of one: the seller is paid out (the phone's sign-in ended the desktop's session) ----
    await e2e.signIn(b, '/login', 'buyer');
    await b.goto(`${e2e.url}/backend/order/detail/${shipped}`);
    await action(b, '确认收货');
    await expect.poll(() => b.locator('.order-detail-state').innerText()).toContain('已完成');
    await expect.poll(() => walletFen(SELLER)).toBe(seller0 + 24_000);

    // ---- the seller's wallet, a corporate card the operator approves, a withdrawal ----
    const { context: sc, page: s } = await e2e.newPage();
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/accounting/wallet`);
    await expect(s.locator('[data-testid="list-row"]').filter({ hasText: '订单收款' }).first()).toContainText('+');
    await e2e.shot(s, 'money-seller-wallet');
    const { rows: [company] } = await e2e.pglite.query<{ name: string }>('select name from company where id = $1', [SELLER]);
    await s.getByRole('button', { name: '添加银行卡' }).first().click();
    const cardForm = s.getByRole('form', { name: '添加银行卡' });
    await cardForm.getByText('对公账户', { exact: true }).click();
    // a corporate account's holder is the company: filled in for the seller
    await expect(cardForm.getByLabel('开户名')).toHaveValue(company.name);
    await cardForm.getByLabel('开户银行').fill('中国工商银行广州白云支行');
    await cardForm.getByLabel('对公账号').fill('3602000109000123456');
    await cardForm.getByRole('button', { name: '添加银行卡' }).click();
    await expect(s.getByTestId('bank-cards')).toContainText('3456');

    const op = await e2e.operatorPage('operator', { confirmDialogs: true });
    await op.page.goto(`${e2e.url}/operation/pay/card`);
    await op.page.getByRole('button', { name: new RegExp(`^通过 ${company.name}`) }).first().click();
    await expect.poll(async () => (await e2e.pglite.query<{ state: string }>(
      `select state from bank_card where company_id = $1 order by id desc limit 1`, [SELLER])).rows[0].state).toBe('verified');

    await s.reload();
    const withdraw = s.getByRole('form', { name: '申请提现' });
    await withdraw.getByLabel('提现金额（元）').fill('100');
    await withdraw.getByRole('button', { name: '申请提现' }).click();
    await expect(s.getByTestId('withdrawal-list')).toContainText('申请中');
    const { rows: [wd] } = await e2e.pglite.query<{ withdrawal_no: string }>(
      'select withdrawal_no from withdrawal where company_id = $1 order by id desc limit 1', [SELLER]);

    await op.page.goto(`${e2e.url}/operation/pay/withdraw`);
    await op.page.getByRole('button', { name: `审核通过 ${wd.withdrawal_no}` }).click();
    await op.page.getByRole('button', { name: `标记已打款 ${wd.withdrawal_no}` }).click();
    await expect.poll(async () => (await e2e.pglite.query<{ state: string }>(
      'select state from withdrawal where withdrawal_no = $1', [wd.withdrawal_no])).rows[0].state).toBe('paid');
    await e2e.shot(op.page, 'money-withdraw-operator');
    await op.context.close();
    await s.reload();
    await expect(s.getByTestId('withdrawal-list')).toContainText('已打款');
    expect(await walletFen(SELLER)).toBe(seller0 + 24_000 - 10_000);

    // ---- an invoice: the buyer's title and request, the seller issues it with the PDF ----
    await b.goto(`${e2e.url}/backend/accounting/invoiceTitle`);
    await b.getByRole('button', { name: '新增抬头' }).click();
    const title = b.getByRole('form', { name: '新增发票抬头' });
    await title.getByLabel('单位名称').fill('上海申通汽车维修服务有限公司');
    await title.getByLabel(/税号/).fill(creditCode());
    await title.getByRole('button', { name: '保存' }).click();
    await b.getByRole('article', { name: '上海申通汽车维修服务有限公司' }).waitFor();

    await b.goto(`${e2e.url}/backend/accounting/invoice`);
    const apply = b.getByRole('form', { name: '申请开票' });
    await apply.getByRole('checkbox', { name: `选择订单 ${shipped}` }).click();
    await apply.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(async () => (await e2e.pglite.query<{ n: number }>(
      `select count(*)::int as n from invoice_request where buyer_company_id = $1 and status = 'requested'`, [BUYER])).rows[0].n).toBe(1);

    await s.goto(`${e2e.url}/backend/accounting/invoiceIssue`);
    await s.getByRole('button', { name: /^查看开票申请 IV/ }).first().click();
    const issue = s.getByRole('form', { name: '开票' });
    await issue.getByLabel('发票号码').fill('12345678');
    await issue.locator('input[type="file"]').setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
    await expect(issue.getByRole('link', { name: '已上传，查看' })).toBeVisible();
    await issue.getByRole('button', { name: '确认开票' }).click();
    await expect(s.getByText('已开票').first()).toBeVisible();
    await b.goto(`${e2e.url}/backend/accounting/invoiceHistory`);
    await expect(b.locator('[data-testid="list-row"]').first()).toContainText('已开票');
    await e2e.shot(b, 'money-invoice-issued');

    // ---- an after-sale refunds part of the other order: 仅退款 of one of its two pieces, the seller refunds less ----
    // its seller ships it (not the subject here)
    await e2e.pglite.query(`update goods_order set status = 'shipped', shipped_at = now(), logistics_company = '德邦物流', logistics_no = 'DB20261128001' where order_no = $1`, [confirmed]);
    const buyerBefore = await walletFen(BUYER);
    const otherBefore = await walletFen(other.id);
    await b.goto(`${e2e.url}/backend/order/detail/${confirmed}`);
    await b.locator('.order-actions').getByRole('link', { name: '申请售后', exact: true }).click();
    await b.waitForURL((u) => u.pathname === '/backend/service/afterSale/apply');
    await b.getByRole('checkbox', { name: /^选择 / }).first().check();
    await b.getByLabel(/^售后数量 /).first().fill('1');
    await b.getByRole('radiogroup', { name: '售后类型' }).getByText('仅退款').click();
    await b.locator('.p-dropdown').filter({ has: b.locator('#reason') }).click();
    await b.getByRole('option', { name: '质量问题' }).click();
    // one of two pieces of ¥180.00
    await expect(b.locator('.form-actions')).toContainText('¥180.00');
    await b.getByRole('button', { name: '提交申请' }).click();
    await b.waitForURL((u) => u.pathname.startsWith('/backend/service/afterSale/detail/'));
    const asNo = b.url().split('/').pop()!;

    const { context: oc, page: o } = await e2e.newPage();
    await e2e.signIn(o, '/login', `seller${other.id}`);
    await o.goto(`${e2e.url}/backend/service/afterSale/detail/${asNo}`);
    const asStatus = o.locator('.order-detail-head').getByTestId('aftersale-status');
    await expect(asStatus).toHaveText('待卖家处理');
    await o.locator('.order-actions').getByRole('button', { name: '同意售后' }).click();
    await o.getByRole('dialog').getByRole('button', { name: '同意售后' }).click();
    await expect(asStatus).toHaveText('待退款');
    // the seller refunds ¥120.00 of the ¥180.00 asked, back to the buyer's wallet (原路退回)
    await o.locator('.order-actions').getByRole('button', { name: '确认退款' }).click();
    const refundDialog = o.getByRole('dialog');
    await expect(refundDialog).toContainText('原路退回');
    await refundDialog.getByLabel('退款金额（元）').fill('120');
    await refundDialog.getByRole('button', { name: '确认退款' }).click();
    await refundDialog.waitFor({ state: 'detached' });
    await expect(asStatus).toHaveText('已完成');
    await expect(o.locator('.order-detail-head')).toContainText('¥120.00');
    expect(await walletFen(BUYER)).toBe(buyerBefore + 12_000);
    // the seller's side: the order shows what was refunded
    await o.goto(`${e2e.url}/backend/order/detail/${confirmed}`);
    await expect(o.getByTestId('order-refunded')).toContainText('¥120.00');
    await e2e.shot(o, 'money-refund-seller');
    // the buyer's wallet shows the refund coming in
    await b.goto(`${e2e.url}/backend/accounting/wallet`);
    await expect(b.locator('[data-testid="list-row"]').filter({ hasText: '退款' }).first()).toContainText('+120.00');
    await e2e.shot(b, 'money-refund-buyer-wallet');
    // received, the seller is paid what was paid less the refund: 360.00 − 120.00
    await b.goto(`${e2e.url}/backend/order/detail/${confirmed}`);
    await action(b, '确认收货');
    await expect.poll(() => b.locator('.order-detail-state').innerText()).toContain('已完成');
    await expect.poll(() => walletFen(other.id)).toBe(otherBefore + 36_000 - 12_000);
    await o.goto(`${e2e.url}/backend/accounting/wallet`);
    await expect(o.locator('[data-testid="list-row"]').filter({ hasText: '订单收款' }).first()).toContainText('+240.00');
    await e2e.shot(o, 'money-refund-payout');
    await oc.close();

    // ---- the month's bills close at what each wallet holds ----
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date());
    await b.goto(`${e2e.url}/backend/accounting/bill/${month}`);
    await expect(b.getByText('期末余额', { exact: true }).locator('..')).toContainText(yuanText(await walletFen(BUYER)));
    await e2e.shot(b, 'money-bill-buyer');
    await s.setViewportSize({ width: 390, height: 844 });
    await s.goto(`${e2e.url}/backend/accounting/bill/${month}`);
    await expect(s.getByText('期末余额', { exact: true }).locator('..')).toContainText(yuanText(await walletFen(SELLER)));
    await e2e.shot(s, 'money-bill-seller-phone');
    await sc.close();
    await bc.close();

    // the ledger balances after all of it
    const { rows: [sum] } = await e2e.pglite.query<{ n: string }>('select coalesce(sum(amount_fen), 0)::text as n from ledger_entry');
    expect(sum.n).toBe('0');
    // seven stages of four users in one journey: it went past the default 120 s in a clean-clone CI run (2026-11-29)
  }, 240_000);
});
