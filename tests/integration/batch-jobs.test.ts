/**
 * The operators' batch jobs (docs/batch-jobs.md) on both backends: D11-06 only; refusals under
 * their field changing nothing; one running job of a kind (a second refused in Chinese); progress
 * (x of n) chunk by chunk; cancel (stops after the chunk under way, keeps what was done); a restart
 * (a new service over the same database) goes on from the last chunk and says so in the log; the
 * three kinds' effects: dictionary entries restored, price bounds recomputed (a write of stock
 * meanwhile still bounded), labels on the rows matching the filter with the sellers' change log;
 * every start and cancel audit-logged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EndpointName, Envelope, PayloadIn } from '../../src/shared/contracts';
import { createBatchService } from '../../src/server/modules/batch/batch.service';
import { batchText } from '../../src/shared/domain/batch-jobs';
import { backends, createTestEnv, operatorWith, skipReason, type TestEnv } from './harness';

const SELLER_CO = 2;
const CHUNK = 20;

describe.each(backends)('batch jobs on %s', (backend) => {
  describe.skipIf(skipReason(backend) !== '')(skipReason(backend) || 'start, progress, cancel, resume', () => {
    let env: TestEnv;
    const t: Record<string, string> = {};
    let n = 0;
    const db = () => env.database.db;
    const post = <N extends EndpointName>(who: string, name: N, payload: PayloadIn<N>) => env.api(name, payload, { token: t[who], idempotencyKey: `bj-${backend}-${++n}-${randomUUID()}` });
    const get = <N extends EndpointName>(who: string, name: N, q: PayloadIn<N>) => env.api(name, q, { token: t[who] });
    const ok = <T>(r: { status: number; body: Envelope<T> }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data as T; };
    const runner = () => createBatchService({ clock: env.clock, chunk: CHUNK });
    const job = async (id: number) => ok(await get('batchOp', 'opBatchJobs', {})).data.find((j) => j.id === id)!;
    const logOf = async (id: number) => ok(await get('batchOp', 'opBatchJobLog', { job_id: id })).map((l) => l.text);
    const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db())).rows[0].n;
    const audits = async () => (await sql<{ action: string; entity_id: string; username: string }>`
      select action, entity_id, username from operator_audit where entity = 'batch_job' order by id`.execute(db())).rows;

    beforeAll(async () => {
      env = await createTestEnv(backend, { stockRows: 200, accessTtlSeconds: 30 * 86_400 });
      for (const u of ['operator', 'seller']) t[u] = (await env.login(u)).access_token;
      t.batchOp = await operatorWith(env, 'bj-op', ['D11-06']);
      t.wechatOp = await operatorWith(env, 'bj-wechat', ['D11-05', 'D11-01']);
    }, 600_000);
    afterAll(async () => env?.close());

    it('only D11-06 (or D11) and operators see, start and cancel jobs', async () => {
      for (const who of ['wechatOp', 'seller']) {
        expect((await get(who, 'opBatchJobs', {})).status).toBe(403);
        expect((await post(who, 'opBatchJobStart', { job_kind: 'reindex' })).status).toBe(403);
        expect((await post(who, 'opBatchJobCancel', { job_id: 1 })).status).toBe(403);
        expect((await get(who, 'opBatchJobLog', { job_id: 1 })).status).toBe(403);
      }
      expect(ok(await get('batchOp', 'opBatchJobs', {}))).toEqual({ data: [], total: 0 });
      expect(ok(await get('operator', 'opBatchJobs', {})).total).toBe(0);
    });

    it('refuses a bad start under its field and starts nothing', async () => {
      const refused = async (payload: PayloadIn<'opBatchJobStart'>, status: number, field: string | undefined, text: string) => {
        const r = await post('batchOp', 'opBatchJobStart', payload);
        expect(r.status, JSON.stringify(r.body)).toBe(status);
        expect(r.body.field).toBe(field);
        expect(r.body.msg).toContain(text);
      };
      await refused({ job_kind: 'prices', company_id: SELLER_CO }, 422, 'company_id', batchText.pricesAllStock);
      await refused({ job_kind: 'label' }, 422, 'label_text', batchText.labelNeeded);
      await refused({ job_kind: 'reindex', company_id: 999_999 }, 422, 'company_id', batchText.companyNotFound);
      await refused({ job_kind: 'label', label_text: 'clearance', filter_k: '没有这种配件名称' }, 409, undefined, batchText.noRows);
      await refused({ job_kind: 'rebuild' as 'reindex' }, 422, 'job_kind', '请选择任务类型');
      expect((await get('batchOp', 'opBatchJobLog', { job_id: 999 })).body.field).toBe('job_id');
      expect(ok(await get('batchOp', 'opBatchJobs', {})).total).toBe(0);
      expect(await audits()).toEqual([]);
    });

    it('重建搜索词: x of n chunk by chunk, one at a time, the missing entries back', async () => {
      const names = (await sql<{ name: string }>`select distinct name from stock where company_id = ${SELLER_CO} order by name limit 3`.execute(db())).rows.map((r) => r.name);
      await sql`delete from search_term where kind = 'name' and term in (${sql.join(names)})`.execute(db());
      const total = await count(sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${SELLER_CO}`);
      expect(total).toBeGreaterThan(CHUNK);
      const started = ok(await post('batchOp', 'opBatchJobStart', { job_kind: 'reindex', company_id: SELLER_CO }));
      expect(started).toMatchObject({ kind: 'reindex', state: 'running', total, done: 0, company_id: SELLER_CO, started_name: 'bj-op' });
      const again = await post('batchOp', 'opBatchJobStart', { job_kind: 'reindex' });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(batchText.oneAtATime('reindex'));
      const r = runner();
      expect(await r.step(db())).toBe(true);
      expect(await job(started.id)).toMatchObject({ state: 'running', done: CHUNK, total });
      await r.runPending(db());
      const done = await job(started.id);
      expect(done).toMatchObject({ state: 'done', done: total, total });
      expect(done.changed).toBeGreaterThanOrEqual(3);
      expect(await count(sql<{ n: number }>`select count(*)::int as n from search_term where kind = 'name' and term in (${sql.join(names)})`)).toBe(3);
      const log = await logOf(started.id);
      expect(log[0]).toContain(`开始：重建搜索词：企业`);
      expect(log.at(-1)).toBe(`完成：处理 ${total} 行，新增搜索词 ${done.changed}`);
      expect(await audits()).toEqual([{ action: 'start', entity_id: String(started.id), username: 'bj-op' }]);
    });

    it('批量标签 cancelled after a chunk keeps that chunk and stops', async () => {
      await sql`update stock set clean_state = 'normal'`.execute(db());
      const all = await count(sql<{ n: number }>`select count(*)::int as n from stock`);
      const started = ok(await post('batchOp', 'opBatchJobStart', { job_kind: 'label', label_text: 'clearance', on: true }));
      expect(started.total).toBe(all);
      const r = runner();
      await r.step(db());
      const cancelled = ok(await post('batchOp', 'opBatchJobCancel', { job_id: started.id }));
      expect(cancelled).toMatchObject({ state: 'cancelled', done: CHUNK, changed: CHUNK, cancelled_by: 'bj-op' });
      expect(await r.step(db())).toBe(false);
      expect(await count(sql<{ n: number }>`select count(*)::int as n from stock where clean_state = 'clearance'`)).toBe(CHUNK);
      const again = await post('batchOp', 'opBatchJobCancel', { job_id: started.id });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(batchText.notRunning);
      expect((await logOf(started.id)).at(-1)).toBe(`取消：已处理 ${CHUNK} / ${all} 行，已做的改动保留（bj-op）`);
      expect((await audits()).map((a) => a.action)).toEqual(['start', 'start', 'cancel']);
      // the kind is free again
      expect(ok(await get('batchOp', 'opBatchJobs', { state: 'cancelled' })).data.map((j) => j.id)).toEqual([started.id]);
    });

    it('a restart goes on from the last chunk: every matching row labelled once, the seller sees who changed it', async () => {
      await sql`update stock set sale_state = 'normal' where company_id = ${SELLER_CO}`.execute(db());
      const name = (await sql<{ name: string }>`select name from stock where company_id = ${SELLER_CO} group by name order by count(*) desc limit 1`.execute(db())).rows[0].name;
      const word = name.slice(0, 2);
      const matching = await count(sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${SELLER_CO} and name like ${`%${word}%`}`);
      const started = ok(await post('batchOp', 'opBatchJobStart', { job_kind: 'label', company_id: SELLER_CO, label_text: 'promotion', on: true, filter_k: word }));
      expect(started).toMatchObject({ total: matching, label: 'promotion', on: true, k: word });
      // the restart below needs a job left half done
      expect(matching).toBeGreaterThan(1);
      const small = createBatchService({ clock: env.clock, chunk: 1 });
      expect(await small.step(db())).toBe(true);
      // the server stopped; the next one's runner picks the job up
      await runner().runPending(db());
      const done = await job(started.id);
      expect(done).toMatchObject({ state: 'done', done: matching, changed: matching });
      expect(await count(sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${SELLER_CO} and sale_state = 'promotion'`)).toBe(matching);
      expect(await count(sql<{ n: number }>`select count(*)::int as n from stock_change where action = 'op_label' and company_id = ${SELLER_CO} and changes::text like '%promotion%'`)).toBe(matching);
      expect(await logOf(started.id)).toContain('继续：从第 2 行起（此前的进程已停止）');
      // taking it off again changes them back
      const off = ok(await post('batchOp', 'opBatchJobStart', { job_kind: 'label', company_id: SELLER_CO, label_text: 'promotion', on: false, filter_k: word }));
      await runner().runPending(db());
      expect(await job(off.id)).toMatchObject({ state: 'done', changed: matching });
      expect(await count(sql<{ n: number }>`select count(*)::int as n from stock where company_id = ${SELLER_CO} and name like ${`%${word}%`} and sale_state = 'promotion'`)).toBe(0);
    });

    it('重算价格区间 brings loosened bounds back, and a write of stock meanwhile is still bounded', async () => {
      const bounds = async () => Object.fromEntries((await sql<{ x: string; y: string; r: number }>`select x, y, r from price_ratio order by x, y`.execute(db())).rows.map((b) => [`${b.x}/${b.y}`, Number(b.r)]));
      const before = await bounds();
      expect(Object.keys(before).length).toBeGreaterThan(0);
      await sql`update price_ratio set r = r * 10`.execute(db());
      const started = ok(await post('batchOp', 'opBatchJobStart', { job_kind: 'prices' }));
      const r = runner();
      await r.step(db());
      // a row the job has passed is repriced: price0 three times price99 (not odd: within 4×)
      const passed = (await sql<{ id: number }>`select id from stock where price99 > 0 order by id limit 1`.execute(db())).rows[0].id;
      await sql`update stock set price0 = price99 * 3, price1 = price99 * 3, price2 = price99 * 3, price3 = price99 * 3 where id = ${passed}`.execute(db());
      await r.runPending(db());
      const after = await bounds();
      expect(await job(started.id)).toMatchObject({ state: 'done' });
      expect(after['price0/price99']).toBeGreaterThanOrEqual(3);
      // tight again: each bound is the largest ratio over today's rows (the repriced one included)
      for (const [pair, value] of Object.entries(after)) {
        const [x, y] = pair.split('/');
        const truth = (await sql<{ r: number }>`select max(${sql.ref(x)}::float8 / nullif(${sql.ref(y)}, 0)) * (1 + 1e-9) as r from stock
          where not price_odd(price99, price0, price1, price2, price3)`.execute(db())).rows[0].r;
        expect(Math.abs(value - Number(truth)) / Number(truth), pair).toBeLessThan(1e-9);
        expect(value).toBeLessThan(Math.max(before[pair], 3) * 10);
      }
      expect(await count(sql<{ n: number }>`select count(*)::int as n from price_ratio_next`)).toBe(0);
      // later writes widen the bounds as ever
      await sql`update stock set price1 = price99 * 4 where id = ${passed}`.execute(db());
      expect((await bounds())['price1/price99']).toBeGreaterThanOrEqual(4);
    });

    it('the list filters by kind and state, newest first', async () => {
      const all = ok(await get('batchOp', 'opBatchJobs', {}));
      expect(all.total).toBe(5);
      expect(all.data.map((j) => j.kind)).toEqual(['prices', 'label', 'label', 'label', 'reindex']);
      expect(ok(await get('batchOp', 'opBatchJobs', { job_kind: 'label', state: 'done' })).total).toBe(2);
      expect(ok(await get('batchOp', 'opBatchJobs', { state: 'running' })).total).toBe(0);
      const bad = await get('batchOp', 'opBatchJobs', { state: 'paused' as 'done' });
      expect(bad.status).toBe(422);
      expect(bad.body.field).toBe('state');
    });
  });
});
