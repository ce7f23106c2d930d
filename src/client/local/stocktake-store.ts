/**
 * The device's side of a stocktake (docs/warehouse.md "Stocktake"), in Dexie per user: each
 * stocktake's locations and placed rows as last fetched ('stocktakeCatalogs'), so a whole aisle can
 * be counted offline, and every count typed here ('stocktakeCounts') with the server's answer once
 * it has one. The counts themselves travel through the outbox; this keeps what the page shows. The
 * database (and Dexie) is loaded on first use.
 */
import { stocktakeCatalogRow, stocktakeCountRow, type StocktakeCatalogRow, type StocktakeCountRow } from './stocktake-rows';
import { validRows } from './rows';
import { dbOf, live, mapLive, openLocalDb, type DbSource, type Live } from './live';

export type StocktakeCatalogCopy = Omit<StocktakeCatalogRow, 'user_uuid'>;
export type DeviceCount = Omit<StocktakeCountRow, 'user_uuid'>;

export const createStocktakeStore = (source: DbSource = openLocalDb) => {
  const opened = dbOf(source);
  return {
    async saveCatalog(user_uuid: string, copy: StocktakeCatalogCopy) {
      await (await opened()).stocktakeCatalogs.put({ ...copy, user_uuid });
    },
    async readCatalog(user_uuid: string, stocktakeId: number): Promise<StocktakeCatalogCopy | null> {
      const row = await (await opened()).stocktakeCatalogs.get([user_uuid, stocktakeId]);
      const [valid] = validRows(stocktakeCatalogRow, row ? [row] : [], 'stocktakeCatalogs');
      if (!valid) return null;
      const { user_uuid: _u, ...copy } = valid;
      return copy;
    },
    /** the stocktakes this device keeps, newest first (what can be counted offline) */
    async catalogs(user_uuid: string): Promise<Array<Pick<StocktakeCatalogRow, 'stocktakeId' | 'warehouseName' | 'state' | 'savedAt'>>> {
      const rows = validRows(stocktakeCatalogRow, await (await opened()).stocktakeCatalogs.where('[user_uuid+stocktakeId]').between([user_uuid, 0], [user_uuid, Infinity]).toArray(), 'stocktakeCatalogs');
      return rows.map(({ stocktakeId, warehouseName, state, savedAt }) => ({ stocktakeId, warehouseName, state, savedAt })).sort((a, b) => b.stocktakeId - a.stocktakeId);
    },
    async addCount(user_uuid: string, count: DeviceCount) {
      await (await opened()).stocktakeCounts.put({ ...count, user_uuid });
    },
    async setResult(user_uuid: string, clientKey: string, result: NonNullable<DeviceCount['result']>) {
      await (await opened()).stocktakeCounts.update([user_uuid, clientKey], { result });
    },
    /** live: the counts typed on this device for the stocktake, newest first */
    counts$(user_uuid: string, stocktakeId: number): Live<DeviceCount[]> {
      return mapLive(
        live(opened, (db) => db.stocktakeCounts.where('[user_uuid+stocktakeId]').equals([user_uuid, stocktakeId]).toArray()),
        (rows) => validRows(stocktakeCountRow, rows, 'stocktakeCounts').map(({ user_uuid: _u, ...c }) => c).sort((a, b) => b.typedAtMs - a.typedAtMs),
      );
    },
  };
};

export const stocktakeStore = createStocktakeStore();
