/**
 * The request helper: request(method, name, payload?, id?, opts?) for every call of the endpoint
 * table, and the error catalogue's effects (see catalogue.ts for the decisions).
 */
import { ofetch, FetchError } from 'ofetch';
import { endpoints, type AnswerOf, type EndpointName, type Endpoints, type PayloadIn } from '../../shared/contracts';
import { msg } from '../../shared/messages';
import { decide } from './catalogue';
import { dialogs } from './dialogs';
import { nav } from './navigation';
import { sessionStore } from '../features/session/session-store';

export class ApiError extends Error {
  constructor(readonly code: number | string | undefined, text: string, readonly field?: string) {
    super(text);
  }
}
/** A cancelled request: callers ignore it. */
export class CancelledError extends Error {}
/** The network is down or the server unreachable. */
export class OfflineError extends Error {}

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
}

export const OPEN_KEY = import.meta.env.VITE_OPEN_KEY ?? '';

const goToLogin = () => {
  const here = nav.here();
  const login = here.includes('/operation') ? '/operation/login' : here.includes('/im') ? '/im/login' : '/login';
  nav.assign(`${login}?redirect=${encodeURIComponent(here)}`);
};

type RefreshOutcome = 'ok' | 'signedOut' | 'failed' | 'offline';
let refreshing: Promise<RefreshOutcome> | null = null;

const callRefresh = async (spent: string | null): Promise<RefreshOutcome> => {
  const refresh_token = sessionStore.refreshToken();
  if (!refresh_token) return 'failed';
  // another tab rotated the pair while this one waited: its new access token is already stored
  if (spent !== null && refresh_token !== spent) return 'ok';
  try {
    const res = await ofetch.raw('/api' + endpoints.tokenRefresh.path, {
      method: 'POST', body: { refresh_token }, headers: { Device: sessionStore.device(), 'open-key': OPEN_KEY }, ignoreResponseError: true, retry: 0,
    });
    const body = res._data as { code?: number | string; data?: { access_token: string; refresh_token: string } } | undefined;
    if (String(body?.code) === '908') return 'signedOut';
    if (String(body?.code) !== '200' || !body?.data) return 'failed';
    sessionStore.setTokens(body.data.access_token, body.data.refresh_token);
    return 'ok';
  } catch {
    return 'offline';
  }
};

/**
 * Concurrent code-4 answers share one refresh in this tab, and tabs take turns through a Web Lock:
 * two tabs spending the same refresh token would look like reuse to the server, which then
 * revokes the whole session. `spent` is the refresh token the failed call was made under.
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

/** Renews the access token (for the live connection, whose handshake cannot read an answer code). */
export const refreshSession = (): Promise<RefreshOutcome> => refreshOnce(null);

export const signOutLocally = () => sessionStore.clear();

const send = async (name: EndpointName, payload: unknown, id: string | number | undefined, opts: RequestOptions) => {
  const ep = endpoints[name];
  const headers: Record<string, string> = { Device: sessionStore.device(), 'open-key': OPEN_KEY };
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

export async function request<N extends EndpointName>(
  method: Endpoints[N]['method'],
  name: N,
  payload?: PayloadIn<N>,
  id?: string | number,
  opts: RequestOptions = {},
  retried = false,
): Promise<AnswerOf<N>> {
  if (endpoints[name].method !== method) throw new Error(`${name} is ${endpoints[name].method}, not ${method}`);
  const spent = sessionStore.refreshToken();
  const answer = await send(name, payload, id, opts);
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
  const headers = new Headers(init.headers);
  headers.set('Device', sessionStore.device());
  headers.set('open-key', OPEN_KEY);
  const token = sessionStore.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const spent = sessionStore.refreshToken();
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers });
  } catch {
    throw new OfflineError(msg.offline);
  }
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as { code?: number | string; client_msg?: string; field?: string };
  if (String(body.code) === '4' && !retried && (await refreshOnce(spent)) === 'ok') return fileRequest(path, init, true);
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
