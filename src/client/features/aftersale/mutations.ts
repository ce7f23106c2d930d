import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';
import { orderKeys } from '../orders/queries';
import { afterSaleKeys } from './queries';

export type AfterSaleMove = 'afterSaleAgree' | 'afterSaleReject' | 'afterSaleCancel' | 'afterSaleDeliver' | 'afterSaleReceipt' | 'afterSaleComplete';

/**
 * One move of an after-sale. The Idempotency-Key lives until the move succeeds, so pressing again
 * after a lost answer replays instead of acting twice. The page shows a refusal (silent); the
 * after-sale and its order are fetched again either way.
 */
export const useAfterSaleMove = <N extends AfterSaleMove>(name: N) => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (payload: PayloadIn<N>) => {
      key.current ??= crypto.randomUUID();
      return request('post', name, payload as never, undefined, { idempotencyKey: key.current, silent: true });
    },
    onSuccess: (data) => {
      key.current = null;
      queryClient.setQueryData(afterSaleKeys.detail(data.as_no), data);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: afterSaleKeys.all() }), queryClient.invalidateQueries({ queryKey: orderKeys.all() })]),
  });
};

/** 申请售后: one key per filled form, kept through refusals (a second press after a lost answer replays). */
export const useAfterSaleApply = () => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (payload: PayloadIn<'afterSaleApply'>) => {
      key.current ??= crypto.randomUUID();
      return request('post', 'afterSaleApply', payload, undefined, { idempotencyKey: key.current, silent: true });
    },
    onSuccess: (data) => {
      key.current = null;
      queryClient.setQueryData(afterSaleKeys.detail(data.as_no), data);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: afterSaleKeys.all() }), queryClient.invalidateQueries({ queryKey: orderKeys.all() })]),
  });
};
