import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall } from '../../api/use-call';
import { maintenanceKeys } from './queries';

/**
 * A package saved from the dialog: a new one under the dialog's Idempotency-Key (a retry after a
 * lost answer never makes two), a change of an existing one by its id. Lists fetched again after.
 */
export const useSavePackage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, idempotencyKey }: { id: number | null; payload: PayloadIn<'maintenancePackageCreate'>; idempotencyKey: string }) =>
      id === null
        ? request('post', 'maintenancePackageCreate', payload, undefined, { silent: true, idempotencyKey })
        : request('put', 'maintenancePackageUpdate', payload, id, { silent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: maintenanceKeys.all() }),
  });
};

export const useSetPackagesActive = () => useCall('maintenancePackageSetActive', { invalidate: [maintenanceKeys.all()] });

export const useDeletePackage = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('delete', 'maintenancePackageDelete', {}, id, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: maintenanceKeys.all() }),
  });
};
