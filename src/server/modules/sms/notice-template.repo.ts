/**
 * The stored notice templates (migration 0081, edited on /operation/system/notice): every SMS the
 * platform sends renders its scene's stored text at the moment of sending, so an operator's edit
 * applies to the next message. A scene without a row sends the built-in text.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { NOTICE_SCENES, renderTemplate, type NoticeSceneKey } from '../../../shared/domain/notice-templates';

export const templateBody = async (db: Kysely<DB>, scene: NoticeSceneKey) =>
  (await db.selectFrom('notice_template').select('body').where('scene', '=', scene).executeTakeFirst())?.body ?? NOTICE_SCENES[scene].fallback;

export const noticeText = async (db: Kysely<DB>, scene: NoticeSceneKey, values: Readonly<Record<string, string>>) =>
  renderTemplate(await templateBody(db, scene), values);
