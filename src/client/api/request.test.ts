import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '../../shared/messages';
import { dialogs } from './dialogs';
import { nav } from './navigation';
import { ApiError, BUDGET_RETRY_MS, CancelledError, isOfflineFailure, OfflineError, request } from './request';
import { sessionStore } from '../session/session-store';

type Reply = { status?: number; body: unknown } | 'network';
let replies: Reply[];
let calls: Array<{ url: string; init: RequestInit }>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  replies = [];
  calls = [];
  dialogs.close();
  sessionStore.setToken('access-1');
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {} });
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const r = replies.shift();
    if (!r || r === 'network') throw new TypeError('Failed to fetch');
    return json(r.status ?? 200, r.body);
  }));
  vi.spyOn(nav, 'assign').mockImplementation(() => undefined);
  vi.spyOn(nav, 'reload').mockImplementation(() => undefined);
  vi.spyOn(nav, 'here').mockReturnValue('/backend?x=1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.clear();
});

const header = (i: number, name: string) => new Headers(calls[i].init.headers).get(name);

describe('request', () => {
  it('returns data, sends the Device, open-key and bearer headers, query for GET and body for POST', async () => {
    replies.push({ body: { code: 200, msg: 'ok', data: { system_phone: '400' } } });
    await expect(request('get', 'config', { keys: 'system_phone' })).resolves.toEqual({ system_phone: '400' });
    expect(calls[0].url).toBe('/api/system/config?keys=system_phone');
    expect(header(0, 'Device')).toBe('pc');
    expect(header(0, 'open-key')).toBe('');
    expect(header(0, 'Authorization')).toBe('Bearer access-1');
    replies.push({ body: { code: 200, msg: 'ok', data: { search_value: 'x', search_type: 'oe', create_time: 1 } } });
    await request('post', 'oeSearchHistory', { search_value: 'x' }, undefined, { idempotencyKey: 'key-12345678' });
    expect(calls[1].init.body).toBe(JSON.stringify({ search_value: 'x' }));
    expect(header(1, 'Idempotency-Key')).toBe('key-12345678');
  });

  it('appends the id to the path', async () => {
    replies.push({ body: { code: 200, msg: 'ok', data: [] } });
    await request('get', 'getAdByCode', { codes: 'GG000' }, 7);
    expect(calls[0].url).toBe('/api/system/ads/7?codes=GG000');
  });

  it('908: signs out locally and asks once to log in again', async () => {
    replies.push({ status: 401, body: { code: 908 } }, { status: 401, body: { code: 908 } });
    const results = await Promise.allSettled([request('get', 'config', { keys: 'a' }), request('get', 'config', { keys: 'b' })]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(dialogs.get()).toEqual({ kind: 'relogin' });
    expect(sessionStore.token()).toBeNull();
  });

  it('status 500 with data code 908 signs out too', async () => {
    replies.push({ status: 500, body: { code: 500, data: { code: 908 } } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(ApiError);
    expect(dialogs.get()).toEqual({ kind: 'relogin' });
  });

  it('code 4: refreshes once, stores the new tokens and retries', async () => {
    replies.push(
      { status: 401, body: { code: 4 } },
      { body: { code: 200, data: { access_token: 'access-2', expires_in: 900 } } },
      { body: { code: 200, data: { ok: 1 } } },
    );
    await expect(request('get', 'config', { keys: 'a' })).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/api/system/config?keys=a', '/api/user/token/refresh', '/api/system/config?keys=a']);
    // the refresh token is the HttpOnly cookie the browser adds: the page sends none, only its own header
    expect(JSON.parse(String(calls[1].init.body))).toEqual({});
    expect(header(1, 'X-Requested-With')).toBe('qipeihub');
    expect(header(1, 'Authorization')).toBeNull();
    expect(header(2, 'Authorization')).toBe('Bearer access-2');
    expect(sessionStore.token()).toBe('access-2');
    expect(document.cookie).toBe('');
    expect(JSON.stringify({ ...localStorage })).not.toContain('access-2');
  });

  it('code 4 twice: logs out and goes to the login page with the target', async () => {
    replies.push(
      { status: 401, body: { code: 4 } },
      { body: { code: 200, data: { access_token: 'a2', expires_in: 900 } } },
      { status: 401, body: { code: 4 } },
    );
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(ApiError);
    expect(nav.assign).toHaveBeenCalledWith('/login?redirect=%2Fbackend%3Fx%3D1');
    expect(sessionStore.token()).toBeNull();
    expect(calls).toHaveLength(3);
  });

  it('code 4 with a refused refresh logs out and goes to the login page', async () => {
    replies.push({ status: 401, body: { code: 4 } }, { status: 422, body: { code: 422 } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(ApiError);
    expect(nav.assign).toHaveBeenCalledTimes(1);
    expect(sessionStore.token()).toBeNull();
  });

  it('code 4 and the refresh answers 908: signed out, the 重新登录? confirm instead of a silent jump', async () => {
    replies.push({ status: 401, body: { code: 4 } }, { status: 401, body: { code: 908 } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toMatchObject({ code: 908 });
    expect(dialogs.get()).toEqual({ kind: 'relogin' });
    expect(nav.assign).not.toHaveBeenCalled();
    expect(sessionStore.token()).toBeNull();
  });

  it('code 4 and no network for the refresh: stays signed in and says offline', async () => {
    replies.push({ status: 401, body: { code: 4 } }, 'network');
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(OfflineError);
    expect(sessionStore.token()).toBe('access-1');
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('code 4 after another tab already rotated the tokens: retries with them, no second refresh', async () => {
    const fetchStub = vi.mocked(fetch);
    const inner = fetchStub.getMockImplementation()!;
    // the other tab's refresh lands while this call is on the wire
    fetchStub.mockImplementationOnce(async (input, init) => {
      sessionStore.setToken('access-other');
      return inner(input, init);
    });
    replies.push({ status: 401, body: { code: 4 } }, { body: { code: 200, data: { ok: 1 } } });
    await expect(request('get', 'config', { keys: 'a' })).resolves.toEqual({ ok: 1 });
    expect(calls.filter((c) => c.url.includes('refresh'))).toHaveLength(0);
    expect(header(1, 'Authorization')).toBe('Bearer access-other');
  });

  describe('after a reload: signed in (the user snapshot) but no token in memory', () => {
    const user = { uuid: 'u-1', company_id: 3, company_short_name: '宁通', company_name: '宁通汽修', user_name: '周宁通', head_image: '', is_seller: false, allow_im: true, permissions: [], country: 'CN' as const, lang: 'zh' as const, lang_chosen: null };
    beforeEach(() => {
      sessionStore.clear();
      sessionStore.setUser(user);
    });

    it('a call that needs a token first obtains one by the refresh cookie, then sends it', async () => {
      expect(sessionStore.token()).toBeNull();
      replies.push({ body: { code: 200, data: { access_token: 'access-9', expires_in: 900 } } }, { body: { code: 200, data: user } });
      await expect(request('post', 'userProfileGet', {})).resolves.toEqual(user);
      expect(calls.map((c) => c.url)).toEqual(['/api/user/token/refresh', '/api/user/profile']);
      expect(header(0, 'X-Requested-With')).toBe('qipeihub');
      expect(header(1, 'Authorization')).toBe('Bearer access-9');
      expect(sessionStore.token()).toBe('access-9');
      expect(sessionStore.tokenOwner()).toBe('u-1');
    });

    it('a public call goes without one', async () => {
      replies.push({ body: { code: 200, data: { system_phone: '400' } } });
      await request('get', 'config', { keys: 'system_phone' });
      expect(calls.map((c) => c.url)).toEqual(['/api/system/config?keys=system_phone']);
    });

    it('offline: stays signed in and says offline (the outbox waits)', async () => {
      replies.push('network');
      await expect(request('post', 'userProfileGet', {}, undefined, { background: true })).rejects.toBeInstanceOf(OfflineError);
      expect(sessionStore.user()).toEqual(user);
      expect(dialogs.get()).toEqual({ kind: 'none' });
    });

    it('a refused refresh cookie (908): signed out, 重新登录?', async () => {
      replies.push({ status: 401, body: { code: 908 } });
      await expect(request('post', 'userProfileGet', {})).rejects.toMatchObject({ code: 908 });
      expect(calls).toHaveLength(1);
      expect(sessionStore.user()).toBeNull();
      expect(dialogs.get()).toEqual({ kind: 'relogin' });
    });
  });

  it('908 for a token another tab renewed meanwhile: retries with the new one instead of signing out', async () => {
    const fetchStub = vi.mocked(fetch);
    const inner = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementationOnce(async (input, init) => {
      sessionStore.setToken('access-other');
      return inner(input, init);
    });
    replies.push({ status: 401, body: { code: 908 } }, { body: { code: 200, data: { ok: 1 } } });
    await expect(request('get', 'config', { keys: 'a' })).resolves.toEqual({ ok: 1 });
    expect(header(1, 'Authorization')).toBe('Bearer access-other');
    expect(dialogs.get()).toEqual({ kind: 'none' });
  });

  it('concurrent code-4 answers share one refresh', async () => {
    replies.push(
      { status: 401, body: { code: 4 } },
      { status: 401, body: { code: 4 } },
      { body: { code: 200, data: { access_token: 'a2', expires_in: 900 } } },
      { body: { code: 200, data: 1 } },
      { body: { code: 200, data: 2 } },
    );
    const r = await Promise.all([request('get', 'config', { keys: 'a' }), request('get', 'config', { keys: 'b' })]);
    expect(r.sort()).toEqual([1, 2]);
    expect(calls.filter((c) => c.url.includes('refresh'))).toHaveLength(1);
  });

  it('10086 goes to /400', async () => {
    replies.push({ body: { code: 10086 } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(ApiError);
    expect(nav.assign).toHaveBeenCalledWith('/400');
  });

  describe('a background write (the outbox replaying)', () => {
    const bg = { idempotencyKey: 'k-1', background: true } as const;

    it("10086 is only that write's error: the user stays on the page", async () => {
      replies.push({ body: { code: 10086 } });
      await expect(request('post', 'userLogout', {}, undefined, bg)).rejects.toMatchObject({ code: 10086 });
      expect(nav.assign).not.toHaveBeenCalled();
      expect(dialogs.get()).toEqual({ kind: 'none' });
    });

    it('an exception flag signs out and asks 重新登录? instead of reloading', async () => {
      replies.push({ body: { code: 200, exception: true, data: null } });
      await expect(request('post', 'userLogout', {}, undefined, bg)).rejects.toBeInstanceOf(ApiError);
      expect(nav.reload).not.toHaveBeenCalled();
      expect(dialogs.get()).toEqual({ kind: 'relogin' });
      expect(sessionStore.token()).toBeNull();
    });

    it('a refused refresh signs out and asks 重新登录? instead of jumping to the login page', async () => {
      replies.push({ status: 401, body: { code: 4 } }, { status: 422, body: { code: 422 } });
      await expect(request('post', 'userLogout', {}, undefined, bg)).rejects.toMatchObject({ code: 4 });
      expect(nav.assign).not.toHaveBeenCalled();
      expect(dialogs.get()).toEqual({ kind: 'relogin' });
    });

    it('other errors show no modal: the outbox lists them as failed writes', async () => {
      replies.push({ status: 422, body: { code: 422, msg: '求购配件不能为空' } });
      await expect(request('post', 'userLogout', {}, undefined, bg)).rejects.toMatchObject({ message: '求购配件不能为空' });
      expect(dialogs.get()).toEqual({ kind: 'none' });
    });
  });

  it('an exception flag logs out and reloads', async () => {
    replies.push({ body: { code: 200, exception: true, data: null } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(ApiError);
    expect(nav.reload).toHaveBeenCalled();
    expect(sessionStore.token()).toBeNull();
  });

  it('other codes: one error modal at a time, with the client_msg', async () => {
    replies.push({ status: 422, body: { code: 422, client_msg: '第一条', msg: 'x' } }, { status: 403, body: { code: 403, msg: '第二条' } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toThrow('第一条');
    await expect(request('get', 'config', { keys: 'a' })).rejects.toThrow('第二条');
    expect(dialogs.get()).toEqual({ kind: 'error', text: '第一条' });
    dialogs.close();
    replies.push({ status: 500, body: { code: 500, message: '第三条' } });
    await expect(request('get', 'config', { keys: 'a' })).rejects.toThrow('第三条');
    expect(dialogs.get()).toEqual({ kind: 'error', text: '第三条' });
  });

  it('a read refused for the request budget (429) is sent again once after a wait; a second refusal is shown', async () => {
    vi.useFakeTimers();
    try {
      replies.push({ status: 429, body: { code: 429, client_msg: '请求过于频繁，请稍后再试' } }, { body: { code: 200, msg: 'ok', data: { a: '1' } } });
      const first = request('get', 'config', { keys: 'a' });
      await vi.advanceTimersByTimeAsync(BUDGET_RETRY_MS);
      await expect(first).resolves.toEqual({ a: '1' });
      expect(calls).toHaveLength(2);
      replies.push({ status: 429, body: { code: 429, client_msg: '请求过于频繁，请稍后再试' } }, { status: 429, body: { code: 429, client_msg: '请求过于频繁，请稍后再试' } });
      const second = request('get', 'config', { keys: 'a' });
      const outcome = expect(second).rejects.toThrow('请求过于频繁，请稍后再试');
      await vi.advanceTimersByTimeAsync(BUDGET_RETRY_MS);
      await outcome;
      expect(calls).toHaveLength(4);
      // a read the page no longer waits for (paged again meanwhile) ends quietly, not in a dialog
      dialogs.close();
      const ac = new AbortController();
      replies.push({ status: 429, body: { code: 429, client_msg: '请求过于频繁，请稍后再试' } });
      const left = request('get', 'config', { keys: 'a' }, undefined, { signal: ac.signal });
      const leftOutcome = expect(left).rejects.toBeInstanceOf(CancelledError);
      ac.abort();
      await vi.advanceTimersByTimeAsync(BUDGET_RETRY_MS);
      await leftOutcome;
      expect(calls).toHaveLength(5);
      expect(dialogs.get()).toEqual({ kind: 'none' });
      // a token that expired during the wait is still refreshed once (code 4 → refresh → the read)
      replies.push({ status: 429, body: { code: 429, client_msg: '请求过于频繁，请稍后再试' } }, { status: 401, body: { code: 4 } }, { body: { code: 200, data: { access_token: 'access-2', expires_in: 900 } } }, { body: { code: 200, msg: 'ok', data: { a: '2' } } });
      const expired = request('get', 'config', { keys: 'a' });
      await vi.advanceTimersByTimeAsync(BUDGET_RETRY_MS);
      await expect(expired).resolves.toEqual({ a: '2' });
      // a write is not sent twice by this: its outbox or its form decides
      replies.push({ status: 429, body: { code: 429, client_msg: '请求过于频繁，请稍后再试' } });
      const before = calls.length;
      await expect(request('post', 'oeSearchHistory', { search_value: 'x' }, undefined, { idempotencyKey: 'key-12345678' })).rejects.toThrow('请求过于频繁');
      expect(calls).toHaveLength(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the VIN-limit check, a silent form call and the mall family show no modal', async () => {
    replies.push({ status: 403, body: { code: 403, msg: 'vin' } }, { status: 422, body: { code: 422, msg: 'form' } }, { body: { code: 1, msg: 'mall' } });
    await expect(request('get', 'getVinAvailable', { company_id: 2 })).rejects.toThrow('vin');
    await expect(request('post', 'userAuth', { username: 'a', password: 'b' }, undefined, { silent: true })).rejects.toThrow('form');
    await expect(request('get', 'config', { keys: 'a' }, undefined, { family: 'mall' })).rejects.toThrow('mall');
    expect(dialogs.get()).toEqual({ kind: 'none' });
  });

  it('a cancelled request rejects quietly; a dropped network says offline', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(request('get', 'config', { keys: 'a' }, undefined, { signal: ac.signal })).rejects.toBeInstanceOf(CancelledError);
    replies.push('network');
    await expect(request('get', 'config', { keys: 'a' })).rejects.toBeInstanceOf(OfflineError);
    expect(dialogs.get()).toEqual({ kind: 'none' });
    expect(msg.offline).toBe('离线');
  });
});

describe('a page that cannot open offline', () => {
  it('is a call refused offline, or, while offline, a page file that did not load; online such a failure stays an error', () => {
    expect(isOfflineFailure(new OfflineError('x'), true)).toBe(true);
    expect(isOfflineFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), false)).toBe(true);
    expect(isOfflineFailure(new Error('Unable to preload CSS for /assets/backend.css'), false)).toBe(true);
    expect(isOfflineFailure(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), true)).toBe(false);
    expect(isOfflineFailure(new Error('Unable to preload CSS for /assets/backend.css'), true)).toBe(false);
    expect(isOfflineFailure(new ApiError(500, 'x'), false)).toBe(false);
  });
});
