import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { vinSchema } from '../../../shared/contracts/vin';
import { vinParam } from './search-params';

describe('the VIN route param', () => {
  it('accepts exactly what vinSchema accepts, normalised the same way', () => {
    const cases = ['LFV3A23C8J3000001', 'lfv3a23c8j3000001', 'LFV-3A23C 8J3000001', 'LFV3A23C8J300000', 'LFV3A23C8J30000012', 'LFV3A23C8J300000I',
      'LFV3A23C8J300000O', 'LFV3A23C8J300000Q', '', 'WVWZZZ1JZXW000001', '1HGCM82633A004352', 'LFV3A23C8J30000!1'];
    for (const c of cases) {
      const r = v.safeParse(vinSchema, c);
      expect(vinParam(c), c).toBe(r.success ? r.output : undefined);
    }
    expect(vinParam(12345)).toBeUndefined();
  });
});
