import { describe, expect, it } from 'vitest';
import { computeCheckDigit, decodeVin, modelYearOf } from './vin';
import { WMI_MAKERS } from './vin-wmi';
import { msg } from '../messages';

const now = new Date('2026-11-22T00:00:00Z');

describe('decodeVin', () => {
  it('accepts a North American VIN with a correct check digit', () => {
    // the textbook example of 49 CFR 565
    const r = decodeVin('1M8GDM9AXKP042788', now);
    expect(r.ok && r.value.checkDigit).toEqual({ actual: 'X', expected: 'X', ok: true });
    expect(r.ok && r.value.country).toBe('美国');
  });

  it('decodes a Honda: manufacturer, country, model year', () => {
    const r = decodeVin('1HGCM82633A004352', now);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.manufacturer).toBe('本田(美国)');
    expect(r.value.checkDigit.ok).toBe(true);
    expect(r.value.modelYear).toBe(2003);
    expect(r.value.warnings).toEqual([]);
  });

  it('warns but does not refuse a wrong check digit (European VINs often skip it)', () => {
    const r = decodeVin('WVWZZZ1KZ8W123456', now);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.manufacturer).toBe('大众');
    expect(r.value.country).toBe('德国');
    expect(r.value.checkDigit.ok).toBe(false);
    expect(r.value.warnings).toContain(msg.vinCheckDigit(computeCheckDigit('WVWZZZ1KZ8W123456'), 'Z'));
    expect(r.value.modelYear).toBe(2008);
  });

  it('knows Chinese L* WMIs', () => {
    const r = decodeVin('LFV2A21K8G3123456', now);
    expect(r.ok && r.value.manufacturer).toBe('一汽-大众');
    expect(r.ok && r.value.country).toBe('中国');
    expect(r.ok && r.value.modelYear).toBe(2016);
  });

  it('normalises spaces, dashes and case', () => {
    const r = decodeVin(' 1hgcm8263-3a004352 ', now);
    expect(r.ok && r.value.vin).toBe('1HGCM82633A004352');
  });

  it('refuses wrong length and I/O/Q with the Chinese messages', () => {
    expect(decodeVin('1HGCM82633A00435', now)).toEqual({ ok: false, message: msg.vinLength });
    expect(decodeVin('1HGCM82633A0043O2', now)).toEqual({ ok: false, message: msg.vinIllegalChars });
    expect(decodeVin('1HGCM82633A00435!', now)).toEqual({ ok: false, message: msg.vinLength });
  });

  it('knows Korean, American and European plants, not only the makes of the Chinese market', () => {
    const maker = (vin: string) => { const r = decodeVin(vin, now); return r.ok ? [r.value.manufacturer, r.value.country] : r.message; };
    expect(maker('KMHDH41EX9U123456')).toEqual(['现代', '韩国']);
    expect(maker('5XYKT3A69CG123456')).toEqual(['起亚(美国)', '美国']);
    expect(maker('1FTFW1ET5DFC12345')).toEqual(['福特', '美国']);
    expect(maker('WMWXM7C50ET123456')).toEqual(['MINI', '德国']);
    expect(maker('VSSZZZ6JZ9R123456')).toEqual(['西雅特', '西班牙']);
    expect(maker('TMBJJ7NE9G0123456')).toEqual(['斯柯达', '捷克']);
    expect(maker('SCBFR7ZA5CC123456')).toEqual(['宾利', '英国']);
    expect(maker('LYVA22RK6HB123456')).toEqual(['沃尔沃(中国)', '中国']);
  });

  it('lists every WMI as three legal VIN characters', () => {
    for (const wmi of Object.keys(WMI_MAKERS)) expect(wmi).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
  });

  it('warns on an unknown WMI but still decodes the year', () => {
    const r = decodeVin('LXX12345X6R000001', now);
    expect(r.ok && r.value.manufacturer).toBeNull();
    expect(r.ok && r.value.warnings).toContain(msg.vinUnknownWmi);
  });
});

describe('modelYearOf', () => {
  it('uses position 7 to pick the cycle for North American VINs', () => {
    // position 10 'A': 1980 or 2010; position 7 a digit → 1980, a letter → 2010
    expect(modelYearOf('1HGCM8263AA004352', now)).toBe(1980);
    expect(modelYearOf('1HGCM8A63AA004352', now)).toBe(2010);
  });
  it('elsewhere takes the latest year not after next year', () => {
    expect(modelYearOf('LFV2A21K8T3123456', now)).toBe(2026);
    expect(modelYearOf('LFV2A21K8V3123456', now)).toBe(2027);
    expect(modelYearOf('LFV2A21K8W3123456', now)).toBe(1998);
  });
  it('is null for a code that is no year', () => {
    expect(modelYearOf('LFV2A21K8U3123456', now)).toBeNull();
  });
});
