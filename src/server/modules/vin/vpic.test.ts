// @vitest-environment node
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeVin } from '../../../shared/domain/vin';
import { describeVin } from './vin.service';
import { openVpic, type VpicSource } from './vpic';
import { REAL_VINS } from './real-vins';

/** What a buyer is shown for a VIN: our own decode (check digit, year, Chinese WMIs) with vPIC's facts. */
const shown = async (vpic: VpicSource, vin: string) => {
  const d = decodeVin(vin);
  if (!d.ok) throw new Error(d.message);
  return { year: d.value.modelYear, ...describeVin(d.value.wmi, d.value, await vpic.decode(vin, d.value.modelYear)) };
};

describe('VIN decoding from the NHTSA vPIC data', () => {
  let vpic: VpicSource;
  // a first run on a fresh install unpacks and indexes the database (several seconds)
  beforeAll(async () => {
    vpic = await openVpic();
  }, 180_000);
  afterAll(() => vpic?.close());

  it('covers at least 10 makers from 6 countries', () => {
    expect(new Set(REAL_VINS.map((v) => v.manufacturer)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(REAL_VINS.map((v) => v.country)).size).toBeGreaterThanOrEqual(6);
  });

  it.each(REAL_VINS)('$vin: $manufacturer $model ($country, $year)', async (real) => {
    const d = await shown(vpic, real.vin);
    expect(d).toMatchObject({ manufacturer: real.manufacturer, country: real.country, model: real.model, year: real.year, body: real.body, plant: real.plant });
  });

  it('names Chinese joint ventures from our own table (vPIC does not know them) and keeps the country', async () => {
    expect(await shown(vpic, 'LFV2B2BU1L3012345')).toMatchObject({ manufacturer: '一汽-大众', country: '中国', model: null, year: 2020 });
    expect(await shown(vpic, 'LHGCR2652F8012345')).toMatchObject({ manufacturer: '广汽本田', country: '中国' });
  });

  it('says nothing it does not know: an unassigned WMI has no maker, model or plant', async () => {
    expect(await vpic.decode('ZZZ12345678901234', null)).toBeNull();
    const d = await shown(vpic, 'ZZZ12345678901234');
    expect(d).toMatchObject({ manufacturer: null, make: null, model: null, body: null, plant: null });
  });

  it('refuses a database file that is not there, and creates none', async () => {
    const missing = join(tmpdir(), `qipeihub-vpic-missing-${process.pid}.db`);
    await expect(openVpic(missing)).rejects.toThrow();
    expect(existsSync(missing)).toBe(false);
  });

  it('gives the same answer to decodes running at once as one at a time', async () => {
    const alone = [];
    for (const v of REAL_VINS.slice(0, 8)) alone.push(await vpic.decode(v.vin, null));
    const together = await Promise.all(REAL_VINS.slice(0, 8).map((v) => vpic.decode(v.vin, null)));
    expect(together).toEqual(alone);
  });
});
