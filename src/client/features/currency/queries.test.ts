import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredRates } from './queries';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('stored exchange rates', () => {
  it('reads back what was stored', () => {
    const stored = { at: 1_790_000_000_000, rates: [{ to_curr_code: 'VND', to_curr_txt: '越南盾', rate_value: 3618.5 }] };
    localStorage.setItem('qph-exchange-rates', JSON.stringify(stored));
    expect(readStoredRates()).toEqual(stored);
  });
  it('is empty when nothing was stored', () => {
    expect(readStoredRates()).toBeUndefined();
  });
  it('drops data of the wrong shape with a warning instead of failing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('qph-exchange-rates', JSON.stringify({ at: 1, rates: [{ to_curr_code: 'VND', rate_value: 'lots' }] }));
    expect(readStoredRates()).toBeUndefined();
    expect(localStorage.getItem('qph-exchange-rates')).toBeNull();
    localStorage.setItem('qph-exchange-rates', '{not json');
    expect(readStoredRates()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
