import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../../src/server/db/schema';
import { migrate } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import type { Database } from '../../src/server/db/client';
import { backends, createPostgresDatabase, openTestDatabase, skipReason } from './harness';

describe.each(backends)('seed on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'first start', () => {
    let database: Database;
    beforeEach(async () => {
      database = await openTestDatabase(backend);
      await migrate(database.db);
    });
    afterEach(async () => database?.close());

    const counts = async () => {
      const { rows } = await sql<Record<string, number>>`select
        (select count(*)::int from company) as company, (select count(*)::int from app_user) as app_user,
        (select count(*)::int from system_param) as system_param, (select count(*)::int from stock) as stock,
        (select count(*)::int from company_shop) as company_shop, (select count(*)::int from epc_vehicle) as epc_vehicle,
        (select count(*)::int from company_level where price_fen is not null) as packages`.execute(database.db);
      return rows[0];
    };
    const opts = { now: new Date('2026-11-22T04:00:00Z'), scryptN: 1024, stockRows: 300 };

    it('is complete or nothing: a first start stopped half-way leaves nothing, and the next seeds it all', async () => {
      const empty = await counts();
      expect(empty).toMatchObject({ company: 0, app_user: 0, stock: 0 });
      // the demo shop comes after the accounts and the catalogue; make it fail there
      await sql`create function qph_stop_seed() returns trigger language plpgsql as $$ begin raise exception 'stopped'; end $$`.execute(database.db);
      await sql`create trigger qph_stop_seed before insert on company_shop for each row execute function qph_stop_seed()`.execute(database.db);
      await expect(seed(database.db, opts)).rejects.toThrow('stopped');
      expect(await counts()).toEqual(empty);

      await sql`drop trigger qph_stop_seed on company_shop`.execute(database.db);
      expect(await seed(database.db, opts)).toBe(true);
      const after = await counts();
      expect(after).toMatchObject({ stock: 300, company_shop: 1, epc_vehicle: 24, packages: 1 });
      expect(after.company).toBeGreaterThan(5);
      // the 6 demo accounts, the message assistant (消息助手) and an owner for each generated seller (companies after the 5 demo ones)
      expect(after.app_user).toBe(6 + 1 + after.company - 5);
      expect(after.system_param).toBeGreaterThan(empty.system_param + 10);
      // a later start leaves it as it is
      expect(await seed(database.db, opts)).toBe(false);
      expect(await counts()).toEqual(after);
    });

    it('keeps real relations: brands make the parts they are on, 原厂件 and 拆车件 carry the make, generic names are groups', async () => {
      expect(await seed(database.db, { ...opts, stockRows: 3000 })).toBe(true);
      const wrong = async (where: ReturnType<typeof sql>) =>
        (await sql<{ n: number }>`select count(*)::int as n from stock s left join part_brand b on b.id = s.part_brand_id
          join part_quality q on q.id = s.quality_id join make m on m.id = s.make_id where ${where}`.execute(database.db)).rows[0].n;
      // tyre makers sell tyres only, and tyres come from tyre makers
      expect(await wrong(sql`b.name in ('韩泰', '米其林', '普利司通') and s.name <> '轮胎'`)).toBe(0);
      expect(await wrong(sql`s.name = '轮胎' and (b.name is null or b.name not in ('韩泰', '米其林', '普利司通', '大陆'))`)).toBe(0);
      expect(await wrong(sql`b.name in ('曼牌') and s.name not like '%滤清器'`)).toBe(0);
      expect(await wrong(sql`b.name in ('盖茨') and s.name not in ('正时皮带', '发电机皮带', '张紧轮', '水泵')`)).toBe(0);
      expect(await wrong(sql`b.name in ('NGK') and s.name not in ('火花塞', '点火线圈', '高压线')`)).toBe(0);
      expect(await wrong(sql`s.name like '%刹车片' and b.name is not null and b.name not in ('博世', '天合', '布雷博', '菲罗多')`)).toBe(0);
      expect(await wrong(sql`q.name in ('原厂件', '拆车件') and (s.part_brand_id is not null or s.custom_brand_name <> m.name)`)).toBe(0);
      expect(await wrong(sql`q.name = '拆车件' and s.name in ('前刹车片', '机油滤清器', '火花塞', '雨刮片', '正时皮带')`)).toBe(0);
      expect(await wrong(sql`q.name = '再制造件' and s.name not in ('发电机', '启动机', '方向机', '转向助力泵')`)).toBe(0);
      // prices within the part's range (price0 sits between 30% and 100% of the list price)
      expect(await wrong(sql`s.name = '机油滤清器' and (s.price0 < 500 or s.price0 > 16000)`)).toBe(0);
      expect(await wrong(sql`s.name = '方向机' and (s.price0 < 40000 or s.price0 > 780000)`)).toBe(0);
      // vehicles belong to the make
      expect(await wrong(sql`m.name = '丰田' and s.supplier_vehicle !~ '^丰田[^ ]+( 丰田[^ ]+)*$'`)).toBe(0);
      const generic = (await sql<{ name: string }>`select t.name from stock s join terminology t on t.id = s.terminology_id where s.name = '前刹车片' limit 1`.execute(database.db)).rows[0];
      expect(generic.name).toBe('制动器 / 刹车片');
      const brands = (await sql<{ n: number }>`select count(distinct part_brand_id)::int as n from stock`.execute(database.db)).rows[0].n;
      expect(brands).toBeGreaterThan(15);
    });

    it('a bulk load (indexes built after the rows) gives the same rows, relations and indexes as the plain one', async () => {
      const shape = async (db: Database['db']) => (await sql<{ indexes: string; stock: string; relations: number; rows: number }>`select
        (select string_agg(indexname || ' ' || indexdef, E'\n' order by indexname) from pg_indexes where schemaname = current_schema() and tablename = 'stock') as indexes,
        (select md5(string_agg(concat_ws('|', id, company_id, product_id, name, part_brand_id, quality_id, custom_brand_name, price0, price99, quantity, supplier_vehicle), ',' order by id)) from stock) as stock,
        (select count(*)::int from oe_relation) as relations, (select count(*)::int from stock) as rows`.execute(db)).rows[0];
      const indexesBefore = (await shape(database.db)).indexes;
      const plain = await openTestDatabase(backend);
      try {
        await migrate(plain.db);
        expect(await seed(plain.db, { ...opts, stockRows: 2000 })).toBe(true);
        const steps: string[] = [];
        expect(await seed(database.db, { ...opts, stockRows: 2000, bulkLoadFrom: 1, onProgress: (t) => steps.push(t) })).toBe(true);
        // every secondary index is built after the load; the primary key (a constraint's index) stays
        expect(steps.filter((t) => t.startsWith('index '))).toHaveLength(indexesBefore.split('\n').length - 1);
        expect(steps.some((t) => t.startsWith('index stock_pkey'))).toBe(false);
        const bulk = await shape(database.db);
        expect(bulk).toEqual(await shape(plain.db));
        expect(bulk.indexes).toBe(indexesBefore);
        expect(bulk.rows).toBe(2000);
        expect(bulk.relations).toBeGreaterThan(0);
      } finally {
        await plain.close();
      }
    });

    it('seeds once when two starts race on one empty database', async () => {
      const results = await Promise.all([seed(database.db, opts), seed(database.db, opts)]);
      expect(results.sort()).toEqual([false, true]);
      const once = await counts();
      expect(once.app_user).toBe(6 + 1 + once.company - 5);
    });
  });
});

