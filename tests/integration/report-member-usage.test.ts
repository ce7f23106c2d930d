/**
 * 会员查询 (requirements 001-2-2 report/memberQuery): each member company's stock queries, VIN
 * decodes and orders over a range of China days, most used first, filtered, exported, D01 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { chinaDay } from '../../src/shared/domain/china-time';
import { msg } from '../../src/shared/messages';
import { opCatalogueText } from '../../src/shared/domain/operation';
import type { PayloadIn } from '../../src/shared/contracts';
import { backends, createTestEnv, skipReason, type TestEnv } from './harness';

describe.each(backends)('会员查询 on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'calls', () => {
    let env: TestEnv;
    let op = '';
    const db = () => env.database.db;
    const day = (offset: number) => chinaDay(new Date(env.clock.now().getTime() + offset * 86_400_000));
    const usage = async (query: PayloadIn<'opReportMemberUsage'> = {}, token = op) => env.api('opReportMemberUsage', query, { token });

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 50 });
      op = (await env.login('operator')).access_token;
      // company 4 (the registered member) searched on two days of the last 30 and once long before
      await sql`insert into stock_query_count (company_id, day, used) values (4, ${day(0)}::date, 7), (4, ${day(-3)}::date, 2), (4, ${day(-45)}::date, 50)
        on conflict (company_id, day) do update set used = excluded.used`.execute(db());
      await sql`insert into vin_query_log (company_id, user_id, vin, created_at) select 4, id, 'LSVAU2180N2183294', ${env.clock.now()} from app_user where username = 'member'`.execute(db());
    });
    afterAll(async () => env?.close());

    it('puts the companies that used the platform most first, over the last 30 days by default', async () => {
      const r = await usage();
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ date_from: day(-29), date_to: day(0) });
      const first = r.body.data.data[0];
      expect(first).toMatchObject({ company_id: 4, stock_queries: 9, query_days: 2, last_query_day: day(0), vin_decodes: 1, level_type: 'free' });
      // the head company is the platform, not a member
      expect(r.body.data.data.some((x) => x.company_id === 1)).toBe(false);
      // a range that reaches the old day counts it too
      const wide = await usage({ date_from: day(-60), date_to: day(0) });
      expect(wide.body.data.data[0]).toMatchObject({ company_id: 4, stock_queries: 59, query_days: 3 });
    });

    it('filters by company, member type and activity', async () => {
      const byName = await usage({ company: '顺捷' });
      expect(byName.body.data.data.map((x) => x.company_id)).toEqual([4]);
      const idle = await usage({ activity: 'idle', page_size: 800 });
      expect(idle.body.data.data.some((x) => x.company_id === 4)).toBe(false);
      expect(idle.body.data.data.every((x) => x.stock_queries + x.vin_decodes + x.orders === 0)).toBe(true);
      const paid = await usage({ level_type: 'paid', page_size: 800 });
      expect(paid.body.data.data.every((x) => x.level_type === 'paid')).toBe(true);
      expect(paid.body.data.total).toBe(paid.body.data.data.length);
    });

    it('refuses a bad range with the field named, and an operator without the report code', async () => {
      const reversed = await usage({ date_from: day(0), date_to: day(-5) });
      expect(reversed.body).toMatchObject({ code: 422, field: 'date_to', client_msg: msg.invalidPayload('date_to', opCatalogueText.rangeReversed) });
      await sql`insert into app_user (uuid, company_id, username, display_name, password_hash, permissions, mobile)
        select gen_random_uuid(), 1, 'company_clerk', '企业专员', password_hash, array['D02']::text[], null from app_user where username = 'operator'`.execute(db());
      const clerk = (await env.login('company_clerk')).access_token;
      expect((await usage({}, clerk)).status).toBe(403);
      expect((await env.raw('GET', '/api/operation/export/opReportMemberUsage', { token: clerk })).status).toBe(403);
    });

    it('exports the filter as a workbook with Chinese headers', async () => {
      const file = await env.raw('GET', '/api/operation/export/opReportMemberUsage?activity=active', { token: op });
      expect(file.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toContain('库存查询');
      expect(sheet.getRow(2).getCell(1).value).toBe('杭州顺捷汽车修理厂');
    });
  });
});
