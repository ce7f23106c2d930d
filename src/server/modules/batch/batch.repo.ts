import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { containsIgnoringCase, likeEscape, unix } from '../../db/helpers';
import { normalizeOe } from '../../../shared/domain/oe';
import { BATCH_LABELS, type BatchKind, type BatchLabel, type BatchState } from '../../../shared/domain/batch-jobs';

export interface JobParams { label?: BatchLabel; on?: boolean; k?: string }
export type JobRow = Awaited<ReturnType<typeof jobById>> & object;

/** Waits for every stock write under way and holds new ones until the transaction ends (SHARE lock). */
export const waitForStockWriters = async (db: Kysely<DB>) => {
  await sql`lock table stock in share mode`.execute(db);
};

/** The stock rows a job passes: its company's (or all), and the label job's name or OE filter. */
export const scopeOf = (companyId: number | null, p: JobParams): RawBuilder<unknown> => {
  const parts: Array<RawBuilder<unknown>> = [sql`true`];
  if (companyId !== null) parts.push(sql`s.company_id = ${companyId}`);
  if (p.k) {
    const oe = normalizeOe(p.k);
    parts.push(oe.length >= 3
      ? sql`(${containsIgnoringCase(sql.ref('s.name'), p.k)} or s.oe_norm like ${`${likeEscape(oe)}%`})`
      : containsIgnoringCase(sql.ref('s.name'), p.k));
  }
  return sql.join(parts, sql` and `);
};

export const countAndLast = async (db: Kysely<DB>, scope: RawBuilder<unknown>) =>
  (await sql<{ n: number; last_id: number | null }>`select count(*)::int as n, max(s.id) as last_id from stock s where ${scope}`.execute(db)).rows[0];

export const insertJob = async (db: Kysely<DB>, j: {
  kind: BatchKind; company_id: number | null; params: JobParams; total: number; last_id: number; started_by: number; started_name: string; at: Date;
}) => (await db.insertInto('batch_job').values({
  kind: j.kind, company_id: j.company_id, params: JSON.stringify(j.params), state: 'running', total: j.total, last_id: j.last_id,
  started_by: j.started_by, started_name: j.started_name, created_at: j.at, updated_at: j.at,
}).returning('id').executeTakeFirstOrThrow()).id;

export const jobById = (db: Kysely<DB>, id: number, lock: 'update' | 'skip' | false = false) => {
  const q = db.selectFrom('batch_job').selectAll().where('id', '=', id);
  return (lock === 'update' ? q.forUpdate() : lock === 'skip' ? q.forUpdate().skipLocked() : q).executeTakeFirst();
};

export const runningOfKind = async (db: Kysely<DB>, kind: BatchKind) =>
  (await db.selectFrom('batch_job').select('id').where('kind', '=', kind).where('state', '=', 'running').executeTakeFirst()) !== undefined;

export const runningIds = async (db: Kysely<DB>) =>
  (await db.selectFrom('batch_job').select('id').where('state', '=', 'running').orderBy('id').execute()).map((r) => r.id);

export const nextIds = async (db: Kysely<DB>, scope: RawBuilder<unknown>, after: number, last: number, limit: number) =>
  (await sql<{ id: number }>`select s.id from stock s where ${scope} and s.id > ${after} and s.id <= ${last} order by s.id limit ${limit}`.execute(db)).rows.map((r) => r.id);

export const advance = (db: Kysely<DB>, id: number, to: { cursor_id: number; done: number; changed: number; at: Date }) =>
  db.updateTable('batch_job').set((eb) => ({ cursor_id: to.cursor_id, done: eb('done', '+', to.done), changed: eb('changed', '+', to.changed), updated_at: to.at }))
    .where('id', '=', id).execute();

export const end = (db: Kysely<DB>, id: number, state: Exclude<BatchState, 'running'>, at: Date, by = '') =>
  db.updateTable('batch_job').set({ state, finished_at: at, updated_at: at, cancelled_by: by }).where('id', '=', id).where('state', '=', 'running')
    .executeTakeFirst().then((r) => Number(r.numUpdatedRows) === 1);

export const log = (db: Kysely<DB>, jobId: number, at: Date, text: string) => db.insertInto('batch_job_log').values({ job_id: jobId, at, text }).execute();

