import { describe, expect, it } from 'vitest';
import { bandsToText, percentToBp, textToBands } from './bands-text';

describe('bonus bands as typed', () => {
  it('reads lines of yuan and percentages into fen and basis points, the last open', () => {
    expect(textToBands('0-50000 0%\n50000-200000 1%\n200000- 1.5%')).toEqual({ bands: [
      { from_fen: 0, to_fen: 5_000_000, rate_bp: 0 },
      { from_fen: 5_000_000, to_fen: 20_000_000, rate_bp: 100 },
      { from_fen: 20_000_000, to_fen: 0, rate_bp: 150 },
    ] });
    expect(textToBands('0 至 999.99，0.25％')).toEqual({ bands: [{ from_fen: 0, to_fen: 99_999, rate_bp: 25 }] });
  });

  it('names the line that is not a band', () => {
    expect(textToBands('0-50000 0%\n五万以上 1%')).toEqual({ error: expect.stringMatching(/^第2行应写成/) });
    expect(textToBands('0-1.234 1%')).toEqual({ error: expect.stringMatching(/^第1行/) });
    expect(textToBands('  \n')).toEqual({ error: '请至少设置一个奖励档位' });
  });

  it('writes bands back as the same lines', () => {
    const text = '0-50000 0%\n50000-200000.5 1%\n200000.5- 1.55%';
    const r = textToBands(text);
    expect('bands' in r && bandsToText(r.bands)).toBe('0-50000 0%\n50000-200000.50 1%\n200000.50- 1.55%');
    expect(percentToBp('1.5')).toBe(150);
    expect(percentToBp('1.555')).toBeNull();
  });
});
