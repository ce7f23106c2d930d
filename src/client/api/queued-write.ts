/**
 * A write that must not be lost: queued in the outbox with its idempotency key first, then sent at
 * once. `sent` with the answer; `queued` when the network or the server is away (the outbox sends
 * it, under the same key, when they return). A refusal of the write itself is taken off the queue
 * and thrown, so the page can say why.
 */
import type { AnswerOf, EndpointName, PayloadIn } from '../../shared/contracts';
import { flushOutbox, outbox } from '../local/outbox';
import { replayOutcome } from './replay-outcome';
import { requestNamed } from './request';

export type QueuedResult<A> = { outcome: 'sent'; answer: A } | { outcome: 'queued' };

export const sendQueued = async <N extends EndpointName, A = AnswerOf<N>>(
  userUuid: string,
  name: N,
  payload: PayloadIn<N>,
  send: (idempotencyKey: string) => Promise<A> = (key) =>
    (requestNamed as (n: EndpointName, p: unknown, id: undefined, o: object) => Promise<A>)(name, payload, undefined, { idempotencyKey: key, silent: true }),
): Promise<QueuedResult<A>> => {
  const row = await outbox.enqueue(userUuid, name, payload);
  try {
    const answer = await send(row.idempotencyKey);
    await outbox.discard(row.seq!);
    return { outcome: 'sent', answer };
  } catch (e) {
    if (replayOutcome(e) === 'refused') {
      await outbox.discard(row.seq!);
      throw e;
    }
    flushOutbox();
    return { outcome: 'queued' };
  }
};
