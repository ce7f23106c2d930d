/**
 * Database turns by priority (one user's flood of 800-row searches stalled everyone's
 * light calls for seconds).
 *
 * Why: embedded PGlite runs every statement on the event loop's own thread, and its node-postgres
 * shim chains the protocol messages of queued statements through promises, so a queue of
 * statements ran back to back inside one microtask checkpoint: no incoming request was even read
 * until the queue was empty (CPU profile: 2-second stretches without a macrotask). And a light
 * call's statement queued behind every heavy one already waiting for the single connection.
 *
 * What: the pool Kysely sees hands out its connections one turn at a time:
 * - a turn ends when the connection is released; the next one is granted from a fresh macrotask
 *   (setImmediate), so sockets, timers and new requests run between any two statements;
 * - the next turn goes to the oldest waiting *normal* caller first, and to a *background* caller
 *   (a heavy endpoint: searches, long lists — `runInBackground`) only when no normal caller waits.
 *   A light call therefore waits at most for the one statement that holds the connection, never
 *   for a queue of heavy ones. Heavy calls still get every turn nobody else wants, and each user
 *   runs at most HEAVY_AT_ONCE of them (http/limits.ts), so they cannot starve each other.
 * On PostgreSQL the same wrapper only orders the waiters when all the pool's connections are busy.
 * The priority follows the request through its awaits (AsyncLocalStorage).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

const background = new AsyncLocalStorage<true>();

/** Runs `fn` (and every database call it makes) behind the normal callers. */
export const runInBackground = <T>(fn: () => Promise<T>): Promise<T> => background.run(true, fn);

export interface TurnPool extends PostgresPool {
  /** callers waiting now, by priority (for tests and diagnostics) */
  waiting(): { normal: number; background: number };
}

export const prioritisedPool = (pool: PostgresPool, size: number): TurnPool => {
  const normal: Array<() => void> = [];
  const low: Array<() => void> = [];
  let inUse = 0;
  const grantNext = () => {
    const next = normal.shift() ?? low.shift();
    if (next) next();
    else inUse--;
  };
  return {
    async connect() {
      if (inUse >= size) await new Promise<void>((resolve) => (background.getStore() ? low : normal).push(resolve));
      else inUse++;
      // the turn is ours: inUse counts it until grantNext passes it on or gives it back
      let client: PostgresPoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        setImmediate(grantNext);
        throw e;
      }
      let released = false;
      return {
        query: client.query.bind(client) as PostgresPoolClient['query'],
        release() {
          if (released) return;
          released = true;
          client.release();
          setImmediate(grantNext);
        },
      };
    },
    end: () => pool.end(),
    waiting: () => ({ normal: normal.length, background: low.length }),
  };
};
