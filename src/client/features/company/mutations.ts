import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import type { FormWrite } from '../../ui/form/form';
import { companyKeys } from './queries';

/** Marks the views up to `asOf` seen; the answer is the nav badge's new count. */
export const useMarkViewsSeen = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (asOf: number) => request('post', 'markCompanyViewsSeen', { as_of: asOf }, undefined, { silent: true }),
    onSuccess: (left) => qc.setQueryData(companyKeys.quoteCount(), left),
  });
};

/**
 * Saves the shop decoration, the editor's form save (useForm().submit; a whole-replacing PUT, so
 * it needs no Idempotency-Key): the editor's cache takes the saved decoration, the shop page is
 * fetched again.
 */
export const useSaveDecoration = (companyId: number): FormWrite<'saveStoreDecoration'> => {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: ({ payload }: { payload: PayloadIn<'saveStoreDecoration'>; idempotencyKey: string }) => request('put', 'saveStoreDecoration', payload, undefined, { silent: true }),
    onSuccess: (d) => {
      qc.setQueryData(companyKeys.decoration(), d);
      void qc.invalidateQueries({ queryKey: companyKeys.shop(companyId) });
    },
  });
  return { name: 'saveStoreDecoration', mutateAsync: m.mutateAsync };
};
