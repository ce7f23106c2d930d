import { msg } from '../messages';

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

/** Manufacturers by WMI, the makes this marketplace sells most (incl. Chinese joint ventures). */
const WMI: Record<string, string> = {
  WVW: '大众', WV1: '大众商用车', WV2: '大众商用车', WAU: '奥迪', WUA: '奥迪 quattro', WBA: '宝马', WBS: '宝马 M',
  WBY: '宝马 i', WDB: '奔驰', WDD: '奔驰', WDC: '奔驰 SUV', W1K: '奔驰', W1N: '奔驰 SUV', WP0: '保时捷', WP1: '保时捷 SUV',
  WF0: '福特(德国)', W0L: '欧宝', TMB: '斯柯达', VF1: '雷诺', VF3: '标致', VF7: '雪铁龙', ZFA: '菲亚特', ZAR: '阿尔法·罗密欧',
  SAL: '路虎', SAJ: '捷豹', YV1: '沃尔沃', YS3: '萨博',
  JTD: '丰田', JTE: '丰田', JTN: '丰田', JT2: '丰田', JTH: '雷克萨斯', JHM: '本田', JHL: '本田', JN1: '日产', JN8: '日产',
  JM1: '马自达', JF1: '斯巴鲁', JS3: '铃木', JA3: '三菱',
  KMH: '现代', KNA: '起亚', KND: '起亚',
  '1HG': '本田(美国)', '1G1': '雪佛兰', '1FA': '福特', '1FT': '福特', '4T1': '丰田(美国)', '5YJ': '特斯拉', '2HG': '本田(加拿大)', '3VW': '大众(墨西哥)',
  LSV: '上汽大众', LFV: '一汽-大众', LFP: '一汽轿车', LFM: '一汽丰田', LTV: '天津一汽丰田', LVG: '广汽丰田', LHG: '广汽本田',
  LVH: '东风本田', LGB: '东风日产', LDC: '神龙汽车', LBV: '华晨宝马', LE4: '北京奔驰', LSG: '上汽通用', LNB: '北京现代',
  LJD: '东风悦达起亚', LVS: '长安福特', LS5: '长安汽车', LVV: '奇瑞', L6T: '吉利', LB3: '吉利', LGX: '比亚迪', LC0: '比亚迪',
  LGW: '长城汽车', LRW: '特斯拉(上海)', LZW: '上汽通用五菱', LSJ: '上汽乘用车', LNP: '南京依维柯',
};

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
  const manufacturer = WMI[wmi] ?? null;
  if (!manufacturer) warnings.push(msg.vinUnknownWmi);
  return {
    ok: true,
    value: { vin, wmi, manufacturer, country: countryOf(wmi), checkDigit: { actual, expected, ok: expected === actual }, modelYear: modelYearOf(vin, now), warnings },
  };
};
