/**
 * The operators' batch jobs (批量工具, docs/batch-jobs.md). `start` counts the stock rows in scope
 * and records the job (one running job of a kind: the partial unique index refuses a second);
 * `step` runs the next chunk of a running job in one transaction under the job's row lock, so a
 * cancel waits for the chunk under way and two processes never run one chunk twice; `runPending`
 * runs every running job to its end, and is what the server calls every few seconds, so a job left
 * running by a stopped server goes on from its last chunk.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { conflict, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import type { BatchJob } from '../../../shared/contracts/operation-batch';
import { BATCH_KINDS, BATCH_LABELS, batchText, type BatchKind, type BatchLabel } from '../../../shared/domain/batch-jobs';
import { logStockChanges } from '../stock/stock.service';
import * as audit from '../operation/audit.service';
import * as repo from './batch.repo';

type Log = (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;

export const BATCH_CHUNK = 500;

const shape = (j: NonNullable<Awaited<ReturnType<typeof repo.jobById>>> & { company_name?: string | null }): BatchJob => {
  const p = j.params as repo.JobParams;
  return {
    id: j.id, kind: j.kind as BatchKind, company_id: j.company_id ?? 0, company_name: j.company_name ?? '',
    label: p.label ?? '', on: p.on ?? true, k: p.k ?? '',
    state: j.state as BatchJob['state'], total: j.total, done: j.done, changed: j.changed,
    started_name: j.started_name, cancelled_by: j.cancelled_by, created_at: unix(j.created_at), updated_at: unix(j.updated_at), finished_at: unix(j.finished_at),
  };
};

const describe = (kind: BatchKind, companyName: string, p: repo.JobParams) => {
  const scope = companyName ? `企业“${companyName}”的库存` : '全部库存';
  if (kind !== 'label') return `${BATCH_KINDS[kind].label}：${scope}`;
  return `${p.on ? '加上' : '去掉'}“${BATCH_LABELS[p.label!].label}”标签：${scope}${p.k ? `中名称或OE号含“${p.k}”的` : ''}`;
};

export const createBatchService = (deps: { clock: Clock; log?: Log; chunk?: number }) => {
  const chunk = deps.chunk ?? BATCH_CHUNK;
  /** jobs this process has run a chunk of: one it picks up after a restart says so in its log */
  const seen = new Set<number>();
  /** set when the server closes: the tick under way stops after its chunk */
  let stopping = false;

  const withCompany = async (db: Kysely<DB>, j: NonNullable<Awaited<ReturnType<typeof repo.jobById>>>) =>
    shape({ ...j, company_name: j.company_id === null ? '' : await repo.companyName(db, j.company_id) });

  /** One chunk of the job; false when the job is no longer running (or another process holds it). */
  const stepJob = async (db: Kysely<DB>, id: number): Promise<boolean> => {
    try {
      return await inTransaction(db, async (trx) => {
        const j = await repo.jobById(trx, id, 'skip');
        if (!j || j.state !== 'running') return false;
        const now = deps.clock.now();
        if (!seen.has(id)) {
          seen.add(id);
          if (j.done > 0) await repo.log(trx, id, now, `继续：从第 ${j.done + 1} 行起（此前的进程已停止）`);
        }
        const p = j.params as repo.JobParams;
        const scope = repo.scopeOf(j.company_id, p);
        const ids = await repo.nextIds(trx, scope, j.cursor_id, j.last_id, chunk);
        let changed = 0;
        if (ids.length > 0) {
          if (j.kind === 'reindex') changed = await repo.reindexChunk(trx, ids);
          if (j.kind === 'prices') await repo.pricesChunk(trx, j.cursor_id, ids[ids.length - 1]);
          if (j.kind === 'label') {
            const rows = await repo.labelChunk(trx, ids, p.label as BatchLabel, p.on ?? true, now);
            const l = BATCH_LABELS[p.label as BatchLabel];
            await logStockChanges(trx, rows.map((r) => ({
              stock_id: r.id, company_id: r.company_id, user_id: j.started_by, at: now, action: 'op_label',
              changes: [{ field: l.column, old: r.old, new: p.on ? l.on : l.off }],
            })));
            changed = rows.length;
          }
          await repo.advance(trx, id, { cursor_id: ids[ids.length - 1], done: ids.length, changed, at: now });
        }
        if (ids.length < chunk) {
          // the prices job's change is the bounds it moved, counted when they are swapped in
          if (j.kind === 'prices') await repo.advance(trx, id, { cursor_id: ids.at(-1) ?? j.cursor_id, done: 0, changed: await repo.swapPrices(trx), at: now });
          await repo.end(trx, id, 'done', now);
          const after = (await repo.jobById(trx, id))!;
          await repo.log(trx, id, now, `完成：处理 ${after.done} 行，${BATCH_KINDS[j.kind as BatchKind].changed} ${after.changed}`);
          return false;
        }
        return true;
      });
    } catch (e) {
      deps.log?.('error', `批量任务 ${id} 失败`, e);
      await inTransaction(db, async (trx) => {
        const now = deps.clock.now();
        if (await repo.end(trx, id, 'failed', now)) {
          if ((await repo.jobById(trx, id))?.kind === 'prices') await repo.clearPricesNext(trx);
          await repo.log(trx, id, now, `失败：${(e instanceof Error ? e.message : String(e)).slice(0, 300)}`);
        }
      });
      return false;
    }
  };

  return {
    async start(db: Kysely<DB>, caller: Caller, p: { job_kind: BatchKind; company_id: number; label_text: '' | BatchLabel; on: boolean; filter_k: string }) {
      const kind = p.job_kind;
      if (kind === 'prices' && p.company_id !== 0) throw invalid('company_id', batchText.pricesAllStock);
      if (kind === 'label' && !p.label_text) throw invalid('label_text', batchText.labelNeeded);
      const companyName = p.company_id ? await repo.companyName(db, p.company_id) : '';
      if (companyName === undefined) throw invalid('company_id', batchText.companyNotFound);
      const params: repo.JobParams = kind === 'label' ? { label: p.label_text as BatchLabel, on: p.on, k: p.filter_k } : {};
      return inTransaction(db, async (trx) => {
        const companyId = p.company_id || null;
        const { n, last_id } = await repo.countAndLast(trx, repo.scopeOf(companyId, params));
        if (n === 0) throw conflict(batchText.noRows);
        const now = deps.clock.now();
        if (await repo.runningOfKind(trx, kind)) throw conflict(batchText.oneAtATime(kind));
        // a stock write under way when the prices job starts would widen only the old bounds: wait
        // for every such write, so each later one sees the running job and widens the next bounds
        // too (docs/batch-jobs.md)
        if (kind === 'prices') await repo.waitForStockWriters(trx);
        let id: number;
        try {
          id = await repo.insertJob(trx, {
            kind, company_id: companyId, params, total: n, last_id: last_id!, started_by: caller.userId, started_name: caller.username, at: now,
          });
        } catch (e) {
          // two started at once: the partial unique index lets one through
          if ((e as { code?: string } | null)?.code === '23505') throw conflict(batchText.oneAtATime(kind));
          throw e;
        }
        if (kind === 'prices') await repo.clearPricesNext(trx);
        await repo.log(trx, id, now, `开始：${describe(kind, companyName, params)}，共 ${n} 行（${caller.username}）`);
        await audit.record(trx, caller, now, [{ entity: 'batch_job', entity_id: id, action: 'start', new: { kind, company_id: companyId, ...params, total: n } }]);
        return withCompany(trx, (await repo.jobById(trx, id))!);
      });
    },

    cancel: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        // waits for a chunk under way (it holds the row)
        const j = await repo.jobById(trx, id, 'update');
        if (!j) throw invalid('job_id', batchText.jobNotFound);
        if (j.state !== 'running') throw conflict(batchText.notRunning);
        const now = deps.clock.now();
        await repo.end(trx, id, 'cancelled', now, caller.username);
        if (j.kind === 'prices') await repo.clearPricesNext(trx);
        await repo.log(trx, id, now, `取消：已处理 ${j.done} / ${j.total} 行，已做的改动保留（${caller.username}）`);
        await audit.record(trx, caller, now, [{ entity: 'batch_job', entity_id: id, action: 'cancel', old: { done: j.done, total: j.total } }]);
        return withCompany(trx, (await repo.jobById(trx, id))!);
      }),

    async list(db: Kysely<DB>, p: { job_kind: string; state: string; page_number: number; page_size: number }) {
      const { rows, total } = await repo.list(db, { kind: p.job_kind, state: p.state, offset: (p.page_number - 1) * p.page_size, limit: p.page_size });
      return { data: rows.map((r) => shape(r)), total };
    },

    async log(db: Kysely<DB>, id: number) {
      if (!(await repo.jobById(db, id))) throw invalid('job_id', batchText.jobNotFound);
      return repo.logOf(db, id);
    },

    /** One chunk of the oldest running job; false when none is left to run. */
    async step(db: Kysely<DB>) {
      for (const id of await repo.runningIds(db)) if (await stepJob(db, id)) return true;
      return false;
    },

    /** Runs every running job to its end (or its cancel, or `stop()`): the server's tick. */
    async runPending(db: Kysely<DB>) {
      let chunks = 0;
      for (const id of await repo.runningIds(db)) {
        while (!stopping && (await stepJob(db, id))) chunks++;
      }
      return { batch_chunks: chunks };
    },

    /** The server is closing: the tick under way ends after its chunk; the job goes on from there in the next process. */
    stop() {
      stopping = true;
    },
  };
};

export type BatchService = ReturnType<typeof createBatchService>;
