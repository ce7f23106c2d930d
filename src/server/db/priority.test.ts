// @vitest-environment node
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prioritisedPool, runInBackground } from './priority';
import { createHeavyGate, HOLD_REPEATED_MS } from '../http/limits';

/** a pool of one connection that records who holds it */
const onePool = () => {
  const log: string[] = [];
  const pool: PostgresPool = {
    connect: async () => ({ query: (async () => ({ rows: [] })) as unknown as PostgresPoolClient['query'], release: () => log.push('released') }),
    end: async () => undefined,
  };
  return { pool, log };
};

describe('database turns by priority', () => {
  it('the next turn goes to a waiting normal caller before any background caller that waited longer', async () => {
    const { pool } = onePool();
    const turns = prioritisedPool(pool, 1);
    const order: string[] = [];
    const holder = await turns.connect();
    const heavy = [1, 2].map((i) => runInBackground(async () => {
      const c = await turns.connect();
      order.push(`heavy${i}`);
      c.release();
    }));
    const light = (async () => {
      const c = await turns.connect();
      order.push('light');
      c.release();
    })();
    await new Promise((r) => setImmediate(r));
    expect(turns.waiting()).toEqual({ normal: 1, background: 2 });
    holder.release();
    await Promise.all([...heavy, light]);
    expect(order).toEqual(['light', 'heavy1', 'heavy2']);
    expect(turns.waiting()).toEqual({ normal: 0, background: 0 });
  });

  it('passes the turn on from a new macrotask, so requests that arrived meanwhile are read first', async () => {
    const { pool } = onePool();
    const turns = prioritisedPool(pool, 1);
    const events: string[] = [];
    const holder = await turns.connect();
    const next = runInBackground(async () => {
      const c = await turns.connect();
      events.push('next statement');
      c.release();
    });
    await new Promise((r) => setImmediate(r));
    // work the event loop already has (a socket that became readable) runs before the next holder
    setImmediate(() => events.push('socket read'));
    holder.release();
    await next;
    expect(events).toEqual(['socket read', 'next statement']);
  });

  it('a free connection is taken at once, up to the pool size', async () => {
    const { pool } = onePool();
    const turns = prioritisedPool(pool, 2);
    const a = await turns.connect();
    const b = await turns.connect();
    let third = false;
    const c = turns.connect().then((x) => {
      third = true;
      return x;
    });
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    a.release();
    a.release(); // a second release gives nothing back twice
    (await c).release();
    b.release();
    expect(third).toBe(true);
  });
});

describe('heavy gate', () => {
  it("refuses a flooding token before its lookup while its user's queue is full, and admits it once there is room", async () => {
    const gate = createHeavyGate(1, 1);
    let finish!: () => void;
    const running = gate('7', () => new Promise<void>((r) => (finish = r)), 'tok');
    const queued = gate('7', async () => undefined, 'tok');
    await expect(gate('7', async () => undefined, 'tok')).rejects.toMatchObject({ httpStatus: 429 });
    // refused again at once, to be answered after a hold: a client ignoring Retry-After slows down
    expect(() => gate.refuseEarly('tok')).toThrow(expect.objectContaining({ httpStatus: 429, extra: expect.objectContaining({ holdMs: HOLD_REPEATED_MS }) }));
    // another token (another user) is never refused early
    expect(() => gate.refuseEarly('other')).not.toThrow();
    finish();
    await running;
    await queued;
    expect(() => gate.refuseEarly('tok')).not.toThrow();
  });

  it('with slots shared by several processes, a call admitted here waits while another process holds the slot, then runs', async () => {
    let heldElsewhere = true;
    const released: string[] = [];
    const shared = async (key: string) => (heldElsewhere ? null : () => released.push(key));
    const gate = createHeavyGate(2, 2, shared);
    let ran = false;
    const call = gate('7', async () => {
      ran = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).toBe(false);
    heldElsewhere = false;
    await call;
    expect(ran).toBe(true);
    // the shared slot is given back once the call is done
    expect(released).toEqual(['7']);
  });
});
