/** Which transport a session gets: /ws unless im_client_params names an app key and getLoginIm answers. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// It mocks a module, so it runs in the isolated unit-mocks project (tests/mocking-files.ts).
const calls = vi.hoisted(() => ({ request: vi.fn(), ws: vi.fn(() => ({ kind: 'ws' })), rong: vi.fn((deps: unknown) => ({ kind: 'rong', deps })) }));
vi.mock('../../api/request', () => ({ request: calls.request }));
vi.mock('../../api/live', () => ({ live: { onEvent: () => () => undefined } }));
vi.mock('./transport', () => ({ createWsTransport: calls.ws }));
vi.mock('./rong-transport', () => ({ createRongTransport: calls.rong }));

const { selectTransport, appKeyOf } = await import('./select-transport');
const ME = '00000000-0000-4000-8000-000000000004';

const answer = (config: () => Promise<Record<string, string>>, login: (p: { refresh: boolean }) => Promise<unknown>) =>
  calls.request.mockImplementation((_m: string, name: string, p: { refresh: boolean }) => (name === 'config' ? config() : name === 'getLoginIm' ? login(p) : Promise.resolve({})));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('selectTransport', () => {
  it('stays on /ws when im_client_params has no app key, without asking for a token', async () => {
    answer(async () => ({ im_client_params: '{"app_key":""}' }), async () => ({}));
    expect(await selectTransport(ME)).toEqual({ kind: 'ws' });
    expect(calls.request.mock.calls.map((c) => c[1])).toEqual(['config']);
    expect(appKeyOf('not json')).toBe('');
    expect(appKeyOf('{"app_key":" k1 "}')).toBe('k1');
  });

  it('uses RongCloud with the key getLoginIm answers; the first token once, then a refreshed one', async () => {
    answer(async () => ({ im_client_params: '{"app_key":"k1"}' }), async (p) => ({ token: p.refresh ? 'fresh' : 'first', app_key: 'k1', user: {} }));
    const t = (await selectTransport(ME)) as unknown as { kind: string; deps: { appKey: string; token(r: boolean): Promise<string> } };
    expect(t.kind).toBe('rong');
    expect(t.deps.appKey).toBe('k1');
    expect(await t.deps.token(false)).toBe('first');
    expect(await t.deps.token(true)).toBe('fresh');
    expect(calls.request).toHaveBeenCalledWith('post', 'getLoginIm', { user_uuid: ME, client_type: 'web', refresh: false }, undefined, { silent: true });
  });

  it('falls back to /ws when the server refuses getLoginIm (no RongCloud configured)', async () => {
    answer(async () => ({ im_client_params: '{"app_key":"k1"}' }), async () => { throw new Error('未配置融云即时通讯'); });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await selectTransport(ME)).toEqual({ kind: 'ws' });
  });

  it('without network, picks what the last answer said', async () => {
    answer(async () => ({ im_client_params: '{"app_key":"k1"}' }), async () => ({ token: 't', app_key: 'k1', user: {} }));
    await selectTransport(ME);
    answer(async () => { throw new Error('offline'); }, async () => ({ token: 't', app_key: 'k1', user: {} }));
    expect(((await selectTransport(ME)) as unknown as { kind: string }).kind).toBe('rong');
    localStorage.clear();
    expect(await selectTransport(ME)).toEqual({ kind: 'ws' });
  });
});
