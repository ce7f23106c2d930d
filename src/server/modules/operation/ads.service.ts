/**
 * Marketing ads for operators (Ads): every slot's ads with image, link, China days from
 * and to (both included) and order. The storefront reads live ads by slot on each visit
 * (getAdByCode; the service worker revalidates it), so a change shows without a redeploy. Images
 * must be uploads of the platform (fileUpload checked their bytes); each write is in the audit log.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { ResultCode, type OpAd } from '../../../shared/contracts';
import { HEAD_COMPANY_ID } from '../../../shared/domain/permissions';
import { firstForeignUpload } from '../upload/upload.service';
import * as audit from './audit.repo';
import { chinaDay, chinaMidnight } from '../../../shared/domain/china-time';

/** the end is exclusive: midnight after the last day */
const endOf = (day: string) => chinaMidnight(day, 1);

type AdRow = { id: number; code: string; images_url: string; images_width: number; click_url: string; start_at: Date; end_at: Date; sort: number };

export const createAdsService = (deps: { clock: Clock }) => {
  const shape = (a: AdRow): OpAd => {
    const now = deps.clock.now();
    return {
      id: a.id, code: a.code, images_url: a.images_url, images_width: a.images_width, click_url: a.click_url, sort: a.sort,
      start_day: chinaDay(new Date(a.start_at)), end_day: chinaDay(new Date(new Date(a.end_at).getTime() - 1000)),
      live: new Date(a.start_at) <= now && new Date(a.end_at) > now,
    };
  };
  const byId = async (db: Kysely<DB>, id: number) => {
    const a = await db.selectFrom('ad').selectAll().where('id', '=', id).executeTakeFirst();
    if (!a) throw new AppError(ResultCode.notFound, 404, '广告不存在');
    return a;
  };
  return {
    async list(db: Kysely<DB>, code: string) {
      let q = db.selectFrom('ad').selectAll();
      if (code) q = q.where('code', '=', code);
      return (await q.orderBy('code').orderBy('sort').orderBy('id').execute()).map(shape);
    },

    save: (db: Kysely<DB>, caller: Caller, p: Omit<OpAd, 'id' | 'live'> & { id: number }) =>
      inTransaction(db, async (trx) => {
        const before = p.id === 0 ? null : shape(await byId(trx, p.id));
        if (p.images_url !== before?.images_url && (await firstForeignUpload(trx, HEAD_COMPANY_ID, [p.images_url])) !== -1) {
          throw invalid('images_url', '请先上传 JPG/PNG 广告图片');
        }
        const row = {
          code: p.code, images_url: p.images_url, images_width: p.images_width, click_url: p.click_url, sort: p.sort,
          start_at: chinaMidnight(p.start_day), end_at: endOf(p.end_day),
        };
        const id = p.id === 0
          ? (await trx.insertInto('ad').values(row).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.updateTable('ad').set(row).where('id', '=', p.id).returning('id').executeTakeFirstOrThrow()).id;
        const after = shape(await byId(trx, id));
        const strip = (a: OpAd | null) => a && { code: a.code, images_url: a.images_url, click_url: a.click_url, start_day: a.start_day, end_day: a.end_day, sort: a.sort };
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'ad', entity_id: id, action: before ? 'update' : 'create', old: strip(before) ?? undefined, new: strip(after) }]);
        return after;
      }),

    remove: (db: Kysely<DB>, caller: Caller, id: number) =>
      inTransaction(db, async (trx) => {
        const before = shape(await byId(trx, id));
        await trx.deleteFrom('ad').where('id', '=', id).execute();
        await audit.record(trx, caller, deps.clock.now(), [{ entity: 'ad', entity_id: id, action: 'delete', old: { code: before.code, images_url: before.images_url, start_day: before.start_day, end_day: before.end_day } }]);
        return null;
      }),
  };
};

export type AdsService = ReturnType<typeof createAdsService>;
