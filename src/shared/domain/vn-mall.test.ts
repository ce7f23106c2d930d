import { describe, expect, it } from 'vitest';
import {
  bandOf, bandsOverlap, belowFloor, dongInFen, fenInDong, floorDong, markupDong, parseDong, parseMarkupPct, rateMicros, serviceCharge, type ChargeBand,
} from './vn-mall';

describe('the mall rate', () => {
  it('reads the database text and numbers exactly, and no rate from nonsense', () => {
    expect(rateMicros('3618.500000')).toBe(3_618_500_000n);
    expect(rateMicros(3618.5)).toBe(3_618_500_000n);
    expect(rateMicros('0')).toBeNull();
    expect(rateMicros('-1')).toBeNull();
    expect(rateMicros('abc')).toBeNull();
  });
});

describe('markup prices in dong', () => {
  it('is fen × (1 + markup) × rate, rounded half up to whole dong once', () => {
    // ¥100.00 at 3618.5 with no markup: 361,850 dong exactly
    expect(markupDong(10_000, 0, '3618.5')).toBe(361_850);
    // ¥100.00 + 12.5 % = ¥112.50 × 3618.5 = 407,081.25 → 407,081
    expect(markupDong(10_000, 1250, '3618.5')).toBe(407_081);
    // ¥0.01 × 3618.5 = 36.185 → 36; ¥0.03 → 108.555 → 109 (half up)
    expect(markupDong(1, 0, '3618.5')).toBe(36);
    expect(markupDong(3, 0, '3618.5')).toBe(109);
    // ¥1 × 3618.55 × 1.5 … = 5427.825 → 5428: no float noise
    expect(markupDong(100, 5000, '3618.55')).toBe(5428);
  });
  it('gives no price without a CNY price or a rate', () => {
    expect(markupDong(0, 1000, '3618.5')).toBeNull();
    expect(markupDong(100, 1000, '0')).toBeNull();
    expect(markupDong(100, -1, '3618.5')).toBeNull();
  });
  it('turns dong back into fen at the same rate, half up', () => {
    expect(dongInFen(361_850, '3618.5')).toBe(10_000);
    expect(dongInFen(407_081, '3618.5')).toBe(11_250);
    expect(dongInFen(18, '3618.5')).toBe(0);
    expect(dongInFen(19, '3618.5')).toBe(1);
  });
});

describe('the seller floor', () => {
  it('refuses a dong price worth less than the floor, exactly', () => {
    // floor ¥100.00 = 361,850 dong at 3618.5
    expect(belowFloor(361_849, 10_000, '3618.5')).toBe(true);
    expect(belowFloor(361_850, 10_000, '3618.5')).toBe(false);
    expect(floorDong(10_000, '3618.5')).toBe(361_850);
    // ¥0.01 = 36.185 dong: 36 is below, 37 is not, and the least price is 37
    expect(belowFloor(36, 1, '3618.5')).toBe(true);
    expect(belowFloor(37, 1, '3618.5')).toBe(false);
    expect(floorDong(1, '3618.5')).toBe(37);
  });
  it('a zero floor holds nothing back; no rate holds everything back', () => {
    expect(belowFloor(1, 0, '3618.5')).toBe(false);
    expect(belowFloor(1_000_000, 0, '0')).toBe(true);
  });
});

describe('typed dong and markups', () => {
  it('takes whole dong, with or without groups of three', () => {
    expect(parseDong('250000')).toBe(250_000);
    expect(parseDong('250.000')).toBe(250_000);
    expect(parseDong('1,250,000')).toBe(1_250_000);
    expect(parseDong(' ₫ 1.250.000 ')).toBe(1_250_000);
  });
  it('refuses decimals and mixed groupings', () => {
    expect(parseDong('1250.5')).toBeNull();
    expect(parseDong('1250,50')).toBeNull();
    expect(parseDong('1.250,000')).toBeNull();
    expect(parseDong('-5')).toBeNull();
    expect(parseDong('')).toBeNull();
  });
  it('takes a markup percent with up to two decimals, up to 1000 %', () => {
    expect(parseMarkupPct('12.5')).toBe(1250);
    expect(parseMarkupPct('0')).toBe(0);
    expect(parseMarkupPct('1000')).toBe(100_000);
    expect(parseMarkupPct('1000.01')).toBeNull();
    expect(parseMarkupPct('1.234')).toBeNull();
  });
});

describe('service charge bands', () => {
  const bands: ChargeBand[] = [
    { min_dong: 0, max_dong: 1_000_000, kind: 'fixed', value: 30_000 },
    { min_dong: 1_000_000, max_dong: 10_000_000, kind: 'percent', value: 250 },
    { min_dong: 10_000_000, max_dong: null, kind: 'percent', value: 150 },
  ];
  it('picks the band min ≤ amount < max', () => {
    expect(bandOf(bands, 0)?.kind).toBe('fixed');
    expect(bandOf(bands, 999_999)?.kind).toBe('fixed');
    expect(bandOf(bands, 1_000_000)?.value).toBe(250);
    expect(bandOf(bands, 50_000_000)?.value).toBe(150);
  });
  it('charges the fixed dong or the percent rounded half up', () => {
    expect(serviceCharge(bands, 500_000)).toBe(30_000);
    // 2.5 % of 1,234,567 = 30,864.175 → 30,864
    expect(serviceCharge(bands, 1_234_567)).toBe(30_864);
    // 2.5 % of 1,000,020 = 25,000.5 → 25,001
    expect(serviceCharge(bands, 1_000_020)).toBe(25_001);
    expect(serviceCharge(bands, 20_000_000)).toBe(300_000);
  });
  it('charges nothing outside every band', () => {
    expect(serviceCharge([{ min_dong: 100, max_dong: 200, kind: 'fixed', value: 5 }], 50)).toBe(0);
  });
  it('finds overlaps, open ends included, and lets touching bands be', () => {
    expect(bandsOverlap({ min_dong: 0, max_dong: 100 }, { min_dong: 100, max_dong: 200 })).toBe(false);
    expect(bandsOverlap({ min_dong: 0, max_dong: 101 }, { min_dong: 100, max_dong: 200 })).toBe(true);
    expect(bandsOverlap({ min_dong: 500, max_dong: null }, { min_dong: 100, max_dong: 200 })).toBe(false);
    expect(bandsOverlap({ min_dong: 150, max_dong: null }, { min_dong: 100, max_dong: 200 })).toBe(true);
    expect(bandsOverlap({ min_dong: 0, max_dong: null }, { min_dong: 9_000_000, max_dong: null })).toBe(true);
  });
});

describe('an after-sale refund in dong (docs/overseas.md "After-sales (海外售后)")', () => {
  it('is the fen at the order\'s rate, rounded half up to whole dong', () => {
    expect(fenInDong(10_000, 3600)).toBe(360_000);
    // ¥0.01 at 3618.5 is 36.185 dong → 36; ¥0.03 is 108.555 → 109
    expect(fenInDong(1, '3618.5')).toBe(36);
    expect(fenInDong(3, '3618.5')).toBe(109);
    expect(fenInDong(0, 3600)).toBe(0);
  });
});
