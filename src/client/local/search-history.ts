/**
 * Search history, local first and per user: a search is kept in Dexie ('searchHistory', keyed by
 * user and value) at once, so it shows offline and after a reload, and queued for the server
 * through the outbox; the server's list is merged in when online. A user sees only their own.
 * The database (and Dexie) is loaded on first use, not with the search pages.
 */
import { searchHistoryRow, validRows, type SearchHistoryRow } from './rows';
import type { LocalDb } from './db';
import { dbOf, live, openLocalDb, type DbSource } from './live';
import { flushOutbox, outbox as defaultOutbox } from './outbox';
import { MODED_KINDS, type SearchKind, type SearchMode } from '../../shared/contracts/history';

export const HISTORY_SHOWN = 10;
const KEEP = 50;

/** What the server lists: the same row without its owner. */
export type HistoryItem = Omit<SearchHistoryRow, 'user_uuid'>;

export const createSearchHistory = (source: DbSource = openLocalDb, box = defaultOutbox) => {
  const opened = dbOf(source);
  // create_time is a number: every one of the user's rows lies between -Infinity and Infinity (Dexie's minKey is -Infinity)
  const newestFirst = (db: LocalDb, user_uuid: string) =>
    db.searchHistory.where('[user_uuid+create_time]').between([user_uuid, -Infinity], [user_uuid, Infinity]).reverse();
  const trim = async (db: LocalDb, user_uuid: string) => {
    const keys = await newestFirst(db, user_uuid).offset(KEEP).primaryKeys();
    if (keys.length) await db.searchHistory.bulkDelete(keys);
  };
  const recentIn = async (db: LocalDb, user_uuid: string, n: number) =>
    validRows(searchHistoryRow, await newestFirst(db, user_uuid).limit(n).toArray(), 'searchHistory');
  return {
    async add(user_uuid: string, search_value: string, search_type: SearchKind, mode?: SearchMode) {
      const value = search_value.trim();
      if (!value) return;
      const search_mode = MODED_KINDS.includes(search_type) ? mode ?? 'fuzzy' : null;
      const db = await opened();
      await db.searchHistory.put({ user_uuid, search_value: value, search_type, search_mode, create_time: Math.floor(Date.now() / 1000) });
      await trim(db, user_uuid);
      await box.enqueue(user_uuid, 'oeSearchHistory', { search_value: value, search_type, ...(search_mode ? { search_mode } : {}) });
      flushOutbox();
    },
    /** the user's list from the server; keeps the newer of the two for each value */
    async merge(user_uuid: string, items: readonly HistoryItem[]) {
      const db = await opened();
      await db.transaction('rw', db.searchHistory, async () => {
        for (const item of items) {
          const mine = await db.searchHistory.get([user_uuid, item.search_value]);
          if (!mine || mine.create_time < item.create_time) await db.searchHistory.put({ user_uuid, search_value: item.search_value, search_type: item.search_type, search_mode: item.search_mode, create_time: item.create_time });
        }
      });
      await trim(db, user_uuid);
    },
    recent: async (user_uuid: string, n = HISTORY_SHOWN) => recentIn(await opened(), user_uuid, n),
    recent$: (user_uuid: string, n = HISTORY_SHOWN) => live(opened, (db) => recentIn(db, user_uuid, n)),
  };
};

export const searchHistory = createSearchHistory();
