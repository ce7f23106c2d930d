/**
 * The stock import's file, read and checked on a worker thread (import-lines.worker.ts) while the
 * import writes the batch before (docs/benchmarks.md, "Stock import"): the parsing and the lines'
 * checks are about a seventh of an import's work, and on the event loop they would both wait for
 * the database and keep other requests waiting. One batch is read ahead, so at most two batches of
 * lines are in memory at once.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ColumnMapping, ImportLine, ImportReferences } from '../../../shared/domain/stock-import';
import { PartTooLarge, type TableFormat, type XlsxLimits } from './table-file';

export interface ImportLinesInput {
  path: string; format: TableFormat; encoding: string; headers: string[]; mapping: ColumnMapping; refs: ImportReferences; batchRows: number;
  /** what an XLSX's parts may unpack to (table-file.ts XLSX_LIMITS unless given) */
  limits?: XlsxLimits;
}

/** A line of the file (its number counts the header as 1) with its row, or the reasons it has none. */
export type ReadLine = { row_no: number; cells: string[] } & (
  | { row: Extract<ImportLine, { ok: true }>['row'] & { oe_norm: string }; errors?: undefined }
  | { row?: undefined; errors: string[] }
);

export type ImportLinesMessage =
  | { kind: 'total'; total: number }
  /** the lines, v8-serialized (import-lines.worker.ts) */
  | { kind: 'batch'; data: ArrayBuffer }
  | { kind: 'end' }
  | { kind: 'error'; tooLarge: { part: string; limit: number } }
  | { kind: 'error'; message: string; stack?: string; tooLarge?: undefined };

/**
 * tsx compiles the worker's TypeScript as it does the server's (its public `register`), under
 * `npm start` and in the tests alike.
 */
const bootstrap = (url: URL) =>
  `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
/** Found from here, not from the process's working folder (which an eval'd worker would resolve from). */
const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;

export interface ImportLines {
  /** The file's non-blank lines after the header, counted beside the batches; rejects when the file cannot be read whole. */
  total: Promise<number>;
  /** The lines, a batch at a time, each batch read while the one before is applied. */
  batches: AsyncGenerator<ReadLine[]>;
  /** Stops the thread (also done when the batches end or fail). */
  close: () => Promise<void>;
}

export const readImportLines = (input: ImportLinesInput): ImportLines => {
  const worker = new Worker(bootstrap(new URL('./import-lines.worker.ts', import.meta.url)), { eval: true, workerData: input, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  let counted!: (total: number) => void;
  let notCounted!: (e: Error) => void;
  const total = new Promise<number>((resolve, reject) => {
    counted = resolve;
    notCounted = reject;
  });
  // a rejection here is the caller's through `total`; the batches see the same failure
  total.catch(() => undefined);
  const queue: Array<Extract<ImportLinesMessage, { kind: 'batch' | 'end' }>> = [];
  let failure: Error | undefined;
  let waiting: (() => void) | undefined;
  const fail = (e: Error) => {
    failure ??= e;
    notCounted(e);
    waiting?.();
  };
  worker.on('message', (m: ImportLinesMessage) => {
    if (m.kind === 'total') counted(m.total);
    else if (m.kind === 'error') fail(m.tooLarge ? new PartTooLarge(m.tooLarge.part, m.tooLarge.limit) : Object.assign(new Error(m.message), m.stack ? { stack: m.stack } : {}));
    else queue.push(m);
    waiting?.();
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the import file reader stopped')));
  const next = async () => {
    for (;;) {
      // a failure stops the import at once, before lines read ahead of it
      if (failure) throw failure;
      const m = queue.shift();
      if (m) return m;
      await new Promise<void>((r) => (waiting = r));
      waiting = undefined;
    }
  };
  const close = async () => {
    await worker.terminate();
  };
  async function* batches(): AsyncGenerator<ReadLine[]> {
    try {
      worker.postMessage('next');
      for (;;) {
        const m = await next();
        if (m.kind === 'end') return;
        // the next batch is read while this one is applied
        worker.postMessage('next');
        yield deserialize(new Uint8Array(m.data)) as ReadLine[];
      }
    } finally {
      await close();
    }
  }
  return { total, batches: batches(), close };
};
