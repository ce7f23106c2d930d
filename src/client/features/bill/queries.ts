/** Query keys and options of 账单 (the company's statements and the operator's, in fen and in dong), and their downloads. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { fileRequest, request, saveDownload } from '../../api/request';

export const billKeys = {
  all: () => ['bill'] as const,
  months: (p: PayloadIn<'billMonths'>) => ['bill', 'months', p] as const,
  month: (month: string) => ['bill', 'month', month] as const,
  opList: (p: PayloadIn<'opBillList'>) => ['bill', 'op', 'list', p] as const,
  opMonth: (companyId: number, month: string) => ['bill', 'op', 'month', companyId, month] as const,
  // the dong wallet's statements (docs/money.md#overseas-bills)
  vnMonths: (p: PayloadIn<'vnBillMonths'>) => ['bill', 'vn', 'months', p] as const,
  vnMonth: (month: string) => ['bill', 'vn', 'month', month] as const,
  opVnList: (p: PayloadIn<'opForeignBillList'>) => ['bill', 'vn', 'op', 'list', p] as const,
  opVnMonth: (companyId: number, month: string) => ['bill', 'vn', 'op', 'month', companyId, month] as const,
  sellerVn: (month: string) => ['bill', 'vn', 'seller', month] as const,
};

export const billMonthsQuery = (p: PayloadIn<'billMonths'>) =>
  queryOptions({ queryKey: billKeys.months(p), queryFn: ({ signal }) => request('get', 'billMonths', p, undefined, { signal, silent: true }), retry: false });
export const billQuery = (month: string) =>
  queryOptions({ queryKey: billKeys.month(month), queryFn: ({ signal }) => request('get', 'billGet', { month }, undefined, { signal, silent: true }), retry: false });
export const opBillListQuery = (p: PayloadIn<'opBillList'>) =>
  queryOptions({ queryKey: billKeys.opList(p), queryFn: ({ signal }) => request('get', 'opBillList', p, undefined, { signal, silent: true }), retry: false });
export const opBillQuery = (companyId: number, month: string) =>
  queryOptions({ queryKey: billKeys.opMonth(companyId, month), queryFn: ({ signal }) => request('get', 'opBillGet', { company_id: companyId, month }, undefined, { signal, silent: true }), retry: false });

/** A statement's XLSX or PDF, built by the server (GET /api/bill/download or /api/operation/bill/download). */
export const downloadBill = async (s: { company_id: number; company_name: string; month: string }, format: 'xlsx' | 'pdf', operator: boolean) => {
  const query = new URLSearchParams({ month: s.month, format, ...(operator ? { company_id: String(s.company_id) } : {}) });
  await saveDownload(await fileRequest(`/api/${operator ? 'operation/' : ''}bill/download?${query.toString()}`), `${s.company_name}-${s.month}-账单.${format}`);
};

export const vnBillMonthsQuery = (p: PayloadIn<'vnBillMonths'>) =>
  queryOptions({ queryKey: billKeys.vnMonths(p), queryFn: ({ signal }) => request('get', 'vnBillMonths', p, undefined, { signal, silent: true }), retry: false });
export const vnBillQuery = (month: string) =>
  queryOptions({ queryKey: billKeys.vnMonth(month), queryFn: ({ signal }) => request('get', 'vnBillGet', { month }, undefined, { signal, silent: true }), retry: false });
export const opVnBillListQuery = (p: PayloadIn<'opForeignBillList'>) =>
  queryOptions({ queryKey: billKeys.opVnList(p), queryFn: ({ signal }) => request('get', 'opForeignBillList', p, undefined, { signal, silent: true }), retry: false });
export const opVnBillQuery = (companyId: number, month: string) =>
  queryOptions({ queryKey: billKeys.opVnMonth(companyId, month), queryFn: ({ signal }) => request('get', 'opForeignBillGet', { company_id: companyId, month }, undefined, { signal, silent: true }), retry: false });

/** A dong statement's XLSX (GET /api/vn-bill/download or /api/operation/foreign/bill/download). */
export const downloadVnBill = async (s: { company_id: number; company_name: string; month: string }, operator: boolean) => {
  const query = new URLSearchParams({ month: s.month, format: 'xlsx', ...(operator ? { company_id: String(s.company_id) } : {}) });
  await saveDownload(await fileRequest(`/api/${operator ? 'operation/foreign/bill' : 'vn-bill'}/download?${query.toString()}`), `${s.company_name}-${s.month}-越南盾账单.xlsx`);
};
export const vnSellerSettlementQuery = (month: string) =>
  queryOptions({ queryKey: billKeys.sellerVn(month), queryFn: ({ signal }) => request('get', 'vnSellerSettlement', { month }, undefined, { signal, silent: true }), retry: false });
