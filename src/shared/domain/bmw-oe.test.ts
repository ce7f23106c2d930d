import { describe, expect, it } from 'vitest';
import { bmwOe } from './bmw-oe';

describe('bmwOe', () => {
  it('groups an 11-digit number 2-2-1-3-3', () => {
    expect(bmwOe('34116794300')).toBe('34 11 6 794 300');
  });
  it('groups the number whatever form it was typed in', () => {
    expect(bmwOe('34-11-6-794-300')).toBe('34 11 6 794 300');
    expect(bmwOe(' 34 11 6794300 ')).toBe('34 11 6 794 300');
    expect(bmwOe('34.11.6.794.300')).toBe('34 11 6 794 300');
  });
  it('leaves anything that is not an 11-digit number as it is', () => {
    expect(bmwOe('3411679430')).toBe('3411679430');
    expect(bmwOe('341167943001')).toBe('341167943001');
    expect(bmwOe('A2058350147')).toBe('A2058350147');
    expect(bmwOe('')).toBe('');
  });
});
