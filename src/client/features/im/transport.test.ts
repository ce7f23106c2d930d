import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImMessage } from '../../../shared/contracts';
import { connectLive, live, type LiveEvent, type LiveState } from '../../api/live';
import { sessionStore } from '../../session/session-store';
import { createWsTransport, type WsTransportDeps } from './transport';
import { FakeSocket } from '../../../../tests/fake-socket';

const ME = '00000000-0000-4000-8000-000000000004';
const SELLER = '00000000-0000-4000-8000-000000000002';

const message = (clientMsgId: string, sentTime: number, over: Partial<ImMessage> = {}): ImMessage => ({
  messageUId: String(sentTime), clientMsgId, conversationType: 1, messageDirection: 2, senderUserId: SELLER, targetId: SELLER,
  messageType: 'RC:TxtMsg', content: { content: `消息 ${clientMsgId}` }, sentTime, ...over,
});

const fakeCalls = (over: Partial<WsTransportDeps['call']> = {}): WsTransportDeps['call'] => ({
  send: vi.fn(async () => message('x', 1)),
  sync: vi.fn(async () => ({ messages: [], hasMore: false })),
  history: vi.fn(async () => ({ messages: [], hasMore: false })),
  conversations: vi.fn(async () => ({ conversations: [], unreadTotal: 0 })),
  markRead: vi.fn(async () => ({ unreadTotal: 0 })),
  unread: vi.fn(async () => ({ unreadTotal: 0 })),
  ...over,
});

/** A live connection driven by the test. */
const fakeLive = () => {
  const events = new Set<(e: LiveEvent) => void>();
  const states = new Set<(s: LiveState, opens: number) => void>();
  let opens = 0;
  return {
    state: () => 'connected' as LiveState,
    onEvent: (l: (e: LiveEvent) => void) => (events.add(l), () => void events.delete(l)),
    onState: (l: (s: LiveState, opens: number) => void) => (states.add(l), () => void states.delete(l)),
    push: (e: LiveEvent) => events.forEach((l) => l(e)),
    open: () => {
      opens++;
      states.forEach((l) => l('connected', opens));
    },
    drop: () => states.forEach((l) => l('connecting', opens)),
  };
};

describe('chat transport: each message once', () => {
  it('drops a pushed message seen before, by sender and client message id', () => {
    const l = fakeLive();
    const t = createWsTransport({ live: l, call: fakeCalls() });
    const got: string[] = [];
    t.onMessage((m) => got.push(m.clientMsgId));
    l.push({ type: 'imMessage', message: message('a', 10), unreadTotal: 1 });
    l.push({ type: 'imMessage', message: message('a', 10), unreadTotal: 1 });
    l.push({ type: 'imMessage', message: message('b', 11), unreadTotal: 2 });
    // the same client id from another sender is another message
    l.push({ type: 'imMessage', message: message('a', 12, { senderUserId: ME, messageDirection: 1 }), unreadTotal: 2 });
    expect(got).toEqual(['a', 'b', 'a']);
  });

  it('a send answered and then pushed back shows once; history is never repeated as news', async () => {
    const sent = message('mine', 20, { senderUserId: ME, messageDirection: 1 });
    const l = fakeLive();
    const t = createWsTransport({ live: l, call: fakeCalls({ send: vi.fn(async () => sent), history: vi.fn(async () => ({ messages: [message('old', 5)], hasMore: false })) }) });
    const got: string[] = [];
    t.onMessage((m) => got.push(m.clientMsgId));
    await t.send({ client_msg_id: 'mine', targetId: SELLER, messageType: 'RC:TxtMsg', content: { content: 'x' } });
    l.push({ type: 'imMessage', message: sent, unreadTotal: 0 });
    await t.history(SELLER);
    l.push({ type: 'imMessage', message: message('old', 5), unreadTotal: 0 });
    expect(got).toEqual(['mine']);
  });

  it('after a reconnect fetches what was missed from the newest time seen, pages on, and shows what the push also brought once', async () => {
    const missed = [message('m1', 101), message('m2', 102)];
    const sync = vi.fn(async (since: number) =>
      since === 100 ? { messages: [message('p', 100), missed[0]], hasMore: true } : { messages: [missed[1]], hasMore: false });
    const l = fakeLive();
    const t = createWsTransport({ live: l, call: fakeCalls({ sync }) });
    const got: string[] = [];
    t.onMessage((m) => got.push(m.clientMsgId));
    l.open();
    l.push({ type: 'hello', user: ME, sentTime: 50 });
    l.push({ type: 'imMessage', message: message('p', 100), unreadTotal: 1 });
    expect(sync).not.toHaveBeenCalled();
    l.drop();
    l.open();
    await vi.waitFor(() => expect(got).toEqual(['p', 'm1', 'm2']));
    expect(sync.mock.calls.map((c) => c[0])).toEqual([100, 101]);
    // the push of a message the catch-up already brought
    l.push({ type: 'imMessage', message: missed[1], unreadTotal: 3 });
    expect(got).toEqual(['p', 'm1', 'm2']);
  });

  it('reports the unread total of reads elsewhere', () => {
    const l = fakeLive();
    const t = createWsTransport({ live: l, call: fakeCalls() });
    const reads: Array<[string, number]> = [];
    t.onRead((id, n) => reads.push([id, n]));
    l.push({ type: 'imRead', targetId: SELLER, unreadTotal: 0 });
    expect(reads).toEqual([[SELLER, 0]]);
  });
});

