import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';
import { enquiryKeys } from '../enquiry/queries';
import { wantedKeys } from './queries';

/**
 * Publishing a wanted request, or with an id changing one (updateAsktobuy). The Idempotency-Key
 * lives until a publish succeeds, so pressing 发布 again after a dropped answer or an offline
 * moment replays instead of publishing twice.
 */
export const usePublishWanted = (id?: number) => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (payload: PayloadIn<'publishWanted'>) => {
      key.current ??= crypto.randomUUID();
      if (id !== undefined) return request('put', 'updateAsktobuy', { ...payload, id }, undefined, { idempotencyKey: key.current, silent: true });
      return request('post', 'publishWanted', payload, undefined, { idempotencyKey: key.current, silent: true });
    },
    onSuccess: async () => {
      key.current = null;
      await queryClient.invalidateQueries({ queryKey: wantedKeys.all() });
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all() });
    },
  });
};
