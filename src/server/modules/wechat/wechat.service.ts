/**
 * WeChat template messages (docs/wechat.md): the operator's templates by scene, the messages the
 * real events make (a new enquiry to its sellers, a quote to the buyer, an order shipped to the
 * buyer), their delivery through the provider and the send log.
 *
 * `notify` runs in the event's own transaction and records one row per recipient: `pending` for a
 * user with a WeChat binding, `skipped` with the reason for one without. A scene that is not
 * enabled records nothing. After the commit the pending rows are handed to the provider; rows a
 * stopped server left pending are sent by the sweep (`deliverPending`). A row is claimed under its
 * lock, so two processes never send one message twice.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import type { WechatTemplate } from '../../../shared/contracts/operation-wechat';
import {
  WECHAT_SCENES, wechatData, wechatText, wechatValueProblem, type WechatField, type WechatSceneKey,
} from '../../../shared/domain/wechat';
import * as audit from '../operation/audit.service';
import * as repo from './wechat.repo';
import type { WechatProvider } from './wechat.provider';

type Log = (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;

const shape = (row: Awaited<ReturnType<typeof repo.templates>>[number]): WechatTemplate => {
  const scene = row.scene as WechatSceneKey;
  const def = WECHAT_SCENES[scene];
  return {
    scene, label: def.label, to: def.to, placeholders: { ...def.placeholders }, template_id: row.template_id, fields: row.fields,
    enabled: row.enabled, updated_at: unix(row.updated_at), updated_by: row.updated_by,
  };
};

export interface WechatNotice {
  scene: WechatSceneKey;
  userIds: number[];
  values: Record<string, string>;
  link: string;
  ref_no: string;
}

/** `db` is the app's database: the messages are sent after the event's transaction is gone. */
export const createWechatService = (deps: { db: Kysely<DB>; clock: Clock; provider: WechatProvider; log?: Log }) => {
  const deliverOne = async (db: Kysely<DB>, id: number) =>
    inTransaction(db, async (trx) => {
      const m = await repo.claimPending(trx, id);
      if (!m || !m.openid) return false;
      // a scene switched off after the message was recorded is not sent
      const t = await repo.template(trx, m.scene as WechatSceneKey);
      if (!t?.enabled) {
        await repo.finish(trx, id, { state: 'skipped', reason: wechatText.disabledMeanwhile, provider: '', sent_at: null });
        return false;
      }
      try {
        await deps.provider.send({ openid: m.openid, template_id: m.template_id, data: m.data, link: m.link });
        await repo.finish(trx, id, { state: 'sent', reason: '', provider: deps.provider.name, sent_at: deps.clock.now() });
        return true;
      } catch (e) {
        deps.log?.('warn', `微信模板消息 ${id} 发送失败`, e);
        await repo.finish(trx, id, { state: 'failed', reason: (e instanceof Error ? e.message : String(e)).slice(0, 200), provider: deps.provider.name, sent_at: null });
        return false;
      }
    });

  const deliver = async (db: Kysely<DB>, ids: number[]) => {
    let sent = 0;
    for (const id of ids) if (await deliverOne(db, id)) sent++;
    return sent;
  };

  return {
    async templates(db: Kysely<DB>) {
      return (await repo.templates(db)).map(shape);
    },

    save: (db: Kysely<DB>, caller: Caller, p: { scene: WechatSceneKey; wx_template_id: string; fields: WechatField[]; enabled: boolean }) =>
      inTransaction(db, async (trx) => {
        const seen = new Set<string>();
        for (const [i, f] of p.fields.entries()) {
          if (seen.has(f.key)) throw invalid(`fields.${i}.key`, wechatText.keyTwice(f.key));
          seen.add(f.key);
          const problem = wechatValueProblem(p.scene, f.value);
          if (problem) throw invalid(`fields.${i}.value`, problem);
        }
        const fields = p.fields.map((f) => ({ key: f.key.trim(), value: f.value.trim() }));
        const old = (await repo.template(trx, p.scene, true))!;
        const next = { template_id: p.wx_template_id, fields, enabled: p.enabled };
        const before = { template_id: old.template_id, fields: old.fields, enabled: old.enabled };
        if (JSON.stringify(before) !== JSON.stringify(next)) {
          const now = deps.clock.now();
          await repo.saveTemplate(trx, p.scene, next, now, caller.username);
          await audit.record(trx, caller, now, [{ entity: 'wechat_template', entity_id: p.scene, action: 'set', old: before, new: next }]);
        }
        return shape((await repo.template(trx, p.scene))!);
      }),

    messages: (db: Kysely<DB>, p: Omit<repo.MessageFilter, 'offset' | 'limit'> & { page_number: number; page_size: number }) =>
      repo.messages(db, { ...p, offset: (p.page_number - 1) * p.page_size, limit: p.page_size }),

    /** Records the scene's message for each user, in the caller's transaction; sent after the commit. */
    async notify(trx: Kysely<DB>, n: WechatNotice, ctx?: Pick<RequestContext, 'afterCommit'>) {
      const users = [...new Set(n.userIds)];
      if (users.length === 0) return;
      const t = await repo.template(trx, n.scene);
      if (!t?.enabled) return;
      const bound = await repo.openids(trx, users);
      const data = wechatData(t.fields, n.values);
      const now = deps.clock.now();
      const ids = await repo.insertMessages(trx, users.map((u) => ({
        scene: n.scene, user_id: u, openid: bound.get(u) ?? null, template_id: t.template_id, data, link: n.link, ref_no: n.ref_no,
        state: bound.has(u) ? 'pending' as const : 'skipped' as const, reason: bound.has(u) ? '' : wechatText.noBinding, created_at: now,
      })));
      const pending = ids.filter((_, i) => bound.has(users[i]));
      if (pending.length > 0 && ctx?.afterCommit) {
        ctx.afterCommit(() => void deliver(deps.db, pending).catch((e) => deps.log?.('warn', '微信模板消息发送失败', e)));
      }
    },

    /** The sweep's run: messages left pending (a stopped server, no request context), oldest first. */
    async deliverPending(db: Kysely<DB>, limit = 200) {
      return { wechat_sent: await deliver(db, await repo.pendingIds(db, limit)) };
    },
  };
};

export type WechatService = ReturnType<typeof createWechatService>;
