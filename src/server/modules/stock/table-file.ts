/**
 * Reading an uploaded table file line by line: CSV streamed from disk through papaparse's stream
 * parser (UTF-8, with or without BOM, or GB18030 as Excel saves it in China); XLSX's compressed
 * archive (at most 20 MB) held in memory, its parts found through the zip's central directory, and
 * the first visible worksheet's rows unpacked and parsed one at a time by exceljs's worksheet
 * reader. Line numbers count the header as line 1, as a spreadsheet shows them.
 */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { pipeline, Transform } from 'node:stream';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import * as unzipper from 'unzipper';

export type TableFormat = 'csv' | 'xlsx';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const SNIFF_BYTES = 64 * 1024;

/** Control characters other than tab, line feed and carriage return: no CSV holds them. */
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return true;
  }
  return false;
};

/** What the first bytes say the file is: an XLSX (a zip with an Excel workbook), CSV text, or neither. */
export const sniffFormat = async (path: string): Promise<{ format: TableFormat; encoding: string } | null> => {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    const head = buf.subarray(0, bytesRead);
    if (ZIP_MAGIC.every((b, i) => head[i] === b)) {
      // every XLSX names its workbook part near the start of the archive
      return head.includes('[Content_Types].xml') || head.includes('xl/') ? { format: 'xlsx', encoding: '' } : null;
    }
    if (head.includes(0)) return null;
    // a multi-byte character may be cut at the end of the sample: try without up to 3 trailing bytes
    const cuts = bytesRead === SNIFF_BYTES ? [0, 1, 2, 3] : [0];
    for (const enc of ['utf-8', 'gb18030']) {
      for (const cut of cuts) {
        let text: string;
        try {
          text = new TextDecoder(enc, { fatal: true }).decode(head.subarray(0, head.length - cut));
        } catch {
          continue;
        }
        // control characters other than tab and line ends: a binary file that happens to decode
        return hasControl(text) ? null : { format: 'csv', encoding: enc };
      }
    }
    return null;
  } finally {
    await fh.close();
  }
};

const decoder = (encoding: string) => {
  const d = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, d.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, d.decode());
    },
  });
};

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
};

/** Every line of the file as cell texts (the header first), read in order without loading the file. */
export async function* readLines(path: string, format: TableFormat, encoding: string): AsyncGenerator<string[]> {
  if (format === 'csv') {
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: false });
    // Small chunks: each time the reader falls 16 rows behind, papaparse's stream pauses and keeps
    // only the unparsed rest of its current chunk (a copy), then parses on from there. With 256 KB
    // chunks that copying made the parse quadratic in the chunk and took most of an import's time
    // (100,000 rows: 4,500 rows/s with 256 KB, 7,000 with 16 KB; 4 KB is no faster).
    const source = createReadStream(path, { highWaterMark: 16 * 1024 }).pipe(decoder(encoding));
    source.pipe(parser);
    source.on('error', (e) => parser.destroy(e));
    let first = true;
    try {
      for await (const row of parser as AsyncIterable<string[]>) {
        if (first && row.length > 0) row[0] = row[0].replace(/^\uFEFF/, '');
        first = false;
        yield row;
      }
    } finally {
      source.destroy();
      parser.destroy();
    }
    return;
  }
  const sheet = await firstWorksheet(path);
  let line = 0;
  for await (const row of sheet) {
    line++;
    // exceljs skips empty rows: keep line numbers as the spreadsheet shows them
    while (line < row.number) {
      yield [];
      line++;
    }
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
    yield cells;
  }
}

