/**
 * Search history, local first and per user: a search is kept in Dexie ('searchHistory', keyed by
 * user and value) at once, so it shows offline and after a reload, and queued for the server
 * through the outbox; the server's list is merged in when online. A user sees only their own.
 */
import Dexie, { liveQuery } from 'dexie';
import { localDb, searchHistoryRow, validRows, type LocalDb, type SearchHistoryRow } from './db';
import { flushOutbox, outbox as defaultOutbox } from './outbox';
import { MODED_KINDS, type SearchKind, type SearchMode } from '../../shared/contracts/history';

export const HISTORY_SHOWN = 10;
const KEEP = 50;

/** What the server lists: the same row without its owner. */
export type HistoryItem = Omit<SearchHistoryRow, 'user_uuid'>;

export const createSearchHistory = (db: LocalDb = localDb, box = defaultOutbox) => {
  const newestFirst = (user_uuid: string) =>
    db.searchHistory.where('[user_uuid+create_time]').between([user_uuid, Dexie.minKey], [user_uuid, Dexie.maxKey]).reverse();
  const trim = async (user_uuid: string) => {
    const keys = await newestFirst(user_uuid).offset(KEEP).primaryKeys();
    if (keys.length) await db.searchHistory.bulkDelete(keys);
  };
  const recent = async (user_uuid: string, n = HISTORY_SHOWN) =>
    validRows(searchHistoryRow, await newestFirst(user_uuid).limit(n).toArray(), 'searchHistory');
  return {
    async add(user_uuid: string, search_value: string, search_type: SearchKind, mode?: SearchMode) {
      const value = search_value.trim();
      if (!value) return;
      const search_mode = MODED_KINDS.includes(search_type) ? mode ?? 'fuzzy' : null;
      await db.searchHistory.put({ user_uuid, search_value: value, search_type, search_mode, create_time: Math.floor(Date.now() / 1000) });
      await trim(user_uuid);
      await box.enqueue(user_uuid, 'oeSearchHistory', { search_value: value, search_type, ...(search_mode ? { search_mode } : {}) });
      flushOutbox();
    },
    /** the user's list from the server; keeps the newer of the two for each value */
    async merge(user_uuid: string, items: readonly HistoryItem[]) {
      await db.transaction('rw', db.searchHistory, async () => {
        for (const item of items) {
          const mine = await db.searchHistory.get([user_uuid, item.search_value]);
          if (!mine || mine.create_time < item.create_time) await db.searchHistory.put({ user_uuid, search_value: item.search_value, search_type: item.search_type, search_mode: item.search_mode, create_time: item.create_time });
        }
      });
      await trim(user_uuid);
    },
    recent,
    recent$: (user_uuid: string, n = HISTORY_SHOWN) => liveQuery(() => recent(user_uuid, n)),
  };
};

export const searchHistory = createSearchHistory();
