import { describe, expect, it } from 'vitest';
import { applyDelta, inlineEdit, parseWhole, parseYuan, pendingQuantity, stockText } from './stock';

describe('parseYuan', () => {
  it('turns yuan with up to 2 decimals into fen, exactly', () => {
    expect(parseYuan('120.5', '批发价')).toEqual({ ok: true, value: 12050 });
    expect(parseYuan(' ¥0.07 ', '批发价')).toEqual({ ok: true, value: 7 });
    expect(parseYuan(19.99, '批发价')).toEqual({ ok: true, value: 1999 });
    expect(parseYuan('9999999.99', '批发价')).toEqual({ ok: true, value: 999_999_999 });
  });
  it('names the field in what it refuses', () => {
    expect(parseYuan('-1', '批发价')).toEqual({ ok: false, message: '批发价须为不小于0的数字' });
    expect(parseYuan('1.234', '批发价')).toEqual({ ok: false, message: '批发价最多两位小数' });
    expect(parseYuan('', '批发价')).toEqual({ ok: false, message: '请填写批发价' });
    expect(parseYuan('1e3', '批发价').ok).toBe(false);
    expect(parseYuan('10000000', '批发价').ok).toBe(false);
  });
});

describe('parseWhole', () => {
  it('accepts whole numbers within the bound only', () => {
    expect(parseWhole('12', '库存数量', 100)).toEqual({ ok: true, value: 12 });
    expect(parseWhole('1.5', '库存数量', 100)).toEqual({ ok: false, message: '库存数量须为不小于0的整数' });
    expect(parseWhole('101', '库存数量', 100)).toEqual({ ok: false, message: '库存数量不能超过 100' });
  });
});

describe('inlineEdit (requirements 001-4)', () => {
  it('saves a changed number of at least 0', () => {
    expect(inlineEdit('price0', '99.90', 12050)).toEqual({ save: true, value: 9990 });
    expect(inlineEdit('quantity', '0', 3)).toEqual({ save: true, value: 0 });
    expect(inlineEdit('vn_price', '250000', null)).toEqual({ save: true, value: 250000 });
  });
  it('reverts an unchanged value or anything that is not a number of at least 0', () => {
    expect(inlineEdit('price0', '120.50', 12050)).toEqual({ save: false, reason: 'unchanged' });
    expect(inlineEdit('price0', '-3', 12050)).toMatchObject({ save: false, reason: 'invalid' });
    expect(inlineEdit('quantity', 'abc', 3)).toMatchObject({ save: false, reason: 'invalid' });
    expect(inlineEdit('quantity', '', 3)).toMatchObject({ save: false, reason: 'invalid' });
  });
});

describe('quantity deltas', () => {
  it('applies a delta or says why not', () => {
    expect(applyDelta(5, -2)).toEqual({ ok: true, value: 3 });
    expect(applyDelta(5, -6)).toEqual({ ok: false, message: stockText.belowZero(5, -6) });
    expect(applyDelta(5, 0)).toEqual({ ok: false, message: stockText.deltaZero });
  });
  it('shows the server quantity plus every queued delta, never below 0', () => {
    expect(pendingQuantity(10, [{ delta: 3 }, { delta: -2 }])).toBe(11);
    expect(pendingQuantity(1, [{ delta: -5 }])).toBe(0);
    expect(pendingQuantity(7, [])).toBe(7);
  });
});
