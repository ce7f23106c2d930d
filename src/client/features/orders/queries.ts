import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of orders and the finance page: lists per side and filter, one detail per order number. */
export const orderKeys = {
  all: () => ['orders'] as const,
  list: (p: PayloadIn<'orderSearch'>) => ['orders', 'list', p] as const,
  detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
  finance: () => ['orders', 'finance'] as const,
};

export const orderListQuery = (p: PayloadIn<'orderSearch'>) =>
  queryOptions({
    queryKey: orderKeys.list(p),
    queryFn: ({ signal }) => request('get', 'orderSearch', p, undefined, { signal }),
    staleTime: 10_000,
  });

export const orderDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => request('get', 'orderRetrieve', { order_no: orderNo }, undefined, { signal }),
    staleTime: 10_000,
  });

export const financeQuery = () =>
  queryOptions({
    queryKey: orderKeys.finance(),
    queryFn: ({ signal }) => request('get', 'financeSummary', {}, undefined, { signal }),
    staleTime: 10_000,
  });
