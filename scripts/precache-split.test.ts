import { describe, expect, it } from 'vitest';
import { splitBundle } from './precache-split';

const chunk = (fileName: string, o: { entry?: boolean; facade?: string; imports?: string[]; css?: string[] } = {}) => ({
  type: 'chunk' as const, fileName, isEntry: o.entry ?? false, facadeModuleId: o.facade ?? null, moduleIds: o.facade ? [o.facade] : [],
  imports: o.imports ?? [], viteMetadata: { importedCss: new Set(o.css ?? []), importedAssets: new Set<string>() },
});
const asset = (fileName: string) => ({ type: 'asset' as const, fileName });

describe('the precache split', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', { entry: true, imports: ['assets/react.js'], css: ['assets/index.css'] }),
    'assets/react.js': chunk('assets/react.js'),
    'assets/index.css': asset('assets/index.css'),
    'assets/home.js': chunk('assets/home.js', { facade: '/w/src/client/routes/_store/index.tsx?tsr-split=component', imports: ['assets/table.js'], css: ['assets/home.css'] }),
    'assets/home.css': asset('assets/home.css'),
    'assets/table.js': chunk('assets/table.js'),
    'assets/report.js': chunk('assets/report.js', { facade: '/w/src/client/routes/operation/report.tsx?tsr-split=component', imports: ['assets/echarts.js', 'assets/react.js'] }),
    'assets/echarts.js': chunk('assets/echarts.js'),
    'assets/zxing.wasm': asset('assets/zxing.wasm'),
    'assets/primeicons.woff2': asset('assets/primeicons.woff2'),
    'assets/rong-transport-x.js': chunk('assets/rong-transport-x.js'),
    'index.html': asset('index.html'),
  };

  it('precaches the entry, a first page and all they import with their styles; a later page, its libraries and the wasm are fetched when used', () => {
    const { shell, lazy } = splitBundle(bundle, ['routes/_store/index.tsx']);
    expect([...shell].sort()).toEqual(['assets/home.css', 'assets/home.js', 'assets/index.css', 'assets/index.js', 'assets/react.js', 'assets/table.js']);
    expect(lazy).toEqual(['assets/echarts.js', 'assets/report.js', 'assets/rong-transport-x.js', 'assets/zxing.wasm']);
  });

  it('keeps fonts and the page itself out of the lazy list, and never fetches the optional chat SDK ahead', () => {
    const { lazy, ahead } = splitBundle(bundle, ['routes/_store/index.tsx']);
    expect(lazy).not.toContain('assets/primeicons.woff2');
    expect(lazy).not.toContain('index.html');
    expect(ahead).toEqual(['assets/echarts.js', 'assets/report.js', 'assets/zxing.wasm']);
  });

  it('a page not among the first ones is lazy even when its route file name resembles one', () => {
    const { lazy } = splitBundle(bundle, ['routes/report.tsx']);
    expect(lazy).toContain('assets/report.js');
  });
});
