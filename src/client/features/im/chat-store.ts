/**
 * The chat window's state, one per tab, fed by the ImTransport: whether the window is open and on
 * whom, the connection state, the conversation list with unread counts, the messages of each
 * conversation loaded so far, and the notice of a message that came while the window was closed.
 * Sends go through the outbox (Dexie) with the message's client id in the payload: a message typed
 * while the network is down stays queued, survives a reload, and is sent when the network or the
 * live connection returns; the server stores it once whatever the number of tries.
 */
import { useSyncExternalStore } from 'react';
import type { ImConversation, ImMessage, ImSendPayload, SendGroupPayload } from '../../../shared/contracts';
import { IM_MORE_HISTORY, SCENE_INQUIRY, SCENE_NOTICE, SCENE_PRODUCT, SCENE_QUOTE } from '../../../shared/contracts/limits';
import { msg } from '../../../shared/messages';
import { mark, t as translate } from '../../i18n/lang';
import { bodyKindOf, capConversations, createSoundGate, keepsMoreLink } from './chat-rules';
import { playChime } from './chime';
import { sendQueued } from '../../api/queued-write';
import { flushOutbox, outbox } from '../../local/outbox';
import { mapLive } from '../../local/live';
import { messageKey, type ImStatus, type ImTransport } from './transport';

export interface Thread {
  messages: ImMessage[];
  hasMore: boolean;
  loaded: boolean;
  loading: boolean;
}

export interface Notice {
  targetId: string;
  text: string;
  at: number;
}

export interface ChatState {
  open: boolean;
  targetId: string | null;
  status: ImStatus;
  unreadTotal: number;
  conversations: ImConversation[];
  conversationsLoaded: boolean;
  /** why the conversation list could not be read (shown with 重试), null while it loads or once read */
  conversationsError: string | null;
  threads: Record<string, Thread>;
  notice: Notice | null;
  /** the server's refusal of the last send, shown in the composer */
  sendError: string | null;
  /** conversations opened before the list knows them: private (1) or group (3) */
  kinds: Record<string, 1 | 3>;
  /** bumped when a group the user is in changed (members, made, left): its panel fetches again */
  groupTick: number;
  /**
   * the signed-in user chat started for (null before startChat): the session starts after the
   * first page, so a conversation drawn before it subscribes to its queued messages again then
   */
  me: string | null;
}

export interface QueuedMessage {
  seq: number;
  clientMsgId: string;
  targetId: string;
  payload: ImSendPayload | SendGroupPayload;
  state: 'pending' | 'failed';
  createdAt: number;
}

const initial: ChatState = {
  open: false, targetId: null, status: 'disconnected', unreadTotal: 0, conversations: [], conversationsLoaded: false, conversationsError: null,
  threads: {}, notice: null, sendError: null, kinds: {}, groupTick: 0, me: null,
};

