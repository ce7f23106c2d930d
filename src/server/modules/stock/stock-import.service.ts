/**
 * Bulk stock import and export. Rules:
 * - The file is streamed to disk on upload (at most 20 MB, hashed on the way) and read back line by
 *   line; it is never held whole in memory. CSV or XLSX is told by content, not by the name.
 * - A line becomes a row through the add form's own schema; brands, qualities and makes are given
 *   by name (an unknown name is the line's error). Same OE + brand + own code as an existing row of
 *   the company (repo.sameItem's rule): that row is updated, in the columns the file maps only;
 *   otherwise a row is added. A later line of the file with the same item updates the earlier one.
 * - Lines are applied in batches, each batch in one transaction with its change log ('import'),
 *   write dates, progress and the record of applied line numbers, so a line is applied whole or not
 *   at all, and the same file uploaded again skips every line it applied (by file hash + line).
 * - Rejected lines go to an error file: the original cells plus 错误原因.
 * - The import runs in the background in this process; its state is in the database, so any
 *   process answers its progress. A server stopped mid-import leaves it 'running' with no new
 *   heartbeat; after IMPORT_STALL_MS the next process that looks (at its start and every minute)
 *   takes it over and reads the file on, skipping the lines applied (resumeStalled).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { ResultCode, type StockFilter, type StockImportStatus, type StockImportUpload } from '../../../shared/contracts';
import { STOCK_PRICE_FIELDS } from '../../../shared/domain/stock';
import {
  buildImportRow, ERROR_COLUMN, IMPORT_FIELDS, IMPORT_LABELS, importText, isBlankLine, mappingProblem, MAX_IMPORT_BYTES, PREVIEW_ROWS,
  locationsText, spotText, suggestMapping, yuanText, type ColumnMapping, type ImportField,
} from '../../../shared/domain/stock-import';
import { locationsOfRows, replaceRowLocations, resolveLocations } from '../warehouse/warehouse.service';
import { inTransaction } from '../../db/helpers';
import { batchCheckedKeys, newKeyCheckTally, type BatchKey, type KeyCheckTally } from '../../db/batch-keys';
import { giveIndexesFreeSpaceMaps } from '../../db/free-space-maps';
import * as repo from './stock-import.repo';
import * as stockRepo from './stock.repo';
import { logStockChanges } from './stock.service';
import { csvCell, PartTooLarge, readLines, sniffFormat, type TableFormat } from './table-file';
import { readImportLines, type ImportLines, type ReadLine } from './import-lines';
import type { UploadQuota } from '../upload/upload.service';
import { ClientGone } from '../../http/limits';

/**
 * Lines per transaction: as fast as 1,500 or 2,000 with the file read on its own thread, and the import's heap peaks lower
 * (docs/benchmarks.md, "The file read on a thread of its own"); a batch holds the database about 0.2 s.
 */
export const IMPORT_BATCH_ROWS = 1000;

/** An import running with no batch committed for this long has lost its process and is taken over. */
export const IMPORT_STALL_MS = 2 * 60_000;

/** The import's insert statements by how their foreign keys were checked (db/batch-keys.ts): stock's rows, and their change log's. */
interface ImportTally { stock: KeyCheckTally; log: KeyCheckTally }

/** What the import's closing log line says of its key checks: "foreign keys checked per batch: stock 50 of 50 inserts, change log 50 of 50". */
const tallyText = (t: ImportTally) =>
  `foreign keys checked per batch: stock ${t.stock.perBatch} of ${t.stock.perBatch + t.stock.perRow} inserts, change log ${t.log.perBatch} of ${t.log.perBatch + t.log.perRow}`;

/** The tables an import writes rows into, with their indexes: stock (and the tables its triggers write), its change log, the record of applied lines. */
const IMPORT_WRITES = ['stock', ...repo.STOCK_TRIGGER_WRITES, 'stock_change', 'stock_import_row'];

