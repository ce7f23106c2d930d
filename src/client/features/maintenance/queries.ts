import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

/** 保养套餐 (docs/maintenance.md): the seller's lists and packages, and a shop's packages for the caller. */
export const maintenanceKeys = {
  all: () => ['maintenance'] as const,
  lists: () => ['maintenance', 'list'] as const,
  list: (p: PayloadIn<'maintenancePackageList'>) => ['maintenance', 'list', p] as const,
  shop: (companyId: number, makeId: number | null) => ['maintenance', 'shop', companyId, makeId] as const,
};

export const packageListQuery = (p: PayloadIn<'maintenancePackageList'>) =>
  queryOptions({ queryKey: maintenanceKeys.list(p), queryFn: ({ signal }) => request('get', 'maintenancePackageList', p, undefined, { signal }) });

/** A shop's packages that are on, priced for the caller; refetched when the cart may have changed the stock. */
export const shopPackagesQuery = (companyId: number, makeId: number | null) =>
  queryOptions({
    queryKey: maintenanceKeys.shop(companyId, makeId),
    queryFn: ({ signal }) => request('get', 'shopMaintenancePackages', { company_id: companyId, ...(makeId ? { make_id: makeId } : {}) }, undefined, { signal }),
    staleTime: 10_000,
  });
