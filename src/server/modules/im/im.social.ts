/**
 * Chat beyond a pair (requirements 001-2-3, 001-3, 001-6, 001-7): friends and their remarks, groups
 * (conversationType 3) from friends, the platform's customer-service staff and the 邀请客服 that
 * turns a private chat into a group of three, a seller company's quick replies, and translation.
 * A group message is stored once, in the call's transaction, and pushed after the commit to every
 * member's open sockets through the same push as private messages (the bus: across processes
 * with Redis). Only members read or write a group; only users with allow_im send in one.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction, unix } from '../../db/helpers';
import {
  CONVERSATION_GROUP, IM_ASSISTANT_UUID, IM_GROUP_MAX_MEMBERS, IM_GROUP_NAME_MAX, IM_QUICK_REPLY_PAGE, ResultCode, imText,
  type ImFriend, type ImGroup, type ImPush, type SendGroupRequest,
} from '../../../shared/contracts';
import { translateTargetOf, type TranslateTarget } from '../../../shared/domain/translate';
import { companyWithLevel } from '../company/company.service';
import { firstForeignUpload } from '../upload/upload.service';
import * as repo from './im.repo';
import { noSuchUser, shapeMessage } from './im.service';
import type { Translator } from './translator';
import type { RongCloud } from './rongcloud';
import type { RongOutbox } from './rong-outbox';
import type { Logger } from '../../logger';

export interface ImSocialDeps {
  clock: Clock;
  db: Kysely<DB>;
  push?: (userId: number, event: ImPush) => void;
  isOnline?: (userId: number) => Promise<boolean>;
  translator?: Translator;
  /** RongCloud's server API when its transport is configured (its groups are kept in step through `outbox`) */
  rong?: RongCloud;
  log?: Logger;
  /** with RongCloud configured: group messages, group members and blocks reach it through the durable outbox (rong-outbox.ts) */
  outbox?: Pick<RongOutbox, 'enqueue' | 'kick'>;
}

const noSuchGroup = () => new AppError(ResultCode.notFound, 404, imText.noSuchGroup);
const QUICK_REPLY_LIMIT = IM_QUICK_REPLY_PAGE;

