import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn, SellerApplication } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useCall } from '../../api/use-call';
import { sellerApplyKeys } from './queries';

/**
 * Sends the application under the form's key (one per submission, so a retry after a lost answer
 * cannot make a second application); the page's own application list shows it at once.
 */
export const useSubmitApplication = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: PayloadIn<'sellerApplySubmit'>; idempotencyKey: string }) =>
      request('post', 'sellerApplySubmit', payload, undefined, { silent: true, idempotencyKey }),
    onSuccess: (a: SellerApplication) =>
      qc.setQueryData<AnswerOf<'sellerApplyMine'>>(sellerApplyKeys.mine(), (old) => (old ? { ...old, applications: [a, ...old.applications] } : old)),
  });
};

/** Uploads one licence image; answers its path. */
export const useUploadLicenceImage = () => useCall('fileUpload');

/**
 * An operator's decision on an application, under the dialog's key. The review lists are fetched
 * again whatever the outcome (a refusal may mean someone else decided first), without waiting.
 */
const useDecision = <P,>(run: (p: P) => Promise<unknown>) => {
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

export const useRejectApplication = () =>
  useDecision(({ id, reason, idempotencyKey }: { id: number; reason: string; idempotencyKey: string }) =>
    request('post', 'sellerApplyReject', { id, reason }, undefined, { silent: true, idempotencyKey }));
