/**
 * Bulk stock import and export (page /backend/product/import). The file itself travels
 * outside this table: `POST /api/stock/import/upload` takes the raw bytes (up to 20 MB, streamed to
 * disk) and answers `stockImportUploadAnswer`; `GET /api/stock/import/errors/:id` and
 * `GET /api/stock/export` send files. These calls work on what was uploaded. All need M03.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { IMPORT_FIELDS, type ImportField } from '../domain/stock-import';
import { STOCK_CODES } from '../domain/stock';
import { MAX_ID } from './common';

const importId = v.pipe(v.number('请先上传文件'), v.integer('请先上传文件'), v.minValue(1, '请先上传文件'), v.maxValue(MAX_ID, '请先上传文件'));

export const columnMappingSchema = v.pipe(
  v.record(v.string(), v.pipe(v.string('列名应为文本'), v.maxLength(200, '列名最多200个字')), '字段对应关系应为对象'),
  v.check((m) => Object.keys(m).every((k) => (IMPORT_FIELDS as readonly string[]).includes(k)), '字段对应关系含有未知字段'),
  v.transform((m) => Object.fromEntries(Object.entries(m).filter(([, h]) => h !== '')) as Partial<Record<ImportField, string>>),
);

export const stockImportUploadAnswer = v.object({
  import_id: v.number(),
  file_name: v.string(),
  format: v.picklist(['csv', 'xlsx']),
  headers: v.array(v.string()),
  /** the company's remembered mapping applied to these headers, else headers matching our labels */
  mapping: v.record(v.string(), v.string()),
  /** true when this exact file (same bytes) was imported before: its applied lines will be skipped */
  seen_before: v.boolean(),
});
export type StockImportUpload = v.InferOutput<typeof stockImportUploadAnswer>;

export const importStatusSchema = v.object({
  import_id: v.number(),
  state: v.picklist(['uploaded', 'running', 'done', 'failed']),
  total_rows: v.number(),
  done_rows: v.number(),
  added: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  skipped: v.number(),
  failed: v.number(),
  has_errors: v.boolean(),
  message: v.string(),
});
export type StockImportStatus = v.InferOutput<typeof importStatusSchema>;

export const stockImportEndpoints = {
  stockImportPreview: defineEndpoint({
    method: 'post', path: '/stock/import/preview', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '按字段对应关系预览上传文件的前20行及每行的问题（并记住本公司的对应关系）',
    payload: v.object({ import_id: importId, mapping: columnMappingSchema }),
    answer: v.object({
      rows: v.array(v.object({ row_no: v.number(), cells: v.array(v.string()), errors: v.array(v.string()) })),
    }),
  }),
  stockImportStart: defineEndpoint({
    method: 'post', path: '/stock/import/start', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '开始导入：新的 OE号+品牌+自编码 新增，已有的更新；在后台分批进行，进度用 stockImportStatus 查询',
    payload: v.object({ import_id: importId, mapping: columnMappingSchema }),
    answer: importStatusSchema,
  }),
  stockImportStatus: defineEndpoint({
    method: 'get', path: '/stock/import/status', pathId: true, tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '导入进度（路径带导入编号）：已处理行数、新增、更新、未变、跳过（此前已导入）、失败',
    payload: v.optional(v.object({}), {}),
    answer: importStatusSchema,
  }),
} as const;
