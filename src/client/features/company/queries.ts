import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { QUOTE_POLL_MS } from './quote-badge';

/** Query keys of company presence: shop pages, the decoration, and who viewed me. */
export const companyKeys = {
  shop: (id: number) => ['companyShop', id] as const,
  products: (id: number) => ['companyProducts', id] as const,
  decoration: () => ['storeDecoration'] as const,
  quoteCount: () => ['zdQuoteCount'] as const,
  views: () => ['companyViews'] as const,
  relation: (id: number) => ['companyRelation', id] as const,
  productsPage: (id: number, p: ProductParams) => ['companyProducts', id, p.k, p.page, p.size] as const,
  viewsPage: (page: number, size: number) => ['companyViews', page, size] as const,
};

export const shopQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.shop(id),
    queryFn: ({ signal }) => request('get', 'getCompanyShop', { company_id: id }, undefined, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });

export interface ProductParams { k: string; page: number; size: number }

export const productsQuery = (id: number, p: ProductParams) =>
  queryOptions({
    queryKey: companyKeys.productsPage(id, p),
    queryFn: ({ signal }) => request('get', 'getCompanyProducts', { company_id: id, k: p.k, page_number: p.page, page_size: p.size }, undefined, { signal }),
    staleTime: 60_000,
  });

export const decorationQuery = () =>
  queryOptions({
    queryKey: companyKeys.decoration(),
    // the editor shows a refusal in the page (a company that is not a seller), not in a dialog as well
    queryFn: ({ signal }) => request('get', 'getStoreDecoration', {}, undefined, { signal, silent: true }),
    staleTime: 0,
  });

export const quoteCountQuery = () =>
  queryOptions({
    queryKey: companyKeys.quoteCount(),
    queryFn: ({ signal }) => request('get', 'getZdQuoteCount', {}, undefined, { signal, silent: true }),
    refetchInterval: QUOTE_POLL_MS,
    staleTime: QUOTE_POLL_MS,
  });

export const viewsQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: companyKeys.viewsPage(page, size),
    queryFn: ({ signal }) => request('get', 'getCompanyViews', { page_number: page, page_size: size }, undefined, { signal }),
    staleTime: 0,
  });

/** 总公司 / 分公司 of a shop: the head company and branches operators linked. */
export const relationQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.relation(id),
    queryFn: ({ signal }) => request('get', 'getCompanyRelation', { company_id: id }, undefined, { signal, silent: true }),
    staleTime: 60_000, retry: false,
  });
