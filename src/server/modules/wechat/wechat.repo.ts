import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeEscape, unix } from '../../db/helpers';
import { chinaMidnight } from '../../../shared/domain/china-time';
import type { WechatField, WechatSceneKey, WechatState } from '../../../shared/domain/wechat';

export const templates = (db: Kysely<DB>) => db.selectFrom('wechat_template').selectAll().orderBy('scene').execute();

export const template = (db: Kysely<DB>, scene: WechatSceneKey, forUpdate = false) => {
  const q = db.selectFrom('wechat_template').selectAll().where('scene', '=', scene);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const saveTemplate = (db: Kysely<DB>, scene: WechatSceneKey, t: { template_id: string; fields: WechatField[]; enabled: boolean }, at: Date, by: string) =>
  db.updateTable('wechat_template').set({ template_id: t.template_id, fields: JSON.stringify(t.fields), enabled: t.enabled, updated_at: at, updated_by: by })
    .where('scene', '=', scene).execute();

export const openids = async (db: Kysely<DB>, userIds: number[]) =>
  new Map((await db.selectFrom('wechat_binding').select(['user_id', 'openid']).where('user_id', 'in', userIds).execute()).map((r) => [r.user_id, r.openid]));

export const insertMessages = async (db: Kysely<DB>, rows: Array<{
  scene: WechatSceneKey; user_id: number; openid: string | null; template_id: string; data: Record<string, string>; link: string; ref_no: string;
  state: WechatState; reason: string; created_at: Date;
}>) => rows.length === 0 ? [] : (await db.insertInto('wechat_message').values(rows.map((r) => ({ ...r, data: JSON.stringify(r.data) })))
  .returning('id').execute()).map((r) => Number(r.id));

/** Claims a pending message (row lock, skipping one another process holds) for sending. */
export const claimPending = (db: Kysely<DB>, id: number) =>
  db.selectFrom('wechat_message').selectAll().where('id', '=', String(id)).where('state', '=', 'pending').forUpdate().skipLocked().executeTakeFirst();

export const pendingIds = async (db: Kysely<DB>, limit: number) =>
  (await db.selectFrom('wechat_message').select('id').where('state', '=', 'pending').orderBy('id').limit(limit).execute()).map((r) => Number(r.id));

export const finish = (db: Kysely<DB>, id: number, to: { state: WechatState; reason: string; provider: string; sent_at: Date | null }) =>
  db.updateTable('wechat_message').set((eb) => ({ ...to, attempts: eb('attempts', '+', 1) })).where('id', '=', String(id)).execute();

export interface MessageFilter { scene: string; state: string; k: string; date_from: string; date_to: string; offset: number; limit: number }

export const messages = async (db: Kysely<DB>, f: MessageFilter) => {
  let q = db.selectFrom('wechat_message as m').innerJoin('app_user as u', 'u.id', 'm.user_id').innerJoin('company as c', 'c.id', 'u.company_id');
  if (f.scene) q = q.where('m.scene', '=', f.scene);
  if (f.state) q = q.where('m.state', '=', f.state as WechatState);
  if (f.k) {
    const like = `%${likeEscape(f.k)}%`;
    q = q.where((eb) => eb.or([eb('u.username', 'ilike', like), eb('u.display_name', 'ilike', like), eb('m.ref_no', 'ilike', like), eb('m.openid', '=', f.k)]));
  }
  if (f.date_from) q = q.where('m.created_at', '>=', chinaMidnight(f.date_from));
  if (f.date_to) q = q.where('m.created_at', '<', new Date(chinaMidnight(f.date_to).getTime() + 86_400_000));
  const [rows, total] = await Promise.all([
    q.select(['m.id', 'm.scene', 'm.user_id', 'u.username', 'u.display_name', 'c.name as company_name', 'm.openid', 'm.template_id', 'm.data', 'm.link',
      'm.ref_no', 'm.state', 'm.reason', 'm.provider', 'm.created_at', 'm.sent_at'])
      .orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({
      ...r, id: Number(r.id), scene: r.scene as WechatSceneKey, openid: r.openid ?? '', created_at: unix(r.created_at), sent_at: unix(r.sent_at),
    })),
    total: total.n,
  };
};

// binding (docs/wechat.md, "Binding")

export const binding = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('wechat_binding').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const bindingOfOpenid = (db: Kysely<DB>, openid: string) =>
  db.selectFrom('wechat_binding').selectAll().where('openid', '=', openid).executeTakeFirst();

export const bind = (db: Kysely<DB>, userId: number, openid: string, at: Date) =>
  db.insertInto('wechat_binding').values({ user_id: userId, openid, bound_at: at }).execute();

export const unbind = (db: Kysely<DB>, userId: number) =>
  db.deleteFrom('wechat_binding').where('user_id', '=', userId).executeTakeFirst();

export const insertState = (db: Kysely<DB>, s: { state: string; user_id: number; session_id: number; created_at: Date; expires_at: Date }) =>
  db.insertInto('wechat_oauth_state').values({ ...s, session_id: String(s.session_id) }).execute();

export const stateForUpdate = (db: Kysely<DB>, state: string) =>
  db.selectFrom('wechat_oauth_state').selectAll().where('state', '=', state).forUpdate().executeTakeFirst();

export const spendState = (db: Kysely<DB>, state: string, at: Date) =>
  db.updateTable('wechat_oauth_state').set({ used_at: at }).where('state', '=', state).execute();

/** states that can no longer be used (the sweep) */
export const deleteOldStates = async (db: Kysely<DB>, before: Date) =>
  Number((await db.deleteFrom('wechat_oauth_state').where('expires_at', '<', before).executeTakeFirst()).numDeletedRows);
