/**
 * npm run bench:vin — VIN decoding with the NHTSA vPIC data: opening the reader (the first run on
 * a fresh install also unpacks and indexes the database), the first decodes, then p50/p95 over
 * decodes of distinct VINs after a warm-up. The VINs are the real ones of real-vins.ts and, so that
 * no answer is simply reused, the same vehicles with other serial numbers (check digit recomputed).
 * Prints one JSON line. Target: p95 <= 20 ms after warm-up.
 */
import { loadavg } from 'node:os';
import { computeCheckDigit, decodeVin } from '../../src/shared/domain/vin';
import { describeVin } from '../../src/server/modules/vin/vin.service';
import { openVpic } from '../../src/server/modules/vin/vpic';
import { REAL_VINS } from '../../src/server/modules/vin/real-vins';
import { prng } from '../../src/server/db/seed-catalogue';

const DECODES = Number(process.argv[2] ?? 2000);
const rnd = prng(15);
const withSerial = (vin: string) => {
  const raw = vin.slice(0, 11) + String(Math.floor(rnd() * 1e6)).padStart(6, '0');
  return raw.slice(0, 8) + computeCheckDigit(raw) + raw.slice(9);
};
const decode = async (vpic: Awaited<ReturnType<typeof openVpic>>, vin: string) => {
  const d = decodeVin(vin);
  if (!d.ok) throw new Error(`${vin}: ${d.message}`);
  return describeVin(d.value.wmi, d.value, await vpic.decode(vin, d.value.modelYear));
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const round = (n: number) => Number(n.toFixed(2));

const load = loadavg()[0];
let t = performance.now();
const vpic = await openVpic();
const openMs = performance.now() - t;
const first: number[] = [];
for (const { vin } of REAL_VINS) {
  t = performance.now();
  await decode(vpic, vin);
  first.push(performance.now() - t);
}
const times: number[] = [];
const cpu: number[] = [];
const seen = new Set<string>();
for (let i = 0; times.length < DECODES; i++) {
  const vin = withSerial(REAL_VINS[i % REAL_VINS.length].vin);
  if (seen.has(vin)) continue;
  seen.add(vin);
  t = performance.now();
  const c = process.cpuUsage();
  const d = await decode(vpic, vin);
  const used = process.cpuUsage(c);
  times.push(performance.now() - t);
  cpu.push((used.user + used.system) / 1000);
  if (!d.manufacturer) throw new Error(`${vin} decoded to no maker`);
}
vpic.close();
console.log(JSON.stringify({
  vin_open_ms: round(openMs), vin_first_decode_max_ms: round(Math.max(...first)), vin_first_decode_p50_ms: round(pct(first, 50)),
  vin_decodes: times.length, vin_decode_p50_ms: round(pct(times, 50)), vin_decode_p95_ms: round(pct(times, 95)), vin_decode_max_ms: round(Math.max(...times)),
  // CPU time of the same decodes: what a busy machine's scheduling adds to the wall times above
  vin_decode_cpu_p95_ms: round(pct(cpu, 95)),
  makers: new Set(REAL_VINS.map((v) => v.manufacturer)).size, countries: new Set(REAL_VINS.map((v) => v.country)).size,
  machine_load_1m_before: round(load), machine_load_1m_after: round(loadavg()[0]),
}));
