import { useRef } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnswerOf, EndpointName, PayloadIn } from '../../shared/contracts';
import { request } from './request';

/**
 * One move of a record that answers the record (an order's confirm, an after-sale's agree …). The
 * Idempotency-Key lives until the move succeeds, so pressing again after a lost answer replays
 * instead of acting twice. The page shows a refusal (silent); the answer is stored under its detail
 * key and the lists named by `invalidate` are fetched again either way.
 */
export const useKeyedMove = <N extends EndpointName>(name: N, opts: { detailKey: (data: AnswerOf<N>) => QueryKey; invalidate: QueryKey[] }) => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (payload: PayloadIn<N>): Promise<AnswerOf<N>> => {
      key.current ??= crypto.randomUUID();
      return request('post' as never, name, payload as never, undefined, { idempotencyKey: key.current, silent: true });
    },
    onSuccess: (data) => {
      key.current = null;
      queryClient.setQueryData(opts.detailKey(data), data);
    },
    onSettled: () => Promise.all(opts.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
