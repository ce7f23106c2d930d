/**
 * Dexie's live queries without Dexie in the page's start-up: the database module (and Dexie with
 * it) is loaded when the first subscriber arrives, then the query runs as a liveQuery over the
 * opened database (the querier gets it, so it awaits nothing but Dexie, as liveQuery requires).
 */
import type { LocalDb } from './db';

export interface Observer<T> { next?: (value: T) => void; error?: (e: unknown) => void }
export interface Live<T> { subscribe(observer: Observer<T> | ((value: T) => void)): { unsubscribe(): void } }
export const toObserver = <T>(o: Observer<T> | ((value: T) => void)): Observer<T> => (typeof o === 'function' ? { next: o } : o);

/** The app's database, loaded on first use (its chunk carries Dexie, 29 KiB). */
export const openLocalDb = (): Promise<LocalDb> => import('./db').then((m) => m.localDb);

/**
 * Loads the database's chunk without opening it. For a visit no service worker controls yet (the
 * first), whose precache may not hold the chunk: a write queued offline later still finds it.
 */
export const warmLocalDb = (): Promise<void> => import('./db').then(() => undefined, () => undefined);

export type DbSource = LocalDb | (() => Promise<LocalDb>);
export const dbOf = (source: DbSource): (() => Promise<LocalDb>) => (typeof source === 'function' ? source : () => Promise.resolve(source));

export const live = <T>(db: () => Promise<LocalDb>, querier: (db: LocalDb) => Promise<T>): Live<T> => ({
  subscribe(given) {
    const observer = toObserver(given);
    let closed = false;
    let inner: { unsubscribe(): void } | undefined;
    Promise.all([db(), import('dexie')]).then(([opened, { liveQuery }]) => {
      if (!closed) inner = liveQuery(() => querier(opened)).subscribe(observer);
    }, (e: unknown) => {
      if (!closed) observer.error?.(e);
    });
    return { unsubscribe() { closed = true; inner?.unsubscribe(); } };
  },
});

/** The values of `source`, passed through `f`. */
export const mapLive = <A, B>(source: Live<A>, f: (a: A) => B): Live<B> => ({
  subscribe: (given) => {
    const observer = toObserver(given);
    return source.subscribe({ next: (a) => observer.next?.(f(a)), error: observer.error });
  },
});
