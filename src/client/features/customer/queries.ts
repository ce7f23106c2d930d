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
  credit: () => ['customer', 'credit'] as const,
  branch: () => ['customer', 'branch'] as const,
  branchOrders: (p: PayloadIn<'branchOrders'>) => ['customer', 'branch', 'orders', p] as const,
  branchStock: (p: PayloadIn<'branchStock'>) => ['customer', 'branch', 'stock', p] as const,
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

/** The credit terms (账期) sellers give the caller's company, with what is still available (确认订单). */
export const supplierCreditQuery = () =>
  queryOptions({ queryKey: customerKeys.credit(), queryFn: ({ signal }) => request('get', 'supplierCreditList', {}, undefined, { signal }), staleTime: 0 });

/** 分公司: the head, branches and invitations of the caller's company. */
export const branchOverviewQuery = () =>
  queryOptions({ queryKey: customerKeys.branch(), queryFn: ({ signal }) => request('get', 'branchOverview', {}, undefined, { signal }) });

export const branchOrdersQuery = (p: PayloadIn<'branchOrders'>) =>
  queryOptions({ queryKey: customerKeys.branchOrders(p), queryFn: ({ signal }) => request('get', 'branchOrders', p, undefined, { signal }) });

export const branchStockQuery = (p: PayloadIn<'branchStock'>) =>
  queryOptions({ queryKey: customerKeys.branchStock(p), queryFn: ({ signal }) => request('get', 'branchStock', p, undefined, { signal }) });
