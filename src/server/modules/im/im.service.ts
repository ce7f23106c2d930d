/**
 * Chat (requirements 001-2-3, 001-4, 001-6): private conversations. A message is stored first, in the transaction of
 * the call, and pushed over /ws only after it committed, to every open socket of the recipient and
 * of the sender (the sender's other tabs; the sending tab dedupes by client message id). The
 * sender's client message id makes a repeated send (a lost answer, an offline replay) store
 * nothing new: it answers with the stored message. Only users with allow_im may send; phone and QQ
 * of a contact go to formal (paid) members only, as in the search results.
 */
import type { Kysely } from 'kysely';
import { noticeText } from '../sms/sms.service';
import type { NoticeSceneKey } from '../../../shared/domain/notice-templates';
import type { DB } from '../../db/schema';
import type { Caller, Clock, RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, invalid } from '../../http/errors';
import { inTransaction } from '../../db/helpers';
import {
  BIZ_MESSAGE_TYPE, CONVERSATION_GROUP, CONVERSATION_PRIVATE, IM_ASSISTANT_UUID, SCENE_NOTICE, SCENE_PRODUCT, IM_CONVERSATION_LIST, IM_SYNC_MAX, imText, ResultCode,
  type BizContent, type ImConversation, type ImContact, type ImMessage, type ImPush, type ImSendPayload,
} from '../../../shared/contracts';
import { companyWithLevel } from '../company/company.service';
import { randomUUID } from 'node:crypto';
import { unitPrice } from '../../../shared/domain/cart';
import { formatFen } from '../../../shared/domain/prices';
import { formatMoney } from '../../../shared/domain/currency';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { firstForeignUpload } from '../upload/upload.service';
import * as repo from './im.repo';
import type { RongOutbox } from './rong-outbox';
import { vndRate } from '../enquiry/enquiry.read';

export interface ImDeps {
  clock: Clock;
  /** the database itself, for work after a request's transaction has committed */
  db: Kysely<DB>;
  push?: (userId: number, event: ImPush) => void;
  isOnline?: (userId: number) => Promise<boolean>;
  /** with RongCloud configured: a message our server stored itself is published there too, through the durable outbox (rong-outbox.ts) */
  outbox?: Pick<RongOutbox, 'enqueue' | 'kick'>;
}

/**
 * A message assistant's notice: 标题, the order or enquiry number, the page that shows it, and its
 * sentence, the scene's template (operators edit it) filled with the values. `facts` are the same
 * event for a reader of another language (docs/i18n.md, "The message assistant's notices"): user
 * data as written, money in fen, days as YYYY-MM-DD, fixed words as their codes, and no words of
 * the Chinese template (no "，原因：" around a reason); the client words them from its catalogue.
 */
export interface Notice {
  title: string; scene: NoticeSceneKey; values: Readonly<Record<string, string>>; facts: Readonly<Record<string, string>>; no: string; link: string;
}

const noSuchUser = () => new AppError(ResultCode.notFound, 404, imText.noSuchUser);

/** A stored message as the viewer sees it: targetId is always the other side. */
export const shapeMessage = (r: repo.MessageRow, viewerId: number): ImMessage => {
  const mine = r.sender_id === viewerId;
  return {
    messageUId: String(r.id), clientMsgId: r.client_msg_id, conversationType: r.group_uuid ? CONVERSATION_GROUP : CONVERSATION_PRIVATE, messageDirection: mine ? 1 : 2,
    senderUserId: r.sender_uuid, targetId: r.group_uuid ?? (mine ? r.recipient_uuid! : r.sender_uuid), messageType: r.message_type,
    content: r.message_type === 'RC:TxtMsg' ? { content: r.text } : r.message_type === 'RC:ImgMsg' ? { imageUri: r.image_uri } : JSON.parse(r.text) as BizContent,
    sentTime: new Date(r.sent_at).getTime(),
  };
};

