/**
 * Compresses JSON answers of the API: a search page of 50 rows is ~40 KB of JSON and
 * goes over a phone's network in a quarter of that. Brotli at a fast quality where the client
 * accepts it, else gzip; answers under 1 KiB are sent as they are (the headers would eat the
 * gain). Only JSON: file downloads (xlsx, images) are compressed already or streamed, and the
 * static files come precompressed (static.ts). The service worker's cached config answers are
 * stored decoded by the browser, so it needs nothing here.
 *
 * Why not hono/compress: it offers gzip and deflate only, and streams through CompressionStream
 * even for bodies that are already whole in memory, as every JSON answer here is.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncodings } from './static';

export const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const encodingFor = (c: Context) => {
  const accepts = acceptedEncodings(c.req.header('Accept-Encoding'));
  return accepts.has('br') ? 'br' : accepts.has('gzip') ? 'gzip' : null;
};

/** the bytes compressed off the event loop's thread (zlib's pool), or as they are when small */
const encode = (body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> => {
  if (body.length < COMPRESS_MIN_BYTES) return Promise.resolve(body);
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gz(body, { level: 6 });
};

/**
 * An API answer as JSON, negotiated and compressed here from the string itself (the endpoints'
 * answers, http/mount.ts). The middleware below would read the answer back out of a Response
 * object first, which on Node copies and re-validates the whole text on the event loop's thread:
 * for a heavy 800-row answer that was a third of its cost there (the light call during
 * another user's flood).
 */
export const jsonAnswer = async (c: Context, answer: unknown, status = 200) => {
  const text = JSON.stringify(answer);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  const encoding = c.req.method === 'HEAD' ? null : encodingFor(c);
  if (!encoding || text.length < COMPRESS_MIN_BYTES) return c.body(text, status as 200, headers);
  const out = await encode(Buffer.from(text), encoding);
  return c.body(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength), status as 200, { ...headers, 'Content-Encoding': encoding });
};

export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  // negotiated already (jsonAnswer): reading the body back would cost what jsonAnswer saves
  if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || /\bAccept-Encoding\b/i.test(res.headers.get('Vary') ?? '')) return;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(res.headers.get('Content-Type') ?? '')) return;
  if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return;
  if (!res.body) return;
  // whichever encoding is chosen, the answer depended on this header
  res.headers.append('Vary', 'Accept-Encoding');
  const encoding = encodingFor(c);
  if (!encoding) return;
  const body = Buffer.from(await res.arrayBuffer());
  const out = await encode(body, encoding);
  // Hono copies the old answer's headers onto a new one set as c.res: mutate them after setting it
  c.res = new Response(new Uint8Array(out), res);
  const headers = c.res.headers;
  headers.delete('Content-Length');
  if (out !== body) {
    headers.set('Content-Encoding', encoding);
    // a strong validator names exact bytes: the compressed body is another representation
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  }
};
