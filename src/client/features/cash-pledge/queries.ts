/** Query keys and options of 保证金: the seller's own, the shop's trust mark, the operator's. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const pledgeKeys = {
  all: () => ['cash-pledge'] as const,
  status: () => ['cash-pledge', 'status'] as const,
  events: (p: PayloadIn<'cashPledgeEvents'>) => ['cash-pledge', 'events', p] as const,
  mark: (companyId: number) => ['cash-pledge', 'mark', companyId] as const,
  opLevels: () => ['cash-pledge', 'op', 'levels'] as const,
  opList: (p: PayloadIn<'opCashPledgeList'>) => ['cash-pledge', 'op', 'list', p] as const,
  opEvents: (p: PayloadIn<'opCashPledgeEvents'>) => ['cash-pledge', 'op', 'events', p] as const,
};

export const pledgeQuery = () =>
  queryOptions({ queryKey: pledgeKeys.status(), queryFn: ({ signal }) => request('get', 'cashPledgeGet', {}, undefined, { signal, silent: true }), retry: false });
export const pledgeEventsQuery = (p: PayloadIn<'cashPledgeEvents'>) =>
  queryOptions({ queryKey: pledgeKeys.events(p), queryFn: ({ signal }) => request('get', 'cashPledgeEvents', p, undefined, { signal, silent: true }), retry: false });
export const pledgeMarkQuery = (companyId: number) =>
  queryOptions({ queryKey: pledgeKeys.mark(companyId), queryFn: ({ signal }) => request('get', 'cashPledgeMark', { company_id: companyId }, undefined, { signal, silent: true }), retry: false, staleTime: 60_000 });
export const opLevelsQuery = () =>
  queryOptions({ queryKey: pledgeKeys.opLevels(), queryFn: ({ signal }) => request('get', 'opCashPledgeLevels', {}, undefined, { signal, silent: true }), retry: false });
export const opPledgeListQuery = (p: PayloadIn<'opCashPledgeList'>) =>
  queryOptions({ queryKey: pledgeKeys.opList(p), queryFn: ({ signal }) => request('get', 'opCashPledgeList', p, undefined, { signal, silent: true }), retry: false });
export const opPledgeEventsQuery = (p: PayloadIn<'opCashPledgeEvents'>) =>
  queryOptions({ queryKey: pledgeKeys.opEvents(p), queryFn: ({ signal }) => request('get', 'opCashPledgeEvents', p, undefined, { signal, silent: true }), retry: false });
