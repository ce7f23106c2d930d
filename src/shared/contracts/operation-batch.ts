/**
 * 批量工具 (/operation/system/batchtools, D11-06; docs/batch-jobs.md): start a batch job, see the
 * jobs with their progress, cancel one, read a job's log. Every call is `operator` (company 1 only).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { OP_CODES } from '../domain/operation-codes';
import { BATCH_KIND_KEYS, BATCH_LABEL_KEYS, BATCH_STATES, batchText } from '../domain/batch-jobs';

const STATE_KEYS = Object.keys(BATCH_STATES) as Array<keyof typeof BATCH_STATES>;

export const batchJobSchema = v.object({
  id: v.number(), kind: v.picklist(BATCH_KIND_KEYS), company_id: v.number(), company_name: v.string(),
  /** the label job's label and mark ('' for other kinds) and its name filter */
  label: v.string(), on: v.boolean(), k: v.string(),
  state: v.picklist(STATE_KEYS), total: v.number(), done: v.number(), changed: v.number(),
  started_name: v.string(), cancelled_by: v.string(), created_at: v.number(), updated_at: v.number(), finished_at: v.number(),
});
export type BatchJob = v.InferOutput<typeof batchJobSchema>;

const idOf = (label: string) => positiveIdField(label);

export const operationBatchEndpoints = {
  opBatchJobs: defineEndpoint({
    method: 'get', path: '/operation/batch-jobs', tag: 'operation', access: 'operator', permissions: OP_CODES.batch,
    summary: '运营：批量任务，最新在前，含进度（已处理/总数）和改动数；可按类型、状态筛选',
    payload: listPayload({
      job_kind: v.optional(v.picklist(['', ...BATCH_KIND_KEYS], '任务类型只能是 reindex、prices 或 label'), ''),
      state: v.optional(v.picklist(['', ...STATE_KEYS], '状态只能是进行中、已完成、已取消或失败'), ''),
    }),
    answer: listAnswer(batchJobSchema),
  }),
  opBatchJobStart: defineEndpoint({
    method: 'post', path: '/operation/batch-jobs/start', tag: 'operation', access: 'operator', permissions: OP_CODES.batch, idempotent: true,
    summary: '运营：开始一个批量任务（重建搜索词、重算价格区间、批量标签），在后台分批进行；同一类型同时只能有一个；记入操作日志',
    payload: v.pipe(v.object({
      job_kind: v.picklist(BATCH_KIND_KEYS, '请选择任务类型'),
      // 0: every company
      company_id: v.optional(v.union([v.literal(0), idOf('企业ID')], '企业ID应为正整数'), 0),
      label_text: v.optional(v.picklist(['', ...BATCH_LABEL_KEYS], '标签只能是清仓（clearance）或促销（promotion）'), ''),
      on: v.optional(v.boolean('on 应为 true（加上）或 false（去掉）'), true),
      filter_k: opKeyword('名称或OE号', 40),
    }),
    v.forward(v.check((p) => p.job_kind !== 'label' || p.label_text !== '', batchText.labelNeeded), ['label_text']),
    v.forward(v.check((p) => p.job_kind !== 'prices' || p.company_id === 0, batchText.pricesAllStock), ['company_id'])),
    answer: batchJobSchema,
  }),
  opBatchJobCancel: defineEndpoint({
    method: 'post', path: '/operation/batch-jobs/cancel', tag: 'operation', access: 'operator', permissions: OP_CODES.batch, idempotent: true,
    summary: '运营：取消进行中的批量任务：做完正在处理的一批后停止，已处理的不回退；记入操作日志',
    payload: v.object({ job_id: idOf('任务ID') }),
    answer: batchJobSchema,
  }),
  opBatchJobLog: defineEndpoint({
    method: 'get', path: '/operation/batch-jobs/log', tag: 'operation', access: 'operator', permissions: OP_CODES.batch,
    summary: '运营：一个批量任务的日志（开始、继续、完成、取消、失败），按时间顺序',
    payload: v.object({ job_id: idOf('任务ID') }),
    answer: v.array(v.object({ at: v.number(), text: v.string() })),
  }),
} as const;
