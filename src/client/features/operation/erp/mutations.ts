/** The writes of the operator's ERP products page; every ERP list (and the companies' counts) reads again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';
import { useFormWrite } from '../../../ui/form/form';
import { opErpKeys } from './queries';

export const useSaveErpProduct = () => useFormWrite('opErpSave', { invalidate: [opErpKeys.all()] });

/** 停用 / 启用 of products (per row or in bulk). */
export const useSetErpProductsActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'opErpSetActive'>) =>
      request('post', 'opErpSetActive', payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opErpKeys.all() }),
  });
};
