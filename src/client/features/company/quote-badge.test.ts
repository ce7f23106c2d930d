import { describe, expect, it } from 'vitest';
import { quoteBadgeText } from './quote-badge';

describe('the /quote badge', () => {
  it('hides at zero and for nonsense counts', () => {
    expect(quoteBadgeText(0)).toBeNull();
    expect(quoteBadgeText(-3)).toBeNull();
    expect(quoteBadgeText(Number.NaN)).toBeNull();
  });
  it('shows the count up to 99 and 99+ beyond', () => {
    expect(quoteBadgeText(1)).toBe('1');
    expect(quoteBadgeText(99)).toBe('99');
    expect(quoteBadgeText(100)).toBe('99+');
    expect(quoteBadgeText(12345)).toBe('99+');
  });
});