export const createImSocial = (deps: ImSocialDeps) => {
  const online = async (id: number) => (await deps.isOnline?.(id)) ?? false;
  const pushLater = (ctx: Pick<RequestContext, 'afterCommit'>, userIds: number[], event: (userId: number, unreadTotal: number) => ImPush) =>
    ctx.afterCommit?.(() => {
      // every member's total in one statement (a group of 50 was 50 statements)
      void repo.unreadTotals(deps.db, userIds).then((totals) => {
        for (const id of userIds) deps.push?.(id, event(id, totals.get(id) ?? 0));
      }, () => undefined);
    });
  const self = (caller: Caller, uuid: string | undefined) => {
    if (uuid !== undefined && uuid !== caller.uuid) throw forbidden(imText.notSelfUser);
  };
  const mayChat = async (db: Kysely<DB>, caller: Caller) => {
    if (!(await repo.userById(db, caller.userId))?.allow_im) throw forbidden(imText.notAllowed);
  };
  const contactsVisible = async (db: Kysely<DB>, caller: Caller) => (await companyWithLevel(db, caller.companyId))?.level_type === 'paid';

  const friendOut = async (r: Awaited<ReturnType<typeof repo.friendsOf>>[number]): Promise<ImFriend> => ({
    uuid: r.uuid, nick_name: r.display_name, note: r.note, portrait_uri: r.head_image, company_name: r.short_name || r.company_name,
    on_line: await online(r.id), is_customer_service: r.is_customer_service,
  });

  const groupsOut = async (db: Kysely<DB>, caller: Caller, groupId?: number): Promise<ImGroup[]> => {
    const groups = await repo.groupsOf(db, caller.userId, 500, groupId);
    const [members, visible] = await Promise.all([repo.membersOf(db, groups.map((g) => g.id)), contactsVisible(db, caller)]);
    return Promise.all(groups.map(async (g) => ({
      group_id: g.uuid, name: g.name, owner_uuid: g.owner_uuid, is_service: g.is_service, unread: g.unread, contacts_visible: visible,
      members: await Promise.all(members.filter((m) => m.group_id === g.id).map(async (m) => ({
        user_uuid: m.uuid, user_name: m.display_name, portrait_uri: m.head_image, company_name: m.short_name || m.company_name, on_line: await online(m.id),
        // the spec's blur rule holds in groups too: a registered member gets no phone
        ...(visible ? { contact_phone: m.phone } : {}),
      }))),
    })));
  };

  /** the caller's group, locked when asked; one the caller is not in reads as not there */
  const myGroup = async (db: Kysely<DB>, caller: Caller, uuid: string, lock = false) => {
    const g = await repo.groupByUuid(db, uuid, lock);
    if (!g || !(await repo.isMember(db, g.id, caller.userId))) throw noSuchGroup();
    return g;
  };

  /** active users by uuid, each one the caller's friend (or, when allowed, on-duty customer service) */
  const friendsAmong = async (db: Kysely<DB>, caller: Caller, uuids: string[], field: string) => {
    const users = await repo.usersByUuids(db, uuids.filter((u) => u !== caller.uuid));
    if (users.length !== uuids.filter((u) => u !== caller.uuid).length || users.some((u) => !u.active)) throw invalid(field, imText.notFriend);
    const friends = await repo.friendIds(db, caller.userId, users.map((u) => u.id));
    if (users.some((u) => !friends.has(u.id))) throw invalid(field, imText.notFriend);
    return users;
  };

  /** the RongCloud blacklist follows our block, written with the change and called after the commit */
  const mirrorBlock = async (trx: Kysely<DB>, ctx: Pick<RequestContext, 'afterCommit'>, userUuid: string, blockedUuid: string) => {
    if (!deps.outbox) return;
    await deps.outbox.enqueue(trx, { kind: 'block', userUuid, blockedUuid });
    ctx.afterCommit?.(() => deps.outbox?.kick());
  };
  const blockedOut = (b: Awaited<ReturnType<typeof repo.blockedBy>>[number]) =>
    ({ uuid: b.uuid, nick_name: b.display_name, company_name: b.short_name || b.company_name, created_at: unix(b.created_at) });

  /**
   * The members are told; with RongCloud configured, its group gets our group's current members
   * (group/join, which makes it on first use) and loses those who left (group/quit), through the
   * outbox: retried until RongCloud takes it.
   */
  const groupChanged = async (trx: Kysely<DB>, ctx: Pick<RequestContext, 'afterCommit'>, userIds: number[], groupUuid: string, left: number[] = []) => {
    pushLater(ctx, userIds, () => ({ type: 'imGroup', groupId: groupUuid }));
    if (!deps.outbox) return;
    const leftUuids = left.length ? (await trx.selectFrom('app_user').select('uuid').where('id', 'in', left).execute()).map((u) => u.uuid) : [];
    await deps.outbox.enqueue(trx, { kind: 'group', groupUuid, leftUuids });
    ctx.afterCommit?.(() => deps.outbox?.kick());
  };

  return {
    async friends(db: Kysely<DB>, caller: Caller, p: { uuid?: string; friend_uuid?: string }) {
      self(caller, p.uuid);
      let friendId: number | undefined;
      if (p.friend_uuid) {
        const f = await repo.userByUuid(db, p.friend_uuid);
        if (!f) return [];
        friendId = f.id;
      }
      return Promise.all((await repo.friendsOf(db, caller.userId, friendId)).map(friendOut));
    },

    addFriend: (db: Kysely<DB>, caller: Caller, p: { user_uuid?: string; friend_uuid: string }) =>
      inTransaction(db, async (trx) => {
        self(caller, p.user_uuid);
        const other = await repo.userByUuid(trx, p.friend_uuid);
        if (!other || !other.active) throw noSuchUser();
        if (other.id === caller.userId) throw invalid('friend_uuid', imText.friendSelf);
        if (other.uuid === IM_ASSISTANT_UUID) throw forbidden(imText.assistantNoReply);
        await repo.addFriendPair(trx, caller.userId, other.id, deps.clock.now());
        return friendOut((await repo.friendsOf(trx, caller.userId, other.id))[0]);
      }),

    remarkFriend: (db: Kysely<DB>, caller: Caller, p: { user_uuid?: string; friend_uuid: string; note: string }) =>
      inTransaction(db, async (trx) => {
        self(caller, p.user_uuid);
        const other = await repo.userByUuid(trx, p.friend_uuid);
        const done = other ? await repo.setNote(trx, caller.userId, other.id, p.note) : undefined;
        if (!other || !done || Number(done.numUpdatedRows) === 0) throw new AppError(ResultCode.notFound, 404, imText.notYourFriend);
        return friendOut((await repo.friendsOf(trx, caller.userId, other.id))[0]);
      }),

    async groupsByMember(db: Kysely<DB>, caller: Caller, p: { user_id?: string; group_id?: string }) {
      self(caller, p.user_id);
      if (!p.group_id) return groupsOut(db, caller);
      const g = await repo.groupByUuid(db, p.group_id);
      return g ? groupsOut(db, caller, g.id) : [];
    },

    createGroup: (db: Kysely<DB>, caller: Caller, p: { user_id: string[]; group_name: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        await mayChat(trx, caller);
        const others = await friendsAmong(trx, caller, p.user_id, 'user_id');
        if (others.length < 2) throw invalid('user_id', imText.groupMembers);
        if (others.length + 1 > IM_GROUP_MAX_MEMBERS) throw invalid('user_id', imText.groupTooBig);
        const uuid = randomUUID();
        const members = [caller.userId, ...others.map((u) => u.id)];
        await repo.createGroup(trx, { uuid, name: p.group_name, owner_id: caller.userId, is_service: false, members, now: deps.clock.now() });
        await groupChanged(trx, ctx, members, uuid);
        return { group_id: uuid };
      }),

    sendGroup: (db: Kysely<DB>, caller: Caller, p: SendGroupRequest, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        self(caller, p.from_user_id);
        await mayChat(trx, caller);
        const g = await repo.groupByUuid(trx, p.to_group_id, true);
        if (!g || !(await repo.isMember(trx, g.id, caller.userId))) throw forbidden(imText.notInGroup);
        if (p.messageType === 'RC:ImgMsg' && (await firstForeignUpload(trx, caller.companyId, [p.content.imageUri])) >= 0) {
          throw invalid('content.imageUri', imText.imageNotOurs);
        }
        // checked under the group's lock: a concurrent send of the same id waits and finds it
        // the specification's form may come without a client id: then it is a new message (docs/api.md, "Chat over the API")
        const clientMsgId = p.client_msg_id ?? `spec-${randomUUID()}`;
        const prior = p.client_msg_id === null ? undefined : await repo.messageByClientId(trx, caller.userId, p.client_msg_id);
        if (prior) {
          const same = prior.group_id === g.id && prior.message_type === p.messageType &&
            (p.messageType === 'RC:TxtMsg' ? prior.text === p.content.content : prior.image_uri === p.content.imageUri);
          if (!same) throw conflict(imText.clientIdReused);
          return shapeMessage(prior, caller.userId);
        }
        const last = g.last_sent_at ? new Date(g.last_sent_at).getTime() : 0;
        const sentAt = new Date(Math.max(deps.clock.now().getTime(), last + 1));
        const id = await repo.insertGroupMessage(trx, {
          group_id: g.id, sender_id: caller.userId, client_msg_id: clientMsgId, message_type: p.messageType,
          text: p.messageType === 'RC:TxtMsg' ? p.content.content : '', image_uri: p.messageType === 'RC:ImgMsg' ? p.content.imageUri : '', sent_at: sentAt,
        });
        const row = await repo.messageById(trx, id);
        const members = await repo.memberIds(trx, g.id);
        // is_include_sender 0: the sender's own other tabs are not told
        const to = p.is_include_sender ? members : members.filter((m) => m !== caller.userId);
        pushLater(ctx, to, (userId, unreadTotal) => ({ type: 'imMessage', message: shapeMessage(row, userId), unreadTotal }));
        await deps.outbox?.enqueue(trx, { kind: 'publish', messageId: row.id });
        ctx.afterCommit?.(() => deps.outbox?.kick());
        return shapeMessage(row, caller.userId);
      }),

    addMembers: (db: Kysely<DB>, caller: Caller, p: { group_id: string; user_id: string[] }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        await mayChat(trx, caller);
        const g = await myGroup(trx, caller, p.group_id, true);
        const adding = await friendsAmong(trx, caller, p.user_id, 'user_id');
        if (adding.length === 0) throw invalid('user_id', imText.groupMembersToAdd);
        const before = await repo.memberIds(trx, g.id);
        if (new Set([...before, ...adding.map((u) => u.id)]).size > IM_GROUP_MAX_MEMBERS) throw invalid('user_id', imText.groupTooBig);
        await repo.addMembers(trx, g.id, adding.map((u) => u.id), deps.clock.now());
        await groupChanged(trx, ctx, await repo.memberIds(trx, g.id), g.uuid);
        return (await groupsOut(trx, caller, g.id))[0];
      }),

    quit: (db: Kysely<DB>, caller: Caller, p: { group_id: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const g = await myGroup(trx, caller, p.group_id, true);
        await repo.removeMember(trx, g.id, caller.userId);
        await groupChanged(trx, ctx, [...(await repo.memberIds(trx, g.id)), caller.userId], g.uuid, [caller.userId]);
        return { unreadTotal: await repo.unreadTotal(trx, caller.userId) };
      }),

    /** 拉黑: the user's private messages to the caller are refused from now on (mirrored to RongCloud's blacklist when configured) */
    block: (db: Kysely<DB>, caller: Caller, p: { uuid: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const other = await repo.userByUuid(trx, p.uuid);
        if (!other) throw noSuchUser();
        if (other.id === caller.userId) throw invalid('uuid', imText.blockSelf);
        await trx.insertInto('im_block').values({ user_id: caller.userId, blocked_id: other.id, created_at: deps.clock.now() })
          .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing()).execute();
        await mirrorBlock(trx, ctx, caller.uuid, other.uuid);
        return blockedOut((await repo.blockedBy(trx, caller.userId)).find((b) => b.uuid === other.uuid)!);
      }),

    unblock: (db: Kysely<DB>, caller: Caller, p: { uuid: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const other = await repo.userByUuid(trx, p.uuid);
        if (!other) throw noSuchUser();
        const r = await trx.deleteFrom('im_block').where('user_id', '=', caller.userId).where('blocked_id', '=', other.id).executeTakeFirst();
        if (Number(r.numDeletedRows) > 0) await mirrorBlock(trx, ctx, caller.uuid, other.uuid);
        return { ok: true };
      }),

    blocks: async (db: Kysely<DB>, caller: Caller) => (await repo.blockedBy(db, caller.userId)).map(blockedOut),

    employees: async (db: Kysely<DB>) => (await repo.serviceStaff(db)).map((u) => ({ user_uuid: u.uuid, name: u.display_name })),

    /** 邀请客服: the private chat with targetId becomes a group of the caller, that user and one on-duty customer-service employee */
    inviteService: (db: Kysely<DB>, caller: Caller, p: { targetId: string; conversationType: number; service_uuid: string }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        if (p.conversationType === CONVERSATION_GROUP) throw invalid('conversationType', imText.serviceInGroup);
        await mayChat(trx, caller);
        const peer = await repo.userByUuid(trx, p.targetId);
        if (!peer || !peer.active) {
          // a group's id in a private chat's place: the same refusal as asking from a group
          if (await repo.groupByUuid(trx, p.targetId)) throw invalid('conversationType', imText.serviceInGroup);
          throw noSuchUser();
        }
        if (peer.id === caller.userId) throw invalid('targetId', imText.notSelf);
        if (peer.uuid === IM_ASSISTANT_UUID) throw forbidden(imText.assistantNoReply);
        const staff = (await repo.serviceStaff(trx)).find((s) => s.uuid === p.service_uuid);
        if (!staff) throw invalid('service_uuid', imText.noService);
        if (staff.id === peer.id || staff.id === caller.userId) throw invalid('service_uuid', imText.serviceAlready);
        const uuid = randomUUID();
        const members = [caller.userId, peer.id, staff.id];
        const name = `客服咨询：${peer.display_name}`.slice(0, IM_GROUP_NAME_MAX);
        await repo.createGroup(trx, { uuid, name, owner_id: caller.userId, is_service: true, members, now: deps.clock.now() });
        await groupChanged(trx, ctx, members, uuid);
        return { group_id: uuid };
      }),

    async quickReplies(db: Kysely<DB>, caller: Caller) {
      const data = await repo.quickReplies(db, caller.companyId, IM_QUICK_REPLY_PAGE);
      return { data, total: data.length };
    },

    saveQuickReply: (db: Kysely<DB>, caller: Caller, p: { id?: number; cn_message: string; vn_message: string }) =>
      inTransaction(db, async (trx) => {
        if (p.id !== undefined) {
          const row = await trx.updateTable('im_quick_reply').set({ cn_message: p.cn_message, vn_message: p.vn_message })
            .where('id', '=', p.id).where('company_id', '=', caller.companyId).returning(['id', 'cn_message', 'vn_message']).executeTakeFirst();
          if (!row) throw new AppError(ResultCode.notFound, 404, imText.quickReplyId);
          return row;
        }
        // one company's phrases are written one after another, so the limit holds
        await trx.selectFrom('company').select('id').where('id', '=', caller.companyId).forUpdate().executeTakeFirst();
        const n = (await repo.quickReplies(trx, caller.companyId, QUICK_REPLY_LIMIT + 1)).length;
        if (n >= QUICK_REPLY_LIMIT) throw invalid('cn_message', imText.quickReplyFull);
        return trx.insertInto('im_quick_reply').values({ company_id: caller.companyId, cn_message: p.cn_message, vn_message: p.vn_message, sort: n, created_at: deps.clock.now() })
          .returning(['id', 'cn_message', 'vn_message']).executeTakeFirstOrThrow();
      }),

    async deleteQuickReply(db: Kysely<DB>, caller: Caller, p: { id: number }) {
      const r = await db.deleteFrom('im_quick_reply').where('id', '=', p.id).where('company_id', '=', caller.companyId).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw new AppError(ResultCode.notFound, 404, imText.quickReplyId);
      return { ok: true };
    },

    features: () => ({ translate: !!deps.translator }),

    async translate(p: { text: string; target?: TranslateTarget }) {
      if (!deps.translator) throw new AppError(ResultCode.notFound, 404, imText.translateOff);
      const target = p.target ?? translateTargetOf(p.text);
      try {
        return { dstText: await deps.translator.translate(p.text, target), target };
      } catch {
        throw new AppError(ResultCode.serverError, 502, imText.translateFailed);
      }
    },
  };
};

export type ImSocial = ReturnType<typeof createImSocial>;
