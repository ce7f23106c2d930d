/** Query keys and options of the operator's 越南商城 pages (D09-03, docs/overseas.md "The Vietnam mall"). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const opVnKeys = {
  all: () => ['op', 'vnmall'] as const,
  goods: (p: PayloadIn<'opVnGoodsList'>) => ['op', 'vnmall', 'goods', p] as const,
  products: (p: PayloadIn<'opVnProductList'>) => ['op', 'vnmall', 'products', p] as const,
  afterSales: (p: PayloadIn<'opVnAfterSaleList'>) => ['op', 'vnmall', 'aftersales', p] as const,
  afterSale: (asNo: string) => ['op', 'vnmall', 'aftersale', asNo] as const,
  bands: () => ['op', 'vnmall', 'bands'] as const,
  orders: (p: PayloadIn<'opVnOrderList'>) => ['op', 'vnmall', 'orders', p] as const,
};

export const opVnGoodsQuery = (p: PayloadIn<'opVnGoodsList'>) =>
  queryOptions({ queryKey: opVnKeys.goods(p), queryFn: ({ signal }) => request('get', 'opVnGoodsList', p, undefined, { signal }) });
export const opVnBandsQuery = () =>
  queryOptions({ queryKey: opVnKeys.bands(), queryFn: ({ signal }) => request('get', 'opServiceChargeList', {}, undefined, { signal }) });
export const opVnOrdersQuery = (p: PayloadIn<'opVnOrderList'>) =>
  queryOptions({ queryKey: opVnKeys.orders(p), queryFn: ({ signal }) => request('get', 'opVnOrderList', p, undefined, { signal }) });
export const opVnProductsQuery = (p: PayloadIn<'opVnProductList'>) =>
  queryOptions({ queryKey: opVnKeys.products(p), queryFn: ({ signal }) => request('get', 'opVnProductList', p, undefined, { signal }) });
export const opVnAfterSalesQuery = (p: PayloadIn<'opVnAfterSaleList'>) =>
  queryOptions({ queryKey: opVnKeys.afterSales(p), queryFn: ({ signal }) => request('get', 'opVnAfterSaleList', p, undefined, { signal }) });
export const opVnAfterSaleQuery = (asNo: string) =>
  queryOptions({ queryKey: opVnKeys.afterSale(asNo), queryFn: ({ signal }) => request('get', 'opVnAfterSaleDetail', { as_no: asNo }, undefined, { signal }) });
