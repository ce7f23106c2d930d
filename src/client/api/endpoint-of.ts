/**
 * A call's method, path and access. The calls outside /operation/ are in the entry bundle; the
 * operator platform's are a chunk of their own, loaded the first time one of them is made, so a
 * buyer's phone never downloads them (docs/architecture.md, "The entry bundle").
 */
import type { EndpointName } from '../../shared/contracts';
import { endpointIndex, type Entry } from '../../shared/contracts/endpoint-index.gen';

let operation: Promise<Partial<Record<EndpointName, Entry>>> | null = null;

/** The index chunk's loader, replaceable by a test. */
export const operationIndexLoader = { load: () => import('../../shared/contracts/endpoint-index-operation.gen') };

export const endpointOf = async (name: EndpointName): Promise<Entry> => {
  // a load that failed (offline, or a deploy replaced the chunk) is tried again by the next call
  const entry = endpointIndex[name] ?? (await (operation ??= operationIndexLoader.load().then(
    (m) => m.operationEndpointIndex,
    (e: unknown) => {
      operation = null;
      throw e;
    },
  )))[name];
  if (!entry) throw new Error(`${name} is not a call of the endpoint table`);
  return entry;
};
