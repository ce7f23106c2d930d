import { describe, expect, it } from 'vitest';
import { locationCodeProblem, locationRange, normalizeLocationCode, parseLocationCell, warehouseNameProblem, warehouseText, LOCATION_RANGE_MAX } from './warehouse';

describe('warehouse rules', () => {
  it('a range counts up the last group of digits with the start code’s width', () => {
    expect(locationRange('A-01-01', 'A-01-03')).toEqual(['A-01-01', 'A-01-02', 'A-01-03']);
    expect(locationRange('B-9', 'B-11')).toEqual(['B-9', 'B-10', 'B-11']);
    expect(locationRange('A-01-05', 'A-01-01')).toBeNull();
    expect(locationRange('A-01-01', 'B-01-09')).toBeNull();
    expect(locationRange('A', 'B')).toBeNull();
    expect(locationRange('X-0001', `X-${LOCATION_RANGE_MAX + 1}`)).toEqual([]);
  });

  it('codes and names: upper case codes of letters, digits and - _ .; names without the import separators', () => {
    expect(normalizeLocationCode(' a-01-03 ')).toBe('A-01-03');
    expect(locationCodeProblem('A-01-03')).toBe('');
    expect(locationCodeProblem('A 01')).toBe(warehouseText.codeBad);
    expect(locationCodeProblem('')).toBe(warehouseText.codeNeeded);
    expect(warehouseNameProblem('主仓')).toBe('');
    expect(warehouseNameProblem('主/仓')).toBe(warehouseText.nameBad);
  });

  it('reads the import’s 库位 cell', () => {
    expect(parseLocationCell('主仓/A-01-03:30;主仓/b-02-01：20')).toEqual({
      ok: true, parts: [{ warehouse: '主仓', code: 'A-01-03', quantity: 30 }, { warehouse: '主仓', code: 'B-02-01', quantity: 20 }],
    });
    expect(parseLocationCell('A-01-03')).toEqual({ ok: true, parts: [{ warehouse: '', code: 'A-01-03', quantity: null }] });
    expect(parseLocationCell('A-01-03;A-01-04:2')).toMatchObject({ ok: false });
    expect(parseLocationCell('A-01-03:x')).toMatchObject({ ok: false });
    expect(parseLocationCell('A-01-03:1;A-01-03:2')).toMatchObject({ ok: false, message: '同一个库位在库位列中出现了两次' });
  });
});
