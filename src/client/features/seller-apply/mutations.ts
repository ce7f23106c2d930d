import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn, SellerApplication } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall } from '../../api/use-call';
import type { FormWrite } from '../../ui/form/form';
import { sellerApplyKeys } from './queries';

/**
 * The application form's save (useForm().submit), under the form's key (one per submission, so a
 * retry after a lost answer cannot make a second application); the page's own application list
 * shows it at once.
 */
export const useSubmitApplication = (): FormWrite<'sellerApplySubmit'> => {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: PayloadIn<'sellerApplySubmit'>; idempotencyKey: string }) =>
      request('post', 'sellerApplySubmit', payload, undefined, { silent: true, idempotencyKey }),
    onSuccess: (a: SellerApplication) =>
      qc.setQueryData<AnswerOf<'sellerApplyMine'>>(sellerApplyKeys.mine(), (old) => (old ? { ...old, applications: [a, ...old.applications] } : old)),
  });
  return { name: 'sellerApplySubmit', mutateAsync: m.mutateAsync };
};

/** Uploads one licence image; answers its path. */
export const useUploadLicenceImage = () => useCall('fileUpload');

/**
 * An operator's decision on an application, under the dialog's key. The review lists are fetched
 * again whatever the outcome (a refusal may mean someone else decided first), without waiting.
 */
const useDecision = <P, R>(run: (p: P) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: sellerApplyKeys.all });
    },
  });
};

export const useApproveApplication = () =>
  useDecision(({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
    request('post', 'sellerApplyApprove', { id }, undefined, { silent: true, idempotencyKey }));

/** 驳回 with its reason: the dialog's form save (useForm().submit), the reason checked by the call's schema. */
export const useRejectApplication = (): FormWrite<'sellerApplyReject'> => ({
  name: 'sellerApplyReject',
  mutateAsync: useDecision(({ payload, idempotencyKey }: { payload: PayloadIn<'sellerApplyReject'>; idempotencyKey: string }) =>
    request('post', 'sellerApplyReject', payload, undefined, { silent: true, idempotencyKey })).mutateAsync,
});
