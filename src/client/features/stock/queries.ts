import { queryOptions, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { fileRequest, request, saveDownload } from '../../api/request';
import type { PayloadIn, SellerStockRow } from '../../../shared/contracts';

/** Query keys of the seller's stock pages: lists per filter, a row's change log, reference lists. */
export const stockKeys = {
  all: () => ['stock'] as const,
  lists: () => ['stock', 'list'] as const,
  list: (p: PayloadIn<'getStockData'>) => ['stock', 'list', p] as const,
  changes: (id: number) => ['stock', 'changes', id] as const,
  /** the company's 现货 cut-off (docs/spot-goods.md) */
  spotSetting: () => ['stock', 'spot-setting'] as const,
  importStatus: (importId: number | undefined) => ['stock', 'import', importId] as const,
  /** the catalogue's reference lists (makes, part types, terminology, countries, part brands) */
  reference: (name: string) => ['reference', name] as const,
};

export const stockListQuery = (p: PayloadIn<'getStockData'>) =>
  queryOptions({
    queryKey: stockKeys.list(p),
    queryFn: ({ signal }) => request('post', 'getStockData', p, undefined, { signal }),
    staleTime: 5_000,
  });

export const spotSettingQuery = () =>
  queryOptions({
    queryKey: stockKeys.spotSetting(),
    queryFn: ({ signal }) => request('get', 'spotSettingGet', {}, undefined, { signal }),
  });

export const stockChangesQuery = (id: number) =>
  queryOptions({
    queryKey: stockKeys.changes(id),
    queryFn: ({ signal }) => request('get', 'stockChangeLog', {}, id, { signal }),
  });

/** An import's progress; enabled by the page once the import has started. */
export const importStatusQuery = (importId: number | undefined) =>
  queryOptions({
    queryKey: stockKeys.importStatus(importId),
    queryFn: ({ signal }) => request('get', 'stockImportStatus', {}, importId!, { signal, silent: true }),
  });

/** The refused lines of an import, as the file the user fixes and imports again. */
export const downloadImportErrors = async (importId: number, fileName: string) => {
  const res = await fileRequest(`/api/stock/import/errors/${importId}`);
  await saveDownload(res, `${fileName.replace(/\.[^.]*$/, '')}-错误行.csv`);
};

/** The list as filtered (`filter`: the list call's payload without paging), every page, as the XLSX the import takes back. */
export const downloadStockExport = async (filter: Record<string, unknown>) => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  await saveDownload(await fileRequest(`/api/stock/export?${query.toString()}`), `库存导出-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
};

/** Reference lists change only when operators edit the catalogue: kept for an hour. */
const reference = <N extends 'getMakes' | 'getPartTypes' | 'getTerminology'>(name: N) =>
  queryOptions({
    queryKey: stockKeys.reference(name),
    queryFn: ({ signal }) => request('get', name, {}, undefined, { signal }),
    staleTime: 3_600_000,
  });
export const makesQuery = () => reference('getMakes');
export const partTypesQuery = () => reference('getPartTypes');
export const terminologyQuery = () => reference('getTerminology');
export const countriesQuery = () =>
  queryOptions({ queryKey: stockKeys.reference('country'), queryFn: ({ signal }) => request('get', 'country', { name: '' }, undefined, { signal }), staleTime: 3_600_000 });
export const partBrandOptionsQuery = () =>
  queryOptions({
    queryKey: stockKeys.reference('part-brands-all'),
    queryFn: ({ signal }) => request('get', 'getPartBrands', { keyword: '', page_number: 1, page_size: 100 }, undefined, { signal }),
    staleTime: 3_600_000,
  });

/** Puts a row the server answered into every cached list that shows it, instead of fetching 800 rows again. */
export const putRow = (qc: QueryClient, row: SellerStockRow) =>
  qc.setQueriesData<{ data: SellerStockRow[]; total: number }>({ queryKey: stockKeys.lists() }, (old) =>
    old && old.data.some((r) => r.id === row.id) ? { ...old, data: old.data.map((r) => (r.id === row.id ? row : r)) } : old);
