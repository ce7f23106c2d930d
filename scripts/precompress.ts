/**
 * Precompressed copies of the build: after Vite and the service-worker build have
 * written dist/, every text-like file (JS, CSS, HTML, SVG, JSON, the manifest, the barcode
 * reader's .wasm) of at least 1 KiB gets a .br (brotli) and a .gz (gzip, level 9) beside it, so the server sends them compressed without spending CPU per request
 * (src/server/http/static.ts). A copy that would not be smaller than the file is not written.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|map)$/;
const MIN_BYTES = 1024;
/**
 * Brotli's top quality costs ~25 s on the 1.1 MB barcode .wasm for 12 % less (measured here):
 * files above this size, loaded only when used, get quality 9 (1.4 s); the chunks the pages load
 * stay well under it and get 11.
 */
const TOP_QUALITY_MAX_BYTES = 320 * 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

export const precompressDir = async (dir: string) => {
  const paths = walk(dir).filter((p) => COMPRESSIBLE.test(p) && statSync(p).size >= MIN_BYTES);
  // zlib's async calls run on libuv's thread pool: all files at once use every core
  const done = await Promise.all(paths.map(async (path) => {
    const body = await readFile(path);
    const quality = body.length <= TOP_QUALITY_MAX_BYTES ? 11 : 9;
    const [b, g] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 9 }),
    ]);
    if (b.length < body.length) await writeFile(`${path}.br`, b);
    if (g.length < body.length) await writeFile(`${path}.gz`, g);
    return { bytes: body.length, brBytes: Math.min(b.length, body.length) };
  }));
  return { files: done.length, bytes: done.reduce((s, x) => s + x.bytes, 0), brBytes: done.reduce((s, x) => s + x.brBytes, 0) };
};

/** Runs last: after vite-plugin-pwa's closeBundle has written sw.js, so the worker is compressed too. */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'qipeihub:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const r = await precompressDir(outDir);
        this.info?.(`precompressed ${r.files} files: ${(r.bytes / 1024).toFixed(0)} KiB → ${(r.brBytes / 1024).toFixed(0)} KiB brotli`);
      },
    },
  };
};
