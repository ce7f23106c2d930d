import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { normaliseVnMobile, VN_PROVINCES, VN_TAX_CODE_RE, vnProvinceLabel } from './overseas';
import { smsMobileSchema } from './account-rules';

describe('Vietnamese registration rules', () => {
  it('lists the 34 provinces and cities since July 2025, each once', () => {
    expect(VN_PROVINCES).toHaveLength(34);
    expect(new Set(VN_PROVINCES.map((p) => p.code)).size).toBe(34);
    expect(new Set(VN_PROVINCES.map((p) => p.vi)).size).toBe(34);
    expect(vnProvinceLabel('Hà Nội')).toBe('河内（Hà Nội）');
  });
  it('takes a tax code of 10 digits, or 10-3 for a branch', () => {
    for (const s of ['0312345678', '0312345678-001']) expect(VN_TAX_CODE_RE.test(s)).toBe(true);
    for (const s of ['031234567', '03123456789', '0312345678-01', '0312345678001', 'A312345678', '']) expect(VN_TAX_CODE_RE.test(s)).toBe(false);
  });
  it('takes +84, 84 or 0 and 9 digits from 3, 5, 7, 8, 9, stored as +84…', () => {
    expect(normaliseVnMobile('0912345678')).toBe('+84912345678');
    expect(normaliseVnMobile('+84 912 345 678')).toBe('+84912345678');
    expect(normaliseVnMobile('84-356.789.012')).toBe('+84356789012');
    for (const s of ['0212345678', '091234567', '09123456789', '+8401234567', '13912345678', '']) expect(normaliseVnMobile(s)).toBeNull();
  });
  it('lets an SMS code go to a mainland or a Vietnamese mobile', () => {
    expect(v.parse(smsMobileSchema, '13912345678')).toBe('13912345678');
    expect(v.parse(smsMobileSchema, '0987654321')).toBe('+84987654321');
    expect(v.safeParse(smsMobileSchema, '0212345678').success).toBe(false);
  });
});
