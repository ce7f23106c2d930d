import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall, useKeyedCall } from '../../api/use-call';
import { stockKeys } from '../stock/queries';
import { warehouseKeys } from './queries';

/**
 * A warehouse saved from its dialog: a new one under the dialog's Idempotency-Key, a change of an
 * existing one by its id. The warehouses and locations are read again after.
 */
export const useSaveWarehouse = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload, idempotencyKey }: { id: number | null; payload: PayloadIn<'warehouseCreate'>; idempotencyKey: string }) =>
      id === null
        ? request('post', 'warehouseCreate', payload, undefined, { silent: true, idempotencyKey })
        : request('put', 'warehouseUpdate', payload, id, { silent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.all() }),
  });
};

export const useDeleteWarehouse = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('delete', 'warehouseDelete', {}, id, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: warehouseKeys.all() }),
  });
};

export const useCreateLocations = () => useKeyedCall('locationCreate', { invalidate: [warehouseKeys.all()], refetch: 'background' });

export const useUpdateLocation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: PayloadIn<'locationUpdate'> }) => request('put', 'locationUpdate', payload, id, { silent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.all() }),
  });
};

export const useDeleteLocation = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('delete', 'locationDelete', {}, id, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: warehouseKeys.all() }),
  });
};

/** A row's quantity at a location, and its removal: the stock lists and the locations change with it. */
export const useSetRowLocation = () => useCall('stockLocationSet', { invalidate: [stockKeys.lists(), warehouseKeys.all()] });
export const useRemoveRowLocation = () => useCall('stockLocationRemove', { invalidate: [stockKeys.lists(), warehouseKeys.all()] });
/** 调拨: a relative move, so it carries the dialog's Idempotency-Key (a retry never moves twice). */
export const useMoveRowLocation = () => useKeyedCall('stockLocationMove', { invalidate: [stockKeys.lists(), warehouseKeys.all()] });
