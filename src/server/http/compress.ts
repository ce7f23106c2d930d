/**
 * Compresses JSON answers of the API (issue 15): a search page of 50 rows is ~40 KB of JSON and
 * goes over a phone's network in a quarter of that. Brotli at a fast quality where the client
 * accepts it, else gzip; answers under 1 KiB are sent as they are (the headers would eat the
 * gain). Only JSON: file downloads (xlsx, images) are compressed already or streamed, and the
 * static files come precompressed (static.ts). The service worker's cached config answers are
 * stored decoded by the browser, so it needs nothing here.
 *
 * Why not hono/compress: it offers gzip and deflate only, and streams through CompressionStream
 * even for bodies that are already whole in memory, as every JSON answer here is.
 */
import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncodings } from './static';

export const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(res.headers.get('Content-Type') ?? '')) return;
  if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return;
  // whichever encoding is chosen, the answer depended on this header
  res.headers.append('Vary', 'Accept-Encoding');
  const accepts = acceptedEncodings(c.req.header('Accept-Encoding'));
  const encoding = accepts.has('br') ? 'br' : accepts.has('gzip') ? 'gzip' : null;
  if (!encoding) return;
  const body = Buffer.from(await res.arrayBuffer());
  let out: Buffer = body;
  if (body.length >= COMPRESS_MIN_BYTES) {
    out = encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gz(body, { level: 6 });
  }
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
