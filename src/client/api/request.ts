/**
 * The request helper: request(method, name, payload?, id?, opts?) for every call of the endpoint
 * table, and the error catalogue's effects (see catalogue.ts for the decisions).
 */
import { ofetch, FetchError } from 'ofetch';
import type { AnswerOf, EndpointName, Endpoints, PayloadIn } from '../../shared/contracts';
// method, path and access only: the endpoint table itself would bring every contract's schemas into the entry
import { endpointIndex } from '../../shared/contracts/endpoint-index.gen';
import type { Entry } from '../../shared/contracts/endpoint-index.gen';
import { endpointOf } from './endpoint-of';
import { msg } from '../../shared/messages';
import { decide } from './catalogue';
import { dialogs } from './dialogs';
import { nav } from './navigation';
import { sessionStore } from '../session/session-store';
import { announceToken, askOtherTabs } from '../session/tab-share';

export class ApiError extends Error {
  constructor(readonly code: number | string | undefined, text: string, readonly field?: string) {
    super(text);
  }
}
/** A cancelled request: callers ignore it. */
export class CancelledError extends Error {}
/** The network is down or the server unreachable. */
export class OfflineError extends Error {}

/**
 * A page that could not open for want of the network: a call refused offline, or, with the device
 * offline, a page file that is not cached yet (the browser's failed dynamic import is a TypeError).
 * Shown as 当前离线，这个页面需要联网才能打开, never as 服务器错误.
 */
export const isOfflineFailure = (error: unknown, online = typeof navigator === 'undefined' || navigator.onLine) =>
  error instanceof OfflineError
  || (!online && (error instanceof TypeError || (error instanceof Error && /^Unable to preload CSS/.test(error.message))));

export interface RequestOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
  family?: 'mall' | 'proxy2';
  /** the page shows the message itself (a form): no modal */
  silent?: boolean;
  /**
   * Work the user did not start just now (the outbox replaying queued writes): it never moves the
   * user off the page or reloads it, where they may be typing. 10086 is only an error of that
   * write; a session that has ended (exception flag, refresh refused) signs out locally and asks
   * 重新登录? instead of jumping to the login page. Implies silent.
   */
  background?: boolean;
  /** set by request() itself on the one re-send of a read refused for the request budget */
  budgetRetried?: boolean;
}

export const OPEN_KEY = import.meta.env.VITE_OPEN_KEY ?? '';

const goToLogin = () => {
  const here = nav.here();
  const login = here.includes('/operation') ? '/operation/login' : here.includes('/im') ? '/im/login' : '/login';
  nav.assign(`${login}?redirect=${encodeURIComponent(here)}`);
};

type RefreshOutcome = 'ok' | 'signedOut' | 'failed' | 'offline';
let refreshing: Promise<RefreshOutcome> | null = null;

/** Sent with every call: the refresh call, authenticated by its cookie alone, is refused without it (CSRF). */
const PAGE_HEADER = { 'X-Requested-With': 'qipeihub' } as const;

/**
 * `spent` is the access token the failed call was made with (null: it had none). Another tab may
 * have renewed the token meanwhile: then this tab takes it instead of spending the refresh cookie,
 * whose renewal would end that tab's token.
 */
const callRefresh = async (spent: string | null): Promise<RefreshOutcome> => {
  const current = sessionStore.token();
  if (current !== null && current !== spent) return 'ok';
  const shared = await askOtherTabs();
  if (shared !== null && shared !== spent) {
    sessionStore.setToken(shared);
    return 'ok';
  }
  try {
    // the browser adds the HttpOnly refresh cookie, which is scoped to this one path
    const res = await ofetch.raw('/api' + endpointIndex.tokenRefresh!.path, {
      method: 'POST', body: {}, credentials: 'same-origin', headers: { ...PAGE_HEADER, Device: sessionStore.device(), 'open-key': OPEN_KEY }, ignoreResponseError: true, retry: 0,
    });
    const body = res._data as { code?: number | string; data?: { access_token: string } } | undefined;
    if (String(body?.code) === '908') return 'signedOut';
    if (String(body?.code) !== '200' || !body?.data) return 'failed';
    sessionStore.setToken(body.data.access_token);
    announceToken(body.data.access_token);
    return 'ok';
  } catch {
    return 'offline';
  }
};

