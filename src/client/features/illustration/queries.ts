/**
 * Illustration search (图解) queries: the same calls on the desktop, the phone and the operator's
 * editor. Parts carry live stock counts, so a subgroup is fresh for a minute; the vehicle and
 * group lists change only when an operator adds a drawing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const illKeys = {
  all: () => ['illustration'] as const,
  vehicles: () => ['illustration', 'vehicles'] as const,
  groups: (vehicleId: number) => ['illustration', 'groups', vehicleId] as const,
  subgroup: (subgroupId: number) => ['illustration', 'subgroup', subgroupId] as const,
  opVehicles: (p: PayloadIn<'opIllustrationVehicles'>) => ['illustration', 'op', 'vehicles', p] as const,
};

export const illustrationVehiclesQuery = () =>
  queryOptions({ queryKey: illKeys.vehicles(), queryFn: ({ signal }) => request('get', 'illustrationVehicles', {}, undefined, { signal }), staleTime: 5 * 60_000 });

export const illustrationGroupsQuery = (vehicleId: number) =>
  queryOptions({ queryKey: illKeys.groups(vehicleId), queryFn: ({ signal }) => request('get', 'illustrationGroups', { vehicle_id: vehicleId }, undefined, { signal }), staleTime: 5 * 60_000 });

export const illustrationQuery = (subgroupId: number) =>
  queryOptions({ queryKey: illKeys.subgroup(subgroupId), queryFn: ({ signal }) => request('get', 'illustrationSubgroup', { subgroup_id: subgroupId }, undefined, { signal }), staleTime: 60_000 });

export const opIllustrationVehiclesQuery = (p: PayloadIn<'opIllustrationVehicles'>) =>
  queryOptions({ queryKey: illKeys.opVehicles(p), queryFn: ({ signal }) => request('get', 'opIllustrationVehicles', p, undefined, { signal }) });
