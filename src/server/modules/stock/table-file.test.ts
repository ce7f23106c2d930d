// @vitest-environment node
/**
 * Reading an uploaded XLSX does not depend on the order its writer stored the parts in, nor on
 * timing: exceljs's own streaming pass lost the parts after a worksheet in about 3 of 1,000 reads
 * of a one-sheet workbook it wrote itself, and in every read of the two-sheet one and of a
 * workbook whose main part comes after its worksheet (an upload then failed as "not a table").
 * Cell values read as exceljs 4.4 gave them, but for what it read wrong (see table-file.ts); what
 * a part may unpack to is capped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import yauzl from 'yauzl';
import { csvCell, NotAWorkbook, PartTooLarge, readLines, sniffFormat, XLSX_LIMITS, type XlsxLimits } from './table-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'table-file-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const lines = async (path: string, limits?: Partial<XlsxLimits>) => {
  const out: string[][] = [];
  for await (const cells of readLines(path, 'xlsx', '', { ...XLSX_LIMITS, ...limits })) out.push(cells);
  return out;
};

/** A workbook as exceljs writes it: the worksheet stored before the shared strings and the workbook part. */
const book = async (sheets: Record<string, Array<Array<string | number>>>) => {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
};

/** The same parts stored in another order, the workbook's relationships rewritten by `rels`. */
const reorder = async (bytes: Buffer, first: string[], rels = (xml: string) => xml) => {
  const src = await JSZip.loadAsync(bytes);
  const names = Object.keys(src.files).filter((n) => !src.files[n].dir);
  const out = new JSZip();
  for (const n of [...first, ...names.filter((x) => !first.includes(x))]) {
    out.file(n, n === 'xl/_rels/workbook.xml.rels' ? rels(await src.files[n].async('string')) : await src.files[n].async('uint8array'));
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const relationships = (rels: Array<[id: string, type: string, target: string]>) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('')}</Relationships>`;
const worksheet = (rows: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${rows}</sheetData></worksheet>`;

/**
 * A workbook from hand-written parts, as other writers (Excel, WPS, generators) store them: one
 * tab, its worksheet's rows `rows` (sheetData's content) and shared string items `strings`;
 * `parts` adds or replaces parts.
 */
const rawBook = async (rows: string, strings: string[] = [], parts: Record<string, string> = {}) => {
  const zip = new JSZip();
  const all: Record<string, string> = {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': relationships([['rId1', 'officeDocument', 'xl/workbook.xml']]),
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="库存" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': relationships([['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'sharedStrings', 'sharedStrings.xml']]),
    'xl/worksheets/sheet1.xml': worksheet(rows),
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
    ...parts,
  };
  for (const [name, text] of Object.entries(all)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};

/** Where a part's stored (deflated) bytes start in the archive. */
const dataStart = async (bytes: Buffer, name: string) => {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName === name) return (await zip.readLocalFileHeaderPromise(entry, { minimal: true })).fileDataStart;
  }
  throw new Error(`no ${name}`);
};

const save = async (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
};

