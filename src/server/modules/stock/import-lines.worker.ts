/**
 * The stock import's reading of its file, on a thread of its own (started by import-lines.ts): the
 * CSV or XLSX parsing and each line's checks run beside the database's work instead of between its
 * statements (docs/benchmarks.md, "Stock import"). The file is read twice: once to count its
 * non-blank lines (the import's progress says 正在统计行数… until then), and once for the lines
 * themselves, each 'next' from the import answered with the next batch, each line with its row
 * built by the add form's own schema. A CSV's two reads run at once.
 */
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { normalizeOe } from '../../../shared/domain/oe';
import { buildImportRow, isBlankLine } from '../../../shared/domain/stock-import';
import { PartTooLarge, readLines } from './table-file';
import type { ImportLinesInput, ImportLinesMessage, ReadLine } from './import-lines';

const input = workerData as ImportLinesInput;
const port = parentPort!;
const send = (m: ImportLinesMessage) => port.postMessage(m);
/**
 * A batch travels serialized and is taken apart only when the import comes to it: the batch read
 * ahead waits as one compact buffer, not as thousands of objects on the import's heap.
 */
const sendBatch = (lines: ReadLine[]) => {
  const bytes = serialize(lines);
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  port.postMessage({ kind: 'batch', data: own } satisfies ImportLinesMessage, [own as ArrayBuffer]);
};

/** The line as the import applies it: its cells, and its row or the reasons it has none. */
const readLine = (row_no: number, cells: string[]): ReadLine => {
  const built = buildImportRow(cells, input.headers, input.mapping, input.refs);
  return built.ok ? { row_no, cells, row: { ...built.row, oe_norm: normalizeOe(built.row.supplier_oe) } } : { row_no, cells, errors: built.errors };
};

/** Resolves at each 'next' of the import. */
let wanted = 0;
let wake: (() => void) | undefined;
port.on('message', () => {
  wanted++;
  wake?.();
});
const nextWanted = async () => {
  while (wanted === 0) await new Promise<void>((r) => (wake = r));
  wanted--;
};

const lines = () => readLines(input.path, input.format, input.encoding, input.limits);

/** The count of the file's non-blank lines after the header, read beside the batches. */
const count = async () => {
  let total = 0;
  let first = true;
  for await (const cells of lines()) {
    if (first) first = false;
    else if (!isBlankLine(cells)) total++;
  }
  send({ kind: 'total', total });
};

/** The batches, each sent when the import asks for it ('next') and the next one read meanwhile. */
const produce = async (counted: Promise<void>) => {
  let batch: ReadLine[] = [];
  let line = 0;
  await nextWanted();
  for await (const cells of lines()) {
    line++;
    if (line === 1 || isBlankLine(cells)) continue;
    batch.push(readLine(line, cells));
    if (batch.length >= input.batchRows) {
      sendBatch(batch);
      batch = [];
      await nextWanted();
    }
  }
  if (batch.length) {
    sendBatch(batch);
    await nextWanted();
  }
  // the count before the end: the import writes its total once the batches are done
  await counted;
  send({ kind: 'end' });
};

// A CSV is counted while its batches are read; an XLSX first, as the reader holds the whole
// archive and its shared strings, which two reads at once would hold twice. The first failure of
// either stops the import (import-lines.ts).
const counted = count();
Promise.all([counted, input.format === 'xlsx' ? counted.then(() => produce(counted)) : produce(counted)]).catch((e: unknown) =>
  send(e instanceof PartTooLarge
    ? { kind: 'error', tooLarge: { part: e.part, limit: e.limit } }
    : { kind: 'error', message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined }));
