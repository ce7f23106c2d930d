/**
 * The RongCloud transport with RongCloud's SDK module replaced (vi.mock): its connection states and
 * codes map to ours, sends carry the client id and their refusals read as our server's, history,
 * the conversation list and clearing unread go through the SDK.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { imText, type ImMessage } from '../../../shared/contracts';
import { msg } from '../../../shared/messages';
import type { LiveEvent } from '../../api/live';
import { ApiError, OfflineError } from '../../api/request';
import { replayOutcome } from '../../api/replay-outcome';

// It mocks a module, so it runs in the isolated unit-mocks project (tests/mocking-files.ts).
type Listener = (...a: unknown[]) => void;
const sdk = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  return {
    listeners,
    emit: (name: string, ...a: unknown[]) => { for (const l of listeners.get(name) ?? []) l(...a); },
    init: vi.fn(),
    registerMessageType: vi.fn(),
    connect: vi.fn(async (_token: string) => ({ code: 0, data: { userId: 'me' } })),
    disconnect: vi.fn(async () => undefined),
    sendMessage: vi.fn(),
    getHistoryMessages: vi.fn(),
    getConversationList: vi.fn(),
    clearMessagesUnreadStatus: vi.fn(async () => ({ code: 0 })),
    getTotalUnreadCount: vi.fn(async () => ({ code: 0, data: 7 })),
  };
});

vi.mock('@rongcloud/imlib-next', () => {
  class Msg {
    constructor(readonly messageType: string, readonly content: unknown) {}
  }
  return {
    Events: { CONNECTING: 'CONNECTING', CONNECTED: 'CONNECTED', DISCONNECT: 'DISCONNECT', SUSPEND: 'SUSPEND', MESSAGES: 'MESSAGES' },
    ConversationType: { PRIVATE: 1, GROUP: 3 },
    TextMessage: class extends Msg { constructor(c: unknown) { super('RC:TxtMsg', c); } },
    ImageMessage: class extends Msg { constructor(c: unknown) { super('RC:ImgMsg', c); } },
    init: sdk.init,
    registerMessageType: sdk.registerMessageType,
    connect: sdk.connect,
    disconnect: sdk.disconnect,
    sendMessage: sdk.sendMessage,
    getHistoryMessages: sdk.getHistoryMessages,
    getConversationList: sdk.getConversationList,
    clearMessagesUnreadStatus: sdk.clearMessagesUnreadStatus,
    getTotalUnreadCount: sdk.getTotalUnreadCount,
    addEventListener: (name: string, l: Listener) => {
      if (!sdk.listeners.has(name)) sdk.listeners.set(name, new Set());
      sdk.listeners.get(name)!.add(l);
    },
    removeEventListener: (name: string, l: Listener) => void sdk.listeners.get(name)?.delete(l),
  };
});

const { createRongTransport, connectErrorText, forgetRongInit, sendError, toImMessage } = await import('./rong-transport');

const ME = '00000000-0000-4000-8000-000000000004';
const SELLER = '00000000-0000-4000-8000-000000000002';
const GROUP = '0f1e2d3c-0000-4000-8000-00000000aaaa';

const rcMessage = (over: Record<string, unknown> = {}) => ({
  conversationType: 1, targetId: SELLER, senderUserId: SELLER, messageType: 'RC:TxtMsg', content: { content: '有货', extra: 'c-client-000001' },
  messageUId: 'BD2J-OKS4-M5G4-R8JS', messageDirection: 2, sentTime: 1_764_000_000_000, ...over,
});

const flush = () => new Promise((r) => setTimeout(r, 0));

const make = (over: Partial<Parameters<typeof createRongTransport>[0]> = {}) => {
  const liveListeners = new Set<(e: LiveEvent) => void>();
  const token = vi.fn(async (refresh: boolean) => (refresh ? 'fresh-token' : 'cached-token'));
  const log = vi.fn();
  const t = createRongTransport({
    appKey: 'appkey1', token, log, retryDelay: () => 5,
    live: { onEvent: (l) => (liveListeners.add(l), () => void liveListeners.delete(l)) },
    ...over,
  });
  return { t, token, log, pushLive: (e: LiveEvent) => { for (const l of liveListeners) l(e); } };
};

beforeEach(() => {
  vi.clearAllMocks();
  sdk.listeners.clear();
  // each test a page of its own: the SDK not yet initialised, whichever test ran before
  forgetRongInit();
  sdk.connect.mockImplementation(async () => ({ code: 0, data: { userId: ME } }));
});

describe('RongCloud transport: connection', () => {
  it('inits with the app key once, connects with the getLoginIm token and says connected', async () => {
    const { t, token } = make();
    const states: string[] = [];
    t.onStatus((s) => states.push(s));
    await flush();
    expect(sdk.init).toHaveBeenCalledWith({ appkey: 'appkey1' });
    expect(sdk.registerMessageType).toHaveBeenCalledWith('QPH:BizMsg', true, true);
    expect(token).toHaveBeenCalledWith(false);
    expect(sdk.connect).toHaveBeenCalledWith('cached-token');
    expect(t.status()).toBe('connected');
    t.close();
    make().t.close();
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('fetches a new token once when RongCloud calls it invalid (31004), and stops with 未连接 when that fails too', async () => {
    sdk.connect.mockImplementationOnce(async () => ({ code: 31004 }) as never);
    const ok = make();
    await flush();
    await flush();
    expect(ok.token.mock.calls).toEqual([[false], [true]]);
    expect(sdk.connect).toHaveBeenLastCalledWith('fresh-token');
    expect(ok.t.status()).toBe('connected');
    expect(ok.log).toHaveBeenCalledWith('融云连接失败：Token 无效');
    ok.t.close();

    sdk.connect.mockImplementation(async () => ({ code: 31004 }) as never);
    const bad = make();
    await flush();
    await flush();
    expect(bad.token).toHaveBeenCalledTimes(2);
    expect(bad.t.status()).toBe('disconnected');
    bad.t.close();
  });

  it('tries again after a timeout or a lost network (连接中…), but not with a wrong app key (未连接)', async () => {
    sdk.connect.mockImplementationOnce(async () => ({ code: 31000 }) as never).mockImplementationOnce(async () => ({ code: 30002 }) as never);
    const flaky = make();
    await flush();
    expect(flaky.t.status()).toBe('connecting');
    await vi.waitFor(() => expect(flaky.t.status()).toBe('connected'));
    expect(sdk.connect).toHaveBeenCalledTimes(3);
    expect(flaky.log).toHaveBeenCalledWith('融云连接失败：连接超时');
    expect(flaky.log).toHaveBeenCalledWith('融云连接失败：网络不可用');
    flaky.t.close();

    sdk.connect.mockReset().mockImplementation(async () => ({ code: 31002 }) as never);
    const wrongKey = make();
    await flush();
    await new Promise((r) => setTimeout(r, 30));
    expect(wrongKey.t.status()).toBe('disconnected');
    expect(sdk.connect).toHaveBeenCalledTimes(1);
    expect(wrongKey.log).toHaveBeenCalledWith('融云连接失败：App Key 错误');
    wrongKey.t.close();
  });

  it('maps the SDK events to our states; kicked by another client is the /ws transport\'s kicked', async () => {
    const { t } = make();
    await flush();
    const states: string[] = [];
    t.onStatus((s) => states.push(s));
    sdk.emit('SUSPEND', 30011);
    sdk.emit('CONNECTED');
    sdk.emit('CONNECTING');
    sdk.emit('DISCONNECT', 31003);
    sdk.emit('CONNECTED');
    sdk.emit('DISCONNECT', 31010);
    expect(states).toEqual(['connecting', 'connected', 'connecting', 'disconnected', 'connected', 'kicked']);
    expect(connectErrorText(31010)).toBe(msg.chatKicked);
    expect(connectErrorText(31003)).toBe('融云连接失败：服务器不可用');
    expect(connectErrorText(31001)).toBe('融云连接失败：协议版本不匹配');
    t.close();
    expect(sdk.disconnect).toHaveBeenCalled();
    sdk.emit('CONNECTED');
    expect(states.at(-1)).toBe('kicked');
  });
});

describe('RongCloud transport: messages', () => {
  it('sends text with the client id in extra, and an image and a group message, each shown once', async () => {
    const { t } = make();
    await flush();
    const seen: ImMessage[] = [];
    t.onMessage((m) => seen.push(m));
    sdk.sendMessage.mockImplementationOnce(async (conv: unknown, m: { messageType: string; content: Record<string, unknown> }) => ({
      code: 0, data: rcMessage({ ...(conv as object), senderUserId: ME, messageDirection: 1, messageType: m.messageType, content: m.content }),
    }));
    const sent = await t.send({ client_msg_id: 'c-client-000002', targetId: SELLER, messageType: 'RC:TxtMsg', content: { content: '前刹车片' } });
    expect(sdk.sendMessage.mock.calls[0][0]).toEqual({ conversationType: 1, targetId: SELLER });
    expect(sdk.sendMessage.mock.calls[0][1]).toMatchObject({ messageType: 'RC:TxtMsg', content: { content: '前刹车片', extra: 'c-client-000002' } });
    expect(sent).toMatchObject({ clientMsgId: 'c-client-000002', senderUserId: ME, messageDirection: 1, content: { content: '前刹车片' } });

    sdk.sendMessage.mockImplementationOnce(async (conv: unknown, m: { messageType: string; content: Record<string, unknown> }) => ({
      code: 0, data: rcMessage({ ...(conv as object), senderUserId: ME, messageDirection: 1, messageType: m.messageType, content: m.content, messageUId: 'IMG1-0000-0000-0001' }),
    }));
    const image = await t.send({ client_msg_id: 'c-client-000003', targetId: SELLER, messageType: 'RC:ImgMsg', content: { imageUri: '/api/uploads/0123456789abcdef0123456789abcdef.jpg' } });
    expect(image).toMatchObject({ messageType: 'RC:ImgMsg', content: { imageUri: '/api/uploads/0123456789abcdef0123456789abcdef.jpg' } });

    sdk.sendMessage.mockImplementationOnce(async (conv: unknown, m: { messageType: string; content: Record<string, unknown> }) => ({
      code: 0, data: rcMessage({ ...(conv as object), senderUserId: ME, messageDirection: 1, messageType: m.messageType, content: m.content, messageUId: 'GRP1-0000-0000-0001' }),
    }));
    const group = await t.sendGroup({ client_msg_id: 'c-client-000004', to_group_id: GROUP, is_include_sender: true, messageType: 'RC:TxtMsg', content: { content: '群发' } });
    expect(sdk.sendMessage.mock.calls[2][0]).toEqual({ conversationType: 3, targetId: GROUP });
    expect(group).toMatchObject({ conversationType: 3, targetId: GROUP, clientMsgId: 'c-client-000004' });

    expect(seen.map((m) => m.clientMsgId)).toEqual(['c-client-000002', 'c-client-000003', 'c-client-000004']);
    t.close();
  });

  it('receives text, images, cards and group messages from the SDK and pushes from our server, each once', async () => {
    const { t, pushLive } = make();
    await flush();
    const seen: ImMessage[] = [];
    t.onMessage((m) => seen.push(m));
    const card = { SceneCode: 'weChat-002', BusinessInfo: { 产品名称: '刹车片' }, LinkData: { QHId: 3, lineId: 4, link: '/x' } };
    sdk.emit('MESSAGES', {
      messages: [
        rcMessage(),
        rcMessage({ messageType: 'RC:ImgMsg', content: { content: 'base64thumb', imageUri: '/api/uploads/a.jpg' }, messageUId: 'IMG2-0000-0000-0002' }),
        rcMessage({ messageType: 'QPH:BizMsg', content: card, messageUId: 'CARD-0000-0000-0003' }),
        rcMessage({ conversationType: 3, targetId: GROUP, content: { content: '群消息' }, messageUId: 'GRP2-0000-0000-0004' }),
        rcMessage({ conversationType: 4, targetId: 'room', messageUId: 'ROOM-0000-0000-0005' }),
        rcMessage(),
      ],
    });
    // the routed copy of the first, pushed by our server, and a card posted by our server
    pushLive({ type: 'imMessage', message: { ...toImMessage(rcMessage())!, messageUId: '991' }, unreadTotal: 3 });
    pushLive({ type: 'imMessage', message: { messageUId: '992', clientMsgId: 'qte-4-1', conversationType: 1, messageDirection: 2, senderUserId: SELLER, targetId: SELLER, messageType: 'QPH:BizMsg', content: card, sentTime: 5 }, unreadTotal: 4 });
    expect(seen.map((m) => [m.messageType, m.conversationType, m.clientMsgId])).toEqual([
      ['RC:TxtMsg', 1, 'c-client-000001'],
      ['RC:ImgMsg', 1, 'IMG2-0000-0000-0002'],
      ['QPH:BizMsg', 1, 'CARD-0000-0000-0003'],
      ['RC:TxtMsg', 3, 'GRP2-0000-0000-0004'],
      ['QPH:BizMsg', 1, 'qte-4-1'],
    ]);
    expect(seen[1].content).toEqual({ imageUri: '/api/uploads/a.jpg' });
    expect(seen[2].content).toEqual(card);
    t.close();
  });

  it('turns send refusals into our server\'s Chinese messages; a timeout stays in the outbox', async () => {
    expect(sendError(22406)).toBeInstanceOf(ApiError);
    expect(sendError(22406).message).toBe(imText.notInGroup);
    expect(sendError(405).message).toBe('对方已将您拉黑，消息未发送');
    expect(sendError(30016).message).toBe(imText.textTooLong);
    expect(replayOutcome(sendError(22406))).toBe('refused');
    expect(replayOutcome(sendError(12345))).toBe('refused');
    expect(sendError(30003)).toBeInstanceOf(OfflineError);
    expect(replayOutcome(sendError(30003))).toBe('retry');
    expect(replayOutcome(sendError(30002))).toBe('retry');

    const { t } = make();
    await flush();
    sdk.sendMessage.mockImplementationOnce(async () => ({ code: 22406 }));
    await expect(t.sendGroup({ client_msg_id: 'c-client-000009', to_group_id: GROUP, is_include_sender: true, messageType: 'RC:TxtMsg', content: { content: 'x' } }))
      .rejects.toThrow(imText.notInGroup);
    t.close();
  });

  it('pages history 20 at a time in time order, lists 150 conversations with our names, clears unread on both sides', async () => {
    const markReadOnServer = vi.fn(async () => ({}));
    const directory = vi.fn(async () => [{ conversationType: 1 as const, targetId: SELLER, name: '陈骏达', company_name: '骏达汽配', portrait_uri: '', unread: 0, sentTime: 0, latestMessage: null }]);
    const { t } = make({ markReadOnServer, directory });
    await flush();
    sdk.getHistoryMessages.mockImplementationOnce(async () => ({ code: 0, data: { list: [rcMessage({ sentTime: 20, messageUId: 'B' }), rcMessage({ sentTime: 10, messageUId: 'A', content: { content: 'a' } })], hasMore: true } }));
    const page = await t.history(SELLER, 1000);
    expect(sdk.getHistoryMessages).toHaveBeenCalledWith({ conversationType: 1, targetId: SELLER }, { timestamp: 1000, count: 20, order: 0 });
    expect(page.messages.map((m) => m.sentTime)).toEqual([10, 20]);
    expect(page.hasMore).toBe(true);
    sdk.getHistoryMessages.mockImplementationOnce(async () => ({ code: 0, data: { list: [], hasMore: false } }));
    await t.history(GROUP, undefined, 3, 10);
    expect(sdk.getHistoryMessages).toHaveBeenLastCalledWith({ conversationType: 3, targetId: GROUP }, { timestamp: 0, count: 10, order: 0 });

    sdk.getConversationList.mockImplementationOnce(async () => ({
      code: 0, data: [
        { conversationType: 1, targetId: SELLER, unreadMessageCount: 2, latestMessage: rcMessage() },
        { conversationType: 3, targetId: GROUP, unreadMessageCount: 0, latestMessage: null },
        { conversationType: 4, targetId: 'room', unreadMessageCount: 9, latestMessage: null },
      ],
    }));
    const list = await t.conversations();
    expect(sdk.getConversationList).toHaveBeenCalledWith({ count: 150, startTime: 0, order: 0 });
    expect(list.unreadTotal).toBe(7);
    expect(list.conversations).toHaveLength(2);
    expect(list.conversations[0]).toMatchObject({ conversationType: 1, targetId: SELLER, name: '陈骏达', company_name: '骏达汽配', unread: 2, latestMessage: { content: { content: '有货' } } });
    expect(list.conversations[1]).toMatchObject({ conversationType: 3, targetId: GROUP, name: GROUP, unread: 0 });

    expect(await t.markRead(GROUP, 3)).toBe(7);
    expect(sdk.clearMessagesUnreadStatus).toHaveBeenCalledWith({ conversationType: 3, targetId: GROUP });
    expect(markReadOnServer).toHaveBeenCalledWith(GROUP, 3);
    t.close();
  });
});
