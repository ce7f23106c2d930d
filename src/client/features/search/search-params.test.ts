import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { boxInitial, oeSearchParams } from './search-params';
import { keywordSearchSchema } from './keyword-route';

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
    expect(keyword('k=x&mode=quick&page=abc&size=33&brand=-1&bn=5')).toEqual({ k: 'x', mode: 'fuzzy', r: undefined, page: 1, size: 50, brand: undefined, bn: undefined });
    expect(keyword('k=x&mode=exact&page=3&size=200&r=7')).toMatchObject({ k: 'x', mode: 'exact', page: 3, size: 200, r: 7 });
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
