/**
 * The server side of the RongCloud transport (docs/architecture.md "Real-time chat").
 *
 * getLoginIm hands a signed-in user their RongCloud user token (fetched from RongCloud's
 * user/getToken once, then kept per user and app key in im_rong_token) and the app key.
 * The message-routing callback (POST /api/im/rongcloud/route, RongCloud's 全量消息路由) stores every
 * message sent through RongCloud in our own tables, by the same rules as imSend / sendIMGroupMsg,
 * so history, unread counts, the contact rules and the operators' chat reports are the same with
 * either transport. A callback without RongCloud's signature is refused and stores nothing; a
 * message that breaks our rules (a registered member, not in the group, empty or too long, a card,
 * which only the server posts) is answered 200 so RongCloud does not send it again, and not stored.
 * The client's message id travels in the message's `extra`; without one the RongCloud message id
 * (msgUID) stands in: the same message routed twice is stored once.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock } from '../../http/context';
import { AppError, forbidden } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import { IM_ASSISTANT_UUID, IM_IMAGE_URI, IM_TEXT_MAX, imText, ResultCode, type ImPush } from '../../../shared/contracts';
import { firstForeignUpload } from '../upload/upload.service';
import type { Logger } from '../../logger';
import { shapeMessage } from './im.service';
import { RongCloudError, type RongCloud } from './rongcloud';
import * as repo from './im.repo';

export const IM_CLIENT_PARAMS = 'im_client_params';

/** the server's own refusals (the page never shows them itself, so they stay out of the shared bundle) */
export const rongText = {
  notConfigured: '未配置融云即时通讯（RONGCLOUD_APP_KEY / RONGCLOUD_APP_SECRET），请使用内置聊天服务',
  keyMismatch: '即时通讯参数 im_client_params 的 app_key 与服务器的 RONGCLOUD_APP_KEY 不一致',
  unavailable: '融云服务暂不可用，请稍后再试',
  signature: '融云回调签名无效，已拒绝',
};
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface RongDeps {
  clock: Clock;
  db: Kysely<DB>;
  rong?: RongCloud;
  push?: (userId: number, event: ImPush) => void;
  log?: Logger;
}

/** the app key im_client_params names ('' when unset or unreadable): the client uses RongCloud when there is one */
export const clientAppKey = async (db: Kysely<DB>) => {
  const row = await db.selectFrom('system_param').select('value').where('key', '=', IM_CLIENT_PARAMS).executeTakeFirst();
  try {
    const v = JSON.parse(row?.value ?? '{}') as { app_key?: unknown };
    return typeof v.app_key === 'string' ? v.app_key.trim() : '';
  } catch {
    return '';
  }
};

/** One routed message as RongCloud posts it (form fields of 全量消息路由). */
export interface RoutedForm {
  fromUserId?: string;
  toUserId?: string;
  objectName?: string;
  content?: string;
  channelType?: string;
  msgTimestamp?: string;
  msgUID?: string;
}

export type RouteOutcome = { stored: true; messageUId: string } | { stored: false; reason: string };

