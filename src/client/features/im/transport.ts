/**
 * Chat goes through one ImTransport (docs/architecture.md "Real-time chat"). The built-in one uses our server:
 * calls over HTTP, pushes over the live connection (/ws), which reconnects with backoff (1 to 5 s
 * with jitter); after a reconnect it fetches what was missed (imSync from the newest sentTime it
 * has seen). Delivery is at-least-once (a push and the catch-up may carry the same message), so the
 * transport hands each message to its listeners exactly once, keyed by sender and client message id.
 * It is the default; the RongCloud one (rong-transport.ts) is chosen by select-transport.ts when
 * im_client_params names an app key.
 */
import type { ImConversation, ImMessage, ImSendPayload, SendGroupPayload } from '../../../shared/contracts';
import { request } from '../../api/request';
import { live as defaultLive, type LiveEvent, type LiveState } from '../../api/live';

export type ImStatus = LiveState;

export interface ImTransport {
  status(): ImStatus;
  onStatus(l: (s: ImStatus) => void): () => void;
  /** each message once, whether it came pushed, fetched after a reconnect, or as a send's answer */
  onMessage(l: (m: ImMessage, unreadTotal: number | null) => void): () => void;
  /** the caller's unread total changed elsewhere (read on another tab or device) */
  onRead(l: (targetId: string, unreadTotal: number) => void): () => void;
  /** a group's members or name changed (made, joined, left): the list and the member panel are fetched again */
  onGroup(l: (groupId: string) => void): () => void;
  send(p: ImSendPayload, idempotencyKey?: string): Promise<ImMessage>;
  sendGroup(p: SendGroupPayload, idempotencyKey?: string): Promise<ImMessage>;
  /** `count` messages before `before` (the newest when unset) of a private chat (1) or a group (3) */
  history(targetId: string, before?: number, conversationType?: 1 | 3, count?: number): Promise<{ messages: ImMessage[]; hasMore: boolean }>;
  conversations(): Promise<{ conversations: ImConversation[]; unreadTotal: number }>;
  markRead(targetId: string, conversationType?: 1 | 3): Promise<number>;
  unreadTotal(): Promise<number>;
  close(): void;
}

export const messageKey = (m: Pick<ImMessage, 'senderUserId' | 'clientMsgId'>) => `${m.senderUserId}/${m.clientMsgId}`;

/** What the built-in transport needs: the live connection and the calls (tests give fakes of both). */
export interface WsTransportDeps {
  live: Pick<typeof defaultLive, 'state' | 'onEvent' | 'onState'>;
  call: {
    send(p: ImSendPayload, idempotencyKey?: string): Promise<ImMessage>;
    sendGroup?(p: SendGroupPayload, idempotencyKey?: string): Promise<ImMessage>;
    sync(since: number): Promise<{ messages: ImMessage[]; hasMore: boolean }>;
    history(targetId: string, before?: number, conversationType?: 1 | 3, count?: number): Promise<{ messages: ImMessage[]; hasMore: boolean }>;
    conversations(): Promise<{ conversations: ImConversation[]; unreadTotal: number }>;
    markRead(targetId: string, conversationType?: 1 | 3): Promise<{ unreadTotal: number }>;
    unread(): Promise<{ unreadTotal: number }>;
  };
}

const httpCalls: WsTransportDeps['call'] = {
  send: (p, idempotencyKey) => request('post', 'imSend', p, undefined, { idempotencyKey, silent: true }),
  sendGroup: (p, idempotencyKey) => request('post', 'sendIMGroupMsg', p, undefined, { idempotencyKey, silent: true }),
  sync: (since) => request('get', 'imSync', { since }, undefined, { background: true }),
  history: (targetId, before, conversationType = 1, count) =>
    request('get', 'imHistory', { targetId, conversationType, ...(before === undefined ? {} : { before }), ...(count === undefined ? {} : { count }) }, undefined, { silent: true }),
  conversations: () => request('get', 'imConversations', {}, undefined, { silent: true }),
  markRead: (targetId, conversationType = 1) => request('post', 'imMarkRead', { targetId, conversationType }, undefined, { background: true }),
  unread: () => request('get', 'imUnreadCount', {}, undefined, { background: true }),
};

