import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

/** Customers, invitations and suppliers (docs/customers.md). */
export const customerKeys = {
  all: () => ['customer'] as const,
  invitations: (p: PayloadIn<'customerInvitationList'>) => ['customer', 'invitations', p] as const,
  customers: (p: PayloadIn<'customerList'>) => ['customer', 'list', p] as const,
  suppliers: (p: PayloadIn<'supplierList'>) => ['customer', 'suppliers', p] as const,
  peek: (code: string) => ['customer', 'peek', code] as const,
};

export const invitationListQuery = (p: PayloadIn<'customerInvitationList'>) =>
  queryOptions({ queryKey: customerKeys.invitations(p), queryFn: ({ signal }) => request('get', 'customerInvitationList', p, undefined, { signal }) });

export const customerListQuery = (p: PayloadIn<'customerList'>) =>
  queryOptions({ queryKey: customerKeys.customers(p), queryFn: ({ signal }) => request('get', 'customerList', p, undefined, { signal }) });

export const supplierListQuery = (p: PayloadIn<'supplierList'>) =>
  queryOptions({ queryKey: customerKeys.suppliers(p), queryFn: ({ signal }) => request('get', 'supplierList', p, undefined, { signal }) });

/** The register page's invitation: the inviting company, or the reason the code cannot be used (silent: the page says it). */
export const invitationPeekQuery = (code: string) =>
  queryOptions({
    queryKey: customerKeys.peek(code),
    queryFn: ({ signal }) => request('get', 'customerInvitationPeek', { invite_code: code }, undefined, { signal, silent: true }),
    retry: false, staleTime: 60_000,
  });
