import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import type { PayloadIn } from '../../../../shared/contracts';

/** Query keys of the operator's 积分 pages (docs/points.md). */
export const opPointsKeys = {
  all: () => ['op', 'points'] as const,
  companies: (p: PayloadIn<'opPointsCompanies'>) => ['op', 'points', 'companies', p] as const,
  entries: (p: PayloadIn<'opPointsCompanyEntries'>) => ['op', 'points', 'entries', p] as const,
  rule: () => ['op', 'points', 'rule'] as const,
  products: (p: PayloadIn<'opPointsProducts'>) => ['op', 'points', 'products', p] as const,
  orders: (p: PayloadIn<'opPointsOrders'>) => ['op', 'points', 'orders', p] as const,
};

export const opPointsCompaniesQuery = (p: PayloadIn<'opPointsCompanies'>) =>
  queryOptions({ queryKey: opPointsKeys.companies(p), queryFn: ({ signal }) => request('get', 'opPointsCompanies', p, undefined, { signal }) });
export const opPointsEntriesQuery = (p: PayloadIn<'opPointsCompanyEntries'>) =>
  queryOptions({ queryKey: opPointsKeys.entries(p), queryFn: ({ signal }) => request('get', 'opPointsCompanyEntries', p, undefined, { signal }) });
export const opPointsRuleQuery = () =>
  queryOptions({ queryKey: opPointsKeys.rule(), queryFn: ({ signal }) => request('get', 'opPointsRule', {}, undefined, { signal }) });
export const opPointsProductsQuery = (p: PayloadIn<'opPointsProducts'>) =>
  queryOptions({ queryKey: opPointsKeys.products(p), queryFn: ({ signal }) => request('get', 'opPointsProducts', p, undefined, { signal }) });
export const opPointsOrdersQuery = (p: PayloadIn<'opPointsOrders'>) =>
  queryOptions({ queryKey: opPointsKeys.orders(p), queryFn: ({ signal }) => request('get', 'opPointsOrders', p, undefined, { signal }) });
