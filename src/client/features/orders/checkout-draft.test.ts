import { describe, expect, it } from 'vitest';
import { lineChanges, nextShown } from './checkout-draft';

const line = (id: number, price: number | null, qty = 2, stockQty = 10) => ({ id, supplierOe: `OE${id}`, name: '刹车片', price, qty, stockQty });

describe('the order form watching its lines', () => {
  it('takes the price of a line it has not shown yet, and keeps it while the price on screen moves', () => {
    const first = nextShown({}, [line(1, 12000), line(2, 5000)]);
    expect(first).toEqual({ 1: 12000, 2: 5000 });
    // the cart read again online: line 1 costs more now
    const later = [line(1, 13500), line(2, 5000)];
    expect(nextShown(first, later)).toBe(first);
    expect(lineChanges(first, later)).toEqual([{ id: 1, label: 'OE1 刹车片', was: 12000, now: 13500, shortOf: null }]);
  });

  it('accepting takes the prices on screen, after which nothing is a change', () => {
    const shown = { 1: 12000 };
    const now = [line(1, 9900)];
    const accepted = nextShown(shown, now, true);
    expect(accepted).toEqual({ 1: 9900 });
    expect(lineChanges(accepted, now)).toEqual([]);
  });

  it('says when stock fell below the quantity, price or not, and forgets lines that left the form', () => {
    const shown = nextShown({}, [line(1, 12000), line(2, 5000)]);
    const now = [line(1, 12000, 5, 3)];
    expect(lineChanges(shown, now)).toEqual([{ id: 1, label: 'OE1 刹车片', was: 12000, now: 12000, shortOf: 3 }]);
    expect(nextShown(shown, now)).toEqual({ 1: 12000 });
  });

  it('a price that went away is a change too', () => {
    expect(lineChanges({ 1: 12000 }, [line(1, null)])).toEqual([{ id: 1, label: 'OE1 刹车片', was: 12000, now: null, shortOf: null }]);
  });
});
