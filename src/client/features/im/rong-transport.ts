/**
 * The RongCloud transport (docs/architecture.md "Real-time chat"): the same ImTransport as our /ws
 * one, on RongCloud's web SDK (@rongcloud/imlib-next 5.38.0 with its engine). Loaded only when the
 * system parameter im_client_params names an app key (select-transport.ts), so its 222 kB gzip stay
 * out of the entry.
 *
 * - init with the app key, connect with the token of getLoginIm; a token RongCloud calls invalid
 *   (31004) is fetched anew once; a connection that fails for the network (timeout, navigation,
 *   network unavailable, server unavailable) is tried again after 1 to 5 s with jitter, as /ws does;
 *   a wrong app key, protocol version or a blocked app or user stops with 未连接 and a logged reason.
 * - its states map to ours: CONNECTING and SUSPEND (network lost, the SDK reconnects) → 连接中…,
 *   CONNECTED → 已连接, DISCONNECT → 未连接, or kicked (31010, signed in elsewhere), which closes
 *   the window with the same message as /ws.
 * - text, image and group messages go through sendMessage, the client message id in `extra` (our
 *   server stores the routed copy under it, and a copy pushed by our server is shown once); cards
 *   (QPH:BizMsg, posted by our server) are registered so RongCloud can carry them, and also arrive
 *   over /ws; send refusals become the Chinese messages of our own server (不在群中…), a timeout or a
 *   lost network leaves the message in the outbox.
 * - history 20 a page (getHistoryMessages), the 150-conversation list (names from our server,
 *   which stores every routed message), clearing unread (on RongCloud and on our server).
 */
import * as RC from '@rongcloud/imlib-next';
import {
  BIZ_MESSAGE_TYPE, CONVERSATION_GROUP, CONVERSATION_PRIVATE, IM_CONVERSATION_LIST, IM_HISTORY_PAGE, imText,
  type ImConversation, type ImMessage, type ImSendPayload, type SendGroupPayload,
} from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import type { LiveEvent } from '../../api/live';
import { messageKey, type ImStatus, type ImTransport } from './transport';

/** RongCloud's codes we act on (@rongcloud/engine ErrorCode) */
export const RC_CODE = {
  SUCCESS: 0,
  BLACKLISTED: 405,
  NOT_IN_DISCUSSION: 21406,
  NOT_IN_GROUP: 22406,
  NOT_IN_CHATROOM: 23406,
  NETWORK_UNAVAILABLE: 30002,
  MSG_TIMEOUT: 30003,
  NAVI_FAILED: 30007,
  SOCKET_DISCONNECTED: 30011,
  CONTENT_TOO_LONG: 30016,
  CONN_TIMEOUT: 31000,
  PROTOCOL_VERSION: 31001,
  APPKEY_WRONG: 31002,
  SERVER_UNAVAILABLE: 31003,
  TOKEN_INCORRECT: 31004,
  APP_BLOCKED: 31008,
  USER_BLOCKED: 31009,
  KICKED: 31010,
  NOT_INITIALISED: 33001,
  CONNECTION_TIMEOUT: 34006,
} as const;

/** requirements 001-8's connect errors (logged), in Chinese */
export const connectErrorText = (code: number): string => {
  switch (code) {
    case RC_CODE.TOKEN_INCORRECT: return '融云连接失败：Token 无效';
    case RC_CODE.CONN_TIMEOUT: case RC_CODE.MSG_TIMEOUT: case RC_CODE.CONNECTION_TIMEOUT: return '融云连接失败：连接超时';
    case RC_CODE.PROTOCOL_VERSION: return '融云连接失败：协议版本不匹配';
    case RC_CODE.APPKEY_WRONG: return '融云连接失败：App Key 错误';
    case RC_CODE.SERVER_UNAVAILABLE: return '融云连接失败：服务器不可用';
    case RC_CODE.NETWORK_UNAVAILABLE: case RC_CODE.NAVI_FAILED: case RC_CODE.SOCKET_DISCONNECTED: return '融云连接失败：网络不可用';
    case RC_CODE.APP_BLOCKED: return '融云连接失败：应用已被封禁或删除';
    case RC_CODE.USER_BLOCKED: return '融云连接失败：用户已被封禁';
    case RC_CODE.KICKED: return msg.chatKicked;
    default: return `融云连接失败（错误码 ${code}）`;
  }
};

