import { msg } from '../messages';
import { WMI_MAKERS } from './vin-wmi';

/**
 * VIN decoding (ISO 3779, 49 CFR 565): check digit, WMI → manufacturer and country, model year.
 * A wrong check digit is a warning, not a refusal: many European and Chinese VINs don't use it.
 */
const TRANSLIT: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';


const COUNTRY_RANGES: Array<[string, string, string]> = [
  ['A', 'H', '南非'], ['J', 'J', '日本'], ['KL', 'KR', '韩国'], ['L', 'L', '中国'], ['MA', 'ME', '印度'],
  ['1', '1', '美国'], ['4', '5', '美国'], ['2', '2', '加拿大'], ['3', '3', '墨西哥'], ['9A', '9E', '巴西'],
  ['SA', 'SM', '英国'], ['TA', 'TH', '瑞士'], ['TJ', 'TP', '捷克'], ['VF', 'VR', '法国'], ['VS', 'VW', '西班牙'],
  ['W', 'W', '德国'], ['YS', 'YW', '瑞典'], ['ZA', 'ZR', '意大利'],
];

export interface VinDecoded {
  vin: string;
  wmi: string;
  manufacturer: string | null;
  country: string | null;
  /** the digit at position 9 and the one ISO 3779 computes */
  checkDigit: { actual: string; expected: string; ok: boolean };
  /** null when position 10 is not a year code */
  modelYear: number | null;
  warnings: string[];
}

export type VinResult = { ok: true; value: VinDecoded } | { ok: false; message: string };

export const normalizeVin = (raw: string): string => raw.replace(/[\s-]/g, '').toUpperCase();

const charValue = (c: string): number => (c >= '0' && c <= '9' ? Number(c) : TRANSLIT[c]);

export const computeCheckDigit = (vin: string): string => {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charValue(vin[i]) * WEIGHTS[i];
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
};

const inRange = (wmi: string, from: string, to: string): boolean => {
  const key = wmi.slice(0, from.length);
  return key >= from && key <= to;
};

export const countryOf = (wmi: string): string | null => COUNTRY_RANGES.find(([f, t]) => inRange(wmi, f, t))?.[2] ?? null;

/**
 * Position 10 repeats every 30 years. North American VINs say which cycle by position 7 (a digit
 * before 2010, a letter from 2010). Elsewhere we take the latest year not after next year.
 */
export const modelYearOf = (vin: string, now: Date = new Date()): number | null => {
  const idx = YEAR_CODES.indexOf(vin[9]);
  if (idx < 0) return null;
  const early = 1980 + idx;
  const late = early + 30;
  if ('12345'.includes(vin[0])) return /[A-Z]/.test(vin[6]) ? late : early;
  return late <= now.getFullYear() + 1 ? late : early;
};

export const decodeVin = (raw: string, now: Date = new Date()): VinResult => {
  const vin = normalizeVin(raw);
  if (!/^[A-Z0-9]{17}$/.test(vin)) return { ok: false, message: msg.vinLength };
  if (/[IOQ]/.test(vin)) return { ok: false, message: msg.vinIllegalChars };
  const wmi = vin.slice(0, 3);
  const expected = computeCheckDigit(vin);
  const actual = vin[8];
  const warnings: string[] = [];
  if (expected !== actual) warnings.push(msg.vinCheckDigit(expected, actual));
  const manufacturer = WMI_MAKERS[wmi] ?? null;
  if (!manufacturer) warnings.push(msg.vinUnknownWmi);
  return {
    ok: true,
    value: { vin, wmi, manufacturer, country: countryOf(wmi), checkDigit: { actual, expected, ok: expected === actual }, modelYear: modelYearOf(vin, now), warnings },
  };
};
