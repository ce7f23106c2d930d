/**
 * Bulk stock import and export on both backends: CSV and XLSX import, rejected lines in
 * the error file, idempotent re-upload, update of existing rows, refusals, and the export's round
 * trip back through the import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { importText, IMPORT_LABELS } from '../../src/shared/domain/stock-import';
import * as v from 'valibot';
import { stockImportUploadAnswer } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';
import * as importRepo from '../../src/server/modules/stock/stock-import.repo';
import { createStockImportService, IMPORT_BATCH_ROWS, IMPORT_STALL_MS } from '../../src/server/modules/stock/stock-import.service';
import { XLSX_LIMITS } from '../../src/server/modules/stock/table-file';
import { writeFile } from 'node:fs/promises';
import { inTransaction } from '../../src/server/db/helpers';
import { batchCheckedKeys, newKeyCheckTally } from '../../src/server/db/batch-keys';

const HEADERS = ['OE号', '配件名称', '配件品牌', '品质', '车型品牌', '自编码', '库存数量', '批发价(不含税)', '备注'];

describe.each(backends)('stock import on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'import and export', () => {
    let env: TestEnv;
    let seller: string;
    let buyer: string;
    let brand: string;
    let quality: string;
    let make: string;
    let companyId: number;
    /** what the app logged (an import's closing line says how its foreign keys were checked) */
    const logged: string[] = [];
    beforeAll(async () => {
      env = await createTestEnv(backend, {
        stockRows: 50,
        log: (level, text, detail) => {
          logged.push(text);
          if (level === 'error') console.error(text, detail);
        },
      });
      const db = env.database.db;
      [seller, buyer] = await Promise.all(['seller', 'buyer'].map(async (u) => (await env.login(u)).access_token));
      brand = (await sql<{ name: string }>`select name from part_brand order by id limit 1`.execute(db)).rows[0].name;
      quality = (await sql<{ name: string }>`select name from part_quality order by id limit 1`.execute(db)).rows[0].name;
      make = (await sql<{ name: string }>`select name from make where name = '大众'`.execute(db)).rows[0].name;
      companyId = (await sql<{ id: number }>`select company_id as id from app_user where username = 'seller'`.execute(db)).rows[0].id;
      expect(IMPORT_LABELS.price0).toBe('批发价(不含税)');
    });
    afterAll(async () => env?.close());

    const count = async (where = sql`true`) =>
      (await sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${companyId} and ${where}`.execute(env.database.db)).rows[0].n;
    const imports = async () => (await sql<{ n: number }>`select count(*)::int as n from stock_import`.execute(env.database.db)).rows[0].n;

    /** the upload is a file route beside the endpoint table: its answer is read as the envelope, `data` checked against the contract's upload answer */
    const upload = async (body: BodyInit, name: string, token = seller) => {
      const res = await env.raw('POST', `/api/stock/import/upload?name=${encodeURIComponent(name)}`, { token, body });
      const answer = envelope(await res.json());
      return { status: res.status, body: answer, get data() { return v.parse(stockImportUploadAnswer, answer.data); } };
    };
    const runImport = async (id: number, mapping: Record<string, string>) => {
      const started = await env.api('stockImportStart', { import_id: id, mapping }, { token: seller });
      expect(started.body.code, JSON.stringify(started.body)).toBe(200);
      for (let i = 0; i < 600; i++) {
        const s = await env.api('stockImportStatus', {}, { id, token: seller });
        if (s.body.data.state !== 'running') return s.body.data;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('import did not finish');
    };
    const csvOf = (rows: string[][]) => `\uFEFF${Papa.unparse([HEADERS, ...rows])}\r\n`;
    const line = (i: number, over: Partial<Record<string, string>> = {}) => {
      const base: Record<string, string> = {
        OE号: `IMP-${String(10000 + i)}-X`, 配件名称: '机油滤清器', 配件品牌: brand, 品质: quality, 车型品牌: make, 自编码: `Z${i}`,
        库存数量: String(i), '批发价(不含税)': `${i}.50`, 备注: '导入',
      };
      return HEADERS.map((h) => over[h] ?? base[h]);
    };

    it('imports a CSV: new rows added, 3 bad lines in the error file, change log and list see them', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => line(i + 1));
      rows[4] = line(5, { OE号: '12' });
      rows[9] = line(10, { '批发价(不含税)': '-5' });
      rows[14] = line(15, { 配件品牌: '不存在的品牌' });
      const before = await count();
      const up = await upload(csvOf(rows), '库存.csv');
      expect(up.status).toBe(200);
      expect(up.data.format).toBe('csv');
      expect(up.data.headers).toEqual(HEADERS);
      const mapping = up.data.mapping;
      expect(mapping).toMatchObject({ supplier_oe: 'OE号', name: '配件名称', part_brand_name: '配件品牌', quality_name: '品质', make_name: '车型品牌', quantity: '库存数量', price0: '批发价(不含税)' });

      const preview = await env.api('stockImportPreview', { import_id: up.data.import_id, mapping }, { token: seller });
      expect(preview.body.code).toBe(200);
      const prows = preview.body.data.rows;
      expect(prows).toHaveLength(20);
      expect(prows[0].row_no).toBe(2);
      expect(prows.filter((r) => r.errors.length > 0).map((r) => r.row_no)).toEqual([6, 11, 16]);
      expect(prows[4].errors.join()).toContain('OE号');
      expect(prows[9].errors.join()).toContain('批发价(不含税)须为不小于0的数字');
      expect(prows[14].errors.join()).toContain('配件品牌不存在');

      const done = await runImport(up.data.import_id, mapping);
      expect(done).toMatchObject({ state: 'done', total_rows: 30, done_rows: 30, added: 27, failed: 3, updated: 0, skipped: 0, has_errors: true });
      expect(await count()).toBe(before + 27);

      const err = await env.raw('GET', `/api/stock/import/errors/${up.data.import_id}`, { token: seller });
      expect(err.status).toBe(200);
      const parsed = Papa.parse<string[]>((await err.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      expect(parsed[0]).toEqual([...HEADERS, '错误原因']);
      expect(parsed).toHaveLength(4);
      expect(parsed.map((r) => r[0]).slice(1)).toEqual(['12', 'IMP-10010-X', 'IMP-10015-X']);
      expect(parsed[1][9]).toContain('OE号至少');
      expect(parsed[2][9]).toContain('须为不小于0的数字');
      expect(parsed[3][9]).toContain('配件品牌不存在：不存在的品牌');

      const row = (await sql<{ id: number; quantity: number; price0: number; create_date: Date; stock_write_date: Date }>`
        select id::int as id, quantity, price0, create_date, stock_write_date from stock where company_id = ${companyId} and supplier_oe = 'IMP-10001-X'`.execute(env.database.db)).rows[0];
      expect(row).toMatchObject({ quantity: 1, price0: 150 });
      const log = await env.api('stockChangeLog', {}, { id: row.id, token: seller });
      expect(log.body.data[0].action).toBe('import');
      const list = await env.api('getStockData', { supplier_oe: 'IMP-10002' }, { token: seller });
      expect(list.body.data.total).toBe(1);
      // the mapping is remembered for the company
      const again = await upload(csvOf([line(99)]).replace('OE号', 'OE号'), 'x.csv');
      expect(again.data.mapping.supplier_oe).toBe('OE号');
    });

    it('uploading the same file again changes nothing', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => line(i + 1));
      rows[4] = line(5, { OE号: '12' });
      rows[9] = line(10, { '批发价(不含税)': '-5' });
      rows[14] = line(15, { 配件品牌: '不存在的品牌' });
      const before = await count();
      const changes = (await sql<{ n: number }>`select count(*)::int as n from stock_change`.execute(env.database.db)).rows[0].n;
      const up = await upload(csvOf(rows), '库存.csv');
      expect(up.data.seen_before).toBe(true);
      const done = await runImport(up.data.import_id, up.data.mapping);
      expect(done).toMatchObject({ state: 'done', added: 0, updated: 0, skipped: 27, failed: 3 });
      expect(await count()).toBe(before);
      expect((await sql<{ n: number }>`select count(*)::int as n from stock_change`.execute(env.database.db)).rows[0].n).toBe(changes);
    });

    it('an import whose server stopped is taken over after two minutes and applies only the lines not yet applied', async () => {
      const db = env.database.db;
      const rows = Array.from({ length: 10 }, (_, i) => line(200 + i));
      const before = await count();
      const up = await upload(csvOf(rows), '断点.csv');
      const id = up.data.import_id;
      // what a server that stopped after applying lines 2-5 leaves: running, those lines recorded, no new heartbeat
      const { file_hash: hash } = (await sql<{ file_hash: string }>`select file_hash from stock_import where id = ${id}`.execute(db)).rows[0];
      await sql`update stock_import set state = 'running', mapping = ${JSON.stringify(up.data.mapping)}::jsonb,
        heartbeat_at = ${new Date(env.clock.now().getTime() - 60_000)} where id = ${id}`.execute(db);
      await sql`insert into stock_import_row (company_id, file_hash, row_no) select ${companyId}, ${hash}, n from generate_series(2, 5) n`.execute(db);
      // one minute without progress: still its own server's
      expect(await env.stockImport.resumeStalled(db)).toEqual([]);
      env.clock.advance(90);
      expect(await env.stockImport.resumeStalled(db)).toEqual([id]);
      // another server looking at the same moment does not take it twice
      expect(await env.stockImport.resumeStalled(db)).toEqual([]);
      await env.stockImport.settled(id);
      const s = await env.api('stockImportStatus', {}, { id, token: seller });
      expect(s.body.data).toMatchObject({ state: 'done', total_rows: 10, done_rows: 10, added: 6, skipped: 0, failed: 0 });
      // lines 2-5 were recorded as applied, so only lines 6-11 were added
      expect(await count()).toBe(before + 6);
      expect(await count(sql`supplier_oe = ${'IMP-10200-X'}`)).toBe(0);
      expect(await count(sql`supplier_oe = ${'IMP-10209-X'}`)).toBe(1);
    });

    it('an import whose file turns unreadable after the upload ends failed with the reason, not running forever, and adds nothing', async () => {
      const db = env.database.db;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Sheet1');
      sheet.addRow(HEADERS);
      for (let i = 0; i < 5; i++) sheet.addRow(line(300 + i));
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      const before = await count();
      const up = await upload(bytes, '损坏.xlsx');
      expect(up.status).toBe(200);
      // the stored file now says its worksheet unpacks past the cap (read on the import's own thread)
      const { path } = (await sql<{ path: string }>`select path from stock_import where id = ${up.data.import_id}`.execute(db)).rows[0];
      const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      const record = bytes.indexOf('xl/worksheets/sheet1.xml', bytes.readUInt32LE(eocd + 16)) - 46;
      bytes.writeUInt32LE(XLSX_LIMITS.worksheetBytes + 1, record + 24);
      await writeFile(path, bytes);
      expect(await runImport(up.data.import_id, up.data.mapping)).toMatchObject({
        state: 'failed', added: 0, message: '表格文件解压后过大（工作表超过 200 MB），请删去多余的行或列，或拆分后分批导入；已导入的行保留',
      });
      // and a file that is no longer a workbook at all
      const again = await upload(Buffer.from(await book.xlsx.writeBuffer()), '损坏2.xlsx');
      const second = (await sql<{ path: string }>`select path from stock_import where id = ${again.data.import_id}`.execute(db)).rows[0].path;
      await writeFile(second, 'not a zip any more');
      expect(await runImport(again.data.import_id, again.data.mapping)).toMatchObject({ state: 'failed', added: 0, message: expect.stringMatching(/^导入中断/) });
      expect(await count()).toBe(before);
    });

    it('updates existing rows (same OE + brand + own code) in the mapped columns only, from an XLSX', async () => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Sheet1');
      sheet.addRow(['OE号', '配件名称', '配件品牌', '品质', '自编码', '库存数量']);
      sheet.addRow(['IMP-10001-X', '机油滤清器', brand, quality, 'Z1', 77]);
      sheet.addRow(['IMP 10002 X', '机油滤清器', brand, quality, 'Z2', 2]);
      sheet.addRow(['IMP-10003-X', '机油滤清器', brand, quality, 'NEW3', 5]);
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      const before = await count();
      const up = await upload(bytes, '更新.xlsx');
      expect(up.status).toBe(200);
      expect(up.data.format).toBe('xlsx');
      const done = await runImport(up.data.import_id, up.data.mapping);
      expect(done).toMatchObject({ state: 'done', added: 1, updated: 2, unchanged: 0, failed: 0 });
      expect(await count()).toBe(before + 1);
      const r = (await sql<{ quantity: number; price0: number; note: string; qty_version: number; supplier_oe: string }>`
        select quantity, price0, note, qty_version, supplier_oe from stock where company_id = ${companyId} and oe_norm = 'IMP10001X' and default_code = 'Z1'`.execute(env.database.db)).rows[0];
      // quantity changed; price and note were not in the file and stay
      expect(r).toMatchObject({ quantity: 77, price0: 150, note: '导入', qty_version: 1 });
      const r2 = (await sql<{ supplier_oe: string }>`select supplier_oe from stock where company_id = ${companyId} and oe_norm = 'IMP10002X'`.execute(env.database.db)).rows[0];
      expect(r2.supplier_oe).toBe('IMP 10002 X');
    });

    it('refuses what is not a usable CSV or XLSX, and callers without M03, changing nothing', async () => {
      const n = await imports();
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
      const notTable = await upload(png, 'stock.csv');
      expect(notTable.status).toBe(422);
      expect(notTable.body.client_msg).toBe(importText.notTable);
      const empty = await upload(new Uint8Array(0), 'stock.csv');
      expect(empty.body.client_msg).toBe(importText.empty);
      const headerOnly = await upload(`${HEADERS.join(',')}\r\n,,,\r\n`, 'stock.csv');
      expect(headerOnly.body.client_msg).toBe(importText.noRows);
      const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
      const tooBig = await upload(big, 'big.csv');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.client_msg).toBe(importText.tooLarge);
      const tooBigDeclared = await env.raw('POST', '/api/stock/import/upload?name=x.csv', { token: seller, body: 'a', headers: { 'content-length': String(30 * 1024 * 1024) } });
      expect(tooBigDeclared.status).toBe(413);
      const noRight = await upload(csvOf([line(1)]), 'stock.csv', buyer);
      expect(noRight.status).toBe(403);
      const signedOut = await env.raw('POST', '/api/stock/import/upload', { body: 'a,b' });
      expect(signedOut.status).toBe(401);
      expect(await imports()).toBe(n);
      const exportNoRight = await env.raw('GET', '/api/stock/export', { token: buyer });
      expect(exportNoRight.status).toBe(403);
    });

    it('exports the filtered list to XLSX that imports back (round trip)', async () => {
      const res = await env.raw('GET', `/api/stock/export?supplier_oe=IMP-1000`, { token: seller });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as string[]).slice(1);
      expect(header).toEqual(Object.values(IMPORT_LABELS));
      const exported = sheet.rowCount - 1;
      expect(exported).toBe(await count(sql`oe_norm like 'IMP1000%'`));
      const oeCol = header.indexOf('OE号') + 1;
      const qtyCol = header.indexOf('库存数量') + 1;
      let target = '';
      for (let i = 2; i <= sheet.rowCount; i++) {
        if (sheet.getRow(i).getCell(oeCol).value === 'IMP-10004-X') {
          sheet.getRow(i).getCell(qtyCol).value = '444';
          target = 'IMP-10004-X';
        }
      }
      expect(target).not.toBe('');
      const before = await count();
      const up = await upload(Buffer.from(await book.xlsx.writeBuffer()), '库存导出.xlsx');
      expect(Object.keys(up.data.mapping)).toHaveLength(Object.keys(IMPORT_LABELS).length);
      const done = await runImport(up.data.import_id, up.data.mapping);
      expect(done).toMatchObject({ state: 'done', added: 0, updated: 1, unchanged: exported - 1, failed: 0 });
      expect(await count()).toBe(before);
      const q = (await sql<{ quantity: number }>`select quantity from stock where company_id = ${companyId} and supplier_oe = 'IMP-10004-X'`.execute(env.database.db)).rows[0];
      expect(q.quantity).toBe(444);
    });

    it('reads a 现货 column (是 marks, 否 unmarks, empty leaves the mark, anything else is the line\'s error) and exports it as 是/否', async () => {
      const H = ['OE号', '配件名称', '配件品牌', '品质', '自编码', '库存数量', '现货'];
      const row = (i: number, spot: string) => [`SPT-${20000 + i}-X`, '空气滤清器', brand, quality, `S${i}`, '5', spot];
      const file = (rows: string[][]) => `\uFEFF${Papa.unparse([H, ...rows])}\r\n`;
      const spotOf = async () => Object.fromEntries((await sql<{ default_code: string; spot: boolean }>`
        select default_code, spot from stock where company_id = ${companyId} and supplier_oe like 'SPT-%' order by default_code`.execute(env.database.db)).rows
        .map((r) => [r.default_code, r.spot]));
      const first = await upload(file([row(1, '是'), row(2, '否'), row(3, ''), row(4, '也许')]), '现货.csv');
      expect(first.data.mapping).toMatchObject({ spot: '现货' });
      const preview = await env.api('stockImportPreview', { import_id: first.data.import_id, mapping: first.data.mapping }, { token: seller });
      expect(preview.body.data.rows.map((r) => r.errors)).toEqual([[], [], [], ['现货只能填“是”或“否”（不填则不改变）']]);
      expect(await runImport(first.data.import_id, first.data.mapping)).toMatchObject({ state: 'done', added: 3, failed: 1 });
      expect(await spotOf()).toEqual({ S1: true, S2: false, S3: false });

      // a second file: 否 unmarks S1, 是 marks S2, an empty cell leaves S1's neighbour S3 as it is after marking it on the stock page
      const s3 = (await sql<{ id: number }>`select id::int as id from stock where company_id = ${companyId} and default_code = 'S3'`.execute(env.database.db)).rows[0].id;
      expect((await env.api('stockSetSpot', { ids: [s3], spot: true }, { token: seller })).body.code).toBe(200);
      const second = await upload(file([row(1, '否'), row(2, '是'), row(3, '')]), '现货2.csv');
      expect(await runImport(second.data.import_id, second.data.mapping)).toMatchObject({ state: 'done', added: 0, updated: 2, unchanged: 1 });
      expect(await spotOf()).toEqual({ S1: false, S2: true, S3: true });
      const log = (await sql<{ changes: unknown }>`select changes from stock_change c join stock s on s.id = c.stock_id
        where s.default_code = 'S2' and s.company_id = ${companyId} and c.action = 'import' order by c.id desc limit 1`.execute(env.database.db)).rows[0];
      expect(log.changes).toEqual([{ field: 'spot', old: false, new: true }]);

      const res = await env.raw('GET', `/api/stock/export?supplier_oe=SPT-`, { token: seller });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as string[]).slice(1);
      const cells = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).values as string[])
        .map((v) => [v[header.indexOf('自编码') + 1], v[header.indexOf('现货') + 1]]).sort();
      expect(cells).toEqual([['S1', '否'], ['S2', '是'], ['S3', '是']]);
    });

    it('an import checks its foreign keys per batch, not per row: its closing log line counts every insert on the batch path', async () => {
      // one line more than a batch: two batches, each with one stock insert and one change-log insert
      const rows = Array.from({ length: IMPORT_BATCH_ROWS + 1 }, (_, i) => line(i + 1, { OE号: `BATCHKEY-${String(i).padStart(5, '0')}`, 自编码: `BK${i}` }));
      const up = await upload(csvOf(rows), '批量外键.csv');
      expect(up.status).toBe(200);
      const status = await runImport(up.data.import_id, up.data.mapping);
      expect(status).toMatchObject({ state: 'done', added: IMPORT_BATCH_ROWS + 1, failed: 0 });
      // a fallback to the constraints' per-row checks (a stock trigger not ENABLE ALWAYS, a session
      // that may not set the replica role, a key not found) would count under "of" without "per batch"
      expect(logged).toContain(`stock import ${up.data.import_id} done: foreign keys checked per batch: stock 2 of 2 inserts, change log 2 of 2`);
      // on PGlite every index of stock has a free space map by now (db/free-space-maps.ts), and the rows went in through it
      if (backend === 'pglite') {
        const bare = await sql<{ name: string }>`select indexrelid::regclass::text as name from pg_index where indrelid = 'stock'::regclass and pg_relation_size(indexrelid, 'fsm') = 0`.execute(env.database.db);
        expect(bare.rows).toEqual([]);
      }
    });

    it('checks a batch\'s foreign keys in one query: a missing key is still refused (23503), present keys insert with every trigger fired', async () => {
      const db = env.database.db;
      // the test databases are a superuser's, so the import takes the batch path here on both backends
      const keys = await batchCheckedKeys(db, 'stock', importRepo.STOCK_TRIGGER_WRITES);
      expect(keys?.map((k) => k.column).sort()).toEqual(['company_id', 'country_id', 'factory_make_id', 'make_id', 'part_brand_id', 'product_id', 'quality_id', 'terminology_id']);
      // a row as the seed wrote it, under numbers of its own
      const seeded = (await sql<Record<string, unknown>>`select product_id, oe_norm, supplier_oe, supplier_code, default_code, name, part_brand_id,
        custom_brand_name, quality_id, make_id, factory_make_id, terminology_id, supplier_vehicle, product_specification, producing_area, country_id,
        uom_name, category_name, note, quantity, vn_quantity, sale_state, price99, price0, price1, price2, price3, price5, vn_price::int as vn_price, spot
        from stock where company_id = ${companyId} and part_brand_id is not null order by id limit 1`.execute(db)).rows[0];
      const row = (oe: string, over: Record<string, unknown> = {}) => ({ ...seeded, oe_norm: oe, supplier_oe: oe, default_code: oe, name: '外键检查滤清器', ...over }) as never;
      const tally = newKeyCheckTally();
      const missing = inTransaction(db, (trx) => importRepo.insertMany(trx, companyId, [row('FKCHECK1'), row('FKCHECK2', { part_brand_id: 987654321 })], new Date(), keys, tally));
      await expect(missing).rejects.toMatchObject({ code: '23503' });
      // a key not found: the batch went down the plain insert, and the tally says so
      expect(tally).toEqual({ perBatch: 0, perRow: 1 });
      expect(await count(sql`supplier_oe like 'FKCHECK%'`)).toBe(0);
      const role = await inTransaction(db, async (trx) => {
        const ids = await importRepo.insertMany(trx, companyId, [row('FKCHECK3'), row('FKCHECK4')], new Date(), keys, tally);
        expect(ids).toHaveLength(2);
        return (await sql<{ role: string }>`select current_setting('session_replication_role') as role`.execute(trx)).rows[0].role;
      });
      // the replica role lasted for the insert only, and stock's statement trigger fired: the name's search term
      expect(role).toBe('origin');
      expect(tally).toEqual({ perBatch: 1, perRow: 1 });
      expect(await count(sql`supplier_oe like 'FKCHECK%'`)).toBe(2);
      // the change log's keys (company, user) the same way
      expect((await batchCheckedKeys(db, 'stock_change'))?.map((k) => k.column).sort()).toEqual(['company_id', 'user_id']);
      expect((await sql<{ n: number }>`select count(*)::int as n from search_term where kind = 'name' and term = '外键检查滤清器'`.execute(db)).rows[0].n).toBe(1);
    });

    // last: it stops this file's import service, as a closing server does
    it('a closing server stops an import after the batch under way, left running; the next process finishes it, every line once', async () => {
      const db = env.database.db;
      const n = IMPORT_BATCH_ROWS * 3;
      const rows = Array.from({ length: n }, (_, i) => line(i + 1, { OE号: `STOPPED-${String(i).padStart(5, '0')}`, 自编码: `ST${i}` }));
      const before = await count();
      const up = await upload(csvOf(rows), '关闭.csv');
      const id = up.data.import_id;
      const started = await env.api('stockImportStart', { import_id: id, mapping: up.data.mapping }, { token: seller });
      expect(started.body.code).toBe(200);
      await env.stockImport.stop();
      const stopped = (await env.api('stockImportStatus', {}, { id, token: seller })).body.data;
      expect(stopped.state).toBe('running');
      expect(stopped.added).toBeLessThan(n);
      // the next process, once the import has gone quiet for IMPORT_STALL_MS
      const next = createStockImportService({ clock: env.clock });
      env.clock.advance(IMPORT_STALL_MS / 1000 + 10);
      expect(await next.resumeStalled(db)).toEqual([id]);
      await next.settled(id);
      const done = (await env.api('stockImportStatus', {}, { id, token: seller })).body.data;
      expect(done).toMatchObject({ state: 'done', total_rows: n, added: n, failed: 0 });
      expect(await count()).toBe(before + n);
    });
  });
});
