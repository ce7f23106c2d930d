import { hashKey, infiniteQueryOptions, onlineManager, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { KeywordSortField, PayloadIn } from '../../../shared/contracts';
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
  companies: (k: string, market: number, page: number) => ['companySearch', k, market, page] as const,
  markets: () => ['companySearchMarkets'] as const,
  partBrands: (keyword: string, page: number) => ['partBrands', keyword, page] as const,
  oeSellers: (oeNumber: string, firstPage: number) => ['oeSellers', oeNumber, firstPage] as const,
  /** 我的库存与曾采购, 采购记录, 油品, 新车型 (docs/search.md) */
  myParts: (k: string) => ['myPartsSearch', k] as const,
  purchases: (f: PurchaseFilter) => ['purchaseHistorySearch', f.oe, f.name, f.seller, f.date_from, f.date_to, f.page_number, f.page_size] as const,
  oils: (f: OilFilterParams) => ['oilSearch', f.k, f.viscosity, f.spec, f.volume_ml, f.brand, f.kind] as const,
  newVehicles: (month: string, make: string) => ['newVehicleSearch', month, make] as const,
};

/** 采购记录's filter as its address holds it (purchase-params.ts) */
export interface PurchaseFilter { oe: string; name: string; seller: string; date_from: string; date_to: string; page_number: number; page_size: number }
/** 油品's words and facets as its address holds them */
export interface OilFilterParams { k: string; viscosity: string; spec: string; volume_ml: string; brand: string; kind: string }

/** My own stock and purchases (not counted as a stock query). */
export const myPartsQuery = (k: string) =>
  queryOptions({
    queryKey: searchKeys.myParts(k),
    queryFn: ({ signal }) => request('get', 'myPartsSearch', { k }, undefined, { signal }),
    staleTime: 30_000,
  });

export const purchaseHistoryQuery = (f: PurchaseFilter) =>
  queryOptions({
    queryKey: searchKeys.purchases(f),
    queryFn: ({ signal }) => request('get', 'purchaseHistorySearch', { ...f }, undefined, { signal }),
    staleTime: 30_000,
  });

export const oilSearchQuery = (f: OilFilterParams) =>
  queryOptions({
    queryKey: searchKeys.oils(f),
    queryFn: ({ signal }) => request('get', 'oilSearch', { ...f }, undefined, { signal }),
    staleTime: 60_000,
  });

export const newVehiclesQuery = (month: string, make: string) =>
  queryOptions({
    queryKey: searchKeys.newVehicles(month, make),
    queryFn: ({ signal }) => request('get', 'newVehicleSearch', { month, make_name: make }, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

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

/**
 * A keyword search as the pages hold it: every field under its name on the wire (keywordPayload),
 * as the result pages' addresses name it too (keyword-route.tsx), with the nonce `r`.
 */
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
  price_colum_name?: PriceColumn;
  min_price?: number;
  max_price?: number;
  min_stock_qty?: number;
  max_stock_qty?: number;
  /** 只看现货: spot rows in stock only (docs/spot-goods.md) */
  spot?: boolean;
  /** the search's nonce: a new search with the same words asks the server again */
  r?: number;
}

/** A price filter typed in yuan (up to two decimals) as whole fen. */
export const yuanFilterToFen = (yuan: number | undefined) => (yuan === undefined ? undefined : Math.round(yuan * 100));

export const keywordQuery = ({ r, circle, dismantled, spot, ...fields }: KeywordParams) => {
  return queryOptions({
    queryKey: nonced(['keywordSearch', fields.k, fields.mode, fields.page_number, fields.page_size, circle, dismantled === true, fields.brand_id ?? 0,
      fields.sort_field ?? '', fields.sort_order ?? '', fields.price_colum_name ?? '', fields.min_price ?? '', fields.max_price ?? '',
      fields.min_stock_qty ?? '', fields.max_stock_qty ?? '', spot === true] as const, r),
    // undefined fields are left out of the query string; the order goes only with a sort column
    queryFn: ({ signal, client, queryKey }) =>
      searchOnce(client, queryKey, () => request('get', 'keywordSearch', {
        ...fields, circle: circle ? '1' : '0', dismantled: dismantled ? '1' : '0', ...(spot ? { spot: '1' as const } : {}),
        // the address holds the yuan a person typed; the wire takes fen
        min_price: yuanFilterToFen(fields.min_price), max_price: yuanFilterToFen(fields.max_price),
        sort_order: fields.sort_field ? fields.sort_order ?? 'asc' : undefined,
      } satisfies PayloadIn<'keywordSearch'>, undefined, { signal })),
    retry: searchRetry,
    staleTime: 60_000,
  });
};

/** The circles of the caller's company; the 圈内搜索 tab shows when one is approved. */
export const myCirclesQuery = () =>
  queryOptions({
    queryKey: searchKeys.myCircles(),
    queryFn: ({ signal }) => request('get', 'searchTradeList', { is_in_member: '1', show_internal: '1', page_size: 1000 }, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

/** 企业黄页: by text, within one 汽配城 when market > 0 (then the text may be empty). */
export const companySearchQuery = (k: string, market: number, page: number) =>
  queryOptions({
    queryKey: searchKeys.companies(k, market, page),
    queryFn: ({ signal }) => request('get', 'companySearch', { k, autoparts_city_id: market, page_number: page, page_size: 20 }, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** The 汽配城 the 企业黄页 can be narrowed to (enabled, with sellers). */
export const companyMarketsQuery = () =>
  queryOptions({
    queryKey: searchKeys.markets(),
    queryFn: ({ signal }) => request('get', 'companySearchMarkets', {}, undefined, { signal }),
    staleTime: 10 * 60_000,
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
