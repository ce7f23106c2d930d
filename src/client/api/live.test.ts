import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, reconnectDelay } from './live';
import { dialogs } from './dialogs';
import { sessionStore } from '../session/session-store';
import { FakeSocket } from '../../../tests/fake-socket';

describe('reconnect delay', () => {
  it('stays between 1 and 5 seconds, growing with attempts, with jitter', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(1000);
    expect(reconnectDelay(1, () => 1)).toBe(2000);
    expect(reconnectDelay(2, () => 1)).toBe(4000);
    expect(reconnectDelay(9, () => 1)).toBe(5000);
    expect(reconnectDelay(9, () => 0)).toBe(1000);
    expect(reconnectDelay(9, () => 0.5)).toBe(3000);
  });
});

describe('live connection', () => {
  let refreshReply: { status: number; body: unknown };

  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(refreshReply.body), { status: refreshReply.status, headers: { 'content-type': 'application/json' } })));
    dialogs.close();
    sessionStore.setToken('access-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('sends the token as a subprotocol, never in the address', () => {
    const stop = connectLive();
    expect(FakeSocket.made[0].url).toMatch(/\/ws$/);
    expect(FakeSocket.made[0].protocols).toEqual(['qph', 'bearer.access-1']);
    stop();
  });

  it('when the network comes back (online) a waiting reconnect happens at once; online while connected changes nothing', async () => {
    const stop = connectLive();
    FakeSocket.made[0].onopen!();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(1);
    // the connection drops (network lost): the next try waits out its backoff
    FakeSocket.made[0].onclose!();
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.made).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(2);
    // the cancelled timer does not open a third socket
    await vi.advanceTimersByTimeAsync(6000);
    expect(FakeSocket.made).toHaveLength(2);
    stop();
  });

  it('a refused handshake renews the token and reconnects with the new one', async () => {
    refreshReply = { status: 200, body: { code: 200, data: { access_token: 'access-2', expires_in: 900 } } };
    const stop = connectLive();
    FakeSocket.made[0].onclose!();
    await vi.waitFor(() => expect(sessionStore.token()).toBe('access-2'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(FakeSocket.made[1].protocols).toEqual(['qph', 'bearer.access-2']);
    stop();
  });

  it('after a reload (no token in memory) obtains one by the refresh cookie before connecting', async () => {
    sessionStore.clear();
    localStorage.setItem('qph_user', JSON.stringify({ uuid: 'u-1', company_id: 3, company_short_name: 'x', company_name: 'x', user_name: 'x', head_image: '', is_seller: false, allow_im: true, permissions: [] }));
    refreshReply = { status: 200, body: { code: 200, data: { access_token: 'access-3', expires_in: 900 } } };
    const stop = connectLive();
    expect(FakeSocket.made).toHaveLength(0);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    expect(FakeSocket.made[0].protocols).toEqual(['qph', 'bearer.access-3']);
    stop();
  });

  it('a refused handshake of a revoked session asks to log in again and stops reconnecting', async () => {
    refreshReply = { status: 401, body: { code: 908 } };
    const stop = connectLive();
    FakeSocket.made[0].onclose!();
    await vi.waitFor(() => expect(dialogs.get()).toEqual({ kind: 'relogin' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(sessionStore.token()).toBeNull();
    stop();
  });
});
