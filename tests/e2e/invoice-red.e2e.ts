/**
 * 红冲 (docs/money.md, "Invoices"): an invoice the seller issued is reversed with a red-letter
 * invoice after the goods came back: the seller's 开票申请 detail takes its number, date, reason and
 * file (a refusal names the field and keeps what was typed); the request shows 已红冲 with both
 * invoices to the seller and to the buyer, on the desktop and on the phone's 开票记录.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSideScroll, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const BUYER = 3;
const SELLER = 2;

/** A paid, completed order of the buyer from the seller, with an invoice issued on it. */
const issuedInvoice = async () => {
  const stamp = `${Date.now()}`.slice(-12);
  // SO / IV + 20 digits, as the orders and invoice modules number them
  const no = `SO20261129${stamp}`;
  const requestNo = `IV20261129${stamp}`;
  const q = (text: string, params: unknown[] = []) => e2e.pglite.query<{ id: string }>(text, params);
  const { rows: [user] } = await q(`select id from app_user where username = 'buyer'`);
  const { rows: [order] } = await q(`
    insert into goods_order (order_no, checkout_no, buyer_company_id, buyer_user_id, seller_company_id, status, pay_status, pay_method, pay_channel, paid_fen, paid_at,
      line_count, total_qty, total_fen, contact_name, contact_phone, address, logistics_company, logistics_no, created_at, shipped_at, received_at, completed_at)
    values ($1, $2, $3, $4, $5, 'completed', 'paid', '银行转账', 'offline', 36000, now() - interval '5 days',
      1, 2, 36000, '王志强', '13800000004', '上海市闵行区沪闵路6088号', '顺丰速运', 'SF5566778899', now() - interval '6 days', now() - interval '5 days', now() - interval '4 days', now() - interval '3 days')
    returning id`, [no, `CO${no.slice(2)}`, BUYER, user.id, SELLER]);
  const { rows: [request] } = await q(`
    insert into invoice_request (request_no, buyer_company_id, buyer_user_id, seller_company_id, status, title_kind, invoice_type, title_name, tax_no,
      amount_fen, invoice_number, invoice_date, issued_fen, file_path, created_at, updated_at, issued_at)
    values ($1, $2, $3, $4, 'issued', 'company', 'normal', '上海申通汽车维修服务有限公司', '91310112MA1K3B7X2Y', 36000, '24310000', to_char(now() - interval '2 days', 'YYYY-MM-DD'),
      36000, '/api/uploads/blue-invoice.pdf', now() - interval '3 days', now() - interval '2 days', now() - interval '2 days') returning id`,
  [requestNo, BUYER, user.id, SELLER]);
  await q(`insert into invoice_request_order (request_id, order_id, order_no, amount_fen) values ($1, $2, $3, 36000)`, [request.id, order.id, no]);
  await q(`insert into invoice_event (request_id, action, actor_user_id, from_status, to_status, note) values ($1, 'issue', $2, 'requested', 'issued', '24310000')`, [request.id, user.id]);
  return requestNo;
};

describe('红冲', () => {
  it('the seller reverses an issued invoice with a red-letter one; both sides see 已红冲, on the desktop and the phone', async () => {
    const requestNo = await issuedInvoice();
    const { context: sc, page: s } = await e2e.newPage();
    await e2e.signIn(s, '/login', 'seller');
    await s.goto(`${e2e.url}/backend/accounting/invoiceIssue?open=${requestNo}`);
    const panel = s.getByRole('region', { name: `开票申请 ${requestNo}` });
    const red = panel.getByRole('form', { name: '红冲' });
    await red.waitFor();
    // the original's number is refused by field, and what was typed stays
    await red.getByLabel('红字发票号码').fill('24310000');
    await red.getByLabel('红冲原因').fill('买家退货，全额红冲');
    await red.locator('input[type="file"]').setInputFiles({ name: '红字发票.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%red\n%%EOF\n') });
    await expect(red.getByRole('link', { name: '已上传，查看' })).toBeVisible();
    await red.getByRole('button', { name: '确认红冲' }).click();
    await expect(red.getByText('红字发票号码不能与原发票号码相同')).toBeVisible();
    await expect(red.getByLabel('红冲原因')).toHaveValue('买家退货，全额红冲');
    await red.getByLabel('红字发票号码').fill('24319999');
    await red.getByRole('button', { name: '确认红冲' }).click();
    await expect(panel.getByText('已红冲').first()).toBeVisible();
    await expect(panel).toContainText('24319999');
    await expect(panel.getByRole('link', { name: '打开红字发票文件' })).toBeVisible();
    await expect(panel.getByRole('form', { name: '红冲' })).toHaveCount(0);
    await e2e.shot(s, 'invoice-red-seller');
    await sc.close();

    const { context: bc, page: b } = await e2e.newPage();
    await e2e.signIn(b, '/login', 'buyer');
    await b.goto(`${e2e.url}/backend/accounting/invoiceHistory?open=${requestNo}`);
    const mine = b.getByRole('region', { name: `开票申请 ${requestNo}` });
    await expect(mine).toContainText('已红冲');
    await expect(mine).toContainText('买家退货，全额红冲');
    await expect(mine.getByRole('link', { name: '打开发票文件' })).toBeVisible();
    await bc.close();

    const { context: pc, page: p } = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await e2e.signIn(p, '/login', 'buyer');
    await p.goto(`${e2e.url}/ofo/invoice/record?open=${requestNo}`);
    const onPhone = p.getByRole('region', { name: `开票申请 ${requestNo}` });
    await expect(onPhone).toContainText('24319999');
    await noSideScroll(p);
    await e2e.shot(p, 'invoice-red-phone');
    await pc.close();
  });
});
