/**
 * The routes beside the endpoint table (the stock export and import, the import's error file, the
 * operator's exports, images) under the table's own rules (docs/operations.md, "Security
 * settings"): the request budgets and the heavy-call budget with their 429, an export that stops
 * when its client goes away, query text no column can store refused with 422 naming the
 * parameter, the operator code, import uploads in the daily upload quota and removed when never
 * imported, formula-like cells of the error file written as text, and an XLSX part too large to
 * unpack refused in Chinese.
 */
import { utimesSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import Papa from 'papaparse';
import JSZip from 'jszip';
import { limitText } from '../../src/server/http/limits';
import { msg } from '../../src/shared/messages';
import { chinaDay } from '../../src/shared/domain/china-time';
import { fileQuotaText, UPLOAD_DAY_QUOTA, uploadQuotaText } from '../../src/server/modules/upload/upload.service';
import { IMPORT_EXPIRED_TEXT, UNUSED_IMPORT_KEEP_S } from '../../src/server/modules/stock/stock-import.service';
import { XLSX_LIMITS } from '../../src/server/modules/stock/table-file';
import { sweep } from '../../src/server/sweep';
import { backends, createTestEnv, envelope, operatorWith, skipReason, type TestEnv } from './harness';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const HEADERS = ['OE号', '配件名称', '配件品牌', '品质', '车型品牌', '自编码', '库存数量', '批发价(不含税)', '备注'];
const csvOf = (rows: string[][]) => `\uFEFF${Papa.unparse([HEADERS, ...rows])}\r\n`;
const SELLER_COMPANY = 2;

/** The answer of a file route refused with the envelope: status and envelope. */
const refusal = async (res: Response) => ({ status: res.status, body: envelope(await res.json()), retryAfter: res.headers.get('retry-after') });

describe.each(backends)('file routes on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'budgets', () => {
    let env: TestEnv;
    beforeAll(async () => {
      env = await createTestEnv(backend, {
        stockRows: 50,
        limits: { user: { perSecond: 0.001, burst: 40 }, address: { perSecond: 1000, burst: 1000 }, heavyAtOnce: 1, heavyQueue: 0, heavyRate: { perSecond: 0.001, burst: 2 } },
      });
    });
    afterAll(async () => env?.close());

    it('an export takes the heavy-call budget its searches take: past it, the same 429 after a hold', async () => {
      const clerk = (await env.login('clerk')).access_token;
      for (let i = 0; i < 2; i++) {
        const ok = await env.raw('GET', '/api/stock/export', { token: clerk });
        expect(ok.status).toBe(200);
        await ok.arrayBuffer();
      }
      const t = Date.now();
      const refused = await refusal(await env.raw('GET', '/api/stock/export', { token: clerk }));
      expect(refused).toMatchObject({ status: 429, body: { code: 429, client_msg: limitText.tooFast } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Date.now() - t).toBeGreaterThanOrEqual(900);
      // one budget for both: the clerk's search is refused the same way
      const search = await env.api('keywordSearch', { k: '刹车片', page_size: 50 }, { token: clerk });
      expect(search.status).toBe(429);
      expect(search.body.client_msg).toBe(limitText.tooFast);
    });

    it('a user past the request budget is refused every file route with the table\'s 429; another user is not', async () => {
      const seller = (await env.login('seller')).access_token;
      const operator = (await env.login('operator')).access_token;
      let last = await env.api('getPayPackages', {}, { token: seller });
      for (let i = 0; i < 60 && last.status !== 429; i++) last = await env.api('getPayPackages', {}, { token: seller });
      expect(last.status).toBe(429);
      for (const [method, path, body] of [
        ['GET', '/api/stock/export', undefined],
        ['GET', '/api/stock/import/errors/1', undefined],
        ['POST', '/api/stock/import/upload?name=a.csv', csvOf([['OE-1', '刹车片', '', '', '', '', '1', '1', '']])],
      ] as const) {
        const r = await refusal(await env.raw(method, path, { token: seller, body }));
        expect(r, path).toMatchObject({ status: 429, body: { code: 429, client_msg: limitText.tooFast } });
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
      }
      expect((await env.raw('GET', '/api/operation/export/opReportStock', { token: operator })).status).toBe(200);
    });

    it('images are served within the address budget', async () => {
      const small = await createTestEnv(backend, { stockRows: 50, limits: { user: { perSecond: 1000, burst: 1000 }, address: { perSecond: 0.001, burst: 3 }, heavyAtOnce: 1, heavyQueue: 1 } });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await small.raw('GET', '/api/uploads/0123456789abcdef0123456789abcdef.png')).status);
        expect(statuses).toEqual([404, 404, 404, 429]);
      } finally {
        await small.close();
      }
    });
  });

  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'an export whose client goes away', () => {
    let env: TestEnv;
    // rows that outgrow every buffer between the export and its client (6,000 fitted on a busy
    // machine: the export read them all before its client left), so the stream's backpressure
    // holds the export while the client does not read
    const ROWS = 20_000;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50, limits: { user: { perSecond: 1000, burst: 1000 }, address: { perSecond: 1000, burst: 1000 }, heavyAtOnce: 1, heavyQueue: 1 } });
      const db = env.database.db;
      const cols = (await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_name = 'stock' and table_schema = current_schema() and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position`.execute(db)).rows.map((r) => r.name);
      // rows that do not compress to nothing, so the file outgrows what the stream buffers
      const pick = cols.map((c) => (c === 'supplier_code' ? sql`'EXP' || g` : c === 'note' ? sql`md5(g::text) || md5((g + 1)::text)` : sql.ref(`s.${c}`)));
      await sql`insert into stock (${sql.join(cols.map((c) => sql.ref(c)))})
        select ${sql.join(pick)} from generate_series(1, ${ROWS}) g, (select * from stock where company_id = ${SELLER_COMPANY} order by id limit 1) s`.execute(db);
    });
    afterAll(async () => env?.close());

    it('stops reading rows when its client goes away, and frees its user\'s slot', async () => {
      const clerk = (await env.login('clerk')).access_token;
      const total = (await sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${SELLER_COMPANY}`.execute(env.database.db)).rows[0].n;
      expect(total).toBeGreaterThan(ROWS);
      const client = new AbortController();
      const res = await env.raw('GET', '/api/stock/export', { token: clerk, signal: client.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      expect(env.stockImport.exportsRunning()).toHaveLength(1);

      // the export holds the clerk's one heavy slot (HEAVY_AT_ONCE 1): a second export waits in the
      // queue of one, and a third call, export or search, is refused
      const second = new AbortController();
      const waiting = env.raw('GET', '/api/stock/export', { token: clerk, signal: second.signal });
      // until the server holds it in the queue (on a busy machine it arrives late, and a third call
      // sent before it would take the queue's one place and wait behind the held export)
      const clerkId = String((await sql<{ id: number }>`select id from app_user where username = 'clerk'`.execute(env.database.db)).rows[0].id);
      for (let i = 0; i < 600 && env.heavyGate.waiting(clerkId) === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(env.heavyGate.waiting(clerkId)).toBe(1);
      const third = await refusal(await env.raw('GET', '/api/stock/export', { token: clerk }));
      expect(third).toMatchObject({ status: 429, body: { client_msg: limitText.tooManyHeavy } });
      const search = await env.api('keywordSearch', { k: '刹车片', page_size: 50 }, { token: clerk });
      expect(search.status).toBe(429);
      expect(search.body.client_msg).toBe(limitText.tooManyHeavy);
      // the waiting one's client leaves: it leaves the queue and never starts
      second.abort();
      expect((await waiting).status).not.toBe(200);
      expect(env.stockImport.exportsRunning()).toHaveLength(1);

      client.abort();
      let seen = env.stockImport.exportsRunning()[0];
      // up to 30 s: the export stops at its next page, which a busy machine reaches later (a
      // fixed 5 s failed while both integration passes ran beside other work)
      for (let i = 0; i < 600 && env.stockImport.exportsRunning().length > 0; i++) {
        seen = env.stockImport.exportsRunning()[0] ?? seen;
        await new Promise((r) => setTimeout(r, 50));
      }
      // stopped: no export running, and it never read the whole list
      expect(env.stockImport.exportsRunning()).toEqual([]);
      expect(seen).toBeLessThan(total);
      await reader.cancel().catch(() => undefined);
      expect((await env.api('keywordSearch', { k: '刹车片', page_size: 50 }, { token: clerk })).status).toBe(200);
      // an export whose client stays runs to its end
      const whole = await env.raw('GET', '/api/stock/export', { token: clerk });
      expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(env.stockImport.exportsRunning()).toEqual([]);
    // bounded work (20,000 rows read twice at most), more than the default minute on a busy machine
    }, 180_000);
  });

  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'queries, operator codes, quota, error files', () => {
    let env: TestEnv;
    let seller: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50 });
      seller = (await env.login('seller')).access_token;
    });
    afterAll(async () => env?.close());

    const upload = async (body: BodyInit, name: string, token = seller) => {
      const res = await env.raw('POST', `/api/stock/import/upload?name=${encodeURIComponent(name)}`, { token, body });
      return { status: res.status, body: envelope(await res.json()) };
    };
    const imports = async () => (await sql<{ n: number }>`select count(*)::int as n from stock_import`.execute(env.database.db)).rows[0].n;

    it('a NUL in a file route\'s query is refused with 422 naming the parameter, never a 500 or a cut-off download', async () => {
      const operator = (await env.login('operator')).access_token;
      const before = await imports();
      const up = await upload(csvOf([['OE-1', '刹车片', '', '', '', '', '1', '1', '']]), 'a\u0000b.csv');
      expect(up.status).toBe(422);
      expect(up.body).toMatchObject({ code: 422, field: 'name' });
      expect(up.body.client_msg).toContain(msg.nulCharacter);
      expect(await imports()).toBe(before);
      for (const [path, field, token] of [
        ['/api/stock/export?supplier_oe=%00', 'supplier_oe', seller],
        ['/api/stock/import/errors/1?x=a%00', 'x', seller],
        ['/api/operation/export/opProductList?oe=%00', 'oe', operator],
      ] as const) {
        const res = await env.raw('GET', path, { token });
        expect(res.status, path).toBe(422);
        expect(res.headers.get('content-type')).toContain('application/json');
        const body = envelope(await res.json());
        expect(body).toMatchObject({ code: 422, field });
        expect(body.client_msg).toContain(msg.nulCharacter);
      }
      // a sequence that decodes to no character is kept as typed: an empty export, not an error
      const undecodable = await env.raw('GET', '/api/stock/export?supplier_oe=%ED%A0%80', { token: seller });
      expect(undecodable.status).toBe(200);
      await undecodable.arrayBuffer();
    });

    it('a head-company employee without an operator code reads no /api/operation call or export', async () => {
      const staff = await operatorWith(env, 'hq-clerk', ['C07', 'M02']);
      const home = await env.api('opHomeSummary', {}, { token: staff });
      expect(home.status).toBe(403);
      expect(home.body.client_msg).toBe(msg.forbidden);
      expect((await env.raw('GET', '/api/operation/export/opReportStock', { token: staff })).status).toBe(403);
      // any operator code opens the home page; the export still needs its own codes
      const reporter = await operatorWith(env, 'hq-reports', ['D00']);
      expect((await env.api('opHomeSummary', {}, { token: reporter })).status).toBe(200);
    });

    it('import uploads count against the company\'s daily upload quota, which images share', async () => {
      const db = env.database.db;
      await sql`insert into upload_day (company_id, day, files, bytes) values (${SELLER_COMPANY}, ${chinaDay(env.clock.now())}::date, ${UPLOAD_DAY_QUOTA.files - 1}, 0)
        on conflict (company_id, day) do update set files = excluded.files`.execute(db);
      const file = csvOf([['QUOTA-1', '刹车片', '', '', '', '', '1', '1', '']]);
      // the last file of the day
      expect((await upload(file, 'q1.csv')).status).toBe(200);
      const before = { imports: await imports(), files: readdirSync(`${env.uploadDir}-imports`).length };
      const over = await upload(file, 'q2.csv');
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: 429, field: 'file', client_msg: fileQuotaText(UPLOAD_DAY_QUOTA) });
      expect(await imports()).toBe(before.imports);
      expect(readdirSync(`${env.uploadDir}-imports`)).toHaveLength(before.files);
      // one file left: an image takes it, and then the import too is refused
      await sql`update upload_day set files = files - 1 where company_id = ${SELLER_COMPANY}`.execute(db);
      expect((await env.api('fileUpload', { base64_data: PNG_1PX, file_name: 'p.png' }, { token: seller })).status).toBe(200);
      const image = await env.api('fileUpload', { base64_data: PNG_1PX, file_name: 'p.png' }, { token: seller });
      expect(image.body).toMatchObject({ code: 429, client_msg: uploadQuotaText(UPLOAD_DAY_QUOTA) });
      expect((await upload(file, 'q3.csv')).status).toBe(429);
      await sql`delete from upload_day where company_id = ${SELLER_COMPANY}`.execute(db);
    });

    it('the housekeeping removes an import upload not imported within a day, and says why on its page', async () => {
      const dir = `${env.uploadDir}-imports`;
      const up = await upload(csvOf([['SWEEP-1', '刹车片', '', '', '', '', '1', '1', '']]), 'sweep.csv');
      expect(up.status).toBe(200);
      const id = (up.body.data as { import_id: number }).import_id;
      const path = (await sql<{ path: string }>`select path from stock_import where id = ${id}`.execute(env.database.db)).rows[0].path;
      expect(existsSync(path)).toBe(true);
      // a file no import names (its record never committed), as old
      const orphan = join(dir, `${SELLER_COMPANY}-${'b'.repeat(24)}.upload`);
      writeFileSync(orphan, 'x');
      const longAgo = new Date(env.clock.now().getTime() - (UNUSED_IMPORT_KEEP_S + 60) * 1000);
      utimesSync(orphan, longAgo, longAgo);

      // not yet a day: kept
      expect((await sweep(env.database.db, env.clock.now(), { uploadDir: env.uploadDir })).importFiles).toBe(1);
      expect(existsSync(path)).toBe(true);
      expect(existsSync(orphan)).toBe(false);

      env.clock.advance(UNUSED_IMPORT_KEEP_S + 60);
      utimesSync(path, longAgo, longAgo);
      expect((await sweep(env.database.db, env.clock.now(), { uploadDir: env.uploadDir })).importFiles).toBeGreaterThanOrEqual(1);
      expect(existsSync(path)).toBe(false);
      seller = (await env.login('seller')).access_token;
      const status = await env.api('stockImportStatus', {}, { id, token: seller });
      expect(status.body.data).toMatchObject({ state: 'failed', message: IMPORT_EXPIRED_TEXT });
      const start = await env.api('stockImportStart', { import_id: id, mapping: (up.body.data as { mapping: Record<string, string> }).mapping }, { token: seller });
      expect(start.body).toMatchObject({ code: 409, client_msg: IMPORT_EXPIRED_TEXT });
    });

    it('the error file gives back formula-like cells as text (a quote in front); plain numbers stay numbers', async () => {
      const formula = "=cmd|' /C calc'!A0";
      const up = await upload(csvOf([
        ['FORMULA-1', '刹车片', '没有这个品牌', '', '', '', '1', '1', formula],
        ['FORMULA-2', '@SUM(A1)', '没有这个品牌', '', '', '', '-5', '1', '+86 138\tx'],
        ['FORMULA-3', '刹车片', '没有这个品牌', '', '', '', '-5', '-1.5', '\rline'],
      ]), 'formula.csv');
      expect(up.status).toBe(200);
      const { import_id: id, mapping } = up.body.data as { import_id: number; mapping: Record<string, string> };
      expect((await env.api('stockImportStart', { import_id: id, mapping }, { token: seller })).status).toBe(200);
      await env.stockImport.settled(id);
      const res = await env.raw('GET', `/api/stock/import/errors/${id}`, { token: seller });
      expect(res.status).toBe(200);
      const rows = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
      expect(rows).toHaveLength(3);
      expect(rows[0][8]).toBe(`'${formula}`);
      expect(rows[1][1]).toBe("'@SUM(A1)");
      expect(rows[1][6]).toBe('-5');
      expect(rows[1][8]).toBe("'+86 138\tx");
      expect(rows[2][7]).toBe('-1.5');
      expect(rows[2][8]).toBe("'\rline");
    });

    it('exports write formula-like text as text cells, never formulas; numbers stay number cells', async () => {
      const formula = "=cmd|' /C calc'!A0";
      const row = (await sql<{ id: number; supplier_oe: string }>`update stock set name = ${formula}
        where id = (select min(id) from stock where company_id = ${SELLER_COMPANY}) returning id, supplier_oe`.execute(env.database.db)).rows[0];
      const sheetOf = async (res: Response) => {
        expect(res.status).toBe(200);
        const zip = await JSZip.loadAsync(await res.arrayBuffer());
        return zip.file('xl/worksheets/sheet1.xml')!.async('string');
      };
      const stock = await sheetOf(await env.raw('GET', `/api/stock/export?supplier_oe=${encodeURIComponent(row.supplier_oe)}`, { token: seller }));
      expect(stock).not.toContain('<f>');
      expect(stock).toMatch(/<c r="B\d+" t="(str|inlineStr|s)"><v>=cmd\|&apos; \/C calc&apos;!A0<\/v><\/c>/);
      const operator = (await env.login('operator')).access_token;
      const products = await sheetOf(await env.raw('GET', `/api/operation/export/opProductList?name=${encodeURIComponent('=cmd')}`, { token: operator }));
      expect(products).not.toContain('<f>');
      // the name is a shared string; the stock id in column A a number cell
      expect(products).toMatch(/<c r="C2" t="s">/);
      expect(products).toMatch(new RegExp(`<c r="A2"[^>]*><v>${row.id}</v></c>`));
    });

    it('an XLSX whose worksheet says it unpacks past the cap is refused in Chinese, nothing kept', async () => {
      const zip = new JSZip();
      const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
      zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
      zip.file('xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="库存" sheetId="1" r:id="rId1"/></sheets></workbook>`);
      zip.file('xl/_rels/workbook.xml.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
      zip.file('xl/worksheets/sheet1.xml', `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>OE号</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>X-1</t></is></c></row></sheetData></worksheet>`);
      const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      // the central directory states the worksheet unpacks to more than the cap
      const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      const record = bytes.indexOf('xl/worksheets/sheet1.xml', bytes.readUInt32LE(eocd + 16)) - 46;
      bytes.writeUInt32LE(XLSX_LIMITS.worksheetBytes + 1, record + 24);
      const before = await imports();
      const r = await upload(new Uint8Array(bytes), 'bomb.xlsx');
      expect(r.status).toBe(422);
      expect(r.body.field).toBe('file');
      expect(r.body.client_msg).toMatch(/^表格文件解压后过大（工作表超过 200 MB）/);
      expect(await imports()).toBe(before);
    });
  });
});