/** how many message keys to remember for dedupe: far more than a session shows */
const SEEN_MAX = 5000;

export const createWsTransport = (deps: WsTransportDeps = { live: defaultLive, call: httpCalls }): ImTransport => {
  const messageListeners = new Set<(m: ImMessage, unreadTotal: number | null) => void>();
  const statusListeners = new Set<(s: ImStatus) => void>();
  const readListeners = new Set<(targetId: string, unreadTotal: number) => void>();
  const groupListeners = new Set<(groupId: string) => void>();
  const seen = new Set<string>();
  /**
   * the newest sentTime seen (at first the server's time of the first connection): a catch-up
   * starts there (at it, not after it: ties are deduped)
   */
  let newest = 0;
  let syncing: Promise<void> | null = null;

  const deliver = (m: ImMessage, unreadTotal: number | null) => {
    const key = messageKey(m);
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
    newest = Math.max(newest, m.sentTime);
    for (const l of messageListeners) l(m, unreadTotal);
  };

  const catchUp = () => {
    syncing ??= (async () => {
      try {
        for (;;) {
          const page = await deps.call.sync(newest);
          const before = newest;
          for (const m of page.messages) deliver(m, null);
          if (!page.hasMore || newest === before) break;
        }
      } catch (e) {
        console.warn('qipeihub: fetching missed chat messages failed', e);
      }
    })().finally(() => {
      syncing = null;
    });
    return syncing;
  };

  const offEvent = deps.live.onEvent((e: LiveEvent) => {
    if (e.type === 'hello' && newest === 0 && typeof e.sentTime === 'number') newest = e.sentTime;
    else if (e.type === 'imMessage') deliver(e.message as ImMessage, typeof e.unreadTotal === 'number' ? e.unreadTotal : null);
    else if (e.type === 'imRead') for (const l of readListeners) l(String(e.targetId), Number(e.unreadTotal));
    else if (e.type === 'imGroup') for (const l of groupListeners) l(String(e.groupId));
  });
  const offState = deps.live.onState((s, opens) => {
    for (const l of statusListeners) l(s);
    // a reconnect (not the first open): fetch what came while the socket was down
    if (s === 'connected' && opens > 1 && newest > 0) void catchUp();
  });

  return {
    status: () => deps.live.state(),
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
    async send(p, idempotencyKey) {
      const m = await deps.call.send(p, idempotencyKey);
      deliver(m, null);
      return m;
    },
    async sendGroup(p, idempotencyKey) {
      const m = await (deps.call.sendGroup ?? httpCalls.sendGroup!)(p, idempotencyKey);
      deliver(m, null);
      return m;
    },
    async history(targetId, before, conversationType, count) {
      const page = await deps.call.history(targetId, before, conversationType, count);
      // history is not news: remember the keys so a later push of the same message is not shown twice
      for (const m of page.messages) seen.add(messageKey(m));
      if (before === undefined) newest = Math.max(newest, ...page.messages.map((m) => m.sentTime));
      return page;
    },
    async conversations() {
      const r = await deps.call.conversations();
      for (const c of r.conversations) if (c.latestMessage) newest = Math.max(newest, c.latestMessage.sentTime);
      return r;
    },
    markRead: async (targetId, conversationType) => (await deps.call.markRead(targetId, conversationType)).unreadTotal,
    unreadTotal: async () => (await deps.call.unread()).unreadTotal,
    close() {
      offEvent();
      offState();
      messageListeners.clear();
      statusListeners.clear();
      readListeners.clear();
      groupListeners.clear();
    },
  };
};
