import type { Context } from 'hono';
import { sendError, type Handlers } from '../../http/mount';
import { AppError } from '../../http/errors';
import { ResultCode } from '../../../shared/contracts';
import type { IllustrationService } from './illustration.service';

type Names = 'illustrationVehicles' | 'illustrationGroups' | 'illustrationSubgroup' | 'opIllustrationVehicles' | 'opIllustrationImageSave' | 'opIllustrationImageRemove' | 'opIllustrationHotspotsSave';

export const illustrationHandlers = (svc: IllustrationService): Pick<Handlers, Names> => ({
  illustrationVehicles: (_p, ctx) => svc.vehicles(ctx.db),
  illustrationGroups: (p, ctx) => svc.groups(ctx.db, p.vehicle_id),
  illustrationSubgroup: (p, ctx) => svc.subgroup(ctx.db, p.subgroup_id),
  opIllustrationVehicles: (p, ctx) => svc.vehiclePage(ctx.db, p),
  opIllustrationImageSave: (p, ctx) => svc.saveImage(ctx.db, ctx.caller!, p),
  opIllustrationImageRemove: (p, ctx) => svc.removeImage(ctx.db, ctx.caller!, p),
  opIllustrationHotspotsSave: (p, ctx) => svc.saveHotspots(ctx.db, ctx.caller!, p),
});

export const SCHEMATIC_NOT_FOUND = '图解不存在';

/**
 * GET /api/epc/schematic/:file (`<subgroup id>.svg`): a seeded schematic drawing. Public like the
 * uploads (an <img> sends no bearer token); the SVG is our own text with no script, and the
 * answer's CSP forbids any anyway.
 */
export const serveSchematic = (svc: IllustrationService, db: Parameters<IllustrationService['schematicSvg']>[0]) => async (c: Context) => {
  const m = /^(\d{1,9})\.svg$/.exec(c.req.param('file') ?? '');
  const svg = m ? await svc.schematicSvg(db, Number(m[1])) : null;
  if (!svg) return sendError(c, new AppError(ResultCode.notFound, 404, SCHEMATIC_NOT_FOUND));
  return c.body(svg, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
    'Cache-Control': 'private, max-age=3600',
  });
};
