/**
 * The common write of a feature's mutations.ts, declared rather than written out: one call of the
 * endpoint table (its method from the table), then the queries it makes stale fetched again.
 *
 *   export const useDeleteContact = () => useCall('contactDelete', { invalidate: [enterpriseKeys.contacts()] });
 *
 * A write that needs more (a cache update from its answer, two calls, the outbox) is written as
 * its own useMutation beside these.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { EndpointName, PayloadIn } from '../../shared/contracts';
import { requestNamed } from './request';

export interface CallOptions {
  /** the queries the write makes stale, fetched again after a success */
  invalidate?: readonly QueryKey[];
  /**
   * 'await' (the default): the mutation settles after the refetch, so the page shows the new rows
   * with its message; 'background': the refetch starts and the page goes on at once (a dialog
   * closes, a toast shows) while the lists load.
   */
  refetch?: 'await' | 'background';
  /** true (the default): a refusal is the page's to show; false: the error catalogue's dialog shows it */
  silent?: boolean;
}

/** What a keyed write takes: the payload and the page's Idempotency-Key, kept until it succeeds. */
export interface Keyed<N extends EndpointName> {
  payload: PayloadIn<N>;
  idempotencyKey: string;
}

const useRefetch = ({ invalidate = [], refetch = 'await' }: CallOptions) => {
  const queryClient = useQueryClient();
  return () => {
    const done = Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return refetch === 'await' ? done : undefined;
  };
};

const send = <N extends EndpointName>(name: N, payload: PayloadIn<N>, opts: CallOptions, idempotencyKey?: string) =>
  requestNamed(name, payload, undefined, { silent: opts.silent ?? true, ...(idempotencyKey ? { idempotencyKey } : {}) });

/** A write called with its payload. */
export const useCall = <N extends EndpointName>(name: N, opts: CallOptions = {}) =>
  useMutation({ mutationFn: (payload: PayloadIn<N>) => send(name, payload, opts), onSuccess: useRefetch(opts) });

/** A write that must not act twice: called with its payload and the page's Idempotency-Key. */
export const useKeyedCall = <N extends EndpointName>(name: N, opts: CallOptions = {}) =>
  useMutation({ mutationFn: ({ payload, idempotencyKey }: Keyed<N>) => send(name, payload, opts, idempotencyKey), onSuccess: useRefetch(opts) });
