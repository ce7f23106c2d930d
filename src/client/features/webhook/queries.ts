import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of a company's webhooks: its endpoints, its delivery log by filter, one delivery's attempts. */
export const webhookKeys = {
  all: () => ['webhook'] as const,
  endpoints: () => ['webhook', 'endpoints'] as const,
  deliveries: (p: PayloadIn<'webhookDeliveryList'>) => ['webhook', 'deliveries', p] as const,
  attempts: (id: number) => ['webhook', 'attempts', id] as const,
};

export const webhookEndpointsQuery = () =>
  queryOptions({ queryKey: webhookKeys.endpoints(), queryFn: ({ signal }) => request('get', 'webhookEndpointList', {}, undefined, { signal, silent: true }), retry: false });

export const webhookDeliveriesQuery = (p: PayloadIn<'webhookDeliveryList'>) =>
  queryOptions({ queryKey: webhookKeys.deliveries(p), queryFn: ({ signal }) => request('get', 'webhookDeliveryList', p, undefined, { signal, silent: true }), retry: false });

export const webhookAttemptsQuery = (id: number) =>
  queryOptions({ queryKey: webhookKeys.attempts(id), queryFn: ({ signal }) => request('get', 'webhookDeliveryAttempts', { id }, undefined, { signal, silent: true }), retry: false });
