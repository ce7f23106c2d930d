import { describe, expect, it } from 'vitest';
import {
  bandOf, bandsOverlap, belowFloor, dongInFen, dongPayment, dongRefund, fenInDong, floorDong, markupDong, parseDong, parseMarkupPct, rateMicros, serviceCharge, type ChargeBand,
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

describe('paying a mall order in dong (docs/money.md "Paying a mall order in dong")', () => {
  const order = { due_fen: 27_778, total_fen: 27_778, goods_dong: 1_000_000, service_dong: 25_000, rate: '3600' };

  it('at the order\'s own rate pays exactly the dong confirmed at checkout; the service charge in fen at that rate', () => {
    // ₫1,000,000 at 3600 is 27,777.8 fen: the line recorded 27,778
    expect(dongPayment(order, 3600)).toEqual({ goods_dong: 1_000_000, service_dong: 25_000, dong: 1_025_000, goods_fen: 27_778, service_fen: 694, credited_fen: 28_472 });
  });

  it('at another rate pays the order\'s fen in dong at the new rate, rounded half up; the service charge stays its dong', () => {
    // 27,778 fen × 37 = 1,027,786 dong; ₫25,000 at 3700 is 675.7 → 676 fen
    expect(dongPayment(order, 3700)).toEqual({ goods_dong: 1_027_786, service_dong: 25_000, dong: 1_052_786, goods_fen: 27_778, service_fen: 676, credited_fen: 28_454 });
    // half a dong rounds up: 1 fen at 3650 is 36.5 dong → 37
    expect(dongPayment({ ...order, due_fen: 1, total_fen: 1, service_dong: 0 }, '3650').goods_dong).toBe(37);
    // a deduction (冲减货款) pays only what is due, at the new reckoning even on the same rate
    expect(dongPayment({ ...order, due_fen: 20_000 }, 3600).goods_dong).toBe(720_000);
  });

  it('refunds at the payment rate, never more than the goods dong left; the last refund gives back exactly the rest', () => {
    const paid = { paid_fen: 27_778, goods_dong: 1_000_000, pay_rate: '3600' };
    // 10,000 fen at 3600 = 360,000 dong
    expect(dongRefund({ ...paid, fen: 10_000, refunded_fen: 0, refunded_dong: 0 })).toBe(360_000);
    // 1 fen = 36 dong
    expect(dongRefund({ ...paid, fen: 1, refunded_fen: 10_000, refunded_dong: 360_000 })).toBe(36);
    // the rest of the fen brings back the rest of the dong, whatever the roundings did
    expect(dongRefund({ ...paid, fen: 17_777, refunded_fen: 10_001, refunded_dong: 360_036 })).toBe(639_964);
    // all in one: every dong
    expect(dongRefund({ ...paid, fen: 27_778, refunded_fen: 0, refunded_dong: 0 })).toBe(1_000_000);
    // never above what is left
    expect(dongRefund({ ...paid, fen: 27_000, refunded_fen: 0, refunded_dong: 990_000 })).toBe(10_000);
  });
});
