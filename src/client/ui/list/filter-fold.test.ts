import { describe, expect, it } from 'vitest';
import { foldFilters, foldLabel, openWhenNarrowed, primaryFilter } from './filter-fold';

const filters = [
  { name: 'supplier_oe' },
  { name: 'name' },
  { name: 'state' },
  { name: 'default_code', more: true },
  { name: 'country_id', more: true },
];
const names = (fs: ReadonlyArray<{ name: string }>) => fs.map((f) => f.name);

describe('foldFilters', () => {
  it('from 640 px shows every filter, those marked more after 更多筛选, and no 筛选 button', () => {
    const wide = foldFilters(filters, { narrow: false, open: false, more: false }, { name: '刹车' });
    expect(names(wide.shown)).toEqual(['supplier_oe', 'name', 'state']);
    expect(wide).toMatchObject({ foldToggle: false, moreToggle: true, active: 0 });
    expect(names(foldFilters(filters, { narrow: false, open: false, more: true }, {}).shown)).toHaveLength(5);
  });

  it('on a phone shows the first filter and 筛选, counting the folded filters in force', () => {
    const folded = foldFilters(filters, { narrow: true, open: false, more: false }, { supplier_oe: '04465', name: '刹车', country_id: '3', state: '' });
    expect(names(folded.shown)).toEqual(['supplier_oe']);
    // the primary filter shows its own value: only name and country_id count
    expect(folded).toMatchObject({ foldToggle: true, moreToggle: false, active: 2 });
    expect(foldLabel(folded.active)).toBe('筛选 (2)');
    expect(foldLabel(0)).toBe('筛选');
  });

  it('open on a phone: the primary first, then the rest as from 640 px, 更多筛选 still folding its own', () => {
    expect(names(foldFilters(filters, { narrow: true, open: true, more: false }, {}).shown)).toEqual(['supplier_oe', 'name', 'state']);
    const all = foldFilters(filters, { narrow: true, open: true, more: true }, {});
    expect(names(all.shown)).toEqual(['supplier_oe', 'name', 'state', 'default_code', 'country_id']);
    expect(all.moreToggle).toBe(true);
  });

  it('a declared primary filter is the one a phone shows, and it leads when open', () => {
    const declared = filters.map((f) => (f.name === 'name' ? { ...f, primary: true } : f));
    expect(primaryFilter(declared)?.name).toBe('name');
    expect(names(foldFilters(declared, { narrow: true, open: false, more: false }, {}).shown)).toEqual(['name']);
    expect(names(foldFilters(declared, { narrow: true, open: true, more: false }, {}).shown)).toEqual(['name', 'supplier_oe', 'state']);
  });

  it('a single filter needs no 筛选; without filters nothing shows', () => {
    expect(foldFilters([{ name: 'k' }], { narrow: true, open: false, more: false }, { k: 'x' })).toMatchObject({ foldToggle: false, active: 0 });
    expect(foldFilters([], { narrow: true, open: false, more: false }, {}).shown).toEqual([]);
    // only more filters: the first of them is the primary
    expect(primaryFilter([{ name: 'a', more: true }, { name: 'b', more: true }])?.name).toBe('a');
  });
});

describe('openWhenNarrowed', () => {
  it('opens 筛选 when the field being typed in would fold, not for the primary one nor without focus', () => {
    expect(openWhenNarrowed(filters, 'name')).toBe(true);
    expect(openWhenNarrowed(filters, 'country_id')).toBe(true);
    expect(openWhenNarrowed(filters, 'supplier_oe')).toBe(false);
    expect(openWhenNarrowed(filters, null)).toBe(false);
    expect(openWhenNarrowed(filters, 'elsewhere')).toBe(false);
  });
});
