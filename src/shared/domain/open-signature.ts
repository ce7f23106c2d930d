/**
 * Signed calls of the open platform (docs/open-platform.md, "Keys and signing"): a partner signs
 * every call with its key's secret; the server checks the same canonical string. Web Crypto only
 * (crypto.subtle), so the same code runs in Node 22, the browser and the partner tests.
 *
 * Headers: open-key, X-Open-Timestamp (unix seconds), X-Open-Nonce (16–64 of [A-Za-z0-9_-]),
 * X-Open-Signature (lowercase hex HMAC-SHA256(secret, canonical)), where canonical is
 * METHOD \n PATH_WITH_QUERY \n TIMESTAMP \n NONCE \n hex(SHA-256(body bytes, or empty)).
 */

export const OPEN_HEADERS = {
  key: 'open-key',
  timestamp: 'X-Open-Timestamp',
  nonce: 'X-Open-Nonce',
  signature: 'X-Open-Signature',
} as const;

/** how far a call's timestamp may be from the server's clock, either way */
export const OPEN_WINDOW_SECONDS = 300;
export const OPEN_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

type Body = string | Uint8Array | ArrayBuffer | null | undefined;

const encoder = new TextEncoder();
const bytesOf = (body: Body): Uint8Array => {
  if (body === null || body === undefined) return new Uint8Array(0);
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
};

const hex = (buf: ArrayBuffer): string => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/** lowercase hex SHA-256 of the body's bytes (of nothing when there is no body) */
export const openBodyHash = async (body: Body): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', bytesOf(body) as BufferSource));

/** The string that is signed: see the file's comment. `method` is upper-cased. */
export const openCanonical = (parts: { method: string; pathWithQuery: string; timestamp: string | number; nonce: string; bodyHash: string }): string =>
  [parts.method.toUpperCase(), parts.pathWithQuery, String(parts.timestamp), parts.nonce, parts.bodyHash].join('\n');

/** lowercase hex HMAC-SHA256 of `text` under `secret` */
export const openHmac = async (secret: string, text: string): Promise<string> => {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret) as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(text) as BufferSource));
};

const randomNonce = (): string => {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

/**
 * The four headers of a signed call. `pathWithQuery` is the path as sent, from /api on, with its
 * query string (e.g. `/api/open/v1/company` or `/api/open/v1/stock?page_number=2`).
 */
export const signOpenRequest = async (opts: {
  keyId: string;
  secret: string;
  method: string;
  pathWithQuery: string;
  body?: Body;
  /** unix seconds; default now */
  timestamp?: number;
  /** default 32 random hex characters */
  nonce?: string;
}): Promise<Record<string, string>> => {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomNonce();
  const canonical = openCanonical({ method: opts.method, pathWithQuery: opts.pathWithQuery, timestamp, nonce, bodyHash: await openBodyHash(opts.body) });
  return {
    [OPEN_HEADERS.key]: opts.keyId,
    [OPEN_HEADERS.timestamp]: timestamp,
    [OPEN_HEADERS.nonce]: nonce,
    [OPEN_HEADERS.signature]: await openHmac(opts.secret, canonical),
  };
};
