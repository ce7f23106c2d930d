import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of invoices: the titles, the orders that may be invoiced, the two sides' records, one request. */
export const invoiceKeys = {
  all: () => ['invoice'] as const,
  titles: () => ['invoice', 'titles'] as const,
  orders: (p: PayloadIn<'invoiceOrders'>) => ['invoice', 'orders', p] as const,
  list: (p: PayloadIn<'invoiceSearch'>) => ['invoice', 'list', p] as const,
  detail: (no: string) => ['invoice', 'detail', no] as const,
};

export const invoiceTitlesQuery = () =>
  queryOptions({ queryKey: invoiceKeys.titles(), queryFn: ({ signal }) => request('get', 'invoiceTitleList', {}, undefined, { signal }), staleTime: 10_000 });

export const invoiceOrdersQuery = (p: PayloadIn<'invoiceOrders'>) =>
  queryOptions({ queryKey: invoiceKeys.orders(p), queryFn: ({ signal }) => request('get', 'invoiceOrders', p, undefined, { signal }), staleTime: 10_000 });

export const invoiceListQuery = (p: PayloadIn<'invoiceSearch'>) =>
  queryOptions({ queryKey: invoiceKeys.list(p), queryFn: ({ signal }) => request('get', 'invoiceSearch', p, undefined, { signal }), staleTime: 10_000 });

export const invoiceDetailQuery = (no: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(no), queryFn: ({ signal }) => request('get', 'invoiceRetrieve', { request_no: no }, undefined, { signal }), staleTime: 10_000 });
