import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useFormWrite } from '../../ui/form/form';
import { webhookKeys } from './queries';

/** 添加回调地址 (a form): the answer carries the signing secret, shown once. */
export const useWebhookAdd = () => useFormWrite('webhookEndpointAdd', { invalidate: [webhookKeys.all()] });

/** 修改回调地址 (a form). */
export const useWebhookUpdate = () => useFormWrite('webhookEndpointUpdate', { invalidate: [webhookKeys.all()] });

/** 启用 / 停用. */
export const useWebhookEnable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; enabled: boolean }) => request('post', 'webhookEndpointEnable', p, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
};

/** 删除, asked first on the page. */
export const useWebhookRemove = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'webhookEndpointRemove', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
};

/** 重新发送 one delivery. */
export const useWebhookResend = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'webhookDeliveryResend', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
};
