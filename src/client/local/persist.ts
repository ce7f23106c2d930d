/**
 * TanStack Query's cache persisted in localStorage ('qph-query-cache') so the app opens with the
 * network off: only successful queries whose first key is listed here are kept, for 7 days, and a
 * new build (buster) starts clean. Restored queries are checked against their answer schema.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import * as v from 'valibot';
import { clearResults, keepResults, readResults } from './result-store';
// the modules of the persisted calls only, not the whole endpoint table (it would put every schema in the entry)
import { companyLevelSchema, systemEndpoints } from '../../shared/contracts/system';
import { searchEndpoints } from '../../shared/contracts/search';
import { userEndpoints } from '../../shared/contracts/user';
import { historyEndpoints } from '../../shared/contracts/history';
import { cartEndpoints } from '../../shared/contracts/cart';
import { orderEndpoints } from '../../shared/contracts/orders';

const endpoints = { ...systemEndpoints, ...searchEndpoints, ...userEndpoints, ...historyEndpoints, ...cartEndpoints, ...orderEndpoints };

/**
 * The schema of each persisted query's data, by query key (see the features' queries.ts): the
 * answer schema of the call its queryFn makes. A query whose data has no schema here is neither
 * persisted nor restored: what is read back from storage is validated or not used.
 */
const RESTORED_SCHEMAS: Readonly<Record<string, (key: readonly unknown[]) => v.GenericSchema | undefined>> = {
  config: () => endpoints.config.answer,
  ads: () => endpoints.getAdByCode.answer,
  profile: () => endpoints.userProfileGet.answer,
  // levelQuery keeps the first row of getCompanyLevel's answer, or null
  companyLevel: () => v.nullable(companyLevelSchema),
  quota: (key) => {
    switch (key[1]) {
      case 'stock': return endpoints.getStockCount.answer;
      case 'vin': return endpoints.getVinAvailable.answer;
      case 'employee': return endpoints.getEmployeeLimit.answer;
      default: return undefined;
    }
  },
  oeSearch: () => endpoints.oeSearch.answer,
  keywordSearch: () => endpoints.keywordSearch.answer,
  searchHistory: () => endpoints.keywordHistoryList.answer,
  // the cart opens offline from the copy last fetched (cartListQuery)
  cart: (key) => (key[1] === 'list' ? endpoints.cartList.answer : undefined),
  // an order already opened opens offline on the move, with the time it was fetched
  orders: (key) => (key[1] === 'detail' ? endpoints.orderRetrieve.answer : undefined),
};

export const PERSISTED_KEYS: ReadonlySet<string> = new Set(Object.keys(RESTORED_SCHEMAS));
/**
 * Search results are kept one record per search in IndexedDB (result-store.ts), not in the
 * localStorage snapshot: that snapshot is the whole persisted cache serialised on the main thread
 * at every change, and the results were nearly all of it (about 40 ms after a search).
 */
export const SEARCH_RESULT_KEYS: ReadonlySet<string> = new Set(['oeSearch', 'keywordSearch']);
export const PERSIST_KEY = 'qph-query-cache';

const persistedQuery = v.looseObject({
  queryKey: v.array(v.unknown()),
  queryHash: v.string(),
  state: v.looseObject({ data: v.unknown(), dataUpdatedAt: v.number(), status: v.literal('success') }),
});

/**
 * Keeps the restored queries whose data matches the schema of their key and drops the rest with a
 * warning. Mutations are not restored: writes made offline go through the outbox, and a paused
 * mutation has no function to run after a reload.
 */
export const validateRestored = (client: PersistedClient | undefined): PersistedClient | undefined => {
  if (client === undefined) return undefined;
  const queries: unknown = (client as { clientState?: { queries?: unknown } }).clientState?.queries;
  if (!Array.isArray(queries)) {
    console.warn('qipeihub: dropped an unreadable query cache');
    return undefined;
  }
  const kept = queries.filter((q: unknown) => {
    const shape = v.safeParse(persistedQuery, q);
    if (!shape.success) {
      console.warn('qipeihub: dropped an unreadable restored query', shape.issues[0].message);
      return false;
    }
    const key = shape.output.queryKey;
    const schema = RESTORED_SCHEMAS[String(key[0])]?.(key);
    if (!schema) {
      console.warn('qipeihub: dropped a restored query without a schema', key);
      return false;
    }
    const data = v.safeParse(schema, shape.output.state.data);
    if (!data.success) {
      console.warn('qipeihub: dropped a restored query that does not match its schema', key, data.issues[0].message);
      return false;
    }
    return true;
  }) as PersistedClient['clientState']['queries'];
  return { ...client, clientState: { mutations: [], queries: kept } };
};

/**
 * What a reload must not trust as fresh: the account's state may have changed in the meantime (a
 * paid upgrade, a renewed period, a new parameter), and the persister writes behind a throttle,
 * so the stored copy can be older than the last answer. Search results are left alone: running a
 * search again costs a stock query of the day's quota.
 */
const REVALIDATE_AFTER_RESTORE: ReadonlySet<string> = new Set(['config', 'ads', 'profile', 'companyLevel', 'quota']);

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
      restoreClient: async () => validateRestored(await withResults(await storage.restoreClient(), buster)),
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
