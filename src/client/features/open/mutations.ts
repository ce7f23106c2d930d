/** The console's writes: create (a form), rotate and revoke (asked first on the page). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useFormWrite } from '../../ui/form/form';
import { openKeys } from './queries';

/** 新建密钥 (a form): the answer holds the secret, shown once. */
export const useOpenKeyCreate = () => useFormWrite('openKeyCreate', { invalidate: [openKeys.all()] });

/** 轮换: a new secret, shown once; the old one signs for 24 hours more. */
export const useOpenKeyRotate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => request('post', 'openKeyRotate', { key_id: keyId }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openKeys.all() }),
  });
};

/** 作废: the key stops at once. */
export const useOpenKeyRevoke = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => request('post', 'openKeyRevoke', { key_id: keyId }, undefined, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openKeys.all() }),
  });
};