describe('chat transport over the live connection: reconnect with backoff', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, data: { access_token: 'access-2', expires_in: 900 } }), { status: 200, headers: { 'content-type': 'application/json' } })));
    sessionStore.setToken('access-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStore.clear();
  });

  it('reconnects 1 to 5 s after a drop, waiting longer after a refused try, then fetches the missed messages once', async () => {
    const sync = vi.fn(async () => ({ messages: [message('while-away', 500)], hasMore: false }));
    const t = createWsTransport({ live, call: fakeCalls({ sync }) });
    const states: string[] = [];
    const got: string[] = [];
    t.onStatus((s) => states.push(s));
    t.onMessage((m) => got.push(m.clientMsgId));
    const stop = connectLive();
    const first = FakeSocket.made[0];
    first.onopen!();
    first.onmessage!({ data: JSON.stringify({ type: 'hello', user: ME, sentTime: 400 }) });
    expect(t.status()).toBe('connected');

    // dropped after it was open: the first retry comes after exactly 1 s
    first.onclose!();
    expect(t.status()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(2);
    // that try is refused at the handshake: the token is renewed and the next wait grows to 1 to 2 s
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    FakeSocket.made[1].onclose!();
    // without moving the clock (vi.waitFor would move it), until the renewal is in
    for (let i = 0; i < 100 && sessionStore.token() !== 'access-2'; i++) await vi.advanceTimersByTimeAsync(0);
    expect(sessionStore.token()).toBe('access-2');
    await vi.advanceTimersByTimeAsync(1998);
    expect(FakeSocket.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(3);
    expect(FakeSocket.made[2].protocols).toEqual(['qph', 'bearer.access-2']);
    expect(sync).not.toHaveBeenCalled();

    FakeSocket.made[2].onopen!();
    await vi.waitFor(() => expect(sync).toHaveBeenCalledWith(400));
    await vi.waitFor(() => expect(got).toEqual(['while-away']));
    // a push of what the catch-up already brought is not shown twice
    FakeSocket.made[2].onmessage!({ data: JSON.stringify({ type: 'imMessage', message: message('while-away', 500), unreadTotal: 1 }) });
    expect(got).toEqual(['while-away']);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'connected', 'connecting', 'connecting', 'connecting', 'connecting', 'connected']);
    stop();
    expect(t.status()).toBe('disconnected');
    t.close();
  });
});
