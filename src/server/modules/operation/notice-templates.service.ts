/**
 * The notice templates for operators (system/notice: SMS and the message assistant's notices): list every scene with its
 * stored text, placeholders and the built-in text; save one after checking it keeps its required
 * placeholders (the contract checks, and so does this service, for callers that skip the contract).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import type { NoticeTemplate } from '../../../shared/contracts';
import { NOTICE_SCENE_KEYS, NOTICE_SCENES, templateProblem, type NoticeSceneKey } from '../../../shared/domain/notice-templates';
import * as audit from './audit.repo';

const shape = (scene: NoticeSceneKey, row: { body: string; updated_at: Date | null } | undefined): NoticeTemplate => {
  const def = NOTICE_SCENES[scene];
  return {
    scene, channel: def.channel, label: def.label, body: row?.body ?? def.fallback, fallback: def.fallback,
    placeholders: { ...def.placeholders }, required: [...def.required], updated_at: row ? unix(row.updated_at) : 0,
  };
};

export const createNoticeTemplatesService = (deps: { clock: Clock }) => ({
  async list(db: Kysely<DB>) {
    const rows = await db.selectFrom('notice_template').select(['scene', 'body', 'updated_at']).execute();
    return NOTICE_SCENE_KEYS.map((k) => shape(k, rows.find((r) => r.scene === k)));
  },

  save: (db: Kysely<DB>, caller: Caller, p: { scene: NoticeSceneKey; body: string }) =>
    inTransaction(db, async (trx) => {
      const body = p.body.trim();
      const problem = templateProblem(p.scene, body);
      if (problem) throw invalid('body', problem);
      const old = await trx.selectFrom('notice_template').select('body').where('scene', '=', p.scene).forUpdate().executeTakeFirst();
      const now = deps.clock.now();
      if ((old?.body ?? NOTICE_SCENES[p.scene].fallback) !== body) {
        await trx.insertInto('notice_template').values({ scene: p.scene, body, updated_at: now })
          .onConflict((oc) => oc.column('scene').doUpdateSet({ body, updated_at: now })).execute();
        await audit.record(trx, caller, now, [{ entity: 'notice_template', entity_id: p.scene, action: 'set', old: old?.body ?? NOTICE_SCENES[p.scene].fallback, new: body }]);
      }
      const row = await trx.selectFrom('notice_template').select(['body', 'updated_at']).where('scene', '=', p.scene).executeTakeFirst();
      return shape(p.scene, row);
    }),
});

export type NoticeTemplatesService = ReturnType<typeof createNoticeTemplatesService>;