let state = initial;
const listeners = new Set<() => void>();
const set = (patch: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)) => {
  state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const useChat = <T>(pick: (s: ChatState) => T): T => useSyncExternalStore(subscribe, () => pick(state));

/** The fixed words of a preview, in the page's language when shown (docs/i18n.md); what follows them is the message's own. */
const PREVIEW = {
  image: mark('[图片]'), notice: mark('[通知]'), inquiry: mark('[询价]'), quote: mark('[报价]'), product: mark('[订单链接]'),
};

/** A preview of a message for lists and notices. */
export const previewOf = (m: Pick<ImMessage, 'messageType' | 'content'> | null | undefined) =>
  !m ? '' : bodyKindOf(m) === 'unsupported' ? translate(msg.chatUnsupported) : bodyKindOf(m) === 'unknown' ? translate(msg.unknownMessageType) : m.messageType === 'RC:ImgMsg' ? translate(PREVIEW.image)
    : 'SceneCode' in m.content && m.content.SceneCode === SCENE_NOTICE ? `${translate(PREVIEW.notice)} ${m.content.BusinessInfo.内容 ?? ''}`.trim()
    : 'SceneCode' in m.content ? `${translate(({ [SCENE_INQUIRY]: PREVIEW.inquiry, [SCENE_QUOTE]: PREVIEW.quote, [SCENE_PRODUCT]: PREVIEW.product, [SCENE_NOTICE]: PREVIEW.notice } as const)[m.content.SceneCode])} ${m.content.BusinessInfo.产品名称 || m.content.BusinessInfo.产品编码 || ''}`.trim()
    : 'content' in m.content ? m.content.content : '';

/** Messages in time order, each once (by sender and client message id). */
export const mergeMessages = (a: readonly ImMessage[], b: readonly ImMessage[]) => {
  const byKey = new Map<string, ImMessage>();
  for (const m of [...a, ...b]) byKey.set(messageKey(m), m);
  return [...byKey.values()].sort((x, y) => x.sentTime - y.sentTime || Number(x.messageUId) - Number(y.messageUId));
};

let transport: ImTransport | null = null;
let userUuid: string | null = null;

const emptyThread: Thread = { messages: [], hasMore: false, loaded: false, loading: false };
const threadOf = (s: ChatState, id: string) => s.threads[id] ?? emptyThread;
const setThread = (id: string, patch: Partial<Thread>) => set((s) => ({ threads: { ...s.threads, [id]: { ...threadOf(s, id), ...patch } } }));

/** private (1) or group (3): from the list, or from how the conversation was opened */
export const kindOf = (s: ChatState, targetId: string): 1 | 3 =>
  (s.conversations.find((c) => c.targetId === targetId)?.conversationType as 1 | 3 | undefined) ?? s.kinds[targetId] ?? 1;

const ring = createSoundGate();

/** how long a list page waits for chat to start and answer before it says so (with 重试) */
export const LIST_WAIT_MS = 12_000;
/** a page shows the list (the phone's 消息): it is read as soon as chat starts or reconnects */
let listWanted = 0;
let listTimer: ReturnType<typeof setTimeout> | null = null;

const listFailed = (why: string) => set((s) => (s.conversationsLoaded ? {} : { conversationsError: why }));

const refreshConversations = async () => {
  if (!transport) return;
  try {
    const r = await transport.conversations();
    set({ conversations: capConversations(r.conversations), conversationsLoaded: true, conversationsError: null, unreadTotal: r.unreadTotal });
    // the list may have been read before the open conversation was marked read: mark it (again)
    const viewing = state.open ? r.conversations.find((c) => c.targetId === state.targetId) : undefined;
    if (viewing && viewing.unread > 0) void markRead(viewing.targetId);
  } catch (e) {
    console.warn('qipeihub: loading the conversation list failed', e);
    listFailed(e instanceof Error && e.message ? `会话列表加载失败：${e.message}` : '会话列表加载失败');
  }
};

/**
 * A page that shows the conversation list (the phone's 消息) asks for it: read now when chat has
 * started, else as soon as it starts (the session starts after the first page, app/signed-in.ts).
 * Neither answering within LIST_WAIT_MS is said (conversationsError), never an endless wait.
 * Returns the page's release.
 */
const wantList = () => {
  listWanted += 1;
  set((s) => (s.conversationsError ? { conversationsError: null } : {}));
  if (listTimer) clearTimeout(listTimer);
  listTimer = setTimeout(() => {
    listTimer = null;
    if (!state.conversationsLoaded) listFailed(transport ? '会话列表加载超时，请重试' : '聊天未能连接，请重试');
  }, LIST_WAIT_MS);
  void refreshConversations();
  return () => {
    listWanted -= 1;
    if (listWanted === 0 && listTimer) {
      clearTimeout(listTimer);
      listTimer = null;
    }
  };
};

const markRead = async (targetId: string) => {
  if (!transport) return;
  set((s) => ({ conversations: s.conversations.map((c) => (c.targetId === targetId ? { ...c, unread: 0 } : c)) }));
  try {
    set({ unreadTotal: await transport.markRead(targetId, kindOf(state, targetId)) });
  } catch (e) {
    console.warn('qipeihub: clearing unread failed', e);
  }
};

const loadThread = async (targetId: string, older: boolean) => {
  if (!transport) return;
  const t = threadOf(state, targetId);
  if (t.loading) return;
  setThread(targetId, { loading: true });
  try {
    const before = older ? t.messages[0]?.sentTime : undefined;
    // the first page is the transport's 20; "get more history" asks for 10 and keeps its link while 10 come back (requirements 001-9)
    const page = await transport.history(targetId, before, kindOf(state, targetId), older ? IM_MORE_HISTORY : undefined);
    const hasMore = older ? keepsMoreLink(page.messages.length) : !t.loaded ? page.hasMore : threadOf(state, targetId).hasMore;
    set((s) => ({
      threads: {
        ...s.threads,
        [targetId]: { messages: mergeMessages(threadOf(s, targetId).messages, page.messages), hasMore, loaded: true, loading: false },
      },
    }));
  } catch (e) {
    console.warn('qipeihub: loading chat history failed', e);
    setThread(targetId, { loading: false });
  }
};

const received = (m: ImMessage, unreadTotal: number | null) => {
  const other = m.targetId;
  const incoming = m.messageDirection === 2;
  const viewing = state.open && state.targetId === other && document.visibilityState === 'visible';
  set((s) => {
    const known = s.conversations.find((c) => c.targetId === other);
    const conversations = known
      ? [{ ...known, latestMessage: m, sentTime: m.sentTime, unread: incoming && !viewing ? known.unread + 1 : known.unread }, ...s.conversations.filter((c) => c !== known)]
      : s.conversations;
    const t = s.threads[other];
    return {
      conversations,
      threads: t?.loaded ? { ...s.threads, [other]: { ...t, messages: mergeMessages(t.messages, [m]) } } : s.threads,
      ...(unreadTotal !== null ? { unreadTotal } : incoming && !viewing ? { unreadTotal: s.unreadTotal + 1 } : {}),
      ...(incoming && !s.open ? { notice: { targetId: other, text: previewOf(m), at: Date.now() } } : {}),
    };
  });
  // a sound for what is not in view, at most once per 3 s (requirements 001-4, 001-9)
  if (incoming && !viewing && ring(Date.now())) playChime();
  // a conversation the list does not hold yet (its first message, either way): fetch the list
  if (!state.conversations.some((c) => c.targetId === other)) void refreshConversations();
  if (incoming && viewing) void markRead(other);
};

/** Starts chat for the signed-in user (main.tsx): listens to the transport, fetches the unread total. */
export const startChat = (uuid: string, t: ImTransport) => {
  transport = t;
  userUuid = uuid;
  set({ status: t.status(), me: uuid });
  t.onMessage(received);
  t.onGroup(() => {
    set((s) => ({ groupTick: s.groupTick + 1 }));
    void refreshConversations();
  });
  t.onRead((targetId, unreadTotal) => {
    set((s) => ({ unreadTotal, conversations: s.conversations.map((c) => (c.targetId === targetId ? { ...c, unread: 0 } : c)) }));
  });
  t.onStatus((status) => {
    // kicked by another client: the window closes (requirements 001-4)
    set(status === 'kicked' ? { status, open: false } : { status });
    if (status === 'connected') {
      flushOutbox();
      if (state.open || listWanted > 0) void refreshConversations();
    }
  });
  void t.unreadTotal().then((n) => set({ unreadTotal: n }), () => undefined);
  // the window or a list page was opened while the transport was being chosen: load what it shows now
  if (state.open || listWanted > 0) void refreshConversations();
  if (state.open && state.targetId) chat.select(state.targetId);
};

export const chat = {
  get: () => state,
  /** opens the window, on a conversation when given (a group: kind 3) */
  open(targetId?: string, kind?: 1 | 3) {
    set((s) => ({
      open: true, targetId: targetId ?? s.targetId ?? s.conversations[0]?.targetId ?? null, notice: null, sendError: null,
      ...(targetId && kind ? { kinds: { ...s.kinds, [targetId]: kind } } : {}),
    }));
    void refreshConversations().then(() => {
      if (!state.targetId && state.conversations[0]) chat.select(state.conversations[0].targetId);
    });
    if (state.targetId) chat.select(state.targetId);
  },
  close: () => set({ open: false }),
  /** the caller left a group: it goes from the list and the window */
  left(groupId: string) {
    set((s) => ({
      conversations: s.conversations.filter((c) => c.targetId !== groupId),
      targetId: s.targetId === groupId ? null : s.targetId,
      threads: Object.fromEntries(Object.entries(s.threads).filter(([k]) => k !== groupId)),
    }));
    void refreshConversations();
  },
  /** fetches the conversation list and unread counts again */
  refresh: () => refreshConversations(),
  /** a page showing the list (the phone's 消息) and its 重试: see wantList */
  wantList,
  dismissNotice: () => set({ notice: null }),
  select(targetId: string) {
    set({ targetId, sendError: null });
    if (!threadOf(state, targetId).loaded) void loadThread(targetId, false);
    void markRead(targetId);
  },
  loadOlder: (targetId: string) => loadThread(targetId, true),
  /** a message another call posted (an order link): shown at once, merged with its push by id */
  delivered: (m: ImMessage) => received(m, null),
  /**
   * Queues the message in the outbox and sends it at once. `sent`: stored by the server;
   * `queued`: the network or server is away, it goes when they return; `refused`: the server
   * will not take it (the reason is in sendError).
   */
  async send(targetId: string, content: { text: string } | { imageUri: string }): Promise<'sent' | 'queued' | 'refused'> {
    if (!transport || !userUuid) {
      // chat starts a moment after the page: say so, the text stays in the box
      set({ sendError: '聊天正在连接，请稍后再发送' });
      return 'refused';
    }
    const client_msg_id = crypto.randomUUID();
    const body = 'text' in content ? { messageType: 'RC:TxtMsg' as const, content: { content: content.text } } : { messageType: 'RC:ImgMsg' as const, content: { imageUri: content.imageUri } };
    set({ sendError: null });
    const t = transport;
    try {
      if (kindOf(state, targetId) === 3) {
        const p = { client_msg_id, to_group_id: targetId, is_include_sender: true, ...body } as SendGroupPayload;
        return (await sendQueued(userUuid, 'sendIMGroupMsg', p, (key) => t.sendGroup(p, key))).outcome;
      }
      const payload = { client_msg_id, targetId, ...body } as ImSendPayload;
      return (await sendQueued(userUuid, 'imSend', payload, (key) => t.send(payload, key))).outcome;
    } catch (e) {
      set({ sendError: e instanceof Error ? e.message : String(e) });
      return 'refused';
    }
  },
  /** live list of this user's chat messages waiting in the outbox (or refused there) for one conversation */
  queued$: (targetId: string) =>
    mapLive(outbox.rows$(userUuid ?? ''), (rows): QueuedMessage[] => {
      if (!userUuid) return [];
      const to = (r: { name: string; payload: unknown }) =>
        r.name === 'imSend' ? (r.payload as ImSendPayload | undefined)?.targetId : r.name === 'sendIMGroupMsg' ? (r.payload as SendGroupPayload | undefined)?.to_group_id : undefined;
      return [...rows.pending, ...rows.failed]
        .filter((r) => to(r) === targetId)
        .map((r) => {
          const payload = r.payload as ImSendPayload | SendGroupPayload;
          return { seq: r.seq!, clientMsgId: payload.client_msg_id, targetId, payload, state: r.state, createdAt: r.createdAt };
        })
        .sort((a, b) => a.seq - b.seq);
    }),
};
