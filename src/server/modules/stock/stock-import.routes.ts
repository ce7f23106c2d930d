import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { sendError, type Handlers } from '../../http/mount';
import { AppError, forbidden, invalid, notLoggedIn } from '../../http/errors';
import type { Caller, AppDeps } from '../../http/context';
import { ResultCode, stockFilterPayload } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { STOCK_CODES } from '../../../shared/domain/stock';
import { msg } from '../../../shared/messages';
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

/**
 * The file routes beside the endpoint table: they carry files, not JSON. Signed in and M03 are
 * checked as the table does it, before a byte of the body is read.
 */
export const mountStockFileRoutes = (app: Hono, deps: AppDeps, svc: StockImportService, resolveCaller: (bearer: string) => Promise<Caller>) => {
  const guarded = (fn: (c: Context, caller: Caller) => Promise<Response>) => async (c: Context) => {
    try {
      const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
      if (!bearer) throw notLoggedIn();
      const caller = await resolveCaller(bearer);
      if (!hasAnyPermission(caller.permissions, STOCK_CODES)) throw forbidden();
      return await fn(c, caller);
    } catch (e) {
      if (e instanceof AppError) return sendError(c, e);
      deps.log?.('error', `${c.req.method} ${c.req.path} failed`, e);
      return sendError(c, new AppError(ResultCode.serverError, 500, msg.internalError));
    }
  };

  /** POST /api/stock/import/upload?name=<file name>: the raw file as the body (at most 20 MB). */
  app.post('/api/stock/import/upload', guarded(async (c, caller) => {
    const length = c.req.header('Content-Length');
    const name = (c.req.query('name') ?? '').trim() || 'upload';
    const answer = await svc.upload(deps.db, caller, name, length && /^\d+$/.test(length) ? Number(length) : null, c.req.raw.body);
    return c.json({ code: ResultCode.ok, msg: 'success', data: answer });
  }));

  /** GET /api/stock/import/errors/:id: the refused lines (original cells + 错误原因) as CSV. */
  app.get('/api/stock/import/errors/:id', guarded(async (c, caller) => {
    const file = await svc.errorFile(deps.db, caller, importId(c.req.param('id')));
    if (!file) throw new AppError(ResultCode.notFound, 404, '该导入没有错误行');
    return new Response(Readable.toWeb(createReadStream(file.path)) as ReadableStream, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachment(file.name), 'Cache-Control': 'no-store' },
    });
  }));

  /** GET /api/stock/export?<getStockData's filter>: the filtered list as XLSX with the import's headers. */
  app.get('/api/stock/export', guarded(async (c, caller) => {
    const parsed = v.safeParse(stockFilterPayload, c.req.query());
    if (!parsed.success) throw invalid(v.getDotPath(parsed.issues[0]) ?? '', parsed.issues[0].message);
    const stream = svc.exportXlsx(deps.db, caller, parsed.output);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': attachment('库存导出.xlsx'), 'Cache-Control': 'no-store',
      },
    });
  }));
};
