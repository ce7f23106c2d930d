/**
 * The browser database (IndexedDB 'qipeihub', through Dexie): search history, the outbox of
 * writes made offline, the company's 常购清单 (basket) and the user's 关注 (follows) as last seen,
 * so those pages open offline (docs/basket-follows.md), and the stocktakes counted on this device
 * (docs/warehouse.md "Stocktake"). Rows read back are validated;
 * a bad row is dropped with a warning, never a crash. Search history and outbox rows belong to a
 * user (`user_uuid`): one browser may be used by several accounts in turn.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { BasketRow, FollowRow, OutboxRow, SearchHistoryRow } from './rows';
import type { StocktakeCatalogRow, StocktakeCountRow } from './stocktake-rows';

// the row schemas live in rows.ts, which carries no Dexie: the modules that only check rows (the
// outbox, search history) load this one, and with it Dexie, when they first touch the database
export * from './rows';

export class LocalDb extends Dexie {
  searchHistory!: Table<SearchHistoryRow, [string, string]>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  basket!: Table<BasketRow, [string, string]>;
  follows!: Table<FollowRow, [string, number]>;
  stocktakeCounts!: Table<StocktakeCountRow, [string, string]>;
  stocktakeCatalogs!: Table<StocktakeCatalogRow, [string, number]>;

  constructor(name = 'qipeihub') {
    super(name);
    this.version(1).stores({
      searchHistory: 'search_value, create_time',
      follows: '++id, user_uuid, &[user_uuid+company_id]',
      basket: 'key, user_uuid',
      chatHistory: 'client_msg_id, [conversation+sentTime]',
      outbox: '++seq, state',
    });
    // Rows of version 1 had no owner. Old search history cannot be told apart by user, so it goes
    // (the server keeps each user's own list and it is merged back in); a queued write without an
    // owner could replay under whoever is signed in now, so it is dropped, with a warning.
    // IndexedDB cannot change a primary key: the history table is deleted here and made anew in 3.
    this.version(2)
      .stores({ searchHistory: null, outbox: '++seq, [user_uuid+state]' })
      .upgrade(async (tx) => {
        const unowned = await tx.table('outbox').filter((row: { user_uuid?: unknown }) => typeof row.user_uuid !== 'string').toArray();
        if (unowned.length === 0) return;
        console.warn(`qipeihub: dropped ${unowned.length} queued writes saved without a user`, unowned.map((row: { name?: unknown }) => row.name));
        await tx.table('outbox').bulkDelete(unowned.map((row: { seq: number }) => row.seq));
      });
    this.version(3).stores({ searchHistory: '[user_uuid+search_value], [user_uuid+create_time]' });
    // follows, basket and chatHistory were declared in version 1 and never written: dropped, so the
    // schema says what the device keeps (a table is added back with the page that uses it)
    this.version(4).stores({ follows: null, basket: null, chatHistory: null });
    // 常购清单 and 关注 come back with their pages, per user (new tables: nothing to carry over)
    this.version(5).stores({ basket: '[user_uuid+key], user_uuid', follows: '[user_uuid+id], user_uuid' });
    // 盘点: the counts typed on this device and each stocktake's locations and rows, per user (docs/warehouse.md "Stocktake")
    this.version(6).stores({ stocktakeCounts: '[user_uuid+clientKey], [user_uuid+stocktakeId]', stocktakeCatalogs: '[user_uuid+stocktakeId]' });
  }
}

export const localDb = new LocalDb();
