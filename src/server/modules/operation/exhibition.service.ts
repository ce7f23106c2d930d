/**
 * 展厅 for operators (requirements 001-2-2 company/exhibition): every shop's decoration (banner,
 * introduction, 展厅 photos and videos) across companies, the most recently changed first, and the
 * removal of one photo or video with a reason. The removal, its audit row and the message
 * assistant's notice to the company's owners commit together. The shop page reads the same rows,
 * so a removed item is gone from it at once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { inTransaction, jsonRows, likeEscape } from '../../db/helpers';
import { ResultCode, type OpExhibitionRow, type PayloadOut } from '../../../shared/contracts';
import type { ImService } from '../im/im.service';
import * as imRead from '../im/im.read';
import * as audit from './audit.repo';

export const exhibitionText = {
  itemGone: '该展厅内容已不存在（企业可能已更换），请刷新后再看',
} as const;

/** How many of a shop's items a list row carries (the shop page has them all). */
const MEDIA_PER_ROW = 12;

export const createExhibitionService = (deps: { clock: Clock; notices?: Pick<ImService, 'postNotice'> }) => ({
  async list(db: Kysely<DB>, p: PayloadOut<'opExhibitionList'>) {
    const where = sql.join([
      sql`c.id <> 1`,
      p.company ? sql`(c.name ilike ${`%${likeEscape(p.company)}%`} or c.short_name ilike ${`%${likeEscape(p.company)}%`})` : sql`true`,
      p.has === 'photo' ? sql`exists (select 1 from company_shop_media m where m.company_id = c.id and m.kind = 'photo')`
        : p.has === 'video' ? sql`exists (select 1 from company_shop_media m where m.company_id = c.id and m.kind = 'video')`
          : p.has === 'none' ? sql`s.company_id is null and not exists (select 1 from company_shop_media m where m.company_id = c.id)` : sql`true`,
    ], sql` and `);
    const from = sql`from company c left join company_shop s on s.company_id = c.id where ${where}`;
    const [rows, total] = await Promise.all([
      jsonRows<Omit<OpExhibitionRow, 'updated_at'> & { updated_at: number | null }>(db, sql`
        select c.id as company_id, c.name as company_name, c.city, c.is_seller, coalesce(s.banner_url, '') as banner_url, left(coalesce(s.intro, ''), 120) as intro,
          coalesce((select json_agg(json_build_object('kind', m.kind, 'url', m.url, 'title', m.title) order by m.kind, m.sort)
            from (select * from company_shop_media m where m.company_id = c.id order by m.kind, m.sort limit ${MEDIA_PER_ROW}) m), '[]'::json) as media,
          extract(epoch from s.updated_at)::bigint as updated_at
        ${from}
        order by s.updated_at desc nulls last, c.id
        offset ${(p.page_number - 1) * p.page_size} limit ${p.page_size}`, sql`updated_at desc nulls last, company_id`),
      sql<{ n: number }>`select count(*)::int as n ${from}`.execute(db),
    ]);
    return { data: rows.map((r) => ({ ...r, updated_at: Number(r.updated_at ?? 0) })), total: total.rows[0].n };
  },

  remove: (db: Kysely<DB>, caller: Caller, p: PayloadOut<'opExhibitionRemove'>, ctx: Pick<RequestContext, 'afterCommit'>) =>
    inTransaction(db, async (trx) => {
      const gone = await trx.deleteFrom('company_shop_media')
        .where('company_id', '=', p.company_id).where('kind', '=', p.kind).where('url', '=', p.url)
        .returning(['title', 'sort']).execute();
      if (gone.length === 0) throw new AppError(ResultCode.notFound, 404, exhibitionText.itemGone);
      const now = deps.clock.now();
      await audit.record(trx, caller, now, [{
        entity: 'shop_media', entity_id: p.company_id, action: 'delete', note: p.reason,
        old: { kind: p.kind, url: p.url, title: gone[0].title }, new: null,
      }]);
      if (deps.notices) {
        await deps.notices.postNotice(trx, {
          to: await imRead.ownersOf(trx, p.company_id),
          event: `exhibition-${p.company_id}-${now.getTime()}`,
          notice: {
            title: '展厅内容已被平台移除', no: '', link: '/backend/store',
            scene: 'im_exhibition_removed', values: { what: p.kind === 'photo' ? '图片' : '视频', title: gone[0].title || '（无标题）', reason: p.reason },
            facts: { what: p.kind, title: gone[0].title, reason: p.reason },
          },
        }, ctx);
      }
      return { removed: gone.length };
    }),
});

export type ExhibitionService = ReturnType<typeof createExhibitionService>;
