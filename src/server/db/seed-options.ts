/** The options of `npm run db:seed`: `--rows N` stock rows (the same generator as the benchmark). */
import { parseArgs } from 'node:util';
import { DEMO_STOCK_ROWS } from './seed';

export const MIN_SEED_ROWS = 1_000;
export const MAX_SEED_ROWS = 50_000_000;

export type SeedOptions = { ok: true; stockRows: number; rowsGiven: boolean } | { ok: false; message: string };

export const parseSeedOptions = (argv: readonly string[]): SeedOptions => {
  let values: { rows?: string };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { rows: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (e) {
    return { ok: false, message: `参数无效：${e instanceof Error ? e.message : String(e)}。用法: npm run db:seed -- [--rows N]` };
  }
  if (values.rows === undefined) return { ok: true, stockRows: DEMO_STOCK_ROWS, rowsGiven: false };
  const raw = values.rows.replace(/_/g, '');
  const rows = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(rows) || rows < MIN_SEED_ROWS || rows > MAX_SEED_ROWS) {
    return { ok: false, message: `--rows 必须是 ${MIN_SEED_ROWS} 到 ${MAX_SEED_ROWS} 之间的整数（收到 ${values.rows}）` };
  }
  return { ok: true, stockRows: rows, rowsGiven: true };
};