/** a connect failure the network may cure: tried again after a pause (/ws does the same) */
export const connectRetryable = (code: number) =>
  ([RC_CODE.CONN_TIMEOUT, RC_CODE.MSG_TIMEOUT, RC_CODE.CONNECTION_TIMEOUT, RC_CODE.NETWORK_UNAVAILABLE, RC_CODE.NAVI_FAILED,
    RC_CODE.SOCKET_DISCONNECTED, RC_CODE.SERVER_UNAVAILABLE] as number[]).includes(code);

/** the state a DISCONNECT with this code leaves */
export const disconnectState = (code: number): ImStatus => (code === RC_CODE.KICKED ? 'kicked' : 'disconnected');

/**
 * A refused send as our own server would refuse it (requirements 001-8's send errors): an ApiError with the
 * Chinese message (the outbox drops it and the composer shows it), or, for a timeout or a lost
 * network, an OfflineError (the message stays queued and goes when the network returns).
 */
export const sendError = (code: number): Error => {
  switch (code) {
    case RC_CODE.BLACKLISTED: return new ApiError(403, '对方已将您拉黑，消息未发送');
    case RC_CODE.NOT_IN_GROUP: return new ApiError(403, imText.notInGroup);
    case RC_CODE.NOT_IN_DISCUSSION: return new ApiError(403, '您不在该讨论组中，不能发送消息');
    case RC_CODE.NOT_IN_CHATROOM: return new ApiError(403, '您不在该聊天室中，不能发送消息');
    case RC_CODE.CONTENT_TOO_LONG: return new ApiError(422, imText.textTooLong);
    case RC_CODE.MSG_TIMEOUT: case RC_CODE.NETWORK_UNAVAILABLE: case RC_CODE.NAVI_FAILED: case RC_CODE.SOCKET_DISCONNECTED:
    case RC_CODE.NOT_INITIALISED: case RC_CODE.CONN_TIMEOUT: case RC_CODE.CONNECTION_TIMEOUT:
      return new OfflineError('发送超时，联网后自动发送');
    default: return new ApiError(code, `发送失败（错误码 ${code}）`);
  }
};

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

type RcMessage = { conversationType: number; targetId: string; senderUserId: string; content: unknown; messageType: string; messageUId: string; messageDirection: number; sentTime: number };

/** A RongCloud message as our ImMessage; private (1) and group (3) only, others undefined. */
export const toImMessage = (m: RcMessage): ImMessage | undefined => {
  if (m.conversationType !== CONVERSATION_PRIVATE && m.conversationType !== CONVERSATION_GROUP) return undefined;
  const c = (m.content ?? {}) as { content?: unknown; imageUri?: unknown; extra?: unknown };
  const extra = typeof c.extra === 'string' && CLIENT_ID.test(c.extra) ? c.extra : '';
  let content: ImMessage['content'];
  if (m.messageType === 'RC:TxtMsg') content = { content: c.content as string };
  else if (m.messageType === 'RC:ImgMsg') content = { imageUri: c.imageUri as string };
  else content = m.content as ImMessage['content'];
  return {
    messageUId: m.messageUId, clientMsgId: extra || m.messageUId, conversationType: m.conversationType, messageDirection: m.messageDirection === 1 ? 1 : 2,
    senderUserId: m.senderUserId, targetId: m.targetId,
    // another RongCloud type passes through: the window says 暂不支持该消息类型，请在客户端查看
    messageType: m.messageType as ImMessage['messageType'], content, sentTime: m.sentTime,
  };
};

export interface RongTransportDeps {
  appKey: string;
  /** getLoginIm's token; refresh: RongCloud said it is invalid, fetch a new one */
  token(refresh: boolean): Promise<string>;
  /** our live connection: pushes of what our server stored itself (cards, replayed sends, group changes) */
  live?: { onEvent(l: (e: LiveEvent) => void): () => void };
  /** our server's names for the list (imConversations): RongCloud knows only ids */
  directory?(): Promise<ImConversation[]>;
  /** our server's imMarkRead, so its unread counts follow RongCloud's */
  markReadOnServer?(targetId: string, conversationType: 1 | 3): Promise<unknown>;
  /** pause before connect attempt n (1-based); default 1 to 5 s with jitter */
  retryDelay?(attempt: number): number;
  log?(text: string, detail?: unknown): void;
}

const SEEN_MAX = 5000;
let initialisedWith: string | null = null;

