import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { boxInitial, oeSearchParams } from './search-params';
import { endpoints } from '../../../shared/contracts';
import { isRedirect } from '@tanstack/react-router';
import { keywordResultsRoute, keywordSearchSchema, OLD_KEYWORD_PARAM_NAMES, renameOldKeywordParams } from './keyword-route';

// what TanStack Router hands validateSearch: each value JSON-parsed when it parses, else the raw text
const parsed = (query: string) =>
  Object.fromEntries([...new URLSearchParams(query)].map(([k, raw]) => {
    try {
      return [k, JSON.parse(raw) as unknown];
    } catch {
      return [k, raw];
    }
  }));

const oe = (query: string) => v.parse(oeSearchParams, parsed(query));
const keyword = (query: string) => v.parse(keywordSearchSchema, parsed(query));

describe('search params of the result pages', () => {
  it('keeps a good code and nonce', () => {
    expect(oe('code=0446533450,1K0698151A&r=1732350000000')).toEqual({ code: '0446533450,1K0698151A', r: 1732350000000 });
    // a code of digits only arrives as a number and stays the same text
    expect(oe('code=34116794300')).toEqual({ code: '34116794300', r: undefined });
  });

  it('drops a nonce that is not a whole non-negative number instead of failing the route', () => {
    for (const bad of ['abc', '-5', '1.5', '{"a":1}', '[1]', 'null', 'true', '1e400']) {
      expect(oe(`code=0446533450&r=${encodeURIComponent(bad)}`)).toEqual({ code: '0446533450', r: undefined });
      expect(keyword(`k=刹车片&r=${encodeURIComponent(bad)}`).r).toBeUndefined();
    }
  });

  it('reads anything but text or a number in k and code as empty, so the page goes back to /search', () => {
    for (const bad of ['{"a":1}', '[1,2]', 'null', 'true']) {
      expect(keyword(`k=${encodeURIComponent(bad)}`).k).toBe('');
      expect(oe(`code=${encodeURIComponent(bad)}`).code).toBe('');
    }
    expect(keyword('k=%20%E5%88%B9%E8%BD%A6%E7%89%87%20').k).toBe('刹车片');
  });

  it('falls back to the defaults for a bad mode, page or page size', () => {
    expect(keyword('k=x&mode=quick&page_number=abc&page_size=33&brand_id=-1&bn=5')).toEqual({ k: 'x', mode: 'fuzzy', r: undefined, page_number: 1, page_size: 50, brand_id: undefined, bn: undefined });
    expect(keyword('k=x&mode=exact&page_number=3&page_size=200&r=7')).toMatchObject({ k: 'x', mode: 'exact', page_number: 3, page_size: 200, r: 7 });
  });

  it('names each field of the keyword pages as the wire does, but the brand name shown and the nonce', () => {
    const wire = Object.keys(endpoints.keywordSearch.payload.pipe[0].entries);
    expect(Object.keys(keywordSearchSchema.entries).filter((name) => !wire.includes(name))).toEqual(['r', 'bn']);
    expect(keyword('k=轮胎&mode=exact&page_number=2&page_size=100&brand_id=7&bn=博世&sort_field=price3&sort_order=desc&price_colum_name=price99&min_price=50&max_price=800&min_stock_qty=1&max_stock_qty=9'))
      .toEqual({ k: '轮胎', mode: 'exact', r: undefined, page_number: 2, page_size: 100, brand_id: 7, bn: '博世', sort_field: 'price3', sort_order: 'desc',
        price_colum_name: 'price99', min_price: 50, max_price: 800, min_stock_qty: 1, max_stock_qty: 9 });
  });
});

