import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { filtersOf, listSearch } from './list-search';

describe('listSearch', () => {
  const schema = listSearch(['name', 'brand_id'], ['price0']);
  it('keeps filters as text, drops what does not fit', () => {
    expect(v.parse(schema, { name: '刹车片', brand_id: 5, page: 2, size: 100, sort: 'price0', order: 'asc' }))
      .toEqual({ name: '刹车片', brand_id: '5', page: 2, size: 100, sort: 'price0', order: 'asc' });
    expect(v.parse(schema, { size: 30, sort: 'cost', page: -1, name: '' })).toEqual({ name: undefined, brand_id: undefined, page: undefined, size: undefined, sort: undefined, order: undefined });
  });
  it('works for a list without sortable columns', () => {
    expect(v.parse(listSearch(['keyword'], []), {})).toEqual({ keyword: undefined, page: undefined, size: undefined, order: undefined });
  });
  it('filtersOf leaves out paging, sort and empty filters', () => {
    expect(filtersOf({ name: 'x', page: 3, sort: 'price0' }, ['name', 'brand_id'])).toEqual({ name: 'x' });
  });
});
