/**
 * TanStack Query's cache persisted in localStorage ('qph-query-cache') so the app opens with the
 * network off: only successful queries whose first key is listed here are kept, for 7 days, and a
 * new build (buster) starts clean. Restored queries are checked against their answer schema.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { clearResults, keepResults, readResults } from './result-store';
/**
 * The first keys of the queries kept across reloads. Each has its answer schema in
 * restored-schemas.ts, loaded only when a stored cache is read back (the schemas would put a
 * dozen contract modules in the first page's JavaScript); a unit test keeps the two lists equal.
 */
export const PERSISTED_KEYS: ReadonlySet<string> = new Set(['config', 'ads', 'profile', 'companyLevel', 'quota', 'oeSearch', 'keywordSearch', 'searchHistory', 'cart', 'orders']);
/**
 * Search results are kept one record per search in IndexedDB (result-store.ts), not in the
 * localStorage snapshot: that snapshot is the whole persisted cache serialised on the main thread
 * at every change, and the results were nearly all of it (about 40 ms after a search).
 */
export const SEARCH_RESULT_KEYS: ReadonlySet<string> = new Set(['oeSearch', 'keywordSearch']);
export const PERSIST_KEY = 'qph-query-cache';

/**
 * What a reload must not trust as fresh: the account's state may have changed in the meantime (a
 * paid upgrade, a renewed period, a new parameter), and the persister writes behind a throttle,
 * so the stored copy can be older than the last answer. The cart too: a line added just before a
 * reload is often missing from the stored copy, which would show as the cart for its 15 s of
 * freshness. Search results are left alone: running a search again costs a stock query of the
 * day's quota.
 */
const REVALIDATE_AFTER_RESTORE: ReadonlySet<string> = new Set(['config', 'ads', 'profile', 'companyLevel', 'quota', 'cart']);

/**
 * Shows the restored copies at once and fetches them anew in the background (offline: they stay);
 * main.tsx runs it after the first page (after-first-page.ts), so these calls do not weigh on it.
 * `restoredAt`: when the restore ended; a query answered since then is not asked again.
 */
export const revalidateRestored = (queryClient: QueryClient, restoredAt = Date.now()) =>
  queryClient.invalidateQueries({ predicate: (q) => REVALIDATE_AFTER_RESTORE.has(String(q.queryKey[0])) && q.state.dataUpdatedAt <= restoredAt });
export const PERSIST_MAX_AGE = 7 * 86400_000;

let settleRestore: () => void = () => undefined;
/**
 * Settles once the stored query cache has been put back into the client (or could not be): a
 * route loader that starts a query early waits for it, so a copy still fresh is shown, not fetched
 * (and counted) again. main.tsx settles it from PersistQueryClientProvider's onSuccess / onError.
 */
export const cacheRestored = new Promise<void>((resolve) => {
  settleRestore = resolve;
});
export const restoreSettled = () => settleRestore();

const safeParse = (raw: string) => {
  try {
    return JSON.parse(raw);
  } catch {
    console.warn('qipeihub: dropped an unreadable query cache');
    localStorage.removeItem(PERSIST_KEY);
    return undefined;
  }
};

/**
 * The buster: a new build, or another signed-in user (or none), starts with an empty cache. Keys
 * like ['profile'] and the search results (priced for the caller's level) belong to one user, and
 * the cache is cleared on sign-in and sign-out only when those run to the end: a session ended by
 * the server (908) or a write behind the persister's throttle could otherwise hand one user's
 * answers to the next.
 */
export const cacheBuster = (userUuid: string | undefined) => `${import.meta.env.VITE_BUILD_ID ?? 'dev'}:${userUuid ?? 'guest'}`;

/**
 * The stored snapshot with the kept search results of the same user and build added: both are
 * restored, and checked, together.
 */
const withResults = async (snapshot: PersistedClient | undefined, buster: string): Promise<PersistedClient | undefined> => {
  const results = await readResults(buster, PERSIST_MAX_AGE);
  if (results.length === 0) return snapshot;
  const base: PersistedClient = snapshot ?? { timestamp: Math.max(...results.map((r) => r.saved)), buster, clientState: { mutations: [], queries: [] } };
  const known = new Set(base.clientState.queries.map((q) => q.queryHash));
  return { ...base, clientState: { ...base.clientState, queries: [...base.clientState.queries, ...results.map((r) => r.query).filter((q) => !known.has(q.queryHash))] } };
};

/** Starts keeping the search results of this user's session (main.tsx). */
export const keepSearchResults = (queryClient: QueryClient, userUuid?: string) => keepResults(queryClient, SEARCH_RESULT_KEYS, cacheBuster(userUuid));

export const persistOptions = (userUuid?: string): Omit<PersistQueryClientOptions, 'queryClient'> => {
  const storage = createSyncStoragePersister({ storage: window.localStorage, key: PERSIST_KEY, deserialize: safeParse });
  const buster = cacheBuster(userUuid);
  return {
    persister: {
      ...storage,
      restoreClient: async () => {
        const [{ validateRestored }, stored] = await Promise.all([import('./restored-schemas'), (async () => withResults(await storage.restoreClient(), buster))()]);
        return validateRestored(stored);
      },
      removeClient: async () => {
        storage.removeClient();
        await clearResults();
      },
    },
    maxAge: PERSIST_MAX_AGE,
    buster,
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && PERSISTED_KEYS.has(String(q.queryKey[0])) && !SEARCH_RESULT_KEYS.has(String(q.queryKey[0])),
      shouldDehydrateMutation: () => false,
    },
  };
};
