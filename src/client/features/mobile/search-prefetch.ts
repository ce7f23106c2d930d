import type { QueryClient } from '@tanstack/react-query';
import { validateOeBatch } from '../../../shared/domain/oe';
import { cacheRestored } from '../../local/persist';
import { keywordQuery, oeSearchQuery, type KeywordParams } from '../search/queries';
import { MOBILE_PAGE_SIZE, type MobileSearch } from './search-params';

/** The OE codes of /ofo/search's address, checked by the shared rule (null: none given). */
export const mobileCodes = (search: MobileSearch) => (search.code ? validateOeBatch(search.code.split(',')) : null);

/**
 * The keyword search of /ofo/search and /ofo/spotGoods (`spot`: 只看现货, rows their sellers marked
 * and in stock, in relevance order, which migration 0500's spot indexes walk; docs/spot-goods.md).
 */
export const mobileKeywordParams = (search: MobileSearch, spot?: boolean): KeywordParams => ({
  k: search.k ?? '', mode: search.mode ?? 'fuzzy', page_number: search.page ?? 1, page_size: MOBILE_PAGE_SIZE, circle: false, r: search.r,
  ...(spot ? { spot: true } : {}),
});

/**
 * /ofo/search's loader: starts the search its address names (the same query the page then reads)
 * while the page's own chunks are still loading, instead of after they have rendered — the
 * results are the page's largest paint. It waits for the stored cache to be restored first, so a
 * copy still fresh is used, not searched (and counted) again; offline the page does as before.
 */
export const prefetchMobileSearch = (client: QueryClient, search: MobileSearch) => {
  if (!navigator.onLine) return;
  const codes = mobileCodes(search);
  void cacheRestored.then(() => {
    if (codes?.ok) void client.prefetchQuery(oeSearchQuery(codes.codes, search.r));
    else if (search.k) void client.prefetchQuery(keywordQuery(mobileKeywordParams(search)));
  });
};
