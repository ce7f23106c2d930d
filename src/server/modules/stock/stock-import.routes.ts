import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import type { Handlers } from '../../http/mount';
import { AppError, invalid } from '../../http/errors';
import { mountFileRoute, type FileEdge } from '../../http/file-route';
import { exportCost } from '../../http/limits';
import { ResultCode, stockFilterPayload } from '../../../shared/contracts';
import { STOCK_CODES } from '../../../shared/domain/stock';
import type { StockImportService } from './stock-import.service';

const importId = (id: string | undefined) => {
  if (!id || !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw invalid('id', '导入编号应为正整数');
  return Number(id);
};

export const stockImportHandlers = (svc: StockImportService): Pick<Handlers, 'stockImportPreview' | 'stockImportStart' | 'stockImportStatus'> => ({
  stockImportPreview: (p, ctx) => svc.preview(ctx.db, ctx.caller!, p.import_id, p.mapping),
  stockImportStart: (p, ctx) => svc.start(ctx.db, ctx.caller!, p.import_id, p.mapping),
  stockImportStatus: (_p, ctx) => svc.status(ctx.db, ctx.caller!, importId(ctx.id)),
});

const attachment = (name: string) => `attachment; filename="download"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Rows the stock export reads a page at a time (stock-import.service exportXlsx); each page is priced by limits.ts exportCost. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * The file routes beside the endpoint table: they carry files, not JSON. They go through the
 * table's edge (http/file-route.ts: budgets, sign-in, M03, the query checked) before a byte of
 * the body is read.
 */
export const mountStockFileRoutes = (app: Hono, edge: FileEdge, svc: StockImportService) => {
  const { db } = edge.deps;

  /** POST /api/stock/import/upload?name=<file name>: the raw file as the body (at most 20 MB). */
  mountFileRoute(app, 'post', '/api/stock/import/upload', edge, { name: 'stock import upload', access: 'user', permissions: STOCK_CODES }, async ({ c, caller, query, signal }) => {
    const length = c.req.header('Content-Length');
    const name = (typeof query.name === 'string' ? query.name : '').trim() || 'upload';
    const answer = await svc.upload(db, caller!, name, length && /^\d+$/.test(length) ? Number(length) : null, c.req.raw.body, signal);
    return c.json({ code: ResultCode.ok, msg: 'success', data: answer });
  });

  /** GET /api/stock/import/errors/:id: the refused lines (original cells + 错误原因) as CSV. */
  mountFileRoute(app, 'get', '/api/stock/import/errors/:id', edge, { name: 'stock import errors', access: 'user', permissions: STOCK_CODES }, async ({ c, caller }) => {
    const file = await svc.errorFile(db, caller!, importId(c.req.param('id')));
    if (!file) throw new AppError(ResultCode.notFound, 404, '该导入没有错误行');
    // a client that goes away cancels the stream, which closes the file
    return new Response(Readable.toWeb(createReadStream(file.path)) as ReadableStream, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachment(file.name), 'Cache-Control': 'no-store' },
    });
  });

  /** GET /api/stock/export?<getStockData's filter>: the filtered list as XLSX with the import's headers. */
  mountFileRoute(app, 'get', '/api/stock/export', edge, {
    name: 'stock export', access: 'user', permissions: STOCK_CODES, query: stockFilterPayload, heavy: () => exportCost(EXPORT_PAGE_ROWS),
  }, async ({ caller, query, signal, pay }) => {
    const { stream, finished } = svc.exportXlsx(db, caller!, query, { signal, pageRows: EXPORT_PAGE_ROWS, beforePage: (first) => (first ? Promise.resolve() : pay(exportCost(EXPORT_PAGE_ROWS))) });
    return {
      response: new Response(Readable.toWeb(stream) as ReadableStream, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': attachment('库存导出.xlsx'), 'Cache-Control': 'no-store',
        },
      }),
      finished,
    };
  });
};
