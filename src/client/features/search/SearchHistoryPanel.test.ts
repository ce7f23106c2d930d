import { describe, expect, it } from 'vitest';
import { replayTarget } from './SearchHistoryPanel';

describe('replaying a search from the history', () => {
  it('opens the page of the kind it was made on, as a new search', () => {
    const at = 1732350000000;
    expect(replayTarget({ search_type: 'oe', search_value: '0446533450' }, at)).toEqual({ to: '/search/parts/oe', search: { code: '0446533450', r: at } });
    expect(replayTarget({ search_type: 'keyword', search_value: '刹车片' }, at)).toEqual({ to: '/search/parts/keyword', search: { k: '刹车片', mode: 'fuzzy', r: at } });
    expect(replayTarget({ search_type: 'circle', search_value: '滤清器' }, at)).toEqual({ to: '/search/parts/circle', search: { k: '滤清器', mode: 'fuzzy', r: at } });
    expect(replayTarget({ search_type: 'dismantle', search_value: '大灯' }, at)).toEqual({ to: '/search/dismantle/result', search: { k: '大灯', mode: 'fuzzy', r: at } });
    expect(replayTarget({ search_type: 'company', search_value: '广州' }, at)).toEqual({ to: '/search/company', search: { k: '广州' } });
  });

  it('replays a keyword-type search in the mode it was made in, older entries in 模糊', () => {
    const at = 1732350000000;
    expect(replayTarget({ search_type: 'keyword', search_value: '刹车片', search_mode: 'exact' }, at)).toEqual({ to: '/search/parts/keyword', search: { k: '刹车片', mode: 'exact', r: at } });
    expect(replayTarget({ search_type: 'circle', search_value: '滤清器', search_mode: 'exact' }, at)).toEqual({ to: '/search/parts/circle', search: { k: '滤清器', mode: 'exact', r: at } });
    expect(replayTarget({ search_type: 'dismantle', search_value: '大灯', search_mode: null }, at)).toEqual({ to: '/search/dismantle/result', search: { k: '大灯', mode: 'fuzzy', r: at } });
  });
});