describe('reading an XLSX upload', () => {
  const rows = [['OE号', '配件名称', '库存数量'], ['IMP-1-X', '机油滤清器', 3], [], ['IMP-2-X', '空气滤清器', 7]];
  const expected = [['OE号', '配件名称', '库存数量'], ['IMP-1-X', '机油滤清器', '3'], [], ['IMP-2-X', '空气滤清器', '7']];

  it('reads the first worksheet line by line, an empty line kept as one', async () => {
    const path = await save('plain.xlsx', await book({ 库存: rows, 其他: [['不读']] }));
    expect(await sniffFormat(path)).toEqual({ format: 'xlsx', encoding: '' });
    expect(await lines(path)).toEqual(expected);
  });

  it('reads a workbook whose parts are stored in any order', async () => {
    const bytes = await book({ 库存: rows });
    // shared strings first and the workbook part after the worksheet: exceljs's pass read the
    // worksheet before it knew the sheets and threw every time
    const stringsFirst = await save('strings-first.xlsx', await reorder(bytes, ['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']));
    expect(await lines(stringsFirst)).toEqual(expected);
    // the order Excel itself writes: workbook part, relationships, worksheet, then shared strings
    const excelOrder = await save('excel-order.xlsx', await reorder(bytes, ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml']));
    expect(await lines(excelOrder)).toEqual(expected);
  });

  it('finds the worksheet through the relationships: absolute or ./ targets, the first visible tab whatever its file', async () => {
    const bytes = await book({ 库存: rows });
    for (const target of ['/xl/worksheets/sheet1.xml', './worksheets/sheet1.xml']) {
      const path = await save('target.xlsx', await reorder(bytes, [], (xml) => xml.replace('Target="worksheets/sheet1.xml"', `Target="${target}"`)));
      expect(await lines(path), target).toEqual(expected);
    }
    // the first tab's relationship names sheet2.xml: that file is read, not sheet1.xml
    const two = await book({ 第一页: [['甲']], 第二页: [['乙']] });
    const swapped = await save('swapped.xlsx', await reorder(two, [], (xml) =>
      xml.replace('Target="worksheets/sheet1.xml"', 'Target="SWAP"').replace('Target="worksheets/sheet2.xml"', 'Target="worksheets/sheet1.xml"').replace('Target="SWAP"', 'Target="worksheets/sheet2.xml"')));
    expect(await lines(swapped)).toEqual([['乙']]);
    // a hidden first tab is passed over
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('隐藏', { state: 'hidden' }).addRow(['不读']);
    wb.addWorksheet('库存').addRow(['OE号']);
    expect(await lines(await save('hidden.xlsx', Buffer.from(await wb.xlsx.writeBuffer())))).toEqual([['OE号']]);
  });

  it('stops cleanly when the caller has read enough', async () => {
    const path = await save('early.xlsx', await book({ 库存: rows }));
    for await (const cells of readLines(path, 'xlsx', '')) {
      expect(cells).toEqual(expected[0]);
      break;
    }
    expect(await lines(path)).toEqual(expected);
  });

  it('refuses a zip that is not a workbook, and a damaged part, as an error of the read (the server stays up)', async () => {
    const zip = new JSZip();
    zip.file('xl/readme.txt', 'not a workbook');
    const notBook = await save('not-a-book.xlsx', await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(lines(notBook)).rejects.toBeInstanceOf(NotAWorkbook);
    // the worksheet's deflate data overwritten: an invalid block, which used to escape as an uncaught stream error
    const bytes = await book({ 库存: rows });
    const at = await dataStart(bytes, 'xl/worksheets/sheet1.xml');
    bytes.fill(0xff, at, at + 8);
    await expect(lines(await save('damaged.xlsx', bytes))).rejects.toThrow();
  });

  it('refuses a damaged shared strings part and a zip whose central directory is missing, as an error of the read', async () => {
    const bytes = await book({ 库存: rows });
    const at = await dataStart(bytes, 'xl/sharedStrings.xml');
    bytes.fill(0xff, at, at + 8);
    await expect(lines(await save('damaged-strings.xlsx', bytes))).rejects.toThrow(/invalid/);
    // an upload cut short: the first half of a workbook (sniffed as one), no central directory
    const whole = await book({ 库存: rows });
    const cut = whole.subarray(0, whole.length / 2);
    await expect(lines(await save('cut.xlsx', cut))).rejects.toBeInstanceOf(NotAWorkbook);
  });

  it('reads each type of cell as exceljs did, placed by its column letters', async () => {
    const path = await save('types.xlsx', await rawBook(
      '<row r="1">'
      + '<c r="A1" t="s"><v>0</v></c>' // shared string
      + '<c r="B1" t="inlineStr"><is><t>内联</t></is></c>'
      + '<c r="C1" t="b"><v>1</v></c><c r="D1" t="b"><v>0</v></c>'
      + '<c r="E1" t="str"><v>文本</v></c>' // a string that is not shared
      + '<c r="F1" t="n"><v>3.50</v></c><c r="G1"><v>1E-3</v></c>'
      + '<c r="H1" t="e"><v>#N/A</v></c>'
      + '<c r="I1"><f>1+2</f><v>3</v></c>' // formulas: their cached results
      + '<c r="J1" t="str"><f>"x"</f><v>x&amp;y</v></c>'
      + '<c r="K1"><f>A2-A2</f><v>0</v></c>' // exceljs dropped a 0 result
      + '<c r="L1" t="e"><f>1/0</f><v>#DIV/0!</v></c>'
      + '<c r="M1" t="b"><f>TRUE()</f><v>1</v></c>' // a boolean result reads as its number, as exceljs gave it
      + '<c r="N1"><f>NOW()</f></c>' // no cached result
      + '<c r="O1"><f t="shared" si="0"/><v>5</v></c>'
      + '<c r="Q1" s="1"><v>45296</v></c>' // a date: Excel's serial number
      + '<c r="R1" t="s"><v>1</v></c>' // an empty shared string: no value
      + '<c r="S1" t="str"><v></v></c>' // an empty string: a value
      + '<c r="T1" t="s"><v>99</v></c><c r="U1" s="3"/><c r="V1" t="e"/>' // no values: the line ends at S
      + '</row><row r="3"><c r="C3" t="inlineStr"><is><t>丙</t></is></c><c r="AB3"><v>28</v></c></row>',
      ['<si><t>普通</t></si>', '<si><t/></si>'],
    ));
    expect(await lines(path)).toEqual([
      ['普通', '内联', 'true', 'false', '文本', '3.5', '0.001', '', '3', 'x&y', '0', '', '1', '', '5', '', '45296', '', ''],
      [],
      ['', '', '丙', ...Array(24).fill(''), '28'],
    ]);
  });

  it('reads rich text, inline strings and indented parts as the text Excel shows', async () => {
    const path = await save('rich.xlsx', await rawBook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
      + '<c r="C1" t="inlineStr"><is><r><t>甲</t></r><r><rPr><b/></rPr><t xml:space="preserve">乙 </t></r></is></c>' // exceljs kept the last run
      + '<c r="D1" t="inlineStr"><is><t>汽配</t><rPh sb="0" eb="2"><t>qipei</t></rPh></is></c>'
      + '<c r="E1" t="inlineStr">\n  <is>\n    <t>缩进</t>\n  </is>\n</c>'
      + '<c r="F1" t="inlineStr"><is><t><![CDATA[<原样>]]></t></is></c><c r="G1" t="inlineStr"><is><t/></is></c></row>',
      [
        '<si><r><t>富</t></r><r><rPr><b/><sz val="11"/><rFont val="宋体"/></rPr><t>文本</t></r></si>',
        // the phonetic guide is not the string (exceljs read "qipei"); an indented item's whitespace is not in it
        '<si>\n  <t>汽配</t>\n  <rPh sb="0" eb="2"><t>qipei</t></rPh>\n  <phoneticPr fontId="1" type="noConversion"/>\n</si>',
      ],
    ));
    expect(await lines(path)).toEqual([['富文本', '汽配', '甲乙 ', '汽配', '缩进', '<原样>', '']]);
  });

  it('reads a character whose bytes straddle two unpacked chunks whole', async () => {
    // 60 KB of one three-byte character: a 16 KB chunk boundary falls inside one (exceljs read U+FFFD)
    const long = '汽'.repeat(20_000);
    const path = await save('straddle.xlsx', await rawBook(`<row r="1"><c r="A1" t="inlineStr"><is><t>${long}</t></is></c></row>`));
    expect(await lines(path)).toEqual([[long]]);
  });

  it('passes over chart sheets and hidden tabs, whatever their order', async () => {
    const path = await save('tabs.xlsx', await rawBook('<row r="1"><c r="A1" t="inlineStr"><is><t>可见</t></is></c></row>', [], {
      'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>`
        + '<sheet name="图表" sheetId="4" r:id="rId4"/><sheet name="隐藏" sheetId="2" state="hidden" r:id="rId2"/>'
        + '<sheet name="深藏" sheetId="3" state="veryHidden" r:id="rId3"/><sheet name="库存" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels': relationships([
        ['rId1', 'worksheet', 'worksheets/sheet1.xml'], ['rId2', 'worksheet', 'worksheets/sheet2.xml'],
        ['rId3', 'worksheet', 'worksheets/sheet3.xml'], ['rId4', 'chartsheet', 'chartsheets/sheet1.xml'],
      ]),
      'xl/worksheets/sheet2.xml': worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>隐藏</t></is></c></row>'),
      'xl/worksheets/sheet3.xml': worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>深藏</t></is></c></row>'),
      'xl/chartsheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><chartsheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"/></sheetViews></chartsheet>`,
    }));
    expect(await lines(path)).toEqual([['可见']]);
  });

  it('reads cells and rows without references in order, and prefixed element names', async () => {
    const loose = await save('loose.xlsx', await rawBook('<row><c t="inlineStr"><is><t>甲</t></is></c><c><v>2</v></c></row><row><c r="b2"><v>3</v></c></row>'));
    expect(await lines(loose)).toEqual([['甲', '2'], ['', '3']]);
    const prefixed = await save('prefixed.xlsx', await rawBook('', [], {
      'xl/worksheets/sheet1.xml': `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>前缀</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
    }));
    expect(await lines(prefixed)).toEqual([['前缀']]);
  });

  it('refuses a cell outside Excel\'s sheet', async () => {
    // exceljs yielded a million empty lines before such a row
    await expect(lines(await save('far-row.xlsx', await rawBook('<row r="1048577"><c r="A1048577"><v>1</v></c></row>')))).rejects.toBeInstanceOf(NotAWorkbook);
    await expect(lines(await save('far-col.xlsx', await rawBook('<row r="1"><c r="XFE1"><v>1</v></c></row>')))).rejects.toBeInstanceOf(NotAWorkbook);
    expect(await lines(await save('last-cell.xlsx', await rawBook('<row r="1"><c r="XFD1"><v>1</v></c></row>')))).toEqual([[...Array(16_383).fill(''), '1']]);
  });

  it('refuses parts that unpack beyond their caps, whatever size the archive states', async () => {
    const bytes = await book({ 库存: Array.from({ length: 1000 }, (_, i) => [`OE-${i}`, `名称${i}`, i]) });
    const path = await save('capped.xlsx', bytes);
    expect(await lines(path)).toHaveLength(1000);
    await expect(lines(path, { worksheetBytes: 10_000 })).rejects.toBeInstanceOf(NotAWorkbook);
    await expect(lines(path, { sharedStringsBytes: 1000 })).rejects.toBeInstanceOf(NotAWorkbook);
    await expect(lines(path, { partBytes: 100 })).rejects.toBeInstanceOf(NotAWorkbook);
    // the central directory understates the worksheet's size: its stream fails past the stated size
    const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const record = bytes.indexOf('xl/worksheets/sheet1.xml', bytes.readUInt32LE(eocd + 16)) - 46;
    bytes.writeUInt32LE(5000, record + 24);
    await expect(lines(await save('understated.xlsx', bytes), { worksheetBytes: 10_000 })).rejects.toThrow(/too many bytes/);
  });

  it('refuses a part past its cap in Chinese, naming the part', async () => {
    const bytes = await book({ 库存: Array.from({ length: 1000 }, (_, i) => [`OE-${i}`, `名称${i}`, i]) });
    const path = await save('capped-zh.xlsx', bytes);
    const stated = lines(path, { worksheetBytes: 10_000 });
    await expect(stated).rejects.toBeInstanceOf(PartTooLarge);
    await expect(stated).rejects.toThrow('表格文件解压后过大（工作表超过 1 MB），请删去多余的行或列，或拆分后分批导入');
    await expect(lines(path, { sharedStringsBytes: 1000 })).rejects.toThrow(/^表格文件解压后过大（共享文本/);
    await expect(lines(path, { partBytes: 100 })).rejects.toThrow(/^表格文件解压后过大（工作簿/);
  });
});

describe('csvCell', () => {
  it('writes text that a spreadsheet would read as a formula with a quote in front; numbers and other text as they are', () => {
    for (const formula of ["=cmd|' /C calc'!A0", '+SUM(A1)', '-2+3', '@SUM(A1)', '\tx', '\r=1', '+86 138', '-', '=']) expect(csvCell(formula)).toBe(`'${formula}`);
    for (const plain of ['-5', '+86', '-1.5', '1e3', '-.5', 'OE-123', '刹车片', '', "'=already"]) expect(csvCell(plain)).toBe(plain);
  });
});
