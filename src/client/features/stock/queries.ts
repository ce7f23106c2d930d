import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn, SellerStockRow } from '../../../shared/contracts';

/** Query keys of the seller's stock pages: lists per filter, a row's change log, reference lists. */
export const stockKeys = {
  all: () => ['stock'] as const,
  lists: () => ['stock', 'list'] as const,
  list: (p: PayloadIn<'getStockData'>) => ['stock', 'list', p] as const,
  changes: (id: number) => ['stock', 'changes', id] as const,
};

export const stockListQuery = (p: PayloadIn<'getStockData'>) =>
  queryOptions({
    queryKey: stockKeys.list(p),
    queryFn: ({ signal }) => request('post', 'getStockData', p, undefined, { signal }),
    staleTime: 5_000,
  });

export const stockChangesQuery = (id: number) =>
  queryOptions({
    queryKey: stockKeys.changes(id),
    queryFn: ({ signal }) => request('get', 'stockChangeLog', {}, id, { signal }),
  });

/** Reference lists change only when operators edit the catalogue: kept for an hour. */
const reference = <N extends 'getMakes' | 'getPartTypes' | 'getTerminology'>(name: N) =>
  queryOptions({
    queryKey: ['reference', name] as const,
    queryFn: ({ signal }) => request('get', name, {}, undefined, { signal }),
    staleTime: 3_600_000,
  });
export const makesQuery = () => reference('getMakes');
export const partTypesQuery = () => reference('getPartTypes');
export const terminologyQuery = () => reference('getTerminology');
export const countriesQuery = () =>
  queryOptions({ queryKey: ['reference', 'country'] as const, queryFn: ({ signal }) => request('get', 'country', { name: '' }, undefined, { signal }), staleTime: 3_600_000 });
export const partBrandOptionsQuery = () =>
  queryOptions({
    queryKey: ['reference', 'part-brands-all'] as const,
    queryFn: ({ signal }) => request('get', 'getPartBrands', { keyword: '', page_number: 1, page_size: 100 }, undefined, { signal }),
    staleTime: 3_600_000,
  });

/** Puts a row the server answered into every cached list that shows it, instead of fetching 800 rows again. */
export const putRow = (qc: QueryClient, row: SellerStockRow) =>
  qc.setQueriesData<{ data: SellerStockRow[]; total: number }>({ queryKey: stockKeys.lists() }, (old) =>
    old && old.data.some((r) => r.id === row.id) ? { ...old, data: old.data.map((r) => (r.id === row.id ? row : r)) } : old);
