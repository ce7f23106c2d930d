import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';
import { orderKeys } from './queries';

export type OrderMove = 'orderConfirm' | 'orderReject' | 'orderDeliver' | 'orderOfflinePayment' | 'orderCancel' | 'orderReceipt';

/**
 * One move of an order. The Idempotency-Key lives until the move succeeds, so pressing the button
 * again after a lost answer replays instead of acting twice. A refusal is shown by the page
 * (silent); the order is fetched again either way.
 */
export const useOrderMove = <N extends OrderMove>(name: N) => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (payload: PayloadIn<N>) => {
      key.current ??= crypto.randomUUID();
      return request('post', name, payload as never, undefined, { idempotencyKey: key.current, silent: true });
    },
    onSuccess: (data) => {
      key.current = null;
      queryClient.setQueryData(orderKeys.detail(data.order_no), data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all() }),
  });
};
