import { describe, expect, it } from 'vitest';
import { countdownText, cutoffMinute, cutoffText, secondsToConfirm, spotShip } from './spot';

/** unix seconds of a China wall-clock time on 2026-11-29 (UTC+8) */
const china = (hhmm: string) => Math.floor(new Date(`2026-11-29T${hhmm}:00+08:00`).getTime() / 1000);

describe('spot goods rules', () => {
  it('ships today before the cut-off (China time), tomorrow from it on, and always today without one', () => {
    expect(spotShip('16:00', china('15:59'))).toBe('today');
    expect(spotShip('16:00', china('16:00'))).toBe('tomorrow');
    expect(spotShip('16:00', china('23:30'))).toBe('tomorrow');
    expect(spotShip('16:00', china('00:05'))).toBe('today');
    expect(spotShip('', china('23:59'))).toBe('today');
  });

  it('keeps the cut-off as minutes after China midnight and back', () => {
    expect(cutoffMinute('16:30')).toBe(990);
    expect(cutoffMinute('')).toBeNull();
    expect(cutoffText(990)).toBe('16:30');
    expect(cutoffText(0)).toBe('00:00');
    expect(cutoffText(null)).toBe('');
  });

  it('counts down to the confirm deadline and stops at zero', () => {
    expect(secondsToConfirm(1000, 1000 - 125)).toBe(125);
    expect(countdownText(125)).toBe('02:05');
    expect(secondsToConfirm(1000, 1200)).toBe(0);
  });
});
