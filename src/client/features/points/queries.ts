import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of a company's points (docs/points.md): balance, entries, the mall, its redemptions. */
export const pointsKeys = {
  all: () => ['points'] as const,
  summary: () => ['points', 'summary'] as const,
  entries: (p: PayloadIn<'pointsEntries'>) => ['points', 'entries', p] as const,
  mall: (p: PayloadIn<'pointsProductSearch'>) => ['points', 'mall', p] as const,
  redemptions: (p: PayloadIn<'pointsRedemptions'>) => ['points', 'redemptions', p] as const,
};

export const pointsSummaryQuery = () =>
  queryOptions({ queryKey: pointsKeys.summary(), queryFn: ({ signal }) => request('get', 'pointsSummary', {}, undefined, { signal, silent: true }), retry: false });

export const pointsEntriesQuery = (p: PayloadIn<'pointsEntries'>) =>
  queryOptions({ queryKey: pointsKeys.entries(p), queryFn: ({ signal }) => request('get', 'pointsEntries', p, undefined, { signal, silent: true }), retry: false });

export const pointsMallQuery = (p: PayloadIn<'pointsProductSearch'>) =>
  queryOptions({ queryKey: pointsKeys.mall(p), queryFn: ({ signal }) => request('get', 'pointsProductSearch', p, undefined, { signal, silent: true }), retry: false });

export const pointsRedemptionsQuery = (p: PayloadIn<'pointsRedemptions'>) =>
  queryOptions({ queryKey: pointsKeys.redemptions(p), queryFn: ({ signal }) => request('get', 'pointsRedemptions', p, undefined, { signal, silent: true }), retry: false });
