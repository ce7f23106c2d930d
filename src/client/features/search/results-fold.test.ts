import { afterEach, expect, it, vi } from 'vitest';
import { readFold, writeFold } from './results-fold';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const screen = (width: number) => vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('max-width: 1199.98px') && width < 1200 }));

it('a tablet starts with the announcement and the filters folded, a desktop with them open', () => {
  screen(1024);
  expect(readFold('announcement')).toBe(true);
  expect(readFold('filters')).toBe(true);
  screen(1366);
  expect(readFold('filters')).toBe(false);
});

it('keeps the choice on the device, each part apart', () => {
  screen(1024);
  writeFold('filters', false);
  expect(readFold('filters')).toBe(false);
  expect(readFold('announcement')).toBe(true);
  screen(1366);
  writeFold('announcement', true);
  expect(readFold('announcement')).toBe(true);
  expect(localStorage.getItem('qph-results-fold:announcement')).toBe('1');
});
