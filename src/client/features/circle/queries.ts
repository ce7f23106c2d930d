import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { stockListQuery } from '../stock/queries';

/**
 * Query keys of the trade-circle pages. They start with 'circles' like the search page's own
 * list, so a join or a decision refreshes the 圈内搜索 tab too.
 */
export const circleKeys = {
  all: ['circles'] as const,
  list: (k: string) => ['circles', 'list', k] as const,
  detail: (id: number) => ['circles', 'detail', id] as const,
  products: (p: PayloadIn<'tradeCircleProducts'>) => ['circles', 'products', p] as const,
  myProducts: (p: PayloadIn<'tradeCircleMyProducts'>) => ['circles', 'my-products', p] as const,
  stock: (circleId: number) => ['circles', 'stock', circleId] as const,
  query: (p: PayloadIn<'tradeCircleQuery'>) => ['circles', 'query', p] as const,
};

/** The spec lists circles 1000 to a page. */
export const CIRCLE_PAGE_SIZE = 1000;

export const circleListQuery = (k: string) =>
  queryOptions({
    queryKey: circleKeys.list(k),
    queryFn: ({ signal }) => request('get', 'tradeCircleList', { k, page_size: CIRCLE_PAGE_SIZE }, undefined, { signal }),
  });

export const circleQuery = (id: number) =>
  queryOptions({ queryKey: circleKeys.detail(id), queryFn: ({ signal }) => request('get', 'tradeCircleGet', { id }, undefined, { signal, silent: true }) });

/* 商圈库存 (docs/circles.md) */
export const circleProductsQuery = (p: PayloadIn<'tradeCircleProducts'>) =>
  queryOptions({ queryKey: circleKeys.products(p), queryFn: ({ signal }) => request('get', 'tradeCircleProducts', p, undefined, { signal }) });

export const myCircleProductsQuery = (p: PayloadIn<'tradeCircleMyProducts'>) =>
  queryOptions({ queryKey: circleKeys.myProducts(p), queryFn: ({ signal }) => request('get', 'tradeCircleMyProducts', p, undefined, { signal }) });

export const circleStockQuery = (circleId: number) =>
  queryOptions({ queryKey: circleKeys.stock(circleId), queryFn: ({ signal }) => request('get', 'tradeCircleStock', { circle_id: circleId }, undefined, { signal }) });

export const circleTotalsQuery = (p: PayloadIn<'tradeCircleQuery'>) =>
  queryOptions({ queryKey: circleKeys.query(p), queryFn: ({ signal }) => request('get', 'tradeCircleQuery', p, undefined, { signal }) });

/** The company's own rows on sale whose OE starts with what was typed, to pick one to allocate: the stock list's own query. */
export const ownStockQuery = (oe: string) => ({ ...stockListQuery({ supplier_oe: oe, state: 'on', page_size: 50 }), enabled: oe.length >= 2 });
