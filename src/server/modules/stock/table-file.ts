/**
 * Reading an uploaded table file line by line: CSV streamed from disk through papaparse's stream
 * parser (UTF-8, with or without BOM, or GB18030 as Excel saves it in China); XLSX read by the
 * small reader below: the compressed archive (at most 20 MB) held in memory and its parts found
 * through the zip's central directory (yauzl), the workbook's relationships, tabs and shared
 * strings read first, then the first visible worksheet unpacked and parsed (saxes) one row at a
 * time as the caller asks for lines. Line numbers count the header as line 1, as a spreadsheet
 * shows them.
 */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { Transform } from 'node:stream';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

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

/**
 * Every line of the file as cell texts (the header first), read in order without loading the file.
 * `limits` bound what an XLSX may unpack to (tests pass small ones).
 */
export async function* readLines(path: string, format: TableFormat, encoding: string, limits: XlsxLimits = XLSX_LIMITS): AsyncGenerator<string[]> {
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
  yield* xlsxLines(path, limits);
}

/**
 * Why a reader of our own: exceljs's streaming WorkbookReader reads the zip in one streaming pass
 * and loses the parts stored after a worksheet now and then: unzipper ends its entry stream when
 * the input is written, while parts are still queued behind a paused reader (exceljs issues 1558
 * and 3064; 3 in 1,000 reads of a workbook exceljs itself wrote, the worksheet then read before
 * the workbook part and "Cannot read properties of undefined (reading 'sheets')"). Its readers of
 * one part each are private (this file called them, with exceljs pinned to their version). Here
 * each part is opened through the central directory (read from the archive in memory, never
 * copied), so nothing races and the order the writer stored the parts in does not matter. Values
 * read as exceljs 4.4 gave them (cellText), but for what it read wrong: a character whose UTF-8
 * bytes straddled two unpacked chunks read as U+FFFD (70 lines of a 100,000-line stock table), a
 * phonetic guide (<rPh>) replaced its string, an inline rich text kept its last run only,
 * whitespace between the tags of an indented part joined the text, and a formula's cached 0 or
 * FALSE read as empty. It also reads what exceljs refused or skipped: CDATA text, prefixed
 * element names (<x:row>), cells and rows without a reference.
 */

/** Thrown for an archive that holds no readable worksheet; the upload reports it as not a table. */
export class NotAWorkbook extends Error {}

/**
 * A part that unpacks to more than its cap, found before it is opened (the size the archive
 * states) or while it is read (the bytes counted as they unpack, whatever the archive states).
 * Its message is the Chinese refusal the person who chose the file is shown.
 */
export class PartTooLarge extends NotAWorkbook {
  constructor(readonly part: string, readonly limit: number) {
    super(`表格文件解压后过大（${part}超过 ${Math.floor(limit / 1024 / 1024) || 1} MB），请删去多余的行或列，或拆分后分批导入`);
  }
}

/**
 * A cell written back to a CSV file someone opens in Excel (the import's error file): text that
 * starts with =, +, -, @, a tab or a carriage return would be read as a formula (OWASP "CSV
 * injection"), so it gets a leading single quote. A plain number ("-5", "+86", "1e3") is left as
 * it is: it can be no formula and a spreadsheet reads it as the number it is.
 */
export const csvCell = (text: string) =>
  /^[=+\-@\t\r]/.test(text) && !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? `'${text}` : text;

/**
 * What an XLSX's parts may unpack to, refused beyond (a zip bomb would otherwise fill the memory
 * or take minutes): the shared strings are kept in memory while the worksheet is read (100,000
 * lines of distinct codes and names take about 20 MB); the worksheet is streamed but parsed twice
 * per import (counted, then applied), and 100,000 lines of 10 columns take about 40 MB; the
 * relationships and the workbook part (its tab list) are a few KB. The size is the one the
 * central directory states, checked before a part is opened; yauzl fails a part's stream that
 * unpacks to more than that (validateEntrySizes).
 */
export const XLSX_LIMITS = { sharedStringsBytes: 100 * 1024 * 1024, worksheetBytes: 200 * 1024 * 1024, partBytes: 10 * 1024 * 1024 };
export type XlsxLimits = typeof XLSX_LIMITS;

/** Excel's own sheet size: a cell beyond it is a damaged or forged worksheet, not a longer line. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

type Parser = SaxesParser<{ xmlns: false; position: false }>;
const newParser = (): Parser => new SaxesParser({ xmlns: false, position: false });

/** An element's name without its namespace prefix ("x:row" → "row"): some writers prefix them all. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds a part to `parser` as it unpacks, yielding after each chunk. A part stating a size beyond
 * `limit` is refused before it is opened; a broken deflate stream or an XML error rejects the
 * iteration (never an uncaught stream error); stopping early closes the part's stream.
 */
