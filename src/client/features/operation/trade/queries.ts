/** Query keys and options of the operator's catalogue, order, enquiry and report pages. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const catKeys = {
  oe: () => ['op', 'oe'] as const,
  oeView: (oe: string) => ['op', 'oe', oe] as const,
  orders: () => ['op', 'orders'] as const,
  orderList: (p: PayloadIn<'opOrderList'>) => ['op', 'orders', 'list', p] as const,
  order: (no: string) => ['op', 'orders', 'detail', no] as const,
  enquiryList: (p: PayloadIn<'opEnquiryList'>) => ['op', 'enquiries', 'list', p] as const,
  enquiry: (no: string) => ['op', 'enquiries', 'detail', no] as const,
  report: (name: string, p: unknown) => ['op', 'report', name, p] as const,
};

export const oeViewQuery = (oe: string) =>
  queryOptions({ queryKey: catKeys.oeView(oe), queryFn: ({ signal }) => request('get', 'opOeView', { oe }, undefined, { signal }) });
export const orderListQuery = (p: PayloadIn<'opOrderList'>) =>
  queryOptions({ queryKey: catKeys.orderList(p), queryFn: ({ signal }) => request('get', 'opOrderList', p, undefined, { signal }) });
export const orderQuery = (no: string) =>
  queryOptions({ queryKey: catKeys.order(no), queryFn: ({ signal }) => request('get', 'opOrderDetail', { order_no: no }, undefined, { signal }) });
export const enquiryListQuery = (p: PayloadIn<'opEnquiryList'>) =>
  queryOptions({ queryKey: catKeys.enquiryList(p), queryFn: ({ signal }) => request('get', 'opEnquiryList', p, undefined, { signal }) });
export const enquiryQuery = (no: string) =>
  queryOptions({ queryKey: catKeys.enquiry(no), queryFn: ({ signal }) => request('get', 'opEnquiryDetail', { enquiry_no: no }, undefined, { signal }) });
