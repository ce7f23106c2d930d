/** Query keys and options of the operator's ERP pages: system/erps, company/yigou, company/erp. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const opErpKeys = {
  all: () => ['op', 'erp'] as const,
  products: (p: PayloadIn<'opErpList'>) => ['op', 'erp', 'products', p] as const,
  yigou: (p: PayloadIn<'opYigouList'>) => ['op', 'erp', 'yigou', p] as const,
  companies: (p: PayloadIn<'opCompanyErpList'>) => ['op', 'erp', 'companies', p] as const,
};

export const erpProductsQuery = (p: PayloadIn<'opErpList'>) =>
  queryOptions({ queryKey: opErpKeys.products(p), queryFn: ({ signal }) => request('get', 'opErpList', p, undefined, { signal }) });
export const yigouQuery = (p: PayloadIn<'opYigouList'>) =>
  queryOptions({ queryKey: opErpKeys.yigou(p), queryFn: ({ signal }) => request('get', 'opYigouList', p, undefined, { signal }) });
export const companyErpQuery = (p: PayloadIn<'opCompanyErpList'>) =>
  queryOptions({ queryKey: opErpKeys.companies(p), queryFn: ({ signal }) => request('get', 'opCompanyErpList', p, undefined, { signal }) });