async function* parse(zip: yauzl.ZipFile, entry: yauzl.Entry, parser: Parser, limit: number, part: string): AsyncGenerator<void> {
  if (entry.uncompressedSize > limit) throw new PartTooLarge(part, limit);
  const stream = await zip.openReadStreamPromise(entry);
  // one decoder for the whole part: a character may straddle two chunks
  const utf8 = new TextDecoder();
  // counted here as well as by yauzl (validateEntrySizes): the cap holds whatever size the archive states
  let unpacked = 0;
  try {
    for await (const chunk of stream) {
      unpacked += (chunk as Buffer).length;
      if (unpacked > limit) throw new PartTooLarge(part, limit);
      parser.write(utf8.decode(chunk as Buffer, { stream: true }));
      yield;
    }
    parser.write(utf8.decode());
  } finally {
    stream.destroy();
  }
}

const parseAll = async (zip: yauzl.ZipFile, entry: yauzl.Entry, parser: Parser, limit: number, part: string) => {
  for await (const _ of parse(zip, entry, parser, limit, part));
};

/** The workbook's relationships by id, in the order listed (the first of an id counts). */
const readRelationships = async (zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number) => {
  const rels = new Map<string, { type: string; target: string }>();
  const parser = newParser();
  parser.on('opentag', ({ name, attributes: a }) => {
    if (local(name) === 'Relationship' && a.Id && !rels.has(a.Id)) rels.set(a.Id, { type: a.Type ?? '', target: a.Target ?? '' });
  });
  await parseAll(zip, entry, parser, limit, '工作簿关系');
  return rels;
};

/** The workbook's tabs in Excel's order: each one's relationship id and state (hidden, veryHidden). */
const readTabs = async (zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number) => {
  const tabs: Array<{ rId: string; state: string }> = [];
  const parser = newParser();
  parser.on('opentag', ({ name, attributes: a }) => {
    // the relationship id is r:id, r bound to the relationships namespace whatever the prefix
    if (local(name) === 'sheet') tabs.push({ rId: Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1] ?? '', state: a.state ?? 'visible' });
  });
  await parseAll(zip, entry, parser, limit, '工作簿');
  return tabs;
};

/**
 * The shared strings by index: an item's <t> texts joined, rich text runs (<r><t>) included and
 * phonetic guides (<rPh>) left out. An item with no text at all is no value (null), as exceljs
 * read it: the cell then does not lengthen its line.
 */
const readSharedStrings = async (zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number) => {
  const strings: Array<string | null> = [];
  let text = '';
  let runs = false;
  let inText = false;
  let phonetic = false;
  const parser = newParser();
  parser.on('opentag', ({ name }) => {
    switch (local(name)) {
      case 'si': text = ''; runs = false; break;
      case 'r': runs = true; break;
      case 'rPh': phonetic = true; break;
      case 't': inText = !phonetic; break;
    }
  });
  const onText = (t: string) => {
    if (inText) text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', ({ name }) => {
    switch (local(name)) {
      case 't': inText = false; break;
      case 'rPh': phonetic = false; break;
      case 'si': strings.push(text === '' && !runs ? null : text); break;
    }
  });
  await parseAll(zip, entry, parser, limit, '共享文本');
  return strings;
};

/** exceljs's second unescaping of a str or inlineStr cell's text (kept: "&amp;lt;" reads "<"). */
const ENTITIES = new Map([['lt', '<'], ['gt', '>'], ['amp', '&'], ['apos', "'"], ['quot', '"']]);
const unescape = (text: string) => (text.includes('&') ? text.replace(/&([a-z]*);/g, (m, name: string) => ENTITIES.get(name) ?? m) : text);

/**
 * A cell's text from its type (t), whether it has a formula, and its <v> (or inline <is>) text, as
 * exceljs 4.4 gave it; null is no value (the cell does not lengthen its line). Dates stay Excel's
 * serial numbers (exceljs read no styles, so it never saw a date format).
 */
const cellText = (type: string, formula: boolean, v: string | null, strings: Array<string | null>): string | null => {
  if (formula) {
    // the cached result: a number, or a string for t="str" (an error's or a missing one is empty)
    if (v === null) return '';
    if (type === 'str') return unescape(v);
    const n = parseFloat(v);
    return Number.isNaN(n) ? '' : String(n);
  }
  if (v === null) return null;
  switch (type) {
    case 's': return strings[parseInt(v, 10)] ?? null;
    case 'inlineStr':
    case 'str': return unescape(v);
    case 'b': return String(parseInt(v, 10) !== 0);
    case 'e': return '';
    // n, absent, and anything else (d: an ISO date, read as its year, as exceljs did)
    default: return String(parseFloat(v));
  }
};

/** The column number of a cell reference: "C5" → 3, "$AB$12" → 28. */
const columnOf = (ref: string) => {
  let col = 0;
  for (let i = ref.charCodeAt(0) === 36 ? 1 : 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    col = col * 26 + c - 96;
    if (col > MAX_COLUMNS) break;
  }
  if (col === 0 || col > MAX_COLUMNS) throw new NotAWorkbook(`cell reference ${ref} outside a worksheet`);
  return col;
};

/** A worksheet row: its number (as r="5" gives it) and its cells' texts, an empty cell as ''. */
type SheetRow = { number: number; cells: string[] };