export const createRongService = (deps: RongDeps) => {
  const pushLater = (userIds: number[], row: repo.MessageRow) => {
    if (!deps.push) return;
    for (const id of userIds) {
      void repo.unreadTotal(deps.db, id).then((unreadTotal) => deps.push?.(id, { type: 'imMessage', message: shapeMessage(row, id), unreadTotal }), () => undefined);
    }
  };

  /** the message's body by our rules, or why it is not stored */
  const bodyOf = (objectName: string, raw: string): { type: 'RC:TxtMsg' | 'RC:ImgMsg'; text: string; imageUri: string; extra: string } | string => {
    let content: { content?: unknown; imageUri?: unknown; extra?: unknown };
    try {
      content = JSON.parse(raw) as typeof content;
    } catch {
      return 'wrong message format';
    }
    const extra = typeof content.extra === 'string' ? content.extra : '';
    if (objectName === 'RC:TxtMsg') {
      const text = typeof content.content === 'string' ? content.content.trim() : '';
      if (!text) return imText.text;
      if (text.length > IM_TEXT_MAX) return imText.textTooLong;
      return { type: 'RC:TxtMsg', text, imageUri: '', extra };
    }
    if (objectName === 'RC:ImgMsg') {
      const uri = typeof content.imageUri === 'string' ? content.imageUri : '';
      if (!IM_IMAGE_URI.test(uri)) return imText.imageUri;
      return { type: 'RC:ImgMsg', text: '', imageUri: uri, extra };
    }
    return `message type ${objectName} is not stored`;
  };

  return {
    async loginIm(db: Kysely<DB>, caller: Caller, p: { user_uuid: string; client_type: 'web'; refresh: boolean }) {
      const me = await repo.userByUuid(db, p.user_uuid);
      if (!me || me.id !== caller.userId) throw forbidden(imText.notSelfUser);
      const rong = deps.rong;
      if (!rong) throw new AppError(ResultCode.conflict, 409, rongText.notConfigured);
      const wanted = await clientAppKey(db);
      if (wanted && wanted !== rong.appKey) throw new AppError(ResultCode.conflict, 409, rongText.keyMismatch);
      const user = { uuid: me.uuid, name: me.display_name, portrait_uri: me.head_image };
      const cached = p.refresh ? undefined
        : await db.selectFrom('im_rong_token').select('token').where('user_id', '=', me.id).where('app_key', '=', rong.appKey).executeTakeFirst();
      if (cached) return { token: cached.token, app_key: rong.appKey, user };
      let token: string;
      try {
        token = await rong.getToken({ userId: me.uuid, name: me.display_name, portraitUri: me.head_image });
      } catch (e) {
        deps.log?.('warn', 'getLoginIm: RongCloud user/getToken failed', e instanceof RongCloudError ? e.message : e);
        throw new AppError(ResultCode.serverError, 502, rongText.unavailable);
      }
      await db.insertInto('im_rong_token').values({ user_id: me.id, app_key: rong.appKey, token, created_at: deps.clock.now() })
        .onConflict((oc) => oc.columns(['user_id', 'app_key']).doUpdateSet({ token, created_at: deps.clock.now() })).execute();
      return { token, app_key: rong.appKey, user };
    },

    /** Stores one routed message (its signature already checked). */
    async route(f: RoutedForm): Promise<RouteOutcome> {
      const no = (reason: string): RouteOutcome => {
        deps.log?.('warn', `RongCloud routed message ${f.msgUID ?? '?'} not stored: ${reason}`);
        return { stored: false, reason };
      };
      if (!f.fromUserId || !f.toUserId || !f.objectName || f.content === undefined || !f.msgUID) return no('missing fields');
      if (f.channelType !== 'PERSON' && f.channelType !== 'GROUP') return no(`channel ${f.channelType} is not stored`);
      const body = bodyOf(f.objectName, f.content);
      if (typeof body === 'string') return no(body);
      const clientMsgId = CLIENT_ID.test(body.extra) ? body.extra : f.msgUID.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
      if (!CLIENT_ID.test(clientMsgId)) return no('no usable message id');
      const at = Number(f.msgTimestamp);
      const when = Number.isFinite(at) && at > 0 ? at : deps.clock.now().getTime();

      let pushed: { to: number[]; row: repo.MessageRow } | null = null;
      const outcome = await inTransaction(deps.db, async (trx): Promise<RouteOutcome> => {
        const from = await repo.userByUuid(trx, f.fromUserId!);
        if (!from || !from.active) return no(imText.noSuchUser);
        if (!from.allow_im) return no(imText.notAllowed);
        if (body.type === 'RC:ImgMsg' && (await firstForeignUpload(trx, from.company_id, [body.imageUri])) >= 0) return no(imText.imageNotOurs);
        if (f.channelType === 'PERSON') {
          const to = await repo.userByUuid(trx, f.toUserId!);
          if (!to || !to.active) return no(imText.noSuchUser);
          if (to.id === from.id) return no(imText.notSelf);
          if (to.uuid === IM_ASSISTANT_UUID) return no(imText.assistantNoReply);
          if (await repo.blocks(trx, to.id, from.id)) return no(imText.blocked);
          const conv = await repo.conversationForSend(trx, from.id, to.id, deps.clock.now());
          const prior = await repo.messageByClientId(trx, from.id, clientMsgId);
          if (prior) return { stored: true, messageUId: prior.id };
          const last = conv.last_sent_at ? new Date(conv.last_sent_at).getTime() : 0;
          const row = await repo.insertMessage(trx, {
            conversation_id: conv.id, sender_id: from.id, recipient_id: to.id, client_msg_id: clientMsgId, message_type: body.type,
            text: body.text, image_uri: body.imageUri, sent_at: new Date(Math.max(when, last + 1)),
          });
          pushed = { to: [to.id, from.id], row };
          return { stored: true, messageUId: String(row.id) };
        }
        const g = await repo.groupByUuid(trx, f.toUserId!, true);
        if (!g || !(await repo.isMember(trx, g.id, from.id))) return no(imText.notInGroup);
        const prior = await repo.messageByClientId(trx, from.id, clientMsgId);
        if (prior) return { stored: true, messageUId: prior.id };
        const last = g.last_sent_at ? new Date(g.last_sent_at).getTime() : 0;
        const id = await repo.insertGroupMessage(trx, {
          group_id: g.id, sender_id: from.id, client_msg_id: clientMsgId, message_type: body.type, text: body.text, image_uri: body.imageUri,
          sent_at: new Date(Math.max(when, last + 1)),
        });
        pushed = { to: await repo.memberIds(trx, g.id), row: await repo.messageById(trx, id) };
        return { stored: true, messageUId: id };
      });
      // after the commit: the /ws sockets of both sides (or every member) hear of it, as for imSend;
      // a RongCloud client already has it and drops the copy by sender and client message id
      if (pushed) pushLater((pushed as { to: number[] }).to, (pushed as { row: repo.MessageRow }).row);
      return outcome;
    },
  };
};

export type RongService = ReturnType<typeof createRongService>;
