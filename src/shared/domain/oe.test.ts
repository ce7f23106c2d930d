import { describe, expect, it } from 'vitest';
import { normalizeOe, suggestionQuery, validateOeBatch } from './oe';
import { msg } from '../messages';

describe('normalizeOe', () => {
  it('strips separators and upper-cases', () => {
    expect(normalizeOe('04465-33450')).toBe('0446533450');
    expect(normalizeOe(' 1k0 698 151 a ')).toBe('1K0698151A');
    expect(normalizeOe('34.11.6.794.300')).toBe('34116794300');
    expect(normalizeOe('前刹车片')).toBe('');
  });
});

describe('validateOeBatch', () => {
  it('asks for an OE number when empty', () => {
    expect(validateOeBatch('')).toEqual({ ok: false, message: msg.enterOe });
    expect(validateOeBatch('\n  \n')).toEqual({ ok: false, message: msg.enterOe });
  });
  it('refuses a line shorter than 5 characters after normalisation and names the line', () => {
    expect(validateOeBatch('04465-33450\n1-2-3-4')).toEqual({ ok: false, message: msg.oeMinLength, line: 2 });
  });
  it('removes duplicates, including differently written ones', () => {
    expect(validateOeBatch('04465-33450\n0446533450\n1K0698151A')).toEqual({ ok: true, codes: ['0446533450', '1K0698151A'] });
  });
  it('allows 10 codes and refuses 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `ABCDE${i}`);
    expect(validateOeBatch(ten.join('\n'))).toEqual({ ok: true, codes: ten });
    expect(validateOeBatch([...ten, 'ABCDE99'].join('\n'))).toEqual({ ok: false, message: msg.oeMaxLines });
    expect(validateOeBatch([...ten, ten[0]].join('\n')).ok).toBe(true);
  });
});

describe('suggestionQuery', () => {
  it('only for a single code of at least 5 characters', () => {
    expect(suggestionQuery('0446')).toBeNull();
    expect(suggestionQuery('04465')).toBe('04465');
    expect(suggestionQuery('04465\n1K069')).toBeNull();
  });
});
