import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';

/**
 * Query keys of the trade-circle pages. They start with 'circles' like the search page's own
 * list, so a join or a decision refreshes the 圈内搜索 tab too.
 */
export const circleKeys = {
  all: ['circles'] as const,
  list: (k: string) => ['circles', 'list', k] as const,
  detail: (id: number) => ['circles', 'detail', id] as const,
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
