/** Query keys and options of the Vietnam mall (docs/overseas.md "The Vietnam mall"): the seller's pages and the Vietnamese buyer's. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const vnKeys = {
  all: () => ['vnmall'] as const,
  seller: () => ['vnmall', 'seller'] as const,
  overview: (p: PayloadIn<'vnMallOverview'>) => ['vnmall', 'seller', 'overview', p] as const,
  offers: (p: PayloadIn<'vnOfferList'>) => ['vnmall', 'seller', 'offers', p] as const,
  rules: () => ['vnmall', 'seller', 'rules'] as const,
  search: (p: PayloadIn<'vnMallSearch'>) => ['vnmall', 'buyer', 'search', p] as const,
  cart: () => ['vnmall', 'buyer', 'cart'] as const,
  orders: (p: PayloadIn<'vnMyOrders'>) => ['vnmall', 'buyer', 'orders', p] as const,
  brands: (k: string) => ['vnmall', 'brands', k] as const,
  makes: () => ['vnmall', 'makes'] as const,
};

export const vnOverviewQuery = (p: PayloadIn<'vnMallOverview'>) =>
  queryOptions({ queryKey: vnKeys.overview(p), queryFn: ({ signal }) => request('get', 'vnMallOverview', p, undefined, { signal }) });
export const vnOfferListQuery = (p: PayloadIn<'vnOfferList'>) =>
  queryOptions({ queryKey: vnKeys.offers(p), queryFn: ({ signal }) => request('get', 'vnOfferList', p, undefined, { signal }) });
export const vnRuleListQuery = () =>
  queryOptions({ queryKey: vnKeys.rules(), queryFn: ({ signal }) => request('get', 'vnRuleList', {}, undefined, { signal }) });
export const vnSearchQuery = (p: PayloadIn<'vnMallSearch'>) =>
  queryOptions({ queryKey: vnKeys.search(p), queryFn: ({ signal }) => request('get', 'vnMallSearch', p, undefined, { signal, silent: true }), enabled: p.keyword.trim() !== '', retry: false });
export const vnCartQuery = () =>
  queryOptions({ queryKey: vnKeys.cart(), queryFn: ({ signal }) => request('get', 'vnCartList', {}, undefined, { signal, silent: true }), retry: false });
/** the buyer's own mall orders, with what paying each from the dong wallet takes now */
export const vnMyOrdersQuery = (p: PayloadIn<'vnMyOrders'>) =>
  queryOptions({ queryKey: vnKeys.orders(p), queryFn: ({ signal }) => request('get', 'vnMyOrders', p, undefined, { signal, silent: true }), retry: false });
/** part brands and makes for a rule's pickers */
export const vnMakesQuery = () =>
  queryOptions({ queryKey: vnKeys.makes(), queryFn: ({ signal }) => request('get', 'getMakes', {}, undefined, { signal }), staleTime: 600_000 });
export const vnBrandsQuery = (keyword: string) =>
  queryOptions({ queryKey: vnKeys.brands(keyword), queryFn: ({ signal }) => request('get', 'getPartBrands', { keyword, page_size: 20 }, undefined, { signal }), staleTime: 60_000 });
