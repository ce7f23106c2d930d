import { describe, expect, it } from 'vitest';
import { fitColumns, type FitColumn } from './fit';

const cols: FitColumn[] = [
  { key: 'oe', priority: 1, width: 200, pinned: true },
  { key: 'brand', priority: 2, width: 100 },
  { key: 'qty', priority: 1, width: 100 },
  { key: 'price', priority: 2, width: 100 },
  { key: 'vn', priority: 3, width: 100 },
  { key: 'written', priority: 3, width: 150 },
  { key: 'actions', priority: 3, width: 80, pinned: true },
];

describe('fitColumns', () => {
  it('shows every column when they fit', () => {
    expect(fitColumns(cols, 830)).toEqual({ shown: cols.map((c) => c.key), folded: [] });
  });

  it('folds priority 3 before 2, the rightmost first, and never a pinned or priority-1 column', () => {
    // 830 wide: one column of 3 must go; the rightmost of priority 3 (written, 150) goes first
    expect(fitColumns(cols, 700).folded).toEqual(['written']);
    expect(fitColumns(cols, 600).folded).toEqual(['vn', 'written']);
    // then priority 2, rightmost first
    expect(fitColumns(cols, 500).folded).toEqual(['price', 'vn', 'written']);
    const tight = fitColumns(cols, 100);
    expect(tight.folded).toEqual(['brand', 'price', 'vn', 'written']);
    expect(tight.shown).toEqual(['oe', 'qty', 'actions']);
  });

  it('counts the fixed selection column and, once anything folds, the row toggle', () => {
    expect(fitColumns(cols, 830, 40).folded).toEqual(['written']);
    // written folded leaves 680 + 40 fixed = 720; with a 40 px toggle that is 760, which fits 760
    expect(fitColumns(cols, 760, 40, 40).folded).toEqual(['written']);
    expect(fitColumns(cols, 759, 40, 40).folded).toEqual(['vn', 'written']);
  });

  it('a narrow column folded before a wide one comes back into the room the wide one left', () => {
    const orders: FitColumn[] = [
      { key: 'no', priority: 1, width: 260, pinned: true },
      { key: 'at', priority: 3, width: 170 },
      { key: 'buyer', priority: 2, width: 220 },
      { key: 'seller', priority: 2, width: 220 },
      { key: 'status', priority: 1, width: 100 },
      { key: 'pay', priority: 2, width: 90 },
      { key: 'lines', priority: 3, width: 200 },
      { key: 'amount', priority: 1, width: 140 },
    ];
    // folding in order leaves no, status and amount (500 + 44 toggle); 付款 (90) fits back in 744
    const fit = fitColumns(orders, 744, 0, 44);
    expect(fit.shown).toEqual(['no', 'status', 'pay', 'amount']);
    expect(fit.folded).toEqual(['at', 'buyer', 'seller', 'lines']);
  });

  it('a list without priorities never folds (it scrolls inside itself)', () => {
    const plain = cols.map((c) => ({ ...c, priority: 1 as const }));
    expect(fitColumns(plain, 300).folded).toEqual([]);
  });
});