export const logOf = async (db: Kysely<DB>, jobId: number) =>
  (await db.selectFrom('batch_job_log').select(['at', 'text']).where('job_id', '=', jobId).orderBy('id').execute()).map((r) => ({ at: unix(r.at), text: r.text }));

export const list = async (db: Kysely<DB>, f: { kind: string; state: string; offset: number; limit: number }) => {
  let q = db.selectFrom('batch_job as j').leftJoin('company as c', 'c.id', 'j.company_id');
  if (f.kind) q = q.where('j.kind', '=', f.kind as BatchKind);
  if (f.state) q = q.where('j.state', '=', f.state as BatchState);
  const [rows, total] = await Promise.all([
    q.selectAll('j').select('c.name as company_name').orderBy('j.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
};

export const companyName = async (db: Kysely<DB>, id: number) =>
  (await db.selectFrom('company').select('name').where('id', '=', id).executeTakeFirst())?.name;

// ---- the kinds' work on one chunk of stock ids ----

/** The dictionary entries the rows need (docs/search.md, "How keyword search works"); the new ones' count. */
export const reindexChunk = async (db: Kysely<DB>, ids: number[]) => {
  const r = await sql`
    insert into search_term (kind, term, ref_id)
    select 'name', name, null::integer from (select distinct name from stock where id = any(${ids}::int[])) n
    union all select 'vehicle', supplier_vehicle, null from (select distinct supplier_vehicle from stock where id = any(${ids}::int[]) and supplier_vehicle <> '') v
    union all select 'brand', b.name, b.id from part_brand b where b.id in (select part_brand_id from stock where id = any(${ids}::int[]))
    union all select 'make', m.name, m.id from make m where m.id in (select make_id from stock where id = any(${ids}::int[]))
    on conflict (kind, term) do nothing`.execute(db);
  return Number(r.numAffectedRows ?? 0);
};

/** price_ratio's widening statement (migration 0283) over a range of stock ids, into price_ratio_next. */
let widenText: string | undefined;
export const pricesChunk = async (db: Kysely<DB>, from: number, to: number) => {
  widenText ??= (await sql<{ q: string }>`select replace(price_ratio_widening('stock'), 'price_ratio', 'price_ratio_next') as q`.execute(db)).rows[0].q;
  const ranged = widenText.replace(/FROM stock WHERE/, `FROM stock WHERE id > ${Math.trunc(from)} AND id <= ${Math.trunc(to)} AND`);
  if (ranged === widenText) throw new Error('price_ratio_widening changed its shape');
  await sql.raw(ranged).execute(db);
};

export const clearPricesNext = (db: Kysely<DB>) => sql`delete from price_ratio_next`.execute(db);

/**
 * The rebuilt bounds replace price_ratio. price_ratio_next is locked first: a write of stock that
 * widened it is waited for, and one that comes after sees the job ended and widens price_ratio
 * itself (migration 0811). Returns how many pairs changed.
 */
export const swapPrices = async (db: Kysely<DB>) => {
  await sql`lock table price_ratio_next in exclusive mode`.execute(db);
  await sql`lock table price_ratio in exclusive mode`.execute(db);
  const changed = (await sql<{ n: number }>`
    select count(*)::int as n from price_ratio_next n full join price_ratio o on o.x = n.x and o.y = n.y
    where n.r is distinct from o.r`.execute(db)).rows[0].n;
  await sql`delete from price_ratio`.execute(db);
  await sql`insert into price_ratio (x, y, r) select x, y, r from price_ratio_next`.execute(db);
  await sql`delete from price_ratio_next`.execute(db);
  return changed;
};

/** Puts the label on (or takes it off) the rows of the chunk that differ: their ids and old values. */
export const labelChunk = async (db: Kysely<DB>, ids: number[], label: BatchLabel, on: boolean, at: Date) => {
  const l = BATCH_LABELS[label];
  const value = on ? l.on : l.off;
  const col = sql.ref(l.column);
  return (await sql<{ id: number; company_id: number; old: string }>`
    update stock s set ${col} = ${value}, prod_write_date = ${at}
    from (select id, ${sql.ref(l.column)} as old from stock where id = any(${ids}::int[]) and ${col} <> ${value} for update) o
    where s.id = o.id returning s.id, s.company_id, o.old`.execute(db)).rows;
};
