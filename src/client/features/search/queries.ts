import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { OE_PAGE_MAX } from '../../../shared/contracts';
import { request } from '../../api/request';
import type { KeywordSortField } from '../../../shared/contracts';
import type { PriceColumn } from '../../../shared/domain/prices';

/** Search query keys. OE results persist, so the last results of a query come back offline. */
export const searchKeys = {
  oe: (codes: readonly string[]) => ['oeSearch', codes.join(',')] as const,
  suggest: (prefix: string) => ['suggest', prefix] as const,
  /** per user: a restored cache must never show one user's list to another */
  history: (userUuid: string) => ['searchHistory', userUuid] as const,
};

export const oeSearchQuery = (codes: readonly string[]) =>
  queryOptions({
    queryKey: searchKeys.oe(codes),
    queryFn: ({ signal }) => request('post', 'oeSearch', { oe_list: [...codes] }, undefined, { signal }),
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
}

export const keywordQuery = (p: KeywordParams) =>
  queryOptions({
    queryKey: ['keywordSearch', p.k, p.mode, p.page_number, p.page_size, p.circle, p.dismantled === true, p.brand_id ?? 0,
      p.sort_field ?? '', p.sort_order ?? '', p.price_column ?? '', p.min_price ?? '', p.max_price ?? '', p.min_stock ?? '', p.max_stock ?? ''] as const,
    queryFn: ({ signal }) =>
      request('get', 'keywordSearch', {
        k: p.k, mode: p.mode, page_number: p.page_number, page_size: p.page_size, circle: p.circle ? '1' : '0', dismantled: p.dismantled ? '1' : '0',
        ...(p.brand_id ? { brand_id: p.brand_id } : {}),
        ...(p.sort_field ? { sort_field: p.sort_field, sort_order: p.sort_order ?? 'asc' } : {}),
        ...(p.price_column ? { price_colum_name: p.price_column } : {}),
        ...(p.min_price !== undefined ? { min_price: p.min_price } : {}),
        ...(p.max_price !== undefined ? { max_price: p.max_price } : {}),
        ...(p.min_stock !== undefined ? { min_stock_qty: p.min_stock } : {}),
        ...(p.max_stock !== undefined ? { max_stock_qty: p.max_stock } : {}),
      }, undefined, { signal }),
    staleTime: 60_000,
  });

/** The circles of the caller's company; the 圈内搜索 tab shows when one is approved. */
export const myCirclesQuery = () =>
  queryOptions({
    queryKey: ['circles', 'mine'] as const,
    queryFn: ({ signal }) => request('get', 'searchTradeList', { is_in_member: '1', show_internal: '1', page_size: 1000 }, undefined, { signal }),
    staleTime: 10 * 60_000,
  });

export const companySearchQuery = (k: string, page: number) =>
  queryOptions({
    queryKey: ['companySearch', k, page] as const,
    queryFn: ({ signal }) => request('get', 'companySearch', { k, page_number: page, page_size: 20 }, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** 配件品牌 for the brand picker: 20 a page (000 §9), filtered by keyword. */
export const BRAND_PAGE_SIZE = 20;
export const partBrandsQuery = (keyword: string, page: number) =>
  queryOptions({
    queryKey: ['partBrands', keyword, page] as const,
    queryFn: ({ signal }) => request('get', 'getPartBrands', { keyword, page_number: page, page_size: BRAND_PAGE_SIZE }, undefined, { signal }),
    staleTime: 30 * 60_000,
  });

/**
 * 查看更多 of one OE group: the sellers after the first page of oeSearch, OE_PAGE_MAX at a time.
 * Not persisted: the pages follow the search they extend.
 */
export const oeSellersQuery = (oeNumber: string, firstPage: number) =>
  infiniteQueryOptions({
    queryKey: ['oeSellers', oeNumber, firstPage] as const,
    queryFn: ({ pageParam, signal }) => request('get', 'oeSellers', { oe: oeNumber, offset: pageParam, limit: OE_PAGE_MAX }, undefined, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: (last, pages) => {
      const loaded = firstPage + pages.reduce((n, p) => n + p.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
    },
    staleTime: 60_000,
  });
