/** The chosen display currency, kept in localStorage (key qph-currency) and shared by every tab. */
import { useSyncExternalStore } from 'react';
import { isCurrency, type Currency } from '../../../shared/domain/currency';

const KEY = 'qph-currency';
const listeners = new Set<() => void>();

const read = (): Currency => {
  try {
    const v = localStorage.getItem(KEY);
    return isCurrency(v) ? v : 'CNY';
  } catch {
    return 'CNY';
  }
};

export const setCurrency = (c: Currency) => {
  try {
    localStorage.setItem(KEY, c);
  } catch {
    // storage full or blocked: the choice still holds for this page
  }
  current = c;
  listeners.forEach((l) => l());
};

let current: Currency = read();

const subscribe = (l: () => void) => {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    current = read();
    l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};

export const useCurrency = (): Currency => useSyncExternalStore(subscribe, () => current, () => 'CNY');