/**
 * The worksheet's rows in the order stored, each handed on as soon as its chunk is parsed. Cells
 * are placed by the column of their reference (r="C5"), so a skipped one reads as ''; a cell or
 * row without a reference follows the one before.
 */
async function* worksheetRows(zip: yauzl.ZipFile, entry: yauzl.Entry, strings: Array<string | null>, limit: number): AsyncGenerator<SheetRow> {
  const finished: SheetRow[] = [];
  let inData = false;
  let row: SheetRow | null = null;
  let lastRow = 0;
  let nextCol = 1;
  // the cell being read
  let inCell = false;
  let col = 0;
  let type = '';
  let formula = false;
  let value: string | null = null;
  let inValue = false;
  let inInline = false;
  let phonetic = false;
  const parser = newParser();
  parser.on('opentag', ({ name, attributes: a }) => {
    switch (local(name)) {
      case 'sheetData': inData = true; break;
      case 'row':
        if (inData) {
          const r = parseInt(a.r ?? '', 10);
          lastRow = Number.isNaN(r) ? lastRow + 1 : r;
          if (lastRow > MAX_ROWS) throw new NotAWorkbook(`row ${lastRow} outside a worksheet`);
          row = { number: lastRow, cells: [] };
          nextCol = 1;
        }
        break;
      case 'c':
        if (row) {
          inCell = true;
          col = a.r ? columnOf(a.r) : nextCol;
          nextCol = col + 1;
          type = a.t ?? 'n';
          formula = false;
          value = null;
        }
        break;
      case 'f': formula ||= inCell; break;
      case 'v': if (inCell) { value = ''; inValue = true; } break;
      case 'is': if (inCell) { value = ''; inInline = true; } break;
      case 'rPh': phonetic = true; break;
      case 't': inValue = inInline && !phonetic; break;
    }
  });
  const onText = (t: string) => {
    if (inValue) value += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', ({ name }) => {
    switch (local(name)) {
      case 'v':
      case 't': inValue = false; break;
      case 'rPh': phonetic = false; break;
      case 'is': inInline = false; break;
      case 'c':
        if (inCell && row) {
          const text = cellText(type, formula, value, strings);
          if (text !== null) {
            while (row.cells.length < col - 1) row.cells.push('');
            row.cells[col - 1] = text;
          }
        }
        inCell = false;
        break;
      case 'row':
        if (row) finished.push(row);
        row = null;
        break;
      case 'sheetData': inData = false; break;
    }
  });
  for await (const _ of parse(zip, entry, parser, limit, '工作表')) {
    for (const r of finished.splice(0)) yield r;
  }
}

/** The lines of the workbook's first visible worksheet (as Excel lists its tabs). */
async function* xlsxLines(path: string, limits: XlsxLimits): AsyncGenerator<string[]> {
  const bytes = await readFile(path);
  let zip: yauzl.ZipFile;
  // part names as the archive stores them, looked up in any case (some writers capitalise differently)
  const parts = new Map<string, yauzl.Entry>();
  try {
    // the entries are the central directory's; nothing is unpacked until a part is opened
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
    for await (const entry of zip.eachEntry()) {
      const key = entry.fileName.toLowerCase();
      if (!parts.has(key)) parts.set(key, entry);
    }
  } catch (e) {
    throw new NotAWorkbook('not a readable zip archive', { cause: e });
  }
  const part = (name: string) => parts.get(name.toLowerCase());
  // a relationship's target is relative to xl/ ("worksheets/sheet1.xml", "./worksheets/…"), or
  // absolute from the archive's root ("/xl/worksheets/sheet1.xml")
  const inBook = (target: string) => posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  const relsPart = part('xl/_rels/workbook.xml.rels');
  const bookPart = part('xl/workbook.xml');
  if (!relsPart || !bookPart) throw new NotAWorkbook('no workbook part');
  const rels = await readRelationships(zip, relsPart, limits.partBytes);
  const tabs = await readTabs(zip, bookPart, limits.partBytes);
  const stringsRel = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'));
  const stringsPart = part(stringsRel ? inBook(stringsRel.target) : 'xl/sharedStrings.xml');
  const strings = stringsPart ? await readSharedStrings(zip, stringsPart, limits.sharedStringsBytes) : [];
  // the first tab that is a worksheet (not a chart sheet) and not hidden
  const tab = tabs.find((t) => t.state !== 'hidden' && t.state !== 'veryHidden' && rels.get(t.rId)?.type.endsWith('/worksheet'));
  const target = tab && rels.get(tab.rId)?.target;
  const sheet = target ? part(inBook(target)) : undefined;
  if (!sheet) throw new NotAWorkbook('no worksheet');
  let line = 0;
  for await (const { number, cells } of worksheetRows(zip, sheet, strings, limits.worksheetBytes)) {
    line++;
    // rows with nothing in them are not stored: keep line numbers as the spreadsheet shows them
    while (line < number) {
      yield [];
      line++;
    }
    yield cells;
  }
}
