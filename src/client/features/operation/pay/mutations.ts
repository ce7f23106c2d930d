/** The operator's writes on 优惠码. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { useFormWrite } from '../../../ui/form/form';
import { opPayKeys } from './queries';

/** 停用 / 启用 codes, per row or in bulk; the list is fetched again before the outcome shows. */
export const useSetPromotionActive = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, active }: { ids: number[]; active: boolean }) =>
      request('post', 'opPromotionActive', { ids, active }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opPayKeys.promotions() }),
  });
};

/** Issue or edit a code (PromotionDialog, a form). */
export const useSavePromotion = () => useFormWrite('opPromotionSave', { invalidate: [opPayKeys.promotions()] });