const yieldToOthers = () => new Promise<void>((r) => setImmediate(r));

/** The stored column an import field writes. */
const COLUMN_OF: Record<Exclude<ImportField, 'location'>, repo.ImportColumn> = {
  ...(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, f])) as Record<Exclude<ImportField, 'location'>, repo.ImportColumn>),
  part_brand_name: 'part_brand_id', quality_name: 'quality_id', make_name: 'make_id',
};
const PRICE_COLUMNS = new Set<string>(STOCK_PRICE_FIELDS);
const QTY_COLUMNS = new Set<string>(['quantity', 'vn_quantity']);

const tooLarge = () => new AppError(ResultCode.invalidPayload, 413, importText.tooLarge, { field: 'file' });
/** A refusal of the file itself, worded for the person who chose it. */
const badFile = (text: string) => new AppError(ResultCode.invalidPayload, 422, text, { field: 'file' });

export interface ImportDeps {
  clock: Clock;
  dir?: string;
  log?: (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;
  /** the company's daily upload quota, shared with images (upload.service createUploadQuota); unset: none */
  quota?: UploadQuota;
}

/** Where import files wait: beside the uploaded images (DATA_DIR/uploads-imports), or in the temp folder. */
export const importDirOf = (uploadDir?: string) => (uploadDir ? `${uploadDir.replace(/[\\/]+$/, '')}-imports` : join(tmpdir(), 'qipeihub-imports'));

/** An uploaded file not imported within this long is removed by the housekeeping (removeStaleImports). */
export const UNUSED_IMPORT_KEEP_S = 24 * 3600;
/** What the import's page says of an upload the housekeeping removed. */
export const IMPORT_EXPIRED_TEXT = '上传后一天内没有开始导入，文件已删除；请重新上传';

/**
 * Removes the uploaded import files nobody started within UNUSED_IMPORT_KEEP_S (their import is
 * marked failed with IMPORT_EXPIRED_TEXT, so its page says why), the files of imports that failed
 * as long ago (a new upload of the same file goes on where it stopped), and files in the folder
 * that no import names and are as old (an upload whose record never committed). The error files
 * of finished imports stay: the import's page offers them. Run by the hourly housekeeping.
 */
export const removeStaleImports = async (db: Kysely<DB>, dir: string | undefined, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - UNUSED_IMPORT_KEEP_S * 1000);
  const paths = await repo.expireUnstarted(db, before, IMPORT_EXPIRED_TEXT, now);
  paths.push(...(await repo.releaseFailed(db, before)));
  // files no import names: only in a folder of our own (the one beside the uploads)
  let names: string[] = [];
  if (dir) names = await readdir(dir).then((all) => all.filter((n) => n.endsWith('.upload')), () => []);
  const live = new Set(await repo.livePaths(db));
  for (const name of names) {
    const path = join(dir!, name);
    if (live.has(path) || paths.includes(path)) continue;
    const st = await stat(path).catch(() => null);
    if (st && st.mtime < before) paths.push(path);
  }
  for (const path of paths) await rm(path, { force: true });
  return paths.length;
};

