/** Query keys and options of activities (活动, docs/activities.md): /activity and its order page, the seller's 活动报名, the operator's list and audit. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const activityKeys = {
  all: () => ['activity'] as const,
  list: () => ['activity', 'list'] as const,
  orderInfo: (p: PayloadIn<'activityOrderInfo'>) => ['activity', 'order-info', p] as const,
  open: () => ['activity', 'open'] as const,
  stock: (q: string) => ['activity', 'stock', q] as const,
  applications: (p: PayloadIn<'activityApplications'>) => ['activity', 'applications', p] as const,
  opList: (p: PayloadIn<'opActivityList'>) => ['activity', 'op', 'list', p] as const,
  opItems: (p: PayloadIn<'opActivityItems'>) => ['activity', 'op', 'items', p] as const,
};

export const activityListQuery = () =>
  queryOptions({ queryKey: activityKeys.list(), queryFn: ({ signal }) => request('get', 'activityList', {}, undefined, { signal, silent: true }), retry: false, staleTime: 0 });
export const activityOrderInfoQuery = (p: PayloadIn<'activityOrderInfo'>) =>
  queryOptions({ queryKey: activityKeys.orderInfo(p), queryFn: ({ signal }) => request('get', 'activityOrderInfo', p, undefined, { signal, silent: true }), retry: false, staleTime: 0 });
export const activityOpenQuery = () =>
  queryOptions({ queryKey: activityKeys.open(), queryFn: ({ signal }) => request('get', 'activityOpen', {}, undefined, { signal, silent: true }), retry: false });
export const activityStockQuery = (q: string) =>
  queryOptions({ queryKey: activityKeys.stock(q), queryFn: ({ signal }) => request('get', 'activityStockOptions', { q }, undefined, { signal, silent: true }), retry: false });
export const activityApplicationsQuery = (p: PayloadIn<'activityApplications'>) =>
  queryOptions({ queryKey: activityKeys.applications(p), queryFn: ({ signal }) => request('get', 'activityApplications', p, undefined, { signal, silent: true }), retry: false });
export const opActivityListQuery = (p: PayloadIn<'opActivityList'>) =>
  queryOptions({ queryKey: activityKeys.opList(p), queryFn: ({ signal }) => request('get', 'opActivityList', p, undefined, { signal, silent: true }), retry: false });
export const opActivityItemsQuery = (p: PayloadIn<'opActivityItems'>) =>
  queryOptions({ queryKey: activityKeys.opItems(p), queryFn: ({ signal }) => request('get', 'opActivityItems', p, undefined, { signal, silent: true }), retry: false });
