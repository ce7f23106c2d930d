import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

/** 仓库设置, a row's 库位 and 拣货单 (docs/warehouse.md). */
export const warehouseKeys = {
  all: () => ['warehouse'] as const,
  warehouses: () => ['warehouse', 'warehouses'] as const,
  locationLists: () => ['warehouse', 'locations'] as const,
  locations: (p: PayloadIn<'locationList'>) => ['warehouse', 'locations', p] as const,
  row: (stockId: number) => ['warehouse', 'row', stockId] as const,
  pick: (orderNos: string) => ['warehouse', 'pick', orderNos] as const,
};

export const warehousesQuery = () =>
  queryOptions({ queryKey: warehouseKeys.warehouses(), queryFn: ({ signal }) => request('get', 'warehouseList', {}, undefined, { signal }) });

export const locationListQuery = (p: PayloadIn<'locationList'>) =>
  queryOptions({ queryKey: warehouseKeys.locations(p), queryFn: ({ signal }) => request('get', 'locationList', p, undefined, { signal }) });

export const rowLocationsQuery = (stockId: number) =>
  queryOptions({ queryKey: warehouseKeys.row(stockId), queryFn: ({ signal }) => request('get', 'stockLocations', {}, stockId, { signal }) });

/** The pick list of these orders (comma-joined order numbers), read fresh each time it opens. */
export const pickListQuery = (orderNos: string) =>
  queryOptions({ queryKey: warehouseKeys.pick(orderNos), queryFn: ({ signal }) => request('get', 'pickList', { order_nos: orderNos }, undefined, { signal }), staleTime: 0 });
