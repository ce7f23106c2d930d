import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/** Query keys of the signed-in user and the company's level and quotas (persisted for offline). */
export const sessionKeys = {
  profile: () => ['profile'] as const,
  level: (companyId: number) => ['companyLevel', companyId] as const,
  quotas: () => ['quota'] as const,
  quota: (kind: 'stock' | 'vin' | 'employee', companyId: number) => ['quota', kind, companyId] as const,
};

export const profileQuery = () =>
  queryOptions({ queryKey: sessionKeys.profile(), queryFn: ({ signal }) => request('post', 'userProfileGet', {}, undefined, { signal }), staleTime: 5 * 60_000 });

export const levelQuery = (companyId: number) =>
  queryOptions({
    queryKey: sessionKeys.level(companyId),
    queryFn: async ({ signal }) => (await request('get', 'getCompanyLevel', { company_id: companyId }, undefined, { signal }))[0] ?? null,
    staleTime: 5 * 60_000,
  });

export const stockQuotaQuery = (companyId: number) =>
  queryOptions({ queryKey: sessionKeys.quota('stock', companyId), queryFn: ({ signal }) => request('get', 'getStockCount', { company_id: companyId }, undefined, { signal }) });

export const vinQuotaQuery = (companyId: number) =>
  queryOptions({ queryKey: sessionKeys.quota('vin', companyId), queryFn: ({ signal }) => request('get', 'getVinAvailable', { company_id: companyId }, undefined, { signal }) });

export const employeeQuotaQuery = (companyId: number) =>
  queryOptions({ queryKey: sessionKeys.quota('employee', companyId), queryFn: ({ signal }) => request('get', 'getEmployeeLimit', { company_id: companyId }, undefined, { signal }) });
