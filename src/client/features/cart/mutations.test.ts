import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OfflineError } from '../../api/request';
import { outbox } from '../../local/outbox';
import { localDb } from '../../local/db';
import { sendCartWrite } from './mutations';

// It mocks a module, so it runs in the isolated unit-mocks project (tests/mocking-files.ts).
const sent: Array<{ name: string; payload: unknown; key: string | undefined }> = [];
let answer: () => Promise<unknown> = async () => ({ id: 1, qty: 1 });

vi.mock('../../api/request', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/request')>();
  return {
    ...real,
    requestNamed: vi.fn(async (name: string, payload: unknown, _id: unknown, opts: { idempotencyKey?: string }) => {
      sent.push({ name, payload, key: opts.idempotencyKey });
      return answer();
    }),
  };
});

const U = 'user-cart';

beforeEach(async () => {
  sent.length = 0;
  await localDb.outbox.clear();
});

describe('cart writes through the outbox', () => {
  it('sends at once with the queued idempotency key and leaves nothing queued', async () => {
    answer = async () => ({ id: 1, qty: 1 });
    await expect(sendCartWrite(U, 'cartAdd', { stock_id: 7, qty: 1 })).resolves.toBe('sent');
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outbox.pending(U)).toEqual([]);
  });

  it('offline, keeps the write queued under the key it was first sent with, for the replay', async () => {
    answer = async () => { throw new OfflineError('offline'); };
    await expect(sendCartWrite(U, 'cartAdd', { stock_id: 7, qty: 2 })).resolves.toBe('queued');
    const queued = await outbox.pending(U);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ name: 'cartAdd', payload: { stock_id: 7, qty: 2 }, idempotencyKey: sent[0].key });
  });

  it('a refusal of the write is thrown and not queued', async () => {
    answer = async () => { throw new ApiError(422, '库存不足：该配件库存仅6件', 'qty'); };
    await expect(sendCartWrite(U, 'cartUpdateQty', { id: 3, qty: 99 })).rejects.toThrow('库存不足');
    expect(await outbox.pending(U)).toEqual([]);
    expect(await outbox.failed(U)).toEqual([]);
  });
});

describe('cart writes keep their order', () => {
  it('a write made while an earlier one waits in the outbox queues behind it instead of overtaking it', async () => {
    answer = async () => { throw new OfflineError('offline'); };
    await expect(sendCartWrite(U, 'cartUpdateQty', { id: 3, qty: 2 })).resolves.toBe('queued');
    // the network is back, but the qty 2 has not been replayed yet: qty 5 must not go first
    answer = async () => ({ id: 3, qty: 5 });
    sent.length = 0;
    await expect(sendCartWrite(U, 'cartUpdateQty', { id: 3, qty: 5 })).resolves.toBe('queued');
    expect(sent).toEqual([]);
    expect((await outbox.pending(U)).map((e) => e.payload)).toEqual([{ id: 3, qty: 2 }, { id: 3, qty: 5 }]);
  });

  it('writes made at once reach the server one after the other, in the order they were made', async () => {
    let release: () => void = () => undefined;
    answer = () => new Promise((r) => { release = () => r({ id: 3, qty: 1 }); });
    const first = sendCartWrite(U, 'cartUpdateQty', { id: 3, qty: 1 });
    const second = sendCartWrite(U, 'cartUpdateQty', { id: 3, qty: 4 });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    answer = async () => ({ id: 3, qty: 4 });
    release();
    await expect(first).resolves.toBe('sent');
    await expect(second).resolves.toBe('sent');
    expect(sent.map((s) => s.payload)).toEqual([{ id: 3, qty: 1 }, { id: 3, qty: 4 }]);
  });
});
