/** Query keys and options of the operator platform's pages (one factory, invalidated per group). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const opKeys = {
  all: ['op'] as const,
  companies: () => ['op', 'company'] as const,
  companyList: (p: PayloadIn<'opCompanyList'>) => ['op', 'company', 'list', p] as const,
  company: (id: number) => ['op', 'company', 'detail', id] as const,
  users: () => ['op', 'users'] as const,
  userList: (p: PayloadIn<'opUserList'>) => ['op', 'users', 'list', p] as const,
  logs: (p: PayloadIn<'opAuditList'>) => ['op', 'logs', p] as const,
  config: () => ['op', 'config'] as const,
  rates: () => ['op', 'rates'] as const,
  home: () => ['op', 'home'] as const,
};

export const companyListQuery = (p: PayloadIn<'opCompanyList'>) =>
  queryOptions({ queryKey: opKeys.companyList(p), queryFn: ({ signal }) => request('get', 'opCompanyList', p, undefined, { signal }) });
export const companyQuery = (id: number) =>
  queryOptions({ queryKey: opKeys.company(id), queryFn: ({ signal }) => request('get', 'opCompanyDetail', { id }, undefined, { signal }) });
export const userListQuery = (p: PayloadIn<'opUserList'>) =>
  queryOptions({ queryKey: opKeys.userList(p), queryFn: ({ signal }) => request('get', 'opUserList', p, undefined, { signal }) });
export const logsQuery = (p: PayloadIn<'opAuditList'>) =>
  queryOptions({ queryKey: opKeys.logs(p), queryFn: ({ signal }) => request('get', 'opAuditList', p, undefined, { signal }) });
export const configListQuery = () =>
  queryOptions({ queryKey: opKeys.config(), queryFn: ({ signal }) => request('get', 'opConfigList', {}, undefined, { signal }) });
export const ratesQuery = () =>
  queryOptions({ queryKey: opKeys.rates(), queryFn: ({ signal }) => request('get', 'opRateHistory', {}, undefined, { signal }) });
export const homeQuery = () =>
  queryOptions({ queryKey: opKeys.home(), queryFn: ({ signal }) => request('get', 'opHomeSummary', {}, undefined, { signal }), refetchInterval: 60_000 });

/** The companies whose name, short name or ID matches `k` (CompanyPicker): read as typed, not cached. */
export const fetchCompanyMatches = (k: string) =>
  request('get', 'opCompanyList', { k, page_number: 1, page_size: 50 }, undefined, { silent: true });
