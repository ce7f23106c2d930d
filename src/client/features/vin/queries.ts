import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/**
 * VIN and vehicle search queries. A decode is a POST that counts against the company's VIN quota;
 * decoding the same VIN again the same day is free on the server, so a refetch or reload of the
 * detail page never costs a second decode. The VIN-limit refusal is shown in the page, not in the
 * global error modal (requirements 000-8: the VIN-limit check is exempt).
 */
export const vinKeys = {
  decode: (vin: string) => ['vinDecode', vin] as const,
  brands: () => ['vehicle', 'brands'] as const,
  models: (make: string) => ['vehicle', 'models', make] as const,
  groups: (vehicleId: number) => ['vehicle', vehicleId, 'groups'] as const,
  subgroups: (vehicleId: number, groupId?: number) => ['vehicle', vehicleId, 'subgroups', groupId ?? 'all'] as const,
  parts: (subgroupId: number) => ['vehicle', 'parts', subgroupId] as const,
  partSearch: (vehicleId: number, k: string) => ['vehicle', vehicleId, 'partSearch', k] as const,
};

export const vinDecodeQuery = (vin: string) =>
  queryOptions({
    queryKey: vinKeys.decode(vin),
    queryFn: ({ signal }) => request('post', 'vinDecode', { vin }, undefined, { signal, silent: true }),
    staleTime: 30 * 60_000,
    retry: false,
  });

export const vehicleBrandsQuery = () =>
  queryOptions({ queryKey: vinKeys.brands(), queryFn: ({ signal }) => request('get', 'getVehicleBrands', {}, undefined, { signal }), staleTime: 60 * 60_000 });

export const vehicleModelsQuery = (make: string) =>
  queryOptions({ queryKey: vinKeys.models(make), queryFn: ({ signal }) => request('get', 'getVehicleModels', { make_name: make }, undefined, { signal }), staleTime: 60 * 60_000 });

export const vehicleGroupsQuery = (vehicleId: number) =>
  queryOptions({ queryKey: vinKeys.groups(vehicleId), queryFn: ({ signal }) => request('get', 'getVehicleGroups', { vehicle_id: vehicleId }, undefined, { signal }), staleTime: 60 * 60_000 });

export const vehicleSubgroupsQuery = (vehicleId: number, groupId?: number) =>
  queryOptions({
    queryKey: vinKeys.subgroups(vehicleId, groupId),
    queryFn: ({ signal }) => request('get', 'getVehicleSubgroups', groupId ? { vehicle_id: vehicleId, group_id: groupId } : { vehicle_id: vehicleId }, undefined, { signal }),
    staleTime: 60 * 60_000,
  });

/** Parts carry live stock counts: kept fresh for a minute only. */
export const vehiclePartsQuery = (subgroupId: number) =>
  queryOptions({ queryKey: vinKeys.parts(subgroupId), queryFn: ({ signal }) => request('get', 'getVehicleParts', { subgroup_id: subgroupId }, undefined, { signal }), staleTime: 60_000 });

export const vehiclePartSearchQuery = (vehicleId: number, k: string) =>
  queryOptions({
    queryKey: vinKeys.partSearch(vehicleId, k),
    queryFn: ({ signal }) => request('get', 'searchVehicleParts', { vehicle_id: vehicleId, k }, undefined, { signal }),
    staleTime: 60_000,
  });
