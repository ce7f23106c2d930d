import { describe, expect, it } from 'vitest';
import { numberBoxText } from './NumberBox';

describe('numberBoxText (the filter boxes of the keyword results)', () => {
  it('keeps digits, one point and the allowed decimals', () => {
    expect(numberBoxText('12a3', 0, 999999, '')).toBe('123');
    expect(numberBoxText('12.5', 0, 999999, '')).toBe('12');
    expect(numberBoxText('12.345', 2, 9999999, '')).toBe('12.34');
    expect(numberBoxText('1.2.3', 2, 9999999, '')).toBe('1.23');
    expect(numberBoxText('-5', 0, 999999, '')).toBe('5');
  });
  it('reads full-width digits and point as typed by a Chinese input method', () => {
    expect(numberBoxText('１２．５', 2, 9999999, '')).toBe('12.5');
  });
  it('keeps the text before when the number would pass the maximum', () => {
    expect(numberBoxText('1000000', 0, 999999, '100000')).toBe('100000');
    expect(numberBoxText('', 0, 999999, '5')).toBe('');
  });
});