/** Forgets the app key RongCloud's SDK was initialised with, as a newly loaded page has none: for tests that share one module scope (docs/testing.md, "Time budget"). */
export const forgetRongInit = () => {
  initialisedWith = null;
};

export const createRongTransport = (deps: RongTransportDeps): ImTransport => {
  const log = deps.log ?? ((text: string, detail?: unknown) => console.warn(`qipeihub: ${text}`, detail ?? ''));
  const messageListeners = new Set<(m: ImMessage, unreadTotal: number | null) => void>();
  const statusListeners = new Set<(s: ImStatus) => void>();
  const readListeners = new Set<(targetId: string, unreadTotal: number) => void>();
  const groupListeners = new Set<(groupId: string) => void>();
  const seen = new Set<string>();
  let status: ImStatus = 'disconnected';
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (s: ImStatus) => {
    if (s === status) return;
    status = s;
    for (const l of statusListeners) l(s);
  };
  const deliver = (m: ImMessage, unreadTotal: number | null) => {
    const key = messageKey(m);
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
    for (const l of messageListeners) l(m, unreadTotal);
  };

  const onConnecting = () => setStatus('connecting');
  const onConnected = () => setStatus('connected');
  const onSuspend = (code: number) => {
    log(connectErrorText(code));
    setStatus('connecting');
  };
  const onDisconnect = (code: number) => {
    if (code !== RC_CODE.SUCCESS) log(connectErrorText(code));
    setStatus(disconnectState(code));
  };
  const onMessages = (e: { messages: RcMessage[] }) => {
    for (const raw of e.messages) {
      const m = toImMessage(raw);
      if (m) deliver(m, null);
    }
  };

  if (initialisedWith !== deps.appKey) {
    RC.init({ appkey: deps.appKey });
    // cards travel as our own type: stored and counted like the built-in ones
    RC.registerMessageType(BIZ_MESSAGE_TYPE, true, true);
    initialisedWith = deps.appKey;
  }
  RC.addEventListener(RC.Events.CONNECTING, onConnecting);
  RC.addEventListener(RC.Events.CONNECTED, onConnected);
  RC.addEventListener(RC.Events.SUSPEND, onSuspend);
  RC.addEventListener(RC.Events.DISCONNECT, onDisconnect);
  RC.addEventListener(RC.Events.MESSAGES, onMessages);

  const offLive = deps.live?.onEvent((e) => {
    if (e.type === 'imMessage') deliver(e.message as ImMessage, typeof e.unreadTotal === 'number' ? e.unreadTotal : null);
    else if (e.type === 'imRead') for (const l of readListeners) l(String(e.targetId), Number(e.unreadTotal));
    else if (e.type === 'imGroup') for (const l of groupListeners) l(String(e.groupId));
  });

  const delay = deps.retryDelay ?? (() => 1000 + Math.random() * 4000);
  const open = async (attempt: number, refreshed: boolean): Promise<void> => {
    if (closed) return;
    setStatus('connecting');
    let token: string;
    try {
      token = await deps.token(refreshed);
    } catch (e) {
      log('融云连接失败：取 Token 失败', e);
      retry = setTimeout(() => void open(attempt + 1, refreshed), delay(attempt + 1));
      return;
    }
    const r = await RC.connect(token);
    if (closed) return;
    if (r.code === RC_CODE.SUCCESS) {
      setStatus('connected');
      return;
    }
    log(connectErrorText(r.code));
    if (r.code === RC_CODE.TOKEN_INCORRECT && !refreshed) return open(attempt, true);
    if (connectRetryable(r.code)) {
      setStatus('connecting');
      retry = setTimeout(() => void open(attempt + 1, refreshed), delay(attempt + 1));
      return;
    }
    setStatus(disconnectState(r.code));
  };
  void open(0, false);

  const conversationOf = (targetId: string, conversationType: number) =>
    ({ conversationType: conversationType === CONVERSATION_GROUP ? RC.ConversationType.GROUP : RC.ConversationType.PRIVATE, targetId });

  const sendOne = async (conversationType: 1 | 3, targetId: string, p: ImSendPayload | SendGroupPayload) => {
    const body = p.messageType === 'RC:TxtMsg'
      ? new RC.TextMessage({ content: p.content.content, extra: p.client_msg_id })
      : new RC.ImageMessage({ content: '', imageUri: p.content.imageUri, extra: p.client_msg_id });
    const r = await RC.sendMessage(conversationOf(targetId, conversationType), body);
    if (r.code !== RC_CODE.SUCCESS || !r.data) {
      log(`融云发送失败（错误码 ${r.code}）`);
      throw sendError(r.code);
    }
    const m = toImMessage(r.data as RcMessage)!;
    deliver(m, null);
    return m;
  };

  const total = async () => {
    const r = await RC.getTotalUnreadCount();
    return r.code === RC_CODE.SUCCESS ? (r.data ?? 0) : 0;
  };

  return {
    status: () => status,
    onStatus(l) {
      statusListeners.add(l);
      return () => void statusListeners.delete(l);
    },
    onMessage(l) {
      messageListeners.add(l);
      return () => void messageListeners.delete(l);
    },
    onRead(l) {
      readListeners.add(l);
      return () => void readListeners.delete(l);
    },
    onGroup(l) {
      groupListeners.add(l);
      return () => void groupListeners.delete(l);
    },
    send: (p) => sendOne(CONVERSATION_PRIVATE, p.targetId, p),
    sendGroup: (p) => sendOne(CONVERSATION_GROUP, p.to_group_id, p),
    async history(targetId, before, conversationType = CONVERSATION_PRIVATE, count = IM_HISTORY_PAGE) {
      const r = await RC.getHistoryMessages(conversationOf(targetId, conversationType), { timestamp: before ?? 0, count, order: 0 });
      if (r.code !== RC_CODE.SUCCESS || !r.data) {
        log(`融云历史消息获取失败（错误码 ${r.code}）`);
        throw new ApiError(r.code, '历史消息获取失败');
      }
      const messages = r.data.list.map((x) => toImMessage(x as RcMessage)).filter((m): m is ImMessage => !!m).sort((a, b) => a.sentTime - b.sentTime);
      for (const m of messages) seen.add(messageKey(m));
      return { messages, hasMore: r.data.hasMore };
    },
    async conversations() {
      const [r, names] = await Promise.all([
        RC.getConversationList({ count: IM_CONVERSATION_LIST, startTime: 0, order: 0 }),
        deps.directory ? deps.directory().catch(() => [] as ImConversation[]) : Promise.resolve([] as ImConversation[]),
      ]);
      if (r.code !== RC_CODE.SUCCESS || !r.data) throw new ApiError(r.code, '会话列表获取失败');
      const known = new Map(names.map((c) => [c.targetId, c]));
      const conversations = r.data
        .filter((c) => c.conversationType === RC.ConversationType.PRIVATE || c.conversationType === RC.ConversationType.GROUP)
        .slice(0, IM_CONVERSATION_LIST)
        .map((c): ImConversation => {
          const ours = known.get(c.targetId);
          const latestMessage = c.latestMessage ? toImMessage(c.latestMessage as RcMessage) ?? null : null;
          return {
            conversationType: c.conversationType === RC.ConversationType.GROUP ? CONVERSATION_GROUP : CONVERSATION_PRIVATE, targetId: c.targetId,
            name: ours?.name ?? c.targetId, company_name: ours?.company_name ?? '', portrait_uri: ours?.portrait_uri ?? '',
            unread: c.unreadMessageCount ?? 0, sentTime: latestMessage?.sentTime ?? ours?.sentTime ?? 0, latestMessage,
            ...(ours?.is_service ? { is_service: true } : {}), ...(ours?.is_assistant ? { is_assistant: true } : {}),
          };
        });
      return { conversations, unreadTotal: await total() };
    },
    async markRead(targetId, conversationType = CONVERSATION_PRIVATE) {
      const r = await RC.clearMessagesUnreadStatus(conversationOf(targetId, conversationType));
      if (r.code !== RC_CODE.SUCCESS) log(`融云清除未读失败（错误码 ${r.code}）`);
      void deps.markReadOnServer?.(targetId, conversationType)?.catch(() => undefined);
      return total();
    },
    unreadTotal: total,
    close() {
      closed = true;
      clearTimeout(retry);
      RC.removeEventListener(RC.Events.CONNECTING, onConnecting);
      RC.removeEventListener(RC.Events.CONNECTED, onConnected);
      RC.removeEventListener(RC.Events.SUSPEND, onSuspend);
      RC.removeEventListener(RC.Events.DISCONNECT, onDisconnect);
      RC.removeEventListener(RC.Events.MESSAGES, onMessages);
      offLive?.();
      void RC.disconnect();
      messageListeners.clear();
      statusListeners.clear();
      readListeners.clear();
      groupListeners.clear();
    },
  };
};