const sameMessage = (r: repo.MessageRow, recipientId: number, p: ImSendPayload) =>
  r.recipient_id === recipientId && r.message_type === p.messageType &&
  (p.messageType === 'RC:TxtMsg' ? r.text === p.content.content : r.image_uri === p.content.imageUri);

export const createImService = (deps: ImDeps) => {
  /** the other side of a conversation: an active user who is not the caller */
  const target = async (db: Kysely<DB>, caller: Caller, uuid: string, known?: { user: Awaited<ReturnType<typeof repo.userByUuid>> }) => {
    const user = known ? known.user : await repo.userByUuid(db, uuid);
    if (!user || !user.active) throw noSuchUser();
    if (user.id === caller.userId) throw invalid('targetId', imText.notSelf);
    if (user.uuid === IM_ASSISTANT_UUID) throw forbidden(imText.assistantNoReply);
    return user;
  };

  /**
   * Pushes an event with the user's unread total counted after the commit: counted inside the
   * transaction, two sends to one user at once would each miss the other's message.
   */
  const pushWithUnread = (userId: number, event: (unreadTotal: number) => Parameters<NonNullable<typeof deps.push>>[1]) => {
    if (!deps.push) return;
    void repo.unreadTotal(deps.db, userId).then((n) => deps.push?.(userId, event(n)), () => undefined);
  };
  /** The same for several users, their totals read in one statement. */
  const pushAllWithUnread = (userIds: number[], event: (userId: number, unreadTotal: number) => Parameters<NonNullable<typeof deps.push>>[1]) => {
    if (!deps.push) return;
    void repo.unreadTotals(deps.db, userIds).then((totals) => {
      for (const id of userIds) deps.push?.(id, event(id, totals.get(id) ?? 0));
    }, () => undefined);
  };

  /** Stores a message in its locked conversation and pushes it to both sides after the commit. */
  const store = async (trx: Kysely<DB>, conv: { id: number; last_sent_at: Date | string | null },
    m: { from: number; to: number; clientMsgId: string; type: repo.MessageRow['message_type']; text: string; imageUri: string },
    ctx: Pick<RequestContext, 'afterCommit'>) => {
    // strictly increasing within the conversation, so paging by sentTime is exact
    const last = conv.last_sent_at ? new Date(conv.last_sent_at).getTime() : 0;
    const sentAt = new Date(Math.max(deps.clock.now().getTime(), last + 1));
    const row = await repo.insertMessage(trx, {
      conversation_id: conv.id, sender_id: m.from, recipient_id: m.to, client_msg_id: m.clientMsgId, message_type: m.type,
      text: m.text, image_uri: m.imageUri, sent_at: sentAt,
    });
    await deps.outbox?.enqueue(trx, { kind: 'publish', messageId: row.id });
    ctx.afterCommit?.(() => {
      pushAllWithUnread([m.to, m.from], (userId, unreadTotal) => ({ type: 'imMessage', message: shapeMessage(row, userId), unreadTotal }));
      deps.outbox?.kick();
    });
    return shapeMessage(row, m.from);
  };

  return {
    send: (db: Kysely<DB>, caller: Caller, p: ImSendPayload, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const both = await repo.senderAndTarget(trx, caller.userId, p.targetId);
        if (!both.me?.allow_im) throw forbidden(imText.notAllowed);
        const to = await target(trx, caller, p.targetId, { user: both.to });
        if (await repo.blocks(trx, to.id, caller.userId)) throw forbidden(imText.blocked);
        if (p.messageType === 'RC:ImgMsg' && (await firstForeignUpload(trx, caller.companyId, [p.content.imageUri])) >= 0) {
          throw invalid('content.imageUri', imText.imageNotOurs);
        }
        const now = deps.clock.now();
        const conv = await repo.conversationForSend(trx, caller.userId, to.id, now);
        // checked after the conversation's lock: a concurrent send of the same id waits and finds it
        const prior = await repo.messageByClientId(trx, caller.userId, p.client_msg_id);
        if (prior) {
          if (!sameMessage(prior, to.id, p)) throw conflict(imText.clientIdReused);
          return shapeMessage(prior, caller.userId);
        }
        return store(trx, conv, { from: caller.userId, to: to.id, clientMsgId: p.client_msg_id, type: p.messageType,
          text: p.messageType === 'RC:TxtMsg' ? p.content.content : '', imageUri: p.messageType === 'RC:ImgMsg' ? p.content.imageUri : '' }, ctx);
      }),

    /**
     * An inquiry or quote card from one user to another, posted by the server inside the business
     * call's transaction (enquiry sent, line quoted) and pushed after its commit. The client message
     * id says what the card is about, so posting it again stores nothing new.
     */
    async postCard(trx: Kysely<DB>, p: { from: number; to: number; clientMsgId: string; content: BizContent }, ctx: Pick<RequestContext, 'afterCommit'>) {
      if (p.from === p.to) return;
      const conv = await repo.conversationForSend(trx, p.from, p.to, deps.clock.now());
      if (await repo.messageByClientId(trx, p.from, p.clientMsgId)) return;
      await store(trx, conv, { from: p.from, to: p.to, clientMsgId: p.clientMsgId, type: BIZ_MESSAGE_TYPE, text: JSON.stringify(p.content), imageUri: '' }, ctx);
    },

    /**
     * A system notice from the message assistant (requirements 001-9) to each user named, posted inside the
     * business call's transaction (order placed or moved, quote received, company audit decided) and
     * pushed after its commit. The client message id is the event's and the recipient's, so posting
     * the same event again stores nothing new. Without the assistant account nothing is posted.
     */
    async postNotice(trx: Kysely<DB>, p: { to: readonly number[]; event: string; notice: Notice }, ctx: Pick<RequestContext, 'afterCommit'>) {
      const assistant = await repo.userByUuid(trx, IM_ASSISTANT_UUID);
      if (!assistant) return;
      const text = await noticeText(trx, p.notice.scene, p.notice.values);
      const content: BizContent = {
        SceneCode: SCENE_NOTICE,
        BusinessInfo: { 标题: p.notice.title, 内容: text, 单号: p.notice.no },
        LinkData: { QHId: 0, lineId: 0, link: p.notice.link },
        Notice: { scene: p.notice.scene, facts: p.notice.facts },
      };
      for (const to of [...new Set(p.to)].sort((a, b) => a - b)) {
        if (to === assistant.id) continue;
        const clientMsgId = `ntc-${p.event}-${to}`;
        const conv = await repo.conversationForSend(trx, assistant.id, to, deps.clock.now());
        if (await repo.messageByClientId(trx, assistant.id, clientMsgId)) continue;
        await store(trx, conv, { from: assistant.id, to, clientMsgId, type: BIZ_MESSAGE_TYPE, text: JSON.stringify(content), imageUri: '' }, ctx);
      }
    },

    /** 发送订单链接: one of the caller's company's stock rows on sale, as a product card priced for the recipient. */
    pushProduct: (db: Kysely<DB>, caller: Caller, p: { to_uuid: string; stock_id: number; product_qty: number; currency: 'CNY' | 'VND' }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        const me = await repo.userById(trx, caller.userId);
        if (!me?.allow_im) throw forbidden(imText.notAllowed);
        // the composer's currency switch is M11-01's (requirements 001-6), like quick replies and translation
        if (p.currency === 'VND' && !hasAnyPermission(caller.permissions, ['M11-01'])) throw forbidden(imText.currencyNeedsM1101);
        const rate = p.currency === 'VND' ? await vndRate(trx) : null;
        if (p.currency === 'VND' && !(rate && rate > 0)) throw invalid('currency', imText.noVndRate);
        const to = await target(trx, caller, p.to_uuid);
        if (await repo.blocks(trx, to.id, caller.userId)) throw forbidden(imText.blocked);
        const s = await repo.stockForCard(trx, p.stock_id);
        if (!s || s.company_id !== caller.companyId) throw new AppError(ResultCode.notFound, 404, imText.productNotOurs);
        if (s.state !== 'on') throw invalid('stock_id', imText.productOff);
        const level = (await companyWithLevel(trx, to.company_id))?.level_type ?? 'free';
        const price = unitPrice(s, level, false);
        if (!price) throw invalid('stock_id', imText.fillSalesPrice);
        const now = deps.clock.now();
        const conv = await repo.conversationForSend(trx, caller.userId, to.id, now);
        const content: BizContent = {
          SceneCode: SCENE_PRODUCT,
          BusinessInfo: {
            产品名称: s.name, 产品编码: s.supplier_oe, 产品品牌: s.is_original ? '原厂件' : s.brand_name, 产品品质: s.quality_name,
            产品数量: String(Math.min(p.product_qty, Math.max(s.quantity, 0))), 产品报价: formatFen(price.fen), 库存: String(s.quantity),
            // the cart charges the yuan price; the dong figure is what the seller quoted it as, at the day's rate
            ...(rate ? { 币种: 'VND', 越南盾报价: formatMoney(price.fen, 'VND', rate), 汇率: String(rate) } : {}),
          },
          LinkData: { QHId: 0, lineId: 0, stockId: s.id, link: `/search/parts/oe?code=${encodeURIComponent(s.oe_norm)}` },
        };
        return store(trx, conv, { from: caller.userId, to: to.id, clientMsgId: `prd-${s.id}-${randomUUID()}`, type: BIZ_MESSAGE_TYPE, text: JSON.stringify(content), imageUri: '' }, ctx);
      }),

    async history(db: Kysely<DB>, caller: Caller, p: { targetId: string; conversationType: number; before?: number; count: number }) {
      if (p.conversationType === CONVERSATION_GROUP) {
        const g = await repo.groupByUuid(db, p.targetId);
        if (!g || !(await repo.isMember(db, g.id, caller.userId))) throw forbidden(imText.notInGroup);
        const rows = await repo.groupHistory(db, g.id, p.before === undefined ? undefined : new Date(p.before), p.count);
        return { messages: rows.slice(0, p.count).reverse().map((r) => shapeMessage(r, caller.userId)), hasMore: rows.length > p.count };
      }
      const other = await repo.userByUuid(db, p.targetId);
      if (!other) throw noSuchUser();
      const conv = other.id === caller.userId ? undefined : await repo.conversationOf(db, caller.userId, other.id);
      if (!conv) return { messages: [], hasMore: false };
      const rows = await repo.history(db, conv.id, p.before === undefined ? undefined : new Date(p.before), p.count);
      return { messages: rows.slice(0, p.count).reverse().map((r) => shapeMessage(r, caller.userId)), hasMore: rows.length > p.count };
    },

    async sync(db: Kysely<DB>, caller: Caller, p: { since: number }) {
      const rows = await repo.since(db, caller.userId, new Date(p.since), IM_SYNC_MAX);
      return { messages: rows.slice(0, IM_SYNC_MAX).map((r) => shapeMessage(r, caller.userId)), hasMore: rows.length > IM_SYNC_MAX };
    },

    /** the latest 150 private and group conversations together, newest first */
    async conversations(db: Kysely<DB>, caller: Caller) {
      const [rows, groups] = await Promise.all([
        repo.conversationsOf(db, caller.userId, IM_CONVERSATION_LIST), repo.groupsOf(db, caller.userId, IM_CONVERSATION_LIST),
      ]);
      const ids = [...rows.map((r) => String(r.last_message_id)), ...groups.filter((g) => g.last_message_id).map((g) => String(g.last_message_id))];
      const latest = new Map((await repo.messagesByIds(db, ids)).map((m) => [String(m.id), m]));
      const shaped = (id: unknown) => {
        const m = latest.get(String(id));
        return m ? shapeMessage(m, caller.userId) : null;
      };
      const conversations: ImConversation[] = [
        ...rows.map((r): ImConversation => ({
          conversationType: CONVERSATION_PRIVATE, targetId: r.uuid, name: r.note || r.display_name, company_name: r.short_name || r.company_name,
          portrait_uri: r.head_image, unread: r.unread, sentTime: r.last_sent_at ? new Date(r.last_sent_at).getTime() : 0,
          latestMessage: shaped(r.last_message_id), ...(r.uuid === IM_ASSISTANT_UUID ? { is_assistant: true } : {}),
        })),
        ...groups.map((g): ImConversation => ({
          conversationType: CONVERSATION_GROUP, targetId: g.uuid, name: g.name, company_name: g.is_service ? '客服群聊' : '群聊', portrait_uri: '',
          unread: g.unread, sentTime: new Date(g.last_sent_at ?? g.created_at).getTime(), latestMessage: shaped(g.last_message_id), is_service: g.is_service,
        })),
      ].sort((a, b) => b.sentTime - a.sentTime).slice(0, IM_CONVERSATION_LIST);
      return { conversations, unreadTotal: await repo.unreadTotal(db, caller.userId) };
    },

    markRead: (db: Kysely<DB>, caller: Caller, p: { targetId: string; conversationType: number }, ctx: Pick<RequestContext, 'afterCommit'>) =>
      inTransaction(db, async (trx) => {
        if (p.conversationType === CONVERSATION_GROUP) {
          const g = await repo.groupByUuid(trx, p.targetId);
          if (g) await repo.markGroupRead(trx, g.id, caller.userId, deps.clock.now());
          const unreadTotal = await repo.unreadTotal(trx, caller.userId);
          ctx.afterCommit?.(() => pushWithUnread(caller.userId, (total) => ({ type: 'imRead', targetId: p.targetId, unreadTotal: total })));
          return { unreadTotal };
        }
        const other = await repo.userByUuid(trx, p.targetId);
        if (!other) throw noSuchUser();
        const conv = other.id === caller.userId ? undefined : await repo.conversationOf(trx, caller.userId, other.id);
        if (conv) await repo.markRead(trx, conv.id, caller.userId, deps.clock.now());
        const unreadTotal = await repo.unreadTotal(trx, caller.userId);
        // the caller's other tabs clear their badges too
        ctx.afterCommit?.(() => pushWithUnread(caller.userId, (total) => ({ type: 'imRead', targetId: p.targetId, unreadTotal: total })));
        return { unreadTotal };
      }),

    unreadCount: async (db: Kysely<DB>, caller: Caller) => ({ unreadTotal: await repo.unreadTotal(db, caller.userId) }),

    async contact(db: Kysely<DB>, caller: Caller, p: { uuid: string }): Promise<ImContact> {
      const user = await repo.userByUuid(db, p.uuid);
      if (!user) throw noSuchUser();
      const card = await repo.companyCard(db, user.company_id);
      if (!card) throw noSuchUser();
      const mine = await companyWithLevel(db, caller.companyId);
      const visible = mine?.level_type === 'paid';
      const { company } = card;
      return {
        uuid: user.uuid, nick_name: user.display_name, portrait_uri: user.head_image, company_id: company.id,
        company_name: company.name, company_addr: `${company.province}${company.city !== company.province ? company.city : ''}${company.address}`,
        ...(visible ? {
          contact_phone: card.contact?.phone ?? company.phone,
          contact_qq: card.contact ? card.contact.qq : company.qq,
          contact_wechat_code: card.contact?.wechat ?? '',
        } : {}),
        contacts_visible: visible,
        on_line: (await deps.isOnline?.(user.id)) ?? false,
        company_area_list: [{ name: company.city && company.city !== company.province ? `${company.province} ${company.city}` : company.province }].filter((a) => a.name),
        company_brand_list: card.brands,
        company_part_list: card.parts,
      };
    },

    async companyContact(db: Kysely<DB>, p: { company_id: number }) {
      const c = await repo.companyContact(db, p.company_id);
      if (!c) throw new AppError(ResultCode.notFound, 404, imText.noCompanyContact);
      return { uuid: c.uuid, nick_name: c.display_name, company_name: c.short_name || c.name };
    },
  };
};

export type ImService = ReturnType<typeof createImService>;
export type ImPushFn = NonNullable<ImDeps['push']>;
export { noSuchUser };
