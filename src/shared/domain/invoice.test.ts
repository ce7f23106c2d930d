import { describe, expect, it } from 'vitest';
import {
  holdsOrders, invoiceActions, invoiceTitleProblems, invoiceTitleText, invoiceTransition, isCreditCode, issueAmountRefusal, normaliseInvoiceTitle,
  orderInvoiceRefusal, type InvoiceTitleFields,
} from './invoice';

const company: InvoiceTitleFields = {
  kind: 'company', invoice_type: 'special', name: '上海申通汽车维修服务有限公司', tax_no: '91350100M000100Y43',
  address: '上海市闵行区沪闵路6088号', phone: '021-64128877', bank: '中国工商银行上海闵行支行', account: '1001 2345 6789 0123',
};

describe('统一社会信用代码', () => {
  it('accepts codes whose check character is right and refuses the rest', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91110000600037341L')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false); // wrong check character
    expect(isCreditCode('91350100M000100Y4')).toBe(false); // 17 characters
    expect(isCreditCode('91350100MO00100Y43')).toBe(false); // O is not used
    expect(isCreditCode('9135010AM000100Y43')).toBe(false); // the region code is digits
  });
});

describe('invoice titles', () => {
  it('a full 专票 company title has no problem', () => expect(invoiceTitleProblems(company)).toEqual([]));
  it('a company title needs a valid tax number, a 专票 also address, phone, bank and account', () => {
    expect(invoiceTitleProblems({ ...company, tax_no: '' })).toEqual([{ field: 'tax_no', message: invoiceTitleText.taxNo }]);
    expect(invoiceTitleProblems({ ...company, tax_no: '123' })).toEqual([{ field: 'tax_no', message: invoiceTitleText.taxNoFormat }]);
    expect(invoiceTitleProblems({ ...company, address: '', phone: '', bank: '', account: '' }).map((p) => p.field)).toEqual(['address', 'phone', 'bank', 'account']);
    expect(invoiceTitleProblems({ ...company, invoice_type: 'normal', address: '', phone: '', bank: '', account: '' })).toEqual([]);
    expect(invoiceTitleProblems({ ...company, invoice_type: 'normal', phone: '123' })).toEqual([{ field: 'phone', message: invoiceTitleText.phoneFormat }]);
  });
  it('a personal title takes only 普票 and drops company fields when stored', () => {
    const personal = { ...company, kind: 'personal' as const, name: '王志强' };
    expect(invoiceTitleProblems(personal)).toEqual([{ field: 'invoice_type', message: invoiceTitleText.specialPersonal }]);
    expect(invoiceTitleProblems({ ...personal, invoice_type: 'normal' })).toEqual([]);
    expect(normaliseInvoiceTitle({ ...personal, invoice_type: 'normal' })).toMatchObject({ tax_no: '', address: '', bank: '', account: '' });
    expect(normaliseInvoiceTitle({ ...company, tax_no: ' 91110000600037341l ' }).tax_no).toBe('91110000600037341L');
  });
});

describe('invoice requests', () => {
  it('moves: issue and refuse only a requested one (seller), withdraw (buyer), resubmit after a refusal (buyer)', () => {
    expect(invoiceTransition('requested', 'issue')).toEqual({ ok: true, to: 'issued' });
    expect(invoiceTransition('requested', 'refuse')).toEqual({ ok: true, to: 'refused' });
    expect(invoiceTransition('requested', 'withdraw')).toEqual({ ok: true, to: 'withdrawn' });
    expect(invoiceTransition('refused', 'resubmit')).toEqual({ ok: true, to: 'requested' });
    expect(invoiceTransition('issued', 'refuse')).toEqual({ ok: false, reason: '开票申请当前为已开票，不能拒绝开票（只有待开票的申请可以拒绝开票）' });
    expect(invoiceTransition('withdrawn', 'resubmit').ok).toBe(false);
    expect(invoiceActions('requested', 'seller')).toEqual(['issue', 'refuse']);
    expect(invoiceActions('requested', 'buyer')).toEqual(['withdraw']);
    expect(invoiceActions('refused', 'buyer')).toEqual(['resubmit']);
    expect(invoiceActions('issued', 'buyer')).toEqual([]);
  });
  it('holds orders while requested or issued', () => {
    expect(['requested', 'issued', 'refused', 'withdrawn'].map((s) => holdsOrders(s as never))).toEqual([true, true, false, false]);
  });
  it('only paid, received or completed orders with money left may be invoiced, never above paid less refunds', () => {
    expect(orderInvoiceRefusal({ status: 'completed', pay_status: 'paid', invoiceable_fen: 100 })).toBeNull();
    expect(orderInvoiceRefusal({ status: 'received', pay_status: 'paid', invoiceable_fen: 100 })).toBeNull();
    expect(orderInvoiceRefusal({ status: 'shipped', pay_status: 'paid', invoiceable_fen: 100 })).toContain('只有已付款并已收货或已完成');
    expect(orderInvoiceRefusal({ status: 'received', pay_status: 'unpaid', invoiceable_fen: 0 })).toContain('只有已付款');
    expect(orderInvoiceRefusal({ status: 'completed', pay_status: 'paid', invoiceable_fen: 0 })).toContain('已全部退款');
    expect(issueAmountRefusal(9000, 9000)).toBeNull();
    expect(issueAmountRefusal(9001, 9000)).toBe('开票金额不能超过订单实付金额减去退款（最多 ¥90.00）');
  });
});