describe('old addresses of the keyword pages', () => {
  it('maps every old name to a field of the address, and no old name is one', () => {
    const fields = Object.keys(keywordSearchSchema.entries);
    for (const [old, name] of Object.entries(OLD_KEYWORD_PARAM_NAMES)) {
      expect(fields).toContain(name);
      expect(fields).not.toContain(old);
    }
    expect(Object.keys(OLD_KEYWORD_PARAM_NAMES).sort()).toEqual(['brand', 'order', 'page', 'pc', 'pmax', 'pmin', 'size', 'smax', 'smin', 'sort']);
  });

  it('renames an old address to the same search under the new names', () => {
    const old = parsed('k=轮胎&mode=exact&r=7&page=2&size=100&brand=5&bn=博世&sort=price3&order=desc&pc=price99&pmin=50&pmax=800&smin=1&smax=9');
    const renamed = renameOldKeywordParams(old)!;
    expect(renamed).toEqual({
      k: '轮胎', mode: 'exact', r: 7, page_number: 2, page_size: 100, brand_id: 5, bn: '博世', sort_field: 'price3', sort_order: 'desc',
      price_colum_name: 'price99', min_price: 50, max_price: 800, min_stock_qty: 1, max_stock_qty: 9,
    });
    // the new address reads as the old one did
    expect(v.parse(keywordSearchSchema, renamed)).toEqual(keyword('k=轮胎&mode=exact&r=7&page_number=2&page_size=100&brand_id=5&bn=博世&sort_field=price3&sort_order=desc&price_colum_name=price99&min_price=50&max_price=800&min_stock_qty=1&max_stock_qty=9'));
  });

  it('sends an old address once, in place, to the same page under the new names', () => {
    const thrown = (pathname: string, query: string) => {
      const search = parsed(query);
      try {
        keywordResultsRoute.beforeLoad({ search: v.parse(keywordSearchSchema, search), location: { pathname, search } });
      } catch (e) {
        return isRedirect(e) ? e.options : e;
      }
      return undefined;
    };
    expect(thrown('/search/parts/circle', 'k=轮胎&pc=price99&pmin=50&pmax=800&sort=price3&order=desc')).toMatchObject({
      to: '/search/parts/circle', replace: true,
      search: { k: '轮胎', price_colum_name: 'price99', min_price: 50, max_price: 800, sort_field: 'price3', sort_order: 'desc' },
    });
    expect(thrown('/search/parts/keyword', 'k=轮胎&min_price=50&sort_field=price3')).toBeUndefined();
    // without words the page goes back to /search, old names or not
    expect(thrown('/search/dismantle/result', 'pmin=50')).toMatchObject({ to: '/search', replace: true });
  });

  it('leaves an address without old names alone, and lets a new name win over its old one', () => {
    expect(renameOldKeywordParams(parsed('k=轮胎&mode=fuzzy&page_number=2&min_price=50'))).toBeNull();
    expect(renameOldKeywordParams({})).toBeNull();
    expect(renameOldKeywordParams(parsed('k=轮胎&page=3&page_number=2&pmin=10'))).toEqual({ k: '轮胎', page_number: 2, min_price: 10 });
  });
});

describe('the keyword boxes of the search page', () => {
  it('give each box the words and mode of its own page only, so a mode picked in another tab is not taken back', () => {
    const circle = { k: '机油滤', mode: 'fuzzy' } as const;
    expect(boxInitial('/search/parts/circle', '/search/parts/circle', circle)).toEqual({ initial: '机油滤', initialMode: 'fuzzy' });
    // on the 圈内 results, the 拆车件 and keyword boxes keep what the user chose there
    expect(boxInitial('/search/dismantle/result', '/search/parts/circle', circle)).toEqual({});
    expect(boxInitial('/search/parts/keyword', '/search/parts/circle', circle)).toEqual({});
    expect(boxInitial('/search/dismantle/result', '/search/dismantle/result', { k: '大灯', mode: 'exact' })).toEqual({ initial: '大灯', initialMode: 'exact' });
    expect(boxInitial('/search/parts/keyword', '/search/parts/keyword', { k: '刹车片', mode: 'exact' })).toEqual({ initial: '刹车片', initialMode: 'exact' });
    // the yellow pages have no mode
    expect(boxInitial('/search/company', '/search/company', { k: '骏达' })).toEqual({ initial: '骏达', initialMode: undefined });
    expect(boxInitial('/search/company', '/search/parts/keyword', { k: '刹车片', mode: 'exact' })).toEqual({});
  });
});
