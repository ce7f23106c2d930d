/**
 * Invoices (发票, requirements 000-1 "Both sides use … invoices", 001-2 M09 invoice / invoiceHistory /
 * resubmit, /ofo/invoice, invoice/info, invoice/record). The spec shows no fields or statuses; the
 * rules below are written down in docs/money.md#invoices and shared by the pages and the server.
 *
 * Titles (抬头) belong to the buyer company: 个人 or 企业; a 企业 title needs its 统一社会信用代码
 * (the tax number); 专票 (增值税专用发票) only for a 企业 title and needs address, phone, bank and
 * account too.
 *
 * Requests: the buyer asks one seller for an invoice on one or more of its paid, received or
 * completed orders of that seller; the amount is what was paid less refunds on those orders.
 *
 *   待开票 ─开票→ 已开票
 *     │ 卖家拒绝 → 已拒绝 ─重新提交→ 待开票
 *     └ 买家撤回 → 已撤回
 *
 * An order is held by at most one request that is 待开票 or 已开票 (whole orders, no partial
 * invoices); 已拒绝 and 已撤回 give the orders back.
 */
import { PHONE_RE } from './orders';

export const INVOICE_TITLE_KINDS = ['company', 'personal'] as const;
export type InvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];
export const INVOICE_TITLE_KIND_TEXT: Record<InvoiceTitleKind, string> = { company: '企业', personal: '个人' };

