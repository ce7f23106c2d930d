import { describe, expect, it } from 'vitest';
import { parseSeedOptions } from './seed-options';
import { DEMO_STOCK_ROWS } from './seed';

describe('npm run db:seed options', () => {
  it('seeds the demo size without --rows and N rows with it', () => {
    expect(parseSeedOptions([])).toEqual({ ok: true, stockRows: DEMO_STOCK_ROWS, rowsGiven: false });
    expect(parseSeedOptions(['--rows', '1000000'])).toEqual({ ok: true, stockRows: 1_000_000, rowsGiven: true });
    expect(parseSeedOptions(['--rows=1_000_000'])).toEqual({ ok: true, stockRows: 1_000_000, rowsGiven: true });
  });

  it('refuses a bad count or an unknown option with a message naming it', () => {
    for (const bad of ['abc', '-5', '1.5', '999', '1e6', '60000000', '']) {
      const r = parseSeedOptions([`--rows=${bad}`]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain('--rows 必须是 1000 到 50000000 之间的整数');
    }
    const unknown = parseSeedOptions(['--row', '5000']);
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.message).toContain('--row');
  });
});
