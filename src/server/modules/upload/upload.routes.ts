import type { Context } from 'hono';
import { sendError, type Handlers } from '../../http/mount';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import type { UploadService } from './upload.service';

export const uploadHandlers = (svc: UploadService): Pick<Handlers, 'fileUpload'> => ({
  fileUpload: (p, ctx) => svc.upload(ctx.db, ctx.caller!, p),
});

export const IMAGE_NOT_FOUND = '图片不存在';

/** GET /api/uploads/:name: the stored image, read-only, with the type its magic bytes gave it. */
export const serveUpload = (svc: UploadService) => async (c: Context) => {
  const file = await svc.read(c.req.param('name') ?? '');
  if (!file) return sendError(c, new AppError(ResultCode.notFound, 404, IMAGE_NOT_FOUND));
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': file.contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
    // a PDF (an issued invoice) is saved, never shown on our origin
    ...(file.contentType === 'application/pdf' ? { 'Content-Disposition': 'attachment; filename="document.pdf"' } : {}),
    // names are random and never reused: the bytes behind one never change
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
};
