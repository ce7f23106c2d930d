/** Query keys and options of the operator's report pages (the ranged reports' keys are catKeys.report). */
import { queryOptions } from '@tanstack/react-query';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';
import { catKeys } from '../trade/queries';

export const reportKeys = {
  memberUsage: (p: PayloadIn<'opReportMemberUsage'>) => ['op', 'member-usage', p] as const,
};

export type RangedReport = 'opReportMembers' | 'opReportSearches' | 'opReportOrders';

export const memberUsageQuery = (p: PayloadIn<'opReportMemberUsage'>) =>
  queryOptions({ queryKey: reportKeys.memberUsage(p), queryFn: ({ signal }) => request('get', 'opReportMemberUsage', p, undefined, { signal }) });
export const rangedReportQuery = <N extends RangedReport>(name: N, range: { date_from: string; date_to: string }) =>
  queryOptions({
    queryKey: catKeys.report(name, range),
    queryFn: ({ signal }) => request('get', name, range as PayloadIn<N>, undefined, { signal }) as Promise<AnswerOf<N>>,
  });
export const stockReportQuery = () =>
  queryOptions({ queryKey: catKeys.report('opReportStock', {}), queryFn: ({ signal }) => request('get', 'opReportStock', {}, undefined, { signal }) });

/** 搜索-询价-订单 转化报表 and 维修厂采购报表 (docs/reports.md): keyed by their whole filter. */
export type MarketReport = 'opReportFunnel' | 'opReportRepairShops';
export const marketReportQuery = <N extends MarketReport>(name: N, p: PayloadIn<N>) =>
  queryOptions({
    queryKey: catKeys.report(name, p),
    queryFn: ({ signal }) => request('get', name, p, undefined, { signal }) as Promise<AnswerOf<N>>,
  });