export const createStockImportService = (deps: ImportDeps) => {
  const dir = deps.dir ?? importDirOf();
  mkdirSync(dir, { recursive: true });
  const { clock } = deps;
  /** The server is closing: no import goes on to another batch (stop). */
  let stopping = false;

  /** The header line and up to `limit` non-blank data lines (with their line numbers). */
  const head = async (path: string, format: TableFormat, encoding: string, limit: number) => {
    let headers: string[] | null = null;
    const rows: Array<{ row_no: number; cells: string[] }> = [];
    let line = 0;
    for await (const cells of readLines(path, format, encoding)) {
      line++;
      if (headers === null) {
        headers = cells.map((c) => c.trim());
        continue;
      }
      if (isBlankLine(cells)) continue;
      rows.push({ row_no: line, cells });
      if (rows.length >= limit) break;
    }
    return { headers: headers ?? [], rows };
  };

  const encodingOf = async (rec: repo.ImportRecord) => (await sniffFormat(rec.path))?.encoding ?? 'utf-8';

  const statusOf = (r: repo.ImportRecord): StockImportStatus => ({
    import_id: r.id, state: r.state, total_rows: r.total_rows, done_rows: r.done_rows, added: r.added, updated: r.updated,
    unchanged: r.unchanged, skipped: r.skipped, failed: r.failed, has_errors: r.error_path !== null, message: r.message,
  });

  const own = async (db: Kysely<DB>, caller: Caller, id: number) => {
    const rec = await repo.get(db, caller.companyId, id);
    if (!rec) throw forbidden(importText.notFound);
    return rec;
  };

  /** Why an import can no longer be previewed or started: running, failed (its message says why and what to do) or done. */
  const notWaiting = (rec: repo.ImportRecord) => (rec.state === 'running' ? importText.running : rec.state === 'failed' && rec.message ? rec.message : importText.finished);

  const checkMapping = (mapping: ColumnMapping, headers: string[]) => {
    const problem = mappingProblem(mapping, headers);
    if (problem) throw invalid('mapping', problem);
  };

  /**
   * The foreign keys of stock and of its change log if this database lets the import check them a
   * batch at a time (db/batch-keys.ts), asked once; null: checked per row.
   */
  let keysAsked: Promise<{ stock: BatchKey[] | null; log: BatchKey[] | null }> | undefined;
  const batchKeys = (db: Kysely<DB>) => (keysAsked ??= Promise.all([batchCheckedKeys(db, 'stock', repo.STOCK_TRIGGER_WRITES), batchCheckedKeys(db, 'stock_change')])
    .then(([stock, log]) => ({ stock, log }))
    .catch((e: unknown) => {
      deps.log?.('warn', 'stock import: foreign keys checked per row', e);
      return { stock: null, log: null };
    }));

  /** Applies one batch of lines in one transaction; the lines refused, with their reasons. */
  const applyBatch = async (
    db: Kysely<DB>, caller: Caller, rec: repo.ImportRecord, mapping: ColumnMapping, lines: ReadLine[], tally: ImportTally, resumed = false,
  ) => {
    const mapped = new Set(IMPORT_FIELDS.filter((f) => f !== 'location' && mapping[f]).map((f) => COLUMN_OF[f as Exclude<ImportField, 'location'>]));
    const keys = await batchKeys(db);
    return inTransaction(db, async (trx) => {
      const now = clock.now();
      const applied = await repo.appliedRows(trx, caller.companyId, rec.file_hash, lines.map((l) => l.row_no));
      const rejected: Array<{ cells: string[]; reason: string }> = [];
      const valid: Array<{ row_no: number; row: NonNullable<ReadLine['row']>; cells: string[] }> = [];
      let skipped = 0;
      for (const l of lines) {
        if (applied.has(l.row_no)) {
          skipped++;
          continue;
        }
        if (l.row) valid.push({ row_no: l.row_no, row: l.row, cells: l.cells });
        else rejected.push({ cells: l.cells, reason: l.errors.join('；') });
      }
      // 库位 (docs/warehouse.md): the locations of the lines that name some, all found in one query;
      // a line naming an unknown or stopped location is refused whole. No query when no line names one.
      const placings = new Map<number, Array<{ location_id: number; quantity: number | null }>>();
      const locating = valid.filter((v) => v.row.locations !== null);
      if (locating.length > 0) {
        const found = await resolveLocations(trx, caller.companyId, locating.flatMap((v) => v.row.locations!));
        let at = 0;
        for (const v of locating) {
          const parts = v.row.locations!;
          const got = found.slice(at, at + parts.length);
          at += parts.length;
          const problem = got.find((r): r is { problem: string } => 'problem' in r);
          const given = parts.every((p) => p.quantity !== null) ? parts.reduce((s, p) => s + p.quantity!, 0) : null;
          if (problem) rejected.push({ cells: v.cells, reason: problem.problem });
          else if (given !== null && mapped.has('quantity') && given !== v.row.quantity) {
            rejected.push({ cells: v.cells, reason: `库位数量合计 ${given} 与库存数量 ${v.row.quantity} 不一致，请改为一致或只填库位` });
          } else {
            placings.set(v.row_no, parts.map((p, i) => ({ location_id: (got[i] as { id: number }).id, quantity: p.quantity })));
            continue;
          }
          valid.splice(valid.indexOf(v), 1);
        }
      }
      /** The line's placings: a single location without a quantity takes the row's whole quantity. */
      const place = async (rowNo: number, stockId: number, quantity: number) => {
        const p = placings.get(rowNo);
        if (p) await replaceRowLocations(trx, caller.companyId, stockId, p.map((x) => ({ location_id: x.location_id, quantity: x.quantity ?? quantity })));
      };
      const oes = [...new Set(valid.map((v) => v.row.oe_norm))];
      const existing = oes.length ? await repo.existingItems(trx, caller.companyId, oes) : new Map<string, repo.ExistingRow>();
      const products = oes.length ? await repo.catalogue(trx, oes) : new Map();
      const inserts: typeof valid = [];
      const later: typeof valid = [];
      const newKeys = new Set<string>();
      for (const v of valid) {
        const key = repo.itemKey(v.row);
        if (existing.has(key) || newKeys.has(key)) later.push(v);
        else {
          newKeys.add(key);
          inserts.push(v);
        }
      }
      if (placings.size > 0) {
        const placed = later.filter((v) => placings.has(v.row_no)).map((v) => existing.get(repo.itemKey(v.row))).filter((e) => e !== undefined);
        const locked = await repo.lockQuantities(trx, [...new Set(placed.map((e) => e.id))]);
        for (const e of placed) e.values.quantity = locked.get(e.id) ?? e.values.quantity;
      }
      const ids = await repo.insertMany(trx, caller.companyId, inserts.map(({ row }) => {
        const product = products.get(row.oe_norm);
        return {
          // 现货 left empty on a new row: not marked (docs/spot-goods.md, "Marking rows")
          ...row, spot: row.spot ?? false, product_id: product?.id ?? null,
          make_id: row.make_id ?? product?.make_id ?? null, terminology_id: row.terminology_id ?? product?.terminology_id ?? null,
        };
      }), now, keys.stock, tally.stock);
      const log: Parameters<typeof stockRepo.log>[1] = [];
      const done: number[] = [];
      inserts.forEach((v, i) => {
        const values = Object.fromEntries(repo.IMPORT_COLUMNS.map((c) => [c, (v.row as Record<string, unknown>)[c] ?? (c === 'spot' ? false : null)])) as repo.StoredValues;
        existing.set(repo.itemKey(v.row), { id: ids[i], oe_norm: v.row.oe_norm, price_lock: false, values });
        log.push({ stock_id: ids[i], company_id: caller.companyId, user_id: caller.userId, at: now, action: 'import', changes: [] });
        done.push(v.row_no);
      });
      if (placings.size > 0) for (const [i, v] of inserts.entries()) await place(v.row_no, ids[i], v.row.quantity);
      let updated = 0;
      let unchanged = 0;
      for (const v of later) {
        const cur = existing.get(repo.itemKey(v.row))!;
        const set: Partial<repo.StoredValues> = {};
        const changes: stockRepo.Change[] = [];
        for (const c of mapped) {
          const next = (v.row as Record<string, unknown>)[c] as string | number | boolean | null;
          // an empty 现货 cell leaves the mark as it is
          if (c === 'spot' && next === null) continue;
          if (cur.values[c] !== next) {
            set[c] = next;
            changes.push({ field: c, old: cur.values[c], new: next });
          }
        }
        if (changes.length === 0) {
          await place(v.row_no, cur.id, Number(cur.values.quantity));
          unchanged++;
          done.push(v.row_no);
          continue;
        }
        const price = changes.some((ch) => PRICE_COLUMNS.has(ch.field));
        if (price && cur.price_lock) {
          rejected.push({ cells: v.cells, reason: importText.priceLocked });
          continue;
        }
        const qty = changes.some((ch) => QTY_COLUMNS.has(ch.field));
        const prod = changes.some((ch) => !PRICE_COLUMNS.has(ch.field) && !QTY_COLUMNS.has(ch.field));
        await repo.updateOne(trx, cur.id, set, {
          ...(prod ? { prod_write_date: now } : {}), ...(price ? { price_write_date: now } : {}), ...(qty ? { stock_write_date: now } : {}),
        });
        Object.assign(cur.values, set);
        await place(v.row_no, cur.id, Number(cur.values.quantity));
        log.push({ stock_id: cur.id, company_id: caller.companyId, user_id: caller.userId, at: now, action: 'import', changes });
        updated++;
        done.push(v.row_no);
      }
      await logStockChanges(trx, log, keys.log, tally.log);
      await repo.recordApplied(trx, caller.companyId, rec.file_hash, done);
      // a resumed import meets the lines it applied itself before it stopped: they are done, not skipped
      await repo.addProgress(trx, rec.id, { done: lines.length, added: inserts.length, updated, unchanged, skipped: resumed ? 0 : skipped, failed: rejected.length }, now);
      return rejected;
    });
  };

  const run = async (db: Kysely<DB>, caller: Caller, rec: repo.ImportRecord, mapping: ColumnMapping, resumed = false) => {
    const encoding = await encodingOf(rec);
    const tally: ImportTally = { stock: newKeyCheckTally(), log: newKeyCheckTally() };
    const errorPath = join(dir, `${rec.id}-${randomBytes(8).toString('hex')}-errors.csv`);
    let errors: ReturnType<typeof createWriteStream> | null = null;
    const writeErrors = async (rows: Array<{ cells: string[]; reason: string }>) => {
      if (rows.length === 0) return;
      if (!errors) {
        errors = createWriteStream(errorPath);
        // the BOM makes Excel open the file as UTF-8
        errors.write(`\uFEFF${Papa.unparse([[...rec.headers.map(csvCell), ERROR_COLUMN]])}\r\n`);
      }
      const width = rec.headers.length;
      // the uploaded cells come back as text, never as a formula (csvCell: OWASP CSV injection)
      const text = `${Papa.unparse(rows.map((r) => [...r.cells.slice(0, width).map(csvCell), ...Array(Math.max(0, width - r.cells.length)).fill(''), r.reason]))}\r\n`;
      if (!errors.write(text)) await once(errors, 'drain');
    };
    let reading: ImportLines | undefined;
    try {
      // the file is read and its lines checked on a thread of its own, a batch ahead (import-lines.ts)
      reading = readImportLines({ path: rec.path, format: rec.format, encoding, headers: rec.headers, mapping, refs: await repo.references(db), batchRows: IMPORT_BATCH_ROWS });
      // the count comes in beside the batches; written between them, once known
      let total: number | undefined;
      let totalWritten = false;
      reading.total.then((n) => (total = n), () => undefined);
      const writeTotal = async () => {
        if (total === undefined || totalWritten) return;
        await repo.setTotal(db, rec.id, total);
        totalWritten = true;
      };
      // PGlite: no file system question at each of the indexes' page splits (db/free-space-maps.ts);
      // an import without them is only slower
      await giveIndexesFreeSpaceMaps(db, IMPORT_WRITES).catch((e: unknown) => deps.log?.('warn', 'stock import: indexes left without free space maps', e));
      for await (const batch of reading.batches) {
        // a closing server: left 'running' for the next process, which skips the lines applied
        if (stopping) {
          (errors as ReturnType<typeof createWriteStream> | null)?.destroy();
          await rm(errorPath, { force: true });
          return;
        }
        await writeTotal();
        await writeErrors(await applyBatch(db, caller, rec, mapping, batch, tally, resumed));
        // let the requests that waited for the database go first
        await yieldToOthers();
      }
      total = await reading.total;
      await writeTotal();
      const w = errors as ReturnType<typeof createWriteStream> | null;
      if (w) {
        w.end();
        await once(w, 'finish');
      }
      deps.log?.('info', `stock import ${rec.id} done: ${tallyText(tally)}`);
      await repo.finish(db, rec.id, 'done', w ? errorPath : null, '', clock.now());
      await rm(rec.path, { force: true });
    } catch (e) {
      await reading?.close();
      deps.log?.('error', `stock import ${rec.id} failed`, e);
      (errors as ReturnType<typeof createWriteStream> | null)?.destroy();
      const message = e instanceof PartTooLarge ? `${e.message}；已导入的行保留` : '导入中断：文件无法读取或数据库出错，已导入的行保留；请重新上传同一文件继续导入';
      await repo.finish(db, rec.id, 'failed', null, message, clock.now()).catch(() => undefined);
    }
  };

  /** Imports running in this process (tests and the benchmark wait for them). */
  const running = new Map<number, Promise<void>>();
  /** Exports running in this process: the rows each has read. */
  const exporting = new Set<{ rows: number }>();

  return {
    /**
     * Streams the request body to a file, then checks what it is; refusals leave nothing behind.
     * The file counts against the company's daily upload quota (shared with images): checked
     * before a byte is read, taken atomically once its size is known, given back when refused.
     * Stops when the client goes away (`signal`).
     */
    async upload(db: Kysely<DB>, caller: Caller, fileName: string, declaredLength: number | null, body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): Promise<StockImportUpload> {
      if (declaredLength !== null && declaredLength > MAX_IMPORT_BYTES) throw tooLarge();
      await deps.quota?.precheck(db, caller.companyId, declaredLength ?? 1, deps.quota.texts.file, 'file');
      const path = join(dir, `${caller.companyId}-${randomBytes(12).toString('hex')}.upload`);
      const hash = createHash('sha256');
      let size = 0;
      let giveBack: (() => Promise<void>) | undefined;
      try {
        const out = createWriteStream(path);
        if (body) {
          for await (const chunk of Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>)) {
            if (signal?.aborted) {
              out.destroy();
              throw new ClientGone();
            }
            size += (chunk as Buffer).length;
            if (size > MAX_IMPORT_BYTES) {
              out.destroy();
              throw tooLarge();
            }
            hash.update(chunk as Buffer);
            if (!out.write(chunk)) await once(out, 'drain');
          }
        }
        out.end();
        await once(out, 'finish');
        if (size === 0) throw badFile(importText.empty);
        const kind = await sniffFormat(path);
        if (!kind) throw badFile(importText.notTable);
        let preview: Awaited<ReturnType<typeof head>>;
        try {
          preview = await head(path, kind.format, kind.encoding, 1);
        } catch (e) {
          throw badFile(e instanceof PartTooLarge ? e.message : importText.notTable);
        }
        if (preview.headers.every((h) => h === '')) throw badFile(importText.noHeader);
        if (preview.rows.length === 0) throw badFile(importText.noRows);
        giveBack = await deps.quota?.take(db, caller.companyId, size, deps.quota.texts.file, 'file');
        const fileHash = hash.digest('hex');
        const headers = preview.headers;
        const id = await repo.create(db, { company_id: caller.companyId, user_id: caller.userId, file_name: fileName.slice(0, 200), file_hash: fileHash, format: kind.format, path, headers, at: clock.now() });
        return {
          import_id: id, file_name: fileName, format: kind.format, headers,
          mapping: suggestMapping(headers, await repo.getMapping(db, caller.companyId)) as Record<string, string>,
          seen_before: await repo.seenBefore(db, caller.companyId, fileHash),
        };
      } catch (e) {
        await rm(path, { force: true });
        await giveBack?.();
        throw e;
      }
    },

    async preview(db: Kysely<DB>, caller: Caller, id: number, mapping: ColumnMapping) {
      const rec = await own(db, caller, id);
      if (rec.state !== 'uploaded') throw conflict(notWaiting(rec));
      checkMapping(mapping, rec.headers);
      await repo.saveMapping(db, caller.companyId, mapping, clock.now());
      const [{ rows }, refs] = await Promise.all([head(rec.path, rec.format, await encodingOf(rec), PREVIEW_ROWS), repo.references(db)]);
      return {
        rows: rows.map((r) => {
          const built = buildImportRow(r.cells, rec.headers, mapping, refs);
          return { row_no: r.row_no, cells: r.cells, errors: built.ok ? [] : built.errors };
        }),
      };
    },

    async start(db: Kysely<DB>, caller: Caller, id: number, mapping: ColumnMapping) {
      const rec = await own(db, caller, id);
      checkMapping(mapping, rec.headers);
      if (!(await repo.claim(db, caller.companyId, id, mapping, clock.now()))) throw conflict(notWaiting(rec));
      await repo.saveMapping(db, caller.companyId, mapping, clock.now());
      const job = run(db, caller, { ...rec, state: 'running' }, mapping).finally(() => running.delete(id));
      running.set(id, job);
      return statusOf({ ...rec, state: 'running' });
    },

    async status(db: Kysely<DB>, caller: Caller, id: number) {
      return statusOf(await own(db, caller, id));
    },

    /** The error file of a finished import, or undefined when it has none. */
    async errorFile(db: Kysely<DB>, caller: Caller, id: number) {
      const rec = await own(db, caller, id);
      return rec.error_path ? { path: rec.error_path, name: `${rec.file_name.replace(/\.[^.]*$/, '')}-错误行.csv` } : undefined;
    },

    /**
     * Runs on the imports whose process stopped mid-way (no batch committed for IMPORT_STALL_MS),
     * as the user who started them, with the mapping they were started with; the lines already
     * applied are skipped. The server calls it at start and every minute; the ids taken over.
     */
    async resumeStalled(db: Kysely<DB>): Promise<number[]> {
      const now = clock.now();
      const taken = await repo.takeStalled(db, new Date(now.getTime() - IMPORT_STALL_MS), now);
      for (const rec of taken) {
        if (running.has(rec.id)) continue;
        const caller: Caller = { userId: rec.user_id, companyId: rec.company_id, uuid: '', username: '', permissions: [], sessionId: 0 };
        const mapping = rec.mapping ?? (await repo.getMapping(db, rec.company_id));
        deps.log?.('info', `stock import ${rec.id} resumed after its server stopped`);
        const job = run(db, caller, rec, mapping, true).finally(() => running.delete(rec.id));
        running.set(rec.id, job);
      }
      return taken.map((r) => r.id);
    },

    /** Resolves when the import started in this process has finished. */
    settled: (id: number) => running.get(id) ?? Promise.resolve(),

    /**
     * For a closing server: each running import stops after the batch under way and stays
     * 'running', so the next process takes it over (resumeStalled) and goes on from there; its
     * file reader's thread stops with it. Resolves when they have stopped.
     */
    async stop() {
      stopping = true;
      await Promise.allSettled(running.values());
    },

    /**
     * The filtered stock list as an XLSX stream with the import's headers, read a page at a time
     * (keyset on id) and written row by row, so a large list is never whole in memory. Every cell
     * is a string cell (text, never a formula, whatever it starts with). It stops when the client
     * goes away (`signal`, or the stream destroyed): no page is read after that. `beforePage` is
     * awaited before each page is read (the route takes its budget there); `finished` settles when
     * the last byte is written or the export stopped.
     */
    exportXlsx(db: Kysely<DB>, caller: Caller, f: StockFilter, o: { signal?: AbortSignal; pageRows?: number; beforePage?: (first: boolean) => Promise<void> } = {}) {
      const pageRows = o.pageRows ?? 1000;
      const out = new PassThrough();
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
      const sheet = book.addWorksheet('库存');
      const progress = { rows: 0 };
      const stopped = () => o.signal?.aborted === true || out.destroyed;
      // the client gone: the workbook's last writes wait for a reader that will never come, so the
      // export ends there instead of holding its user's heavy slot for ever
      const gone = new Promise<void>((resolve) => {
        if (o.signal?.aborted) resolve();
        o.signal?.addEventListener('abort', () => resolve(), { once: true });
        out.once('close', () => resolve());
      });
      const write = async () => {
        sheet.addRow(IMPORT_FIELDS.map((field) => IMPORT_LABELS[field])).commit();
        let after = 0;
        for (let first = true; ; first = false) {
          await o.beforePage?.(first);
          if (stopped()) return;
          const rows = await stockRepo.exportPage(db, caller.companyId, f, after, pageRows);
          if (stopped()) return;
          const where = await locationsOfRows(db, rows.filter((r) => r.located).map((r) => r.id));
          progress.rows += rows.length;
          for (const [i, r] of rows.entries()) {
            sheet.addRow(IMPORT_FIELDS.map((field) => {
              switch (field) {
                case 'part_brand_name': return r.part_brand_name;
                case 'quality_name': return r.part_type_name;
                case 'make_name': return r.make_name;
                case 'price99': case 'price0': case 'price1': case 'price2': case 'price3': case 'price5': return yuanText(r[field]);
                case 'vn_price': return r.vn_price === null ? '' : String(r.vn_price);
                case 'spot': return spotText(r.spot);
                case 'location': return locationsText(where.get(r.id) ?? []);
                default: return String(r[field]);
              }
            })).commit();
            // writing a row is work on the thread everyone's calls need: let them in now and then
            if (i % 200 === 199) await yieldToOthers();
          }
          if (rows.length < pageRows) break;
          after = rows[rows.length - 1].id;
          if (out.writableNeedDrain) await drainedOrGone(out, o.signal);
        }
        sheet.commit();
        await Promise.race([book.commit(), gone]);
      };
      exporting.add(progress);
      const finished = write()
        .then(() => {
          if (stopped()) out.destroy();
        })
        .catch((e: unknown) => {
          if (!stopped() && !(e instanceof ClientGone)) deps.log?.('error', 'stock export failed', e);
          out.destroy(e instanceof ClientGone ? undefined : (e as Error));
        })
        .finally(() => exporting.delete(progress));
      return { stream: out as Readable, finished };
    },

    /** The rows read so far by each export running in this process (tests watch one stop). */
    exportsRunning: () => [...exporting].map((p) => p.rows),
  };
};

/**
 * Resolves when `out` can take more, or when it is gone or its client left (nothing will drain it
 * then). A client that left before this was asked (while the rows were written) resolves it at
 * once: its abort event has fired already and would never come again.
 */
const drainedOrGone = (out: PassThrough, signal?: AbortSignal) => new Promise<void>((resolve) => {
  if (signal?.aborted || out.destroyed) return resolve();
  const done = () => {
    out.off('drain', done);
    out.off('close', done);
    signal?.removeEventListener('abort', done);
    resolve();
  };
  out.once('drain', done);
  out.once('close', done);
  signal?.addEventListener('abort', done, { once: true });
});

export type StockImportService = ReturnType<typeof createStockImportService>;
