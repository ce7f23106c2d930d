/**
 * A partner's client of the open platform (docs/open-platform.md, "The document"): openapi-fetch
 * typed by the generated tests/support/open-api.gen.ts (`npm run gen:open-client`), with a
 * middleware that signs every request as a partner's system must (src/shared/domain/open-signature.ts):
 * the path with its query string and the exact body bytes sent.
 *
 *   const open = createOpenClient({ baseUrl: 'https://host', keyId, secret });
 *   const { data } = await open.GET('/api/open/v1/company');
 *
 * `fetch` sends the requests elsewhere, e.g. to the in-process test app: `throughTestApp(env.raw)`.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { signOpenRequest } from '../../src/shared/domain/open-signature';
import type { paths } from './open-api.gen';

export type { paths } from './open-api.gen';
export type OpenClient = Client<paths>;

export interface OpenClientOptions {
  /** the site's origin: the document's paths start with /api/open/v1 */
  baseUrl: string;
  keyId: string;
  secret: string;
  fetch?: (request: Request) => Promise<Response>;
  /** unix seconds of the signature; default: now */
  now?: () => number;
}

/** the middleware that adds open-key, X-Open-Timestamp, X-Open-Nonce and X-Open-Signature */
export const signingMiddleware = (o: Pick<OpenClientOptions, 'keyId' | 'secret' | 'now'>): Middleware => ({
  async onRequest({ request }) {
    const url = new URL(request.url);
    const body = request.body === null ? undefined : new Uint8Array(await request.clone().arrayBuffer());
    const headers = await signOpenRequest({
      keyId: o.keyId, secret: o.secret, method: request.method, pathWithQuery: url.pathname + url.search, body, timestamp: o.now?.(),
    });
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
    return request;
  },
});

/** a `fetch` that hands the client's requests to a test app's `raw` (tests/integration/harness.ts, TestEnv.raw) */
export const throughTestApp =
  (raw: (method: string, path: string, opts: { body?: BodyInit; headers?: Record<string, string> }) => Promise<Response>) =>
  async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body === null ? undefined : await request.arrayBuffer();
    return raw(request.method, url.pathname + url.search, { body, headers: Object.fromEntries(request.headers) });
  };

export const createOpenClient = (o: OpenClientOptions): OpenClient => {
  const client = createClient<paths>({ baseUrl: o.baseUrl, ...(o.fetch ? { fetch: o.fetch } : {}) });
  client.use(signingMiddleware(o));
  return client;
};
