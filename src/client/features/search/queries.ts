import { hashKey, infiniteQueryOptions, onlineManager, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { KeywordSortField } from '../../../shared/contracts';
import { OE_PAGE_MAX } from '../../../shared/contracts/limits';
import { ApiError, OfflineError, request } from '../../api/request';
import type { PriceColumn } from '../../../shared/domain/prices';

/**
 * Search results are keyed by their words and the search's nonce `r` (a new search with the same
 * words is a new key, so it really asks the server again), the nonce always last. The results
 * persist, and only the newest per words are kept: offline, a new search (a new nonce) with the
 * same words shows the last results, with the time they were fetched.
 */
const nonced = <K extends readonly unknown[]>(words: K, r: number | undefined) => [...words, r ?? 0] as const;
const wordsOf = (key: QueryKey) => hashKey(key.slice(0, -1));

/** Another key of the same words (another nonce) whose data is the newest, if any. */
export const newestOfSameWords = (client: QueryClient, key: QueryKey) => {
  const words = wordsOf(key);
  const own = hashKey(key);
  let best: { data: unknown; updatedAt: number } | undefined;
  for (const q of client.getQueryCache().findAll({ queryKey: [key[0]] })) {
    if (q.queryHash === own || q.state.data === undefined || wordsOf(q.queryKey) !== words) continue;
    if (!best || q.state.dataUpdatedAt > best.updatedAt) best = { data: q.state.data, updatedAt: q.state.dataUpdatedAt };
  }
  return best;
};

/**
 * Runs a search. Fetched: older nonces of the same words that nobody shows are dropped (the
 * persisted cache keeps one result per words). Offline with nothing under this key: the newest
 * result of the same words is put under it with its own fetch time, and the OfflineError still
 * surfaces, so the page says it is offline and shows when those results were fetched.
 */
export const searchOnce = async <T>(client: QueryClient, key: QueryKey, fetch: () => Promise<T>): Promise<T> => {
  try {
    const data = await fetch();
    const words = wordsOf(key);
    const own = hashKey(key);
    for (const q of client.getQueryCache().findAll({ queryKey: [key[0]] })) {
      if (q.queryHash !== own && q.getObserversCount() === 0 && wordsOf(q.queryKey) === words) client.getQueryCache().remove(q);
    }
    return data;
  } catch (e) {
    if (e instanceof OfflineError && client.getQueryData(key) === undefined) {
      const last = newestOfSameWords(client, key);
      if (last) client.setQueryData(key, last.data, { updatedAt: last.updatedAt });
    }
    throw e;
  }
};

/**
 * Offline, a failed search is not retried (it would wait, paused, showing 正在搜索… until the
 * network returns): it fails at once with OfflineError, and is fetched again on reconnect.
 */
export const searchRetry = (count: number, error: Error) => onlineManager.isOnline() && !(error instanceof ApiError) && count < 2;

/** Search query keys. OE and keyword results persist (see persist.ts). */
export const searchKeys = {
  oe: (codes: readonly string[], r?: number) => nonced(['oeSearch', codes.join(',')] as const, r),
  suggest: (prefix: string) => ['suggest', prefix] as const,
  /** per user: a restored cache must never show one user's list to another */
  history: (userUuid: string) => ['searchHistory', userUuid] as const,
  /** starts with 'circles': a circle membership's change refreshes it with the circle pages */
  myCircles: () => ['circles', 'mine'] as const,
  companies: (k: string, page: number) => ['companySearch', k, page] as const,
  partBrands: (keyword: string, page: number) => ['partBrands', keyword, page] as const,
  oeSellers: (oeNumber: string, firstPage: number) => ['oeSellers', oeNumber, firstPage] as const,
};

export const oeSearchQuery = (codes: readonly string[], r?: number) =>
  queryOptions({
    queryKey: searchKeys.oe(codes, r),
    queryFn: ({ signal, client, queryKey }) => searchOnce(client, queryKey, () => request('post', 'oeSearch', { oe_list: [...codes] }, undefined, { signal })),
    retry: searchRetry,
    staleTime: 60_000,
  });

export const suggestQuery = (prefix: string) =>
  queryOptions({
    queryKey: searchKeys.suggest(prefix),
    queryFn: ({ signal }) => request('get', 'instantSearch', { oe: prefix }, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export const serverHistoryQuery = (userUuid: string) =>
  queryOptions({ queryKey: searchKeys.history(userUuid), queryFn: ({ signal }) => request('get', 'keywordHistoryList', {}, undefined, { signal }) });

export interface KeywordParams {
  k: string;
  mode: 'exact' | 'fuzzy';
  page_number: number;
  page_size: number;
  /** 圈内搜索: only stock of the caller's approved circles */
  circle: boolean;
  /** 拆车件 only */
  dismantled?: boolean;
  /** only this part brand (the brand picker) */
  brand_id?: number;
  sort_field?: KeywordSortField;
  sort_order?: 'asc' | 'desc';
  /** price filter column and range in yuan; stock range */
  price_column?: PriceColumn;
  min_price?: number;
  max_price?: number;
  min_stock?: number;
  max_stock?: number;
  /** the search's nonce: a new search with the same words asks the server again */
  r?: number;
}

export const keywordQuery = (p: KeywordParams) =>
  queryOptions({
    queryKey: nonced(['keywordSearch', p.k, p.mode, p.page_number, p.page_size, p.circle, p.dismantled === true, p.brand_id ?? 0,
      p.sort_field ?? '', p.sort_order ?? '', p.price_column ?? '', p.min_price ?? '', p.max_price ?? '', p.min_stock ?? '', p.max_stock ?? ''] as const, p.r),
    queryFn: ({ signal, client, queryKey }) =>
      searchOnce(client, queryKey, () => request('get', 'keywordSearch', {
        k: p.k, mode: p.mode, page_number: p.page_number, page_size: p.page_size, circle: p.circle ? '1' : '0', dismantled: p.dismantled ? '1' : '0',
        ...(p.brand_id ? { brand_id: p.brand_id } : {}),
        ...(p.sort_field ? { sort_field: p.sort_field, sort_order: p.sort_order ?? 'asc' } : {}),
        ...(p.price_column ? { price_colum_name: p.price_column } : {}),
        ...(p.min_price !== undefined ? { min_price: p.min_price } : {}),
        ...(p.max_price !== undefined ? { max_price: p.max_price } : {}),
        ...(p.min_stock !== undefined ? { min_stock_qty: p.min_stock } : {}),
        ...(p.max_stock !== undefined ? { max_stock_qty: p.max_stock } : {}),
      }, undefined, { signal })),
    retry: searchRetry,
    staleTime: 60_000,
  });

/** The circles of the caller's company; the 圈内搜索 tab shows when one is approved. */
export const myCirclesQuery = () =>
  queryOptions({
    queryKey: searchKeys.myCircles(),
    queryFn: ({ signal }) => request('get', 'searchTradeList', { is_in_member: '1', show_internal: '1', page_size: 1000 }, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const companySearchQuery = (k: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.companies(k, page),
    queryFn: ({ signal }) => request('get', 'companySearch', { k, page_number: page, page_size: 20 }, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** 配件品牌 for the brand picker: 20 a page (requirements 000-9), filtered by keyword. */
export const BRAND_PAGE_SIZE = 20;
export const partBrandsQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: searchKeys.partBrands(keyword, page),
    queryFn: ({ signal }) => request('get', 'getPartBrands', { keyword, page_number: page, page_size: BRAND_PAGE_SIZE }, undefined, { signal }),
    staleTime: 30 * 60_000,
  });

/**
 * 查看更多 of one OE group: the sellers after the first page of oeSearch, OE_PAGE_MAX at a time.
 * Not persisted: the pages follow the search they extend.
 */
export const oeSellersQuery = (oeNumber: string, firstPage: number) =>
  infiniteQueryOptions({
    queryKey: searchKeys.oeSellers(oeNumber, firstPage),
    queryFn: ({ pageParam, signal }) => request('get', 'oeSellers', { oe: oeNumber, offset: pageParam, limit: OE_PAGE_MAX }, undefined, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: (last, pages) => {
      const loaded = firstPage + pages.reduce((n, p) => n + p.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
    },
    staleTime: 60_000,
  });
