import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImConversation } from '../../../shared/contracts';
import type { ImTransport } from './transport';

/** A fresh store per test: chat-store keeps its state in the module, as one tab does. */
const freshStore = async () => {
  vi.resetModules();
  return import('./chat-store');
};

const conversation = (targetId: string, company_name: string): ImConversation => ({
  targetId, conversationType: 1, name: '王经理', company_name, unread: 2, sentTime: 1_700_000_000_000, latestMessage: null,
} as unknown as ImConversation);

const transportWith = (conversations: () => Promise<{ conversations: ImConversation[]; unreadTotal: number }>) => {
  const none = () => () => undefined;
  return { status: () => 'connected', onStatus: none, onMessage: none, onRead: none, onGroup: none, unreadTotal: async () => 2, conversations } as unknown as ImTransport;
};

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe('the conversation list page (the phone 消息)', () => {
  it('asked for before chat has started, the list is read as soon as chat starts', async () => {
    const { chat, startChat } = await freshStore();
    // the page draws before the signed-in session (and chat) start: it asks for the list
    const release = chat.wantList();
    expect(chat.get().conversationsLoaded).toBe(false);
    startChat('u-1', transportWith(async () => ({ conversations: [conversation('u-9', '众泰汽配')], unreadTotal: 2 })));
    await settle();
    expect(chat.get().conversationsLoaded).toBe(true);
    expect(chat.get().conversations.map((c) => c.company_name)).toEqual(['众泰汽配']);
    release();
  });

  it('a list that cannot be read says so, and 重试 reads it again', async () => {
    const { chat, startChat } = await freshStore();
    let fail = true;
    startChat('u-1', transportWith(async () => {
      if (fail) throw new Error('服务器错误');
      return { conversations: [conversation('u-9', '众泰汽配')], unreadTotal: 2 };
    }));
    let release = chat.wantList();
    await settle();
    expect(chat.get().conversationsLoaded).toBe(false);
    expect(chat.get().conversationsError).toBe('会话列表加载失败：服务器错误');
    release();
    fail = false;
    release = chat.wantList();
    expect(chat.get().conversationsError).toBeNull();
    await settle();
    expect(chat.get().conversations).toHaveLength(1);
    expect(chat.get().conversationsError).toBeNull();
    release();
  });

  it('chat that never starts, or a list that never answers, ends the wait with a reason', async () => {
    vi.useFakeTimers();
    const { chat, LIST_WAIT_MS } = await freshStore();
    const release = chat.wantList();
    await vi.advanceTimersByTimeAsync(LIST_WAIT_MS - 1);
    expect(chat.get().conversationsError).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.get().conversationsError).toBe('聊天未能连接，请重试');
    release();

    const again = await freshStore();
    again.startChat('u-1', transportWith(() => new Promise(() => undefined)));
    const stop = again.chat.wantList();
    await vi.advanceTimersByTimeAsync(again.LIST_WAIT_MS);
    expect(again.chat.get().conversationsError).toBe('会话列表加载超时，请重试');
    stop();
  });
});