describe.skipIf(skipReason('postgres') !== '' || !backends.includes('postgres'))('first start on postgres under the request statement timeout', () => {
  // The pool cuts any statement after 15 s (client.ts): right for a runaway request, wrong for a
  // migration on a large table or a second process waiting for the first one's migrations and seed.
  // Here the timeout is 200 ms and another start holds both locks for 800 ms.
  it('a start that waits for another one longer than the statement timeout migrates and seeds instead of failing', async () => {
    const fresh = await createPostgresDatabase();
    const pool = new pg.Pool({ connectionString: fresh.url, max: 4, statement_timeout: 200 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const other = new pg.Client({ connectionString: fresh.url });
    try {
      await other.connect();
      await other.query(`select pg_advisory_lock(hashtext('qipeihub migrate'))`);
      await other.query(`begin; select pg_advisory_xact_lock(hashtext('qipeihub seed'))`);
      const release = setTimeout(() => void other.query(`select pg_advisory_unlock(hashtext('qipeihub migrate')); commit`), 800);
      const started = Date.now();
      const applied = await migrate(db);
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
      expect(applied.length).toBeGreaterThan(10);
      expect(await seed(db, { now: new Date('2026-11-22T04:00:00Z'), scryptN: 1024, stockRows: 300 })).toBe(true);
      clearTimeout(release);
      // the pool's own timeout still holds for everything else
      await expect(sql`select pg_sleep(0.5)`.execute(db)).rejects.toThrow(/statement timeout/);
    } finally {
      await other.end();
      await db.destroy();
      await fresh.drop();
    }
  });
});
