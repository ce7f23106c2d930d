/**
 * Keys and signed calls for the partner tests (docs/open-platform.md, "Partner calls"): a key is
 * made by the company's owner through the keys call (openKeyCreate), and every partner call goes
 * through the TypeScript client generated from the served document (tests/support/open-client.ts),
 * which signs it as a partner's system must, into the in-process test app.
 */
import { randomUUID } from 'node:crypto';
import { endpoints, type EndpointName, type OpenScope, type PayloadIn } from '../../src/shared/contracts';
import { createOpenClient, throughTestApp, type OpenClient } from '../support/open-client';
import type { TestEnv } from './harness';

export interface OpenKey { keyId: string; secret: string; client: OpenClient }

/** A key of the company of `token`'s user (its owner) with these scopes. */
export const openKey = async (env: TestEnv, token: string, scopes: OpenScope[]): Promise<OpenKey> => {
  const r = await env.api('openKeyCreate', { name: `ERP ${scopes.join(' ')}`.slice(0, 40), scopes }, { token, idempotencyKey: `key-${randomUUID()}` });
  if (r.status !== 200) throw new Error(`openKeyCreate: ${JSON.stringify(r.body)}`);
  const { key, secret } = r.body.data;
  const client = createOpenClient({
    baseUrl: 'http://localhost', keyId: key.key_id, secret, fetch: throughTestApp(env.raw),
    // signed at the test app's clock, as the server checks the timestamp against it
    now: () => Math.floor(env.clock.now().getTime() / 1000),
  });
  return { keyId: key.key_id, secret, client };
};

type Loose = (path: string, init: { params?: { query?: Record<string, unknown> }; body?: unknown; headers?: Record<string, string> }) =>
  Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** One partner call by its name in the table, through the generated client: the status and the envelope. */
export const openCall = async <N extends EndpointName>(key: OpenKey, name: N, payload: PayloadIn<N>, headers: Record<string, string> = {}) => {
  const ep = endpoints[name];
  const path = `/api${ep.path}`;
  const send = (ep.method === 'get' ? key.client.GET : key.client.POST) as unknown as Loose;
  const r = await send(path, ep.method === 'get' ? { params: { query: payload as Record<string, unknown> }, headers } : { body: payload, headers });
  return { status: r.response.status, body: (r.data ?? r.error) as unknown };
};
