/**
 * The stock import's 库位 column (docs/warehouse.md) on both backends: locations with quantities,
 * one location taking the line's quantity, an unknown location as an error line, a line whose
 * location quantities disagree with its 库存数量, and a re-import moving a row's stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import Papa from 'papaparse';
import * as v from 'valibot';
import { stockImportUploadAnswer } from '../../src/shared/contracts';
import { backends, createTestEnv, envelope, skipReason, type TestEnv } from './harness';

const HEADERS = ['OE号', '配件名称', '品质', '自有品牌', '库存数量', '库位'];

describe.each(backends)('stock import with locations on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'import 库位', () => {
    let env: TestEnv;
    let seller: string;
    let quality: string;
    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 30 });
      seller = (await env.login('seller')).access_token;
      quality = (await sql<{ name: string }>`select name from part_quality order by id limit 1`.execute(env.database.db)).rows[0].name;
      const main = (await env.api('warehouseCreate', { name: '主仓' }, { token: seller })).body.data.id;
      expect((await env.api('locationCreate', { warehouse_id: main, code: 'A-01-01', to_code: 'A-01-03' }, { token: seller })).body.data.created).toBe(3);
    }, 600_000);
    afterAll(async () => env?.close());

    const upload = async (rows: string[][]) => {
      const res = await env.raw('POST', `/api/stock/import/upload?name=${encodeURIComponent('库位.csv')}`, { token: seller, body: `\uFEFF${Papa.unparse([HEADERS, ...rows])}\r\n` });
      return v.parse(stockImportUploadAnswer, envelope(await res.json()).data);
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
    const placings = async (oe: string) =>
      (await sql<{ quantity: number; located: boolean; at: string | null }>`
        select s.quantity, s.located, string_agg(l.code || ':' || sl.quantity, ';' order by l.code) as at
          from stock s left join stock_location sl on sl.stock_id = s.id left join warehouse_location l on l.id = sl.location_id
         where s.company_id = 2 and s.supplier_oe = ${oe} group by s.id`.execute(env.database.db)).rows[0];

    it('places the lines at their locations, refuses unknown locations and disagreeing totals in Chinese, and moves stock on a re-import', async () => {
      const up = await upload([
        ['LOC-IMP-0001', '刹车片', quality, '自牌', '30', '主仓/A-01-01:20;主仓/a-01-02:10'],
        ['LOC-IMP-0002', '机油滤清器', quality, '自牌', '5', 'A-01-03'],
        ['LOC-IMP-0003', '空气滤清器', quality, '自牌', '7', 'Q-99-99'],
        ['LOC-IMP-0004', '火花塞', quality, '自牌', '9', '主仓/A-01-01:4;主仓/A-01-02:4'],
        ['LOC-IMP-0005', '雨刮片', quality, '自牌', '3', ''],
      ]);
      expect(up.mapping).toMatchObject({ location: '库位', quantity: '库存数量' });
      const done = await runImport(up.import_id, up.mapping);
      expect(done).toMatchObject({ state: 'done', added: 3, failed: 2 });
      expect(await placings('LOC-IMP-0001')).toEqual({ quantity: 30, located: true, at: 'A-01-01:20;A-01-02:10' });
      expect(await placings('LOC-IMP-0002')).toEqual({ quantity: 5, located: true, at: 'A-01-03:5' });
      expect(await placings('LOC-IMP-0005')).toEqual({ quantity: 3, located: false, at: null });
      expect(await placings('LOC-IMP-0003')).toBeUndefined();

      const err = await env.raw('GET', `/api/stock/import/errors/${up.import_id}`, { token: seller });
      const parsed = Papa.parse<string[]>((await err.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      expect(parsed.map((r) => r[0]).slice(1)).toEqual(['LOC-IMP-0003', 'LOC-IMP-0004']);
      expect(parsed[1][6]).toBe('库位 Q-99-99 不存在，请先在“仓库设置”中新建');
      expect(parsed[2][6]).toContain('库位数量合计 8 与库存数量 9 不一致');

      // the same row again: its stock now all at A-01-02; the move is logged as an import
      const again = await upload([['LOC-IMP-0001', '刹车片', quality, '自牌', '30', '主仓/A-01-02:30']]);
      expect(await runImport(again.import_id, again.mapping)).toMatchObject({ state: 'done', failed: 0 });
      expect(await placings('LOC-IMP-0001')).toEqual({ quantity: 30, located: true, at: 'A-01-02:30' });
      const reasons = (await sql<{ reason: string }>`select distinct m.reason from stock_move m join stock s on s.id = m.stock_id where s.supplier_oe = 'LOC-IMP-0001'`.execute(env.database.db)).rows;
      expect(reasons.map((r) => r.reason)).toEqual(['import']);
    });

    it.runIf(backend === 'postgres')('a placing waits for a sale holding the row and places what is left, never the quantity read before it', async () => {
      const db = env.database.db;
      expect(await placings('LOC-IMP-0002')).toEqual({ quantity: 5, located: true, at: 'A-01-03:5' });
      // a checkout's transaction takes 2 pieces and stays open while the import moves the row to A-01-01
      let release!: () => void;
      const held = new Promise<void>((r) => { release = r; });
      let took!: () => void;
      const taken = new Promise<void>((r) => { took = r; });
      const sale = db.transaction().execute(async (trx) => {
        await sql`update stock set quantity = quantity - 2 where company_id = 2 and supplier_oe = 'LOC-IMP-0002'`.execute(trx);
        took();
        await held;
      });
      await taken;
      const up = await upload([['LOC-IMP-0002', '机油滤清器', quality, '自牌', '', 'A-01-01']]);
      const { quantity: _left, ...mapping } = up.mapping as Record<string, string>;
      const importing = runImport(up.import_id, mapping);
      await new Promise((r) => setTimeout(r, 500));
      release();
      await sale;
      expect(await importing).toMatchObject({ state: 'done', failed: 0 });
      expect(await placings('LOC-IMP-0002')).toEqual({ quantity: 3, located: true, at: 'A-01-01:3' });
    });
  });
});
