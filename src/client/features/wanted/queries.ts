import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { ListSearch } from '../../ui/list/list-search';

/** Query keys of wanted requests (我的求购) and the car brands to pick from. */
export const wantedKeys = {
  all: () => ['wanted'] as const,
  list: (page: number) => ['wanted', 'list', page] as const,
  makes: () => ['wanted', 'makes'] as const,
  backoffice: (page: number, size: number) => ['wanted', 'backoffice', page, size] as const,
};

export const WANTED_PAGE_SIZE = 20;

export const wantedListQuery = (page: number) =>
  queryOptions({
    queryKey: wantedKeys.list(page),
    queryFn: ({ signal }) => request('get', 'getWantedList', { page_number: page, page_size: WANTED_PAGE_SIZE }, undefined, { signal }),
    staleTime: 30_000,
  });

/** 我的求购 in the back office, as a list page's query */
export const wantedBackofficeQuery = (s: ListSearch) => {
  const page = s.page ?? 1;
  const size = s.size ?? 50;
  return queryOptions({
    queryKey: wantedKeys.backoffice(page, size),
    queryFn: ({ signal }) => request('get', 'getWantedList', { page_number: page, page_size: size }, undefined, { signal }),
  });
};

export const wantedMakesQuery = () =>
  queryOptions({
    queryKey: wantedKeys.makes(),
    queryFn: ({ signal }) => request('get', 'wantedMakes', {}, undefined, { signal }),
    staleTime: 60 * 60_000,
  });