/**
 * The parts of exceljs's streaming WorkbookReader that read one part each. Its own `parse()` reads
 * the zip in one streaming pass and loses the parts stored after a worksheet now and then: unzipper
 * ends its entry stream when the input is written, while parts are still queued behind a paused
 * reader (exceljs issues 1558 and 3064; 3 in 1,000 reads of a workbook exceljs itself wrote, the
 * worksheet then read before the workbook part and "Cannot read properties of undefined (reading
 * 'sheets')"). Reading each part through the central directory has no such race and does not
 * depend on the order the writer stored the parts in. exceljs is pinned to 4.4.0 for these names.
 * The archive is read into memory (an upload is at most 20 MB; unzipper copies the rest of it for
 * each part it opens, so a read holds up to about twice that); unzipper's Open.file would leave a
 * file handle open for every part it does not read to the end.
 */
type PartReader = Omit<ExcelJS.stream.xlsx.WorkbookReader, 'model'> & {
  model?: { sheets?: Array<{ id: number; name: string; rId: string; state?: string }> };
  workbookRels?: Array<{ Id: string; Type: string; Target: string }>;
  _parseRels(entry: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(entry: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
};

/** Thrown for an archive that holds no readable worksheet; the upload reports it as not a table. */
export class NotAWorkbook extends Error {}

/**
 * The shared strings are kept in memory while the worksheet is read: a part that unpacks beyond
 * this is refused rather than filling the server's memory (100,000 lines of distinct codes and
 * names take about 20 MB).
 */
const MAX_SHARED_STRINGS_BYTES = 100 * 1024 * 1024;

/** A part's bytes, failing (as a rejection of the reader, never an unhandled error) past `limit`. */
const partStream = (f: unzipper.File, limit = Infinity) => {
  let n = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      done(n > limit ? new NotAWorkbook(`${f.path} unpacks beyond ${limit} bytes`) : null, chunk);
    },
  });
  // pipeline destroys every stream with the first error (a broken deflate block included), so
  // the reader iterating `counted` gets it
  return pipeline(f.stream(), counted, () => undefined);
};

/** The rows of the workbook's first visible worksheet (as Excel lists its tabs). */
const firstWorksheet = async (path: string): Promise<AsyncIterable<ExcelJS.Row>> => {
  const zip = await unzipper.Open.buffer(await readFile(path));
  // part names as the archive stores them; some writers capitalise differently
  const part = (name: string) => zip.files.find((f) => f.path.toLowerCase() === name.toLowerCase());
  // a relationship's target is relative to xl/ ("worksheets/sheet1.xml", "./worksheets/…"), or
  // absolute from the archive's root ("/xl/worksheets/sheet1.xml")
  const inBook = (target: string) => posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  // its input is never read: only its part readers are called
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' }) as unknown as PartReader;
  const rels = part('xl/_rels/workbook.xml.rels');
  const book = part('xl/workbook.xml');
  if (!rels || !book) throw new NotAWorkbook('no workbook part');
  await reader._parseRels(partStream(rels));
  await reader._parseWorkbook(partStream(book));
  const relOf = (rId: string) => reader.workbookRels?.find((r) => r.Id === rId);
  const stringsRel = reader.workbookRels?.find((r) => r.Type.endsWith('/sharedStrings'));
  const strings = part(stringsRel ? inBook(stringsRel.Target) : 'xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(partStream(strings, MAX_SHARED_STRINGS_BYTES)));
  // the first tab that is a worksheet (not a chart sheet) and not hidden
  const tab = reader.model?.sheets?.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden' && relOf(s.rId)?.Type.endsWith('/worksheet'));
  const target = tab ? relOf(tab.rId)?.Target : undefined;
  const sheet = target ? part(inBook(target)) : undefined;
  if (!sheet) throw new NotAWorkbook('no worksheet');
  // exceljs names a worksheet by this number where the relationship is the usual worksheets/sheetN.xml
  const sheetNo = /sheet(\d+)\.xml$/i.exec(sheet.path)?.[1] ?? '1';
  for (const { eventType, value } of reader._parseWorksheet(partStream(sheet), sheetNo)) if (eventType === 'worksheet') return value;
  throw new NotAWorkbook('no worksheet');
};
