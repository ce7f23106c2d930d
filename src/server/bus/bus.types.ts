/** The bus's contract, shared by the in-process bus (local-bus.ts) and the Redis bus (redis-bus.ts). */
import type { RateConfig } from '../http/limits';

/** What goes between processes. */
export type BusMessage =
  /** an event for every open /ws socket of a user */
  | { type: 'push'; userId: number; event: object }
  /** these sessions were signed out: their open sockets are told and closed */
  | { type: 'revoked'; sessionIds: number[] }
  /** some messages may have been lost: every socket reconnects and fetches what it missed */
  | { type: 'resync' };

export interface Bus {
  readonly kind: 'local' | 'redis';
  /** whether messages reach the other processes now (always true in-process) */
  connected(): boolean;
  /** delivers to this process's subscriber at once and to every other process's */
  publish(message: BusMessage): void;
  /** the one receiver of this process: messages of every process, this one's included */
  subscribe(handler: (message: BusMessage) => void): void;
  /** takes `cost` tokens (default 1) from the bucket `scope:key`; the seconds to wait when it has too few (0 = go on) */
  take(scope: string, key: string, cfg: RateConfig, cost?: number): Promise<number>;
  /**
   * Takes one of `limit` slots of `scope:key` shared by every process (the heavy calls a user runs
   * at once, http/limits.ts): its release, or null when all are taken. In one process the gate's
   * own count is the whole truth, so the in-process bus always grants.
   */
  acquire(scope: string, key: string, limit: number): Promise<(() => void) | null>;
  /** this process has (or no longer has) an open socket of the user */
  setOnline(userId: number, online: boolean): void;
  /** whether any process has an open socket of the user */
  isOnline(userId: number): Promise<boolean>;
  close(): Promise<void>;
}
