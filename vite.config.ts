/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { precompress } from './scripts/precompress.ts';
import { themeContrast } from './scripts/theme-contrast.ts';
import { precacheSplit } from './scripts/precache-split.ts';
import { MOCKING_FILES } from './tests/mocking-files.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/**
 * Tells one build from the next (the persisted query cache of another build is dropped, see
 * src/client/local/persist.ts): the package version and the time the config was loaded. Vitest
 * loads this config too and gets an id of its own; tests check only its form.
 */
const buildId = `${version}-${Date.now().toString(36)}`;

/** the shell and the first pages are precached, the rest cached when first used (scripts/precache-split.ts) */
const split = precacheSplit();

export default defineConfig({
  plugins: [
    // must come before react() (toolchain.md)
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
    }),
    react(),
    // the theme's colours under white text darkened to WCAG AA across the app (scripts/theme-contrast.ts)
    themeContrast(),
    split.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        // docs/architecture.md, "The installed app": a fixed id keeps the installed app the same app
        // if start_url ever changes; shortcuts open the daily pages from the icon's menu; the
        // screenshots (public/screenshots: a wide and a narrow one, of the demo's real pages in
        // headless Chromium) give the richer install dialog
        id: '/',
        name: '汽配汇 QipeiHub',
        short_name: '汽配汇',
        description: '汽车配件 B2B 交易平台：OE号、关键词、VIN 查件，在线询价，多卖家一键下单',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1565c0',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: '配件搜索', short_name: '搜索', url: '/search', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: '购物车', short_name: '购物车', url: '/cart', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: '采购订单', short_name: '订单', url: '/backend/order/purchase', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: '消息', short_name: '消息', url: '/im', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
        screenshots: [
          { src: '/screenshots/wide-search.png', sizes: '1366x768', type: 'image/png', form_factor: 'wide', label: '电脑上按OE号、关键词、VIN查件，多家卖家报价一目了然' },
          { src: '/screenshots/narrow-search.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: '手机上查件、加购、看订单和消息' },
        ],
      },
      injectManifest: {
        // Lara ships ~726 KB of fonts and primeicons eot/ttf/svg (toolchain.md): precache primeicons'
        // woff2 (every browser with a service worker reads it), nothing else of the fonts (Inter is
        // never used: app.css sets the system font)
        globPatterns: ['**/*.{js,css,html,woff2,png,svg,ico,webmanifest,wasm}'],
        // only the shell and the first pages; the other chunks are cached when first used and
        // fetched ahead after sign-in on a tablet or desktop (sw/sw.ts, scripts/precache-split.ts)
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => !split.isLazy(e.url)), warnings: [] })],
        // echarts-lib: the operator reports' chart library (186 kB gz) is fetched by the report pages
        // when opened, never precached for every storefront visitor; rong-transport: RongCloud's SDK
        // (198 kB gz), fetched only by deployments whose im_client_params names an app key;
        // screenshots/: the install dialog's pictures, fetched by the browser when it offers the install
        globIgnores: ['screenshots/**', '**/primeicons*.svg', '**/*.ttf', '**/*.eot', '**/InterVariable*', '**/echarts-lib-*.js', '**/rong-transport-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // after the PWA plugin: its closeBundle writes sw.js, which is compressed too
    precompress(),
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  server: { proxy: { '/api': apiTarget, '/ws': { target: apiTarget, ws: true } } },
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1200,
    // index.html keeps its <link rel=modulepreload> of the entry's imports (read by the browser's
    // preload scanner, no script). A dynamic import (a route, a page's dialog) gets no preload list:
    // Vite's helper inserted one <link> per chunk the import needs, ~70 for the first storefront
    // route (after reading every link already in the page): ~45 % of the start-up's longest task
    // at 4× CPU. The browser fetches a chunk's imports when it reads the chunk instead,
    // a round trip per level on a first visit (Lighthouse's simulated 4G: largest paint unchanged at
    // ~1.0 s), none from the service worker's precache after it; CSS is still loaded by the helper
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and the query client are each loaded by every page: one chunk each
          // instead of a dozen small ones that each cost a request before the first paint
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // loaded on first use of the browser database (local/live.ts), under its own name
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // the page's code, in a browser-like document
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: MOCKING_FILES,
          environment: 'jsdom',
          setupFiles: ['tests/setup-unit.ts'],
          // one module scope for all the files of a worker: making it afresh for each file was nine
          // tenths of the step's CPU (docs/testing.md, "Time budget"); each file resets the state it
          // relies on; files that mock a module run apart (unit-mocks)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // the client files that mock a module: each in a module scope of its own, so a mock and
          // what was loaded through it never reach another file (tests/mocking-files.ts)
          name: 'unit-mocks',
          include: MOCKING_FILES,
          environment: 'jsdom',
          setupFiles: ['tests/setup-unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          // the server's, the shared and the scripts' rules: no document (making jsdom for each file
          // was most of these files' time, docs/testing.md)
          name: 'unit-node',
          include: ['src/server/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup-unit.ts'],
          // as the unit project: one module scope per worker
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // names the pass's PostgreSQL template databases and drops them at the end
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // no file keeps state at module level that another could see (each test makes its own
          // app and database), so modules are imported once per pass, and harness.ts's seeded
          // PGlite image serves every file instead of being made again in each
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          // one Chromium and one seeded database folder for the whole run
          globalSetup: ['tests/e2e/global-setup.ts'],
          // web-first matchers: expect(locator).toHaveText(…) waits for the page
          setupFiles: ['tests/e2e/web-matchers.ts'],
          // expect.poll waits as long as the matchers do (vitest's default is 1 s)
          expect: { poll: { timeout: 20_000, interval: 100 } },
          // the longest tests take 20-25 s on a quiet machine; room for a machine kept busy (test:flaky)
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // two files at once, one per core: each starts its own server and database and works in
          // contexts of its own in the shared Chromium, and much of a browser test is waiting;
          // E2E_WORKERS tries another count (docs/testing.md, "Time budget")
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS) || 2,
          // the files share nothing at module level, so each worker imports the server and client
          // modules once, not once per file
          isolate: false,
        },
      },
    ],
  },
});