export const INVOICE_TYPES = ['normal', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_TEXT: Record<InvoiceType, string> = { normal: '普票', special: '专票' };
export const INVOICE_TYPE_LONG_TEXT: Record<InvoiceType, string> = { normal: '增值税普通发票', special: '增值税专用发票' };

export const INVOICE_STATUSES = ['requested', 'issued', 'refused', 'withdrawn', 'reversed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = { requested: '待开票', issued: '已开票', refused: '已拒绝', withdrawn: '已撤回', reversed: '已红冲' };

/** Buyer side: purchase orders or accounting; seller side: sales orders or accounting. */

export const INVOICE_TITLES_MAX = 20;
export const INVOICE_TITLE_NAME_MAX = 100;
export const INVOICE_ADDRESS_MAX = 200;
export const INVOICE_BANK_MAX = 100;
export const INVOICE_REMARK_MAX = 200;
export const INVOICE_REASON_MAX = 200;
/** The most orders one request may name. */
export const INVOICE_ORDERS_MAX = 100;

/** Request numbers: IV + China time to the second + 6 random digits. */
/** 发票号码: 8 digits (paper invoices) or 20 digits (全电发票). */
export const INVOICE_NUMBER_RE = /^(?:\d{8}|\d{20})$/;
/** A bank account number: 8 to 30 digits, spaces or dashes allowed between. */
export const BANK_ACCOUNT_RE = /^\d[\d -]{6,38}\d$/;

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_RE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters of 0-9 and capital letters without I, O, S, V, Z;
 * positions 3 to 8 the region code (digits); the last a check character over the first 17.
 */
export const isCreditCode = (s: string): boolean => {
  if (!CREDIT_CODE_RE.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARS.indexOf(s[i]) * (3 ** i % 31);
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] === s[17];
};

export const invoiceTitleText = {
  kind: '请选择抬头类型（企业或个人）',
  invoiceType: '请选择发票类型（普票或专票）',
  specialPersonal: '个人抬头只能开普票，专票请选择企业抬头',
  name: `请填写发票抬头名称（2到${INVOICE_TITLE_NAME_MAX}个字）`,
  personalName: `请填写个人抬头（姓名，2到${INVOICE_TITLE_NAME_MAX}个字）`,
  taxNo: '请填写税号（统一社会信用代码，18位）',
  taxNoFormat: '税号应为18位统一社会信用代码（数字和大写字母，不含I、O、S、V、Z），请核对',
  address: `开专票请填写注册地址（5到${INVOICE_ADDRESS_MAX}个字）`,
  addressMax: `注册地址最多${INVOICE_ADDRESS_MAX}个字`,
  phone: '开专票请填写注册电话（手机或带区号的座机）',
  phoneFormat: '注册电话应为手机号或带区号的座机号',
  bank: `开专票请填写开户银行（2到${INVOICE_BANK_MAX}个字）`,
  bankMax: `开户银行最多${INVOICE_BANK_MAX}个字`,
  account: '开专票请填写银行账号（8到30位数字）',
  accountFormat: '银行账号应为8到30位数字',
} as const;

export interface InvoiceTitleFields {
  kind: InvoiceTitleKind; invoice_type: InvoiceType; name: string; tax_no: string; address: string; phone: string; bank: string; account: string;
}

/** What is wrong with a title, field by field (first problem per field), in the order of the form; empty when none. */
export const invoiceTitleProblems = (t: InvoiceTitleFields): Array<{ field: keyof InvoiceTitleFields; message: string }> => {
  const out: Array<{ field: keyof InvoiceTitleFields; message: string }> = [];
  const name = t.name.trim();
  if (name.length < 2 || name.length > INVOICE_TITLE_NAME_MAX) out.push({ field: 'name', message: t.kind === 'personal' ? invoiceTitleText.personalName : invoiceTitleText.name });
  if (t.kind === 'personal') {
    if (t.invoice_type === 'special') out.push({ field: 'invoice_type', message: invoiceTitleText.specialPersonal });
    return out;
  }
  const tax = t.tax_no.trim().toUpperCase();
  if (!tax) out.push({ field: 'tax_no', message: invoiceTitleText.taxNo });
  else if (!isCreditCode(tax)) out.push({ field: 'tax_no', message: invoiceTitleText.taxNoFormat });
  const special = t.invoice_type === 'special';
  const address = t.address.trim();
  if (address.length > INVOICE_ADDRESS_MAX) out.push({ field: 'address', message: invoiceTitleText.addressMax });
  else if (special && address.length < 5) out.push({ field: 'address', message: invoiceTitleText.address });
  const phone = t.phone.trim();
  if (phone && !PHONE_RE.test(phone)) out.push({ field: 'phone', message: invoiceTitleText.phoneFormat });
  else if (special && !phone) out.push({ field: 'phone', message: invoiceTitleText.phone });
  const bank = t.bank.trim();
  if (bank.length > INVOICE_BANK_MAX) out.push({ field: 'bank', message: invoiceTitleText.bankMax });
  else if (special && bank.length < 2) out.push({ field: 'bank', message: invoiceTitleText.bank });
  const account = t.account.trim();
  const digits = account.replace(/[ -]/g, '');
  if (account && (!BANK_ACCOUNT_RE.test(account) || digits.length < 8 || digits.length > 30)) out.push({ field: 'account', message: invoiceTitleText.accountFormat });
  else if (special && !account) out.push({ field: 'account', message: invoiceTitleText.account });
  return out;
};

/** The title as stored: trimmed, the tax number in capitals, a personal title without company fields. */
export const normaliseInvoiceTitle = <T extends InvoiceTitleFields>(t: T): T => {
  const personal = t.kind === 'personal';
  return {
    ...t, name: t.name.trim(),
    tax_no: personal ? '' : t.tax_no.trim().toUpperCase(),
    address: personal ? '' : t.address.trim(), phone: personal ? '' : t.phone.trim(),
    bank: personal ? '' : t.bank.trim(), account: personal ? '' : t.account.trim(),
  };
};

// ---- requests ----

export type InvoiceAction = 'issue' | 'refuse' | 'withdraw' | 'resubmit' | 'reverse';
export const INVOICE_ACTION_TEXT: Record<InvoiceAction, string> = { issue: '开票', refuse: '拒绝开票', withdraw: '撤回申请', resubmit: '重新提交', reverse: '红冲' };
export const INVOICE_ACTION_SIDE: Record<InvoiceAction, 'buyer' | 'seller'> = { issue: 'seller', refuse: 'seller', withdraw: 'buyer', resubmit: 'buyer', reverse: 'seller' };

const FROM: Record<InvoiceAction, InvoiceStatus> = { issue: 'requested', refuse: 'requested', withdraw: 'requested', resubmit: 'refused', reverse: 'issued' };
const TO: Record<InvoiceAction, InvoiceStatus> = { issue: 'issued', refuse: 'refused', withdraw: 'withdrawn', resubmit: 'requested', reverse: 'reversed' };

export type InvoiceTransition = { ok: true; to: InvoiceStatus } | { ok: false; reason: string };

/** The one place the moves are decided: the server applies it to a locked row, pages use it to offer buttons. */
export const invoiceTransition = (status: InvoiceStatus, action: InvoiceAction): InvoiceTransition =>
  status === FROM[action]
    ? { ok: true, to: TO[action] }
    : { ok: false, reason: `开票申请当前为${INVOICE_STATUS_TEXT[status]}，不能${INVOICE_ACTION_TEXT[action]}（只有${INVOICE_STATUS_TEXT[FROM[action]]}的申请可以${INVOICE_ACTION_TEXT[action]}）` };

export const invoiceActions = (status: InvoiceStatus, side: 'buyer' | 'seller'): InvoiceAction[] =>
  (Object.keys(INVOICE_ACTION_SIDE) as InvoiceAction[]).filter((a) => INVOICE_ACTION_SIDE[a] === side && invoiceTransition(status, a).ok);

/** A request in these statuses holds its orders: no other request may name them. */
export const holdsOrders = (s: InvoiceStatus) => s === 'requested' || s === 'issued';

export interface InvoiceOrderFacts { status: string; pay_status: string; invoiceable_fen: number }

/** Why an order of the buyer's own cannot be invoiced now, or null. */
export const orderInvoiceRefusal = (o: InvoiceOrderFacts): string | null => {
  if (o.pay_status !== 'paid' || (o.status !== 'completed' && o.status !== 'received')) return '只有已付款并已收货或已完成的订单可以申请开票';
  if (o.invoiceable_fen <= 0) return '该订单已全部退款，没有可开票金额';
  return null;
};

/** The most the seller may write on the invoice: what was paid less refunds on the orders now. */
export const issueAmountRefusal = (amountFen: number, invoiceableFen: number): string | null =>
  amountFen > invoiceableFen ? `开票金额不能超过订单实付金额减去退款（最多 ¥${(invoiceableFen / 100).toFixed(2)}）` : null;
