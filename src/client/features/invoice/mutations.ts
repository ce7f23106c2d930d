import { useKeyedMove } from '../../api/use-keyed-move';
import { useFormWrite } from '../../ui/form/form';
import { orderKeys } from '../orders/queries';
import { invoiceKeys } from './queries';

/** 保存发票抬头 (add or edit) under the form's Idempotency-Key. */
export const useInvoiceTitleSave = () => useFormWrite('invoiceTitleSave', { invalidate: [invoiceKeys.titles()] });
export const useInvoiceTitleRemove = () => useKeyedMove('invoiceTitleRemove', { detailKey: () => ['invoice', 'title-removed'], invalidate: [invoiceKeys.titles()] });
export const useInvoiceTitleDefault = () => useKeyedMove('invoiceTitleDefault', { detailKey: () => ['invoice', 'title-default'], invalidate: [invoiceKeys.titles()] });

/** 申请开票 and 重新提交: forms whose key lives until the save succeeds. */
export const useInvoiceApply = () => useFormWrite('invoiceApply', { invalidate: [invoiceKeys.all(), orderKeys.all()] });
export const useInvoiceResubmit = () => useFormWrite('invoiceResubmit', { invalidate: [invoiceKeys.all()] });
/** 开票: the seller's form (number, date, amount, file). */
export const useInvoiceIssue = () => useFormWrite('invoiceIssue', { invalidate: [invoiceKeys.all()] });
/** 红冲: the seller's red-letter invoice (number, date, file, reason) reversing an issued one; the orders may be invoiced again. */
export const useInvoiceReverse = () => useFormWrite('invoiceReverse', { invalidate: [invoiceKeys.all(), orderKeys.all()] });

export type InvoiceMove = 'invoiceRefuse' | 'invoiceWithdraw';
/** 拒绝开票 / 撤回申请: one move of a request; the request and the lists are fetched again either way. */
export const useInvoiceMove = <N extends InvoiceMove>(name: N) =>
  useKeyedMove(name, { detailKey: (data) => invoiceKeys.detail(data.request_no), invalidate: [invoiceKeys.all()] });