/**
 * Concurrent code-4 answers share one refresh in this tab, and tabs take turns through a Web Lock:
 * two tabs spending the same refresh cookie would look like reuse to the server, which then
 * revokes the whole session.
 */
const refreshOnce = (spent: string | null) => {
  refreshing ??= (async () => {
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    return locks ? locks.request('qph-token-refresh', () => callRefresh(spent)) : callRefresh(spent);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/**
 * Renews the access token the live connection's handshake was refused with (the handshake cannot
 * read an answer code), or obtains one after a reload.
 */
export const refreshSession = (spent: string | null = sessionStore.token()): Promise<RefreshOutcome> => refreshOnce(spent);

export const signOutLocally = () => sessionStore.clear();

/**
 * After a reload the page is signed in (the user snapshot) but holds no access token: a call that
 * needs one first obtains it, from another tab or the refresh cookie.
 */
const needsToken = (ep: Entry) => ep.access !== 'public' && sessionStore.token() === null && sessionStore.user() !== null;

const send = async (ep: Entry, payload: unknown, id: string | number | undefined, opts: RequestOptions) => {
  const headers: Record<string, string> = { ...PAGE_HEADER, Device: sessionStore.device(), 'open-key': OPEN_KEY };
  const token = sessionStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const url = `/api${ep.path}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;
  const bodyless = ep.method === 'get' || ep.method === 'delete';
  try {
    const res = await ofetch.raw(url, {
      method: ep.method.toUpperCase(),
      ...(bodyless ? { query: (payload ?? {}) as Record<string, unknown> } : { body: (payload ?? {}) as Record<string, unknown> }),
      headers, signal: opts.signal, ignoreResponseError: true, retry: 0,
    });
    return { status: res.status, body: res._data as unknown };
  } catch (e) {
    if (opts.signal?.aborted || (e instanceof Error && e.name === 'AbortError') || (e instanceof FetchError && e.cause instanceof Error && e.cause.name === 'AbortError')) return 'cancelled' as const;
    return 'network' as const;
  }
};

/** how long a read refused for the request budget waits before it is sent again (once) */
export const BUDGET_RETRY_MS = 1600;

export async function request<N extends EndpointName>(
  method: Endpoints[N]['method'],
  name: N,
  payload?: PayloadIn<N>,
  id?: string | number,
  opts: RequestOptions = {},
  retried = false,
): Promise<AnswerOf<N>> {
  const ep = endpointIndex[name] ?? (await endpointOf(name));
  if (ep.method !== method) throw new Error(`${name} is ${ep.method}, not ${method}`);
  /** a refresh that did not bring a token: signs out (or stays, offline) and says why */
  const refused = (outcome: Exclude<RefreshOutcome, 'ok'>): never => {
    // no network: keep the session, the call can be made again when the network is back
    if (outcome === 'offline') throw new OfflineError(msg.offline);
    signOutLocally();
    if (outcome === 'signedOut') {
      dialogs.showRelogin();
      throw new ApiError(908, msg.signedOutBody);
    }
    if (opts.background) dialogs.showRelogin();
    else goToLogin();
    throw new ApiError(4, msg.tokenExpired);
  };
  if (needsToken(ep)) {
    const outcome = await refreshOnce(null);
    if (outcome !== 'ok') refused(outcome);
  }
  const spent = sessionStore.token();
  const answer = await send(ep, payload, id, opts);
  // a read refused for its user's request budget (429; an 800-row page costs eight times a 100-row
  // one, server http/limits.ts): asked again once after the budget has refilled, so a user paging
  // or sorting large pages quickly sees a slower answer, not a refusal
  // (its own flag: the sign-in retry below keeps its one chance)
  if (typeof answer === 'object' && answer.status === 429 && method === 'get' && !opts.budgetRetried) {
    await new Promise((r) => setTimeout(r, BUDGET_RETRY_MS));
    // left meanwhile (the user paged or sorted again): nobody waits for this answer, so no dialog
    if (opts.signal?.aborted) throw new CancelledError('cancelled');
    return request(method, name, payload, id, { ...opts, budgetRetried: true }, retried);
  }
  const action = decide({ name, family: opts.family, retried }, answer, msg.serverError);
  const body = typeof answer === 'object' ? (answer.body as { code?: number | string; field?: string } | undefined) : undefined;
  switch (action.kind) {
    case 'ok':
      return (answer as { body: { data: AnswerOf<N> } }).body.data;
    case 'cancelled':
      throw new CancelledError('cancelled');
    case 'offline':
      throw new OfflineError(msg.offline);
    case 'badRequestPage':
      if (!opts.background) nav.assign('/400');
      throw new ApiError(10086, msg.serverError);
    case 'signedOut':
      // the call went out with a token another tab renewed meanwhile (which ends the old one): not a sign-out
      if (!retried && spent !== null && sessionStore.token() !== null && sessionStore.token() !== spent) return request(method, name, payload, id, opts, true);
      signOutLocally();
      dialogs.showRelogin();
      throw new ApiError(908, msg.signedOutBody);
    case 'exception':
      signOutLocally();
      if (opts.background) dialogs.showRelogin();
      else nav.reload();
      throw new ApiError(body?.code, msg.signedOutBody);
    case 'refresh': {
      const outcome = await refreshOnce(spent);
      if (outcome === 'ok') return request(method, name, payload, id, opts, true);
      return refused(outcome);
    }
    case 'logout':
      signOutLocally();
      if (opts.background) dialogs.showRelogin();
      else goToLogin();
      throw new ApiError(4, msg.tokenExpired);
    case 'modal':
      if (!opts.silent && !opts.background) dialogs.showError(action.text);
      throw new ApiError(body?.code, action.text, body?.field);
    case 'reject':
      throw new ApiError(body?.code, action.text, body?.field);
  }
}

/** For the relogin confirm: go to the login page remembering where the user was. */
export const reloginNow = goToLogin;

/**
 * A file route beside the endpoint table (the stock import's upload, error file, export): the same
 * headers as request(), one token refresh on code 4, and the server's Chinese message on refusal.
 */
export const fileRequest = async (path: string, init: RequestInit = {}, retried = false): Promise<Response> => {
  if (sessionStore.token() === null && sessionStore.user() !== null) {
    const outcome = await refreshOnce(null);
    if (outcome === 'offline') throw new OfflineError(msg.offline);
  }
  const headers = new Headers(init.headers);
  headers.set('X-Requested-With', PAGE_HEADER['X-Requested-With']);
  headers.set('Device', sessionStore.device());
  headers.set('open-key', OPEN_KEY);
  const token = sessionStore.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers });
  } catch {
    throw new OfflineError(msg.offline);
  }
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as { code?: number | string; client_msg?: string; field?: string };
  if (String(body.code) === '4' && !retried && (await refreshOnce(token)) === 'ok') return fileRequest(path, init, true);
  throw new ApiError(body.code, body.client_msg ?? msg.serverError, body.field);
};

/** Saves a downloaded answer under the name the user sees. */
export const saveDownload = async (res: Response, name: string) => {
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** request() with the method read from the endpoint index: for helpers that take any call by its name. */
export const requestNamed = async <N extends EndpointName>(name: N, payload?: PayloadIn<N>, id?: string | number, opts: RequestOptions = {}): Promise<AnswerOf<N>> =>
  request((endpointIndex[name] ?? (await endpointOf(name))).method as Endpoints[N]['method'], name, payload, id, opts);
