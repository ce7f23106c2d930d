/**
 * Which built files the service worker precaches and which it caches when first used
 * (docs/architecture.md, "The installed app"). Precached: the shell (index.html's entry and
 * everything it imports statically, its CSS) and the chunks of the first pages a visitor opens:
 * the storefront home, sign-in, search and the cart on a desktop, the phone's search, cart and
 * messages. Everything else (the other pages, the scanner's wasm, the emoji data, the chart
 * library) is fetched when a page first needs it and kept by the worker's runtime cache; the
 * list of those files is written to /lazy-assets.json, which a tablet or desktop reads after
 * sign-in to fetch them all ahead (the warm-up), so the whole app then opens offline.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Route files whose page chunks are precached (their split component and its static imports). */
export const FIRST_ROUTES = [
  'routes/__root.tsx',
  'routes/_store.tsx',
  'routes/_store/index.tsx',
  'routes/_store/cart.tsx',
  'routes/_store/search.tsx',
  'routes/_store/search/index.tsx',
  'routes/_store/search/parts/index.tsx',
  'routes/_store/search/parts/oe.tsx',
  'routes/_store/search/parts/keyword.tsx',
  'routes/_auth.tsx',
  'routes/_auth/login.tsx',
  'routes/_auth/im.login.tsx',
  'routes/ofo.tsx',
  'routes/ofo/search.tsx',
  'routes/ofo/cart.tsx',
  'routes/im/index.tsx',
];

/** The file of the runtime list, at the site's root. */
export const LAZY_LIST = 'lazy-assets.json';

interface ChunkLike { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds: readonly string[]; imports: readonly string[]; viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }
interface AssetLike { type: 'asset'; fileName: string }
type Bundle = Record<string, ChunkLike | AssetLike>;

/** chunks, styles and the scanner's wasm; fonts stay precached whole (the icons on every page) */
const CACHED = /\.(js|css|wasm)$/;
/**
 * Never fetched ahead: RongCloud's SDK is loaded only by deployments whose im_client_params names
 * an app key, and fetched then.
 */
const NEVER_AHEAD = /(^|\/)rong-transport-/;

/**
 * Splits a bundle's files into the precached ones and the lazy ones. Pure over the bundle's
 * chunk graph, so the unit test checks it on a small made-up bundle.
 */
export const splitBundle = (bundle: Bundle, firstRoutes: readonly string[] = FIRST_ROUTES) => {
  const chunks = Object.values(bundle).filter((f): f is ChunkLike => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const first = (id: string | null) => {
    if (!id) return false;
    const path = id.split('?')[0].replaceAll('\\', '/');
    return firstRoutes.some((r) => path.endsWith(`/src/client/${r}`));
  };
  const shell = new Set<string>();
  const visit = (c: ChunkLike) => {
    if (shell.has(c.fileName)) return;
    shell.add(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) shell.add(css);
    for (const imported of c.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
    }
  };
  for (const c of chunks) if (c.isEntry || first(c.facadeModuleId) || c.moduleIds.some(first)) visit(c);
  const lazy = Object.keys(bundle).filter((f) => CACHED.test(f) && !shell.has(f)).sort();
  return { shell, lazy, ahead: lazy.filter((f) => !NEVER_AHEAD.test(f)) };
};

/**
 * The plugin: computes the split once the bundle is written and writes /lazy-assets.json beside it;
 * `isLazy(url)` is what the service worker plugin's manifestTransforms leaves out.
 */
export const precacheSplit = () => {
  let lazy = new Set<string>();
  const plugin: Plugin = {
    name: 'qipeihub:precache-split',
    apply: 'build',
    // once written: the names in the bundle are the files' final names here (at generateBundle some
    // chunks still carry names that change before they are written)
    writeBundle(options, bundle) {
      // the app's build only: the service worker's own build (vite-plugin-pwa's injectManifest) runs
      // the plugins again on a bundle of sw.js alone
      if (Object.values(bundle).some((f) => f.type === 'chunk' && f.isEntry && /[\\/]sw\.ts$/.test(f.facadeModuleId ?? ''))) return;
      const split = splitBundle(bundle as unknown as Bundle);
      const missing = [...split.shell, ...split.lazy].filter((f) => !existsSync(join(options.dir ?? 'dist', f)));
      if (missing.length > 0) throw new Error(`precache split: files not written: ${missing.slice(0, 5).join(', ')}`);
      lazy = new Set(split.lazy);
      writeFileSync(join(options.dir ?? 'dist', LAZY_LIST), `${JSON.stringify({ files: split.ahead.map((f) => `/${f}`) })}\n`);
    },
  };
  return { plugin, isLazy: (url: string) => lazy.has(url.replace(/^\//, '')) };
};
