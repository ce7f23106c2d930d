import { describe, expect, it } from 'vitest';
import { admitVinDecode, vinQuotaState } from './vin-quota';
import { msg } from '../messages';

const now = new Date('2026-11-22T04:00:00Z');
const later = new Date('2026-12-22T04:00:00Z');
const earlier = new Date('2026-10-22T04:00:00Z');

describe('vinQuotaState', () => {
  it('is unlimited while a date-based period runs, whatever was used', () => {
    expect(vinQuotaState({ type: 'date', endAt: later, bought: 0, used: 500 }, now)).toEqual({ unlimited: true, available: null });
  });

  it('falls back to the decodes bought once the period has ended', () => {
    expect(vinQuotaState({ type: 'date', endAt: earlier, bought: 10, used: 4 }, now)).toEqual({ unlimited: false, available: 6 });
    expect(vinQuotaState({ type: 'date', endAt: null, bought: 0, used: 0 }, now)).toEqual({ unlimited: false, available: 0 });
  });

  it('counts down the decodes bought and never goes below zero', () => {
    expect(vinQuotaState({ type: 'count', endAt: later, bought: 5, used: 2 }, now).available).toBe(3);
    expect(vinQuotaState({ type: 'count', endAt: null, bought: 5, used: 7 }, now).available).toBe(0);
  });
});

describe('admitVinDecode', () => {
  it('admits and counts while decodes are left', () => {
    expect(admitVinDecode({ type: 'count', endAt: null, bought: 5, used: 4 }, now, false)).toEqual({ ok: true, counted: true });
  });

  it('refuses past the limit with a message naming what was bought', () => {
    const r = admitVinDecode({ type: 'count', endAt: null, bought: 5, used: 5 }, now, false);
    expect(r).toEqual({ ok: false, message: msg.vinQuotaExhausted(5) });
    expect(msg.vinQuotaExhausted(5)).toContain('5次');
  });

  it('says the period ended when a date-based company has nothing left', () => {
    expect(admitVinDecode({ type: 'date', endAt: earlier, bought: 0, used: 0 }, now, false)).toEqual({ ok: false, message: msg.vinPeriodEnded });
  });

  it('lets the same VIN again on the same day through without counting, even past the limit', () => {
    expect(admitVinDecode({ type: 'count', endAt: null, bought: 5, used: 5 }, now, true)).toEqual({ ok: true, counted: false });
  });
});
