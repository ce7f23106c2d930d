/**
 * Search results kept for offline use, one IndexedDB record per query
 * ('qipeihub-results', store 'queries', keyed by the query hash): a search writes only its own
 * answer, asynchronously and when the page is idle, instead of the whole query cache serialised
 * into localStorage on the main thread (about 40 ms after every search, and more as results
 * pile up). The records are dehydrated queries, as the persister's snapshot holds them; they are
 * read back with that snapshot (persist.ts) and validated like it. Plain IndexedDB, so the entry
 * chunk does not carry Dexie.
 */
import { dehydrate, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';

type DehydratedQuery = PersistedClient['clientState']['queries'][number];
export interface ResultRecord { hash: string; buster: string; saved: number; query: DehydratedQuery }

const DB_NAME = 'qipeihub-results';
const STORE = 'queries';

let opened: Promise<IDBDatabase | undefined> | undefined;
/** The database, or undefined where IndexedDB cannot be opened (private modes): then nothing is kept. */
const open = () => {
  opened ??= new Promise<IDBDatabase | undefined>((resolve) => {
    try {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'hash' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => {
        console.warn('qipeihub: search results cannot be kept offline', req.error?.message);
        resolve(undefined);
      };
    } catch (e) {
      console.warn('qipeihub: search results cannot be kept offline', (e as Error).message);
      resolve(undefined);
    }
  });
  return opened;
};

const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> => {
  const db = await open();
  if (!db) return undefined;
  return new Promise<T | undefined>((resolve) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req?.result);
    tx.onerror = () => {
      console.warn('qipeihub: a kept search result could not be read or written', tx.error?.message);
      resolve(undefined);
    };
    tx.onabort = tx.onerror;
  });
};

/** Every record kept for `buster` and younger than `maxAge`; the others are deleted. */
export const readResults = async (buster: string, maxAge: number, now = Date.now()): Promise<ResultRecord[]> => {
  const all = ((await run('readonly', (s) => s.getAll() as IDBRequest<ResultRecord[]>)) ?? []);
  const keep = all.filter((r) => r.buster === buster && now - r.saved <= maxAge);
  const drop = all.filter((r) => !keep.includes(r)).map((r) => r.hash);
  if (drop.length) await run('readwrite', (s) => { for (const h of drop) s.delete(h); return undefined; });
  return keep;
};

export const clearResults = () => run('readwrite', (s) => s.clear());

const whenIdle = (fn: () => void) =>
  (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => fn(), { timeout: 2000 }) : setTimeout(fn, 200));

/**
 * Keeps the successful answers of the queries whose first key is in `keys` (a record each,
 * written when the page is idle) and forgets those the cache drops (an older nonce of the same
 * words, garbage collection). Returns the unsubscribe function.
 */
export const keepResults = (client: QueryClient, keys: ReadonlySet<string>, buster: string) => {
  const pending = new Map<string, 'put' | 'delete'>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = [...pending];
    pending.clear();
    const records: ResultRecord[] = [];
    for (const [hash, op] of batch) {
      if (op === 'delete') continue;
      const [query] = dehydrate(client, { shouldDehydrateQuery: (q) => q.queryHash === hash && q.state.status === 'success' }).queries;
      if (query) records.push({ hash, buster, saved: Date.now(), query: query as DehydratedQuery });
    }
    void run('readwrite', (s) => {
      for (const [hash, op] of batch) if (op === 'delete') s.delete(hash);
      for (const r of records) s.put(r);
      return undefined;
    });
  };
  return client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (!keys.has(String(event.query.queryKey[0]))) return;
    const hash = event.query.queryHash;
    if (event.type === 'updated' && event.action.type === 'success') pending.set(hash, 'put');
    else if (event.type === 'removed') pending.set(hash, 'delete');
    else return;
    if (!scheduled) {
      scheduled = true;
      whenIdle(flush);
    }
  });
};
