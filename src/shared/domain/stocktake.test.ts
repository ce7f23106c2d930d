import { describe, expect, it } from 'vitest';
import { applyDelta, countDelta, expectedAtScan } from './stocktake';

describe('stocktake count rule', () => {
  it('expects the quantity at the scan: sales after the scan are not counted as missing', () => {
    // 10 on the shelf at the scan, 3 sold after it: the location holds 7 now, the count of 10 matches
    expect(expectedAtScan(7, [-1, -2])).toBe(10);
    expect(countDelta(10, expectedAtScan(7, [-1, -2]))).toBe(0);
    // a return put back after the scan
    expect(expectedAtScan(12, [2])).toBe(10);
    // nothing moved since
    expect(expectedAtScan(5, [])).toBe(5);
  });

  it('a part found where the system has none is expected 0, so the whole count is the difference', () => {
    expect(countDelta(4, expectedAtScan(0, []))).toBe(4);
  });

  it('a short shelf is a negative difference', () => {
    expect(countDelta(8, expectedAtScan(10, []))).toBe(-2);
  });

  it('approval adds the difference to what the location holds now, never below 0', () => {
    expect(applyDelta(7, -2)).toEqual({ quantity: 5, applied: -2 });
    expect(applyDelta(0, 4)).toEqual({ quantity: 4, applied: 4 });
    // orders after the scan took more than the count left: the shelf ends empty, the change is smaller
    expect(applyDelta(1, -3)).toEqual({ quantity: 0, applied: -1 });
  });
});
