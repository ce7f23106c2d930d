import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of after-sales: the two sides' lists, one detail per number, and the operator's view. */
export const afterSaleKeys = {
  all: () => ['aftersale'] as const,
  list: (p: PayloadIn<'afterSaleSearch'>) => ['aftersale', 'list', p] as const,
  detail: (asNo: string) => ['aftersale', 'detail', asNo] as const,
  opAll: () => ['op', 'aftersale'] as const,
  opList: (p: PayloadIn<'opAfterSaleList'>) => ['op', 'aftersale', 'list', p] as const,
  opDetail: (asNo: string) => ['op', 'aftersale', 'detail', asNo] as const,
};

export const afterSaleListQuery = (p: PayloadIn<'afterSaleSearch'>) =>
  queryOptions({ queryKey: afterSaleKeys.list(p), queryFn: ({ signal }) => request('get', 'afterSaleSearch', p, undefined, { signal }), staleTime: 10_000 });

export const afterSaleDetailQuery = (asNo: string) =>
  queryOptions({ queryKey: afterSaleKeys.detail(asNo), queryFn: ({ signal }) => request('get', 'afterSaleRetrieve', { as_no: asNo }, undefined, { signal }), staleTime: 10_000 });

export const opAfterSaleListQuery = (p: PayloadIn<'opAfterSaleList'>) =>
  queryOptions({ queryKey: afterSaleKeys.opList(p), queryFn: ({ signal }) => request('get', 'opAfterSaleList', p, undefined, { signal }) });

export const opAfterSaleDetailQuery = (asNo: string) =>
  queryOptions({ queryKey: afterSaleKeys.opDetail(asNo), queryFn: ({ signal }) => request('get', 'opAfterSaleDetail', { as_no: asNo }, undefined, { signal }) });
