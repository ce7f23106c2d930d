/**
 * Reads of 盘点 (docs/warehouse.md "Stocktake"). The catalog (a stocktake's locations and the
 * warehouse's placed rows) is kept on the device whenever it is fetched and read from there when
 * the network fails, so a whole aisle can be counted offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { isOfflineFailure, request } from '../../api/request';
import { stocktakeStore, type StocktakeCatalogCopy } from '../../local/stocktake-store';

export const stocktakeKeys = {
  all: () => ['stocktake'] as const,
  home: () => ['stocktake', 'home'] as const,
  catalog: (userUuid: string, id: number) => ['stocktake', 'catalog', userUuid, id] as const,
  counts: (id: number, diffOnly: boolean) => ['stocktake', 'counts', id, diffOnly] as const,
  countsOf: (id: number) => ['stocktake', 'counts', id] as const,
  find: (id: number, oe: string) => ['stocktake', 'find', id, oe] as const,
  device: (userUuid: string) => ['stocktake', 'device', userUuid] as const,
};

/** The warehouses, recent stocktakes and whether the caller approves; null offline (the page offers the device's stocktakes). */
export const stocktakeHomeQuery = () =>
  queryOptions({
    queryKey: stocktakeKeys.home(),
    queryFn: async ({ signal }) => {
      try {
        return await request('get', 'stocktakeHome', {}, undefined, { signal });
      } catch (e) {
        if (!isOfflineFailure(e)) throw e;
        return null;
      }
    },
    staleTime: 10_000,
  });

/** The stocktakes this device can count offline. */
export const deviceStocktakesQuery = (userUuid: string) =>
  queryOptions({ queryKey: stocktakeKeys.device(userUuid), queryFn: () => stocktakeStore.catalogs(userUuid) });

export interface Catalog { copy: StocktakeCatalogCopy; offline: boolean }

/** A stocktake's catalog: from the server and kept on the device, or the device's copy offline. */
export const stocktakeCatalogQuery = (userUuid: string, id: number) =>
  queryOptions({
    queryKey: stocktakeKeys.catalog(userUuid, id),
    queryFn: async ({ signal }): Promise<Catalog | null> => {
      try {
        const r = await request('get', 'stocktakeCatalog', {}, id, { signal });
        const copy: StocktakeCatalogCopy = {
          stocktakeId: id, warehouseName: r.stocktake.warehouseName, state: r.stocktake.state, locations: r.locations, rows: r.rows,
          truncated: r.truncated, savedAt: Math.floor(Date.now() / 1000),
        };
        await stocktakeStore.saveCatalog(userUuid, copy);
        return { copy, offline: false };
      } catch (e) {
        if (!isOfflineFailure(e)) throw e;
        const copy = await stocktakeStore.readCatalog(userUuid, id);
        return copy ? { copy, offline: true } : null;
      }
    },
    staleTime: 30_000,
  });

/** The counts of a stocktake on the server (all, or the differences only); null offline. */
export const stocktakeCountsQuery = (id: number, diffOnly: boolean) =>
  queryOptions({
    queryKey: stocktakeKeys.counts(id, diffOnly),
    queryFn: async ({ signal }) => {
      try {
        return await request('get', 'stocktakeCounts', { diff_only: diffOnly }, id, { signal });
      } catch (e) {
        if (!isOfflineFailure(e)) throw e;
        return null;
      }
    },
    staleTime: 5_000,
  });

/** The company's rows of an OE number (a part scanned that the catalog does not place in this warehouse). */
export const stocktakeFindQuery = (id: number, oe: string) =>
  queryOptions({
    queryKey: stocktakeKeys.find(id, oe),
    queryFn: ({ signal }) => request('get', 'stocktakeFindPart', { stocktake_id: id, oe }, undefined, { signal }),
    staleTime: 30_000,
  });
