/**
 * The live connection to the server (/ws). It carries the sign-out push (when this session is
 * signed out elsewhere the page asks at once to log in again, instead of at the next call) and the
 * chat events, which it hands to whoever listens (the chat transport). Reconnects with backoff
 * (1 to 5 s with jitter, docs/architecture.md "Real-time chat") and says so through its state.
 */
import { dialogs } from './dialogs';
import { sessionStore } from '../session/session-store';
import { refreshSession } from './request';

export const reconnectDelay = (attempt: number, random = Math.random) => {
  const cap = Math.min(5000, 1000 * 2 ** Math.min(attempt, 3));
  return 1000 + random() * (cap - 1000);
};

/** connected; connecting (first time or again); disconnected (stopped: signed out); kicked (signed in elsewhere) */
export type LiveState = 'connecting' | 'connected' | 'disconnected' | 'kicked';
export type LiveEvent = { type: string; [k: string]: unknown };

const eventListeners = new Set<(e: LiveEvent) => void>();
const stateListeners = new Set<(s: LiveState, opens: number) => void>();
let state: LiveState = 'disconnected';
/** how many times a socket has opened: a second open is a reconnect, after which missed messages are fetched */
let opens = 0;

const setState = (s: LiveState) => {
  state = s;
  for (const l of stateListeners) l(s, opens);
};

export const live = {
  state: () => state,
  opens: () => opens,
  onEvent(l: (e: LiveEvent) => void) {
    eventListeners.add(l);
    return () => void eventListeners.delete(l);
  },
  onState(l: (s: LiveState, opens: number) => void) {
    stateListeners.add(l);
    return () => void stateListeners.delete(l);
  },
};

export const connectLive = (): (() => void) => {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = (final: LiveState) => {
    stopped = true;
    clearTimeout(timer);
    setState(final);
  };

  /** after a refresh: stop when the session has ended, otherwise go on with `next` */
  const settle = (outcome: Awaited<ReturnType<typeof refreshSession>>, next: () => void) => {
    if (stopped) return;
    if (outcome === 'signedOut' || outcome === 'failed') {
      stop('disconnected');
      if (outcome === 'signedOut') {
        sessionStore.clear();
        dialogs.showRelogin();
      }
      return;
    }
    next();
  };

  /** a reconnect is waiting out its backoff */
  let waiting = false;
  const later = () => {
    if (stopped) return;
    waiting = true;
    timer = setTimeout(() => {
      waiting = false;
      open();
    }, reconnectDelay(attempt++));
  };
  // the network is back (requirements 001-4: 网络不可用 → reconnect): try at once instead of waiting out the backoff
  const onOnline = () => {
    if (stopped || !waiting) return;
    clearTimeout(timer);
    waiting = false;
    attempt = 0;
    open();
  };
  window.addEventListener('online', onOnline);

  const open = () => {
    if (stopped) return;
    const token = sessionStore.token();
    if (!token) {
      if (!sessionStore.user()) {
        stop('disconnected');
        return;
      }
      // after a reload the token is in no tab's memory yet: obtain it (another tab's, or by the refresh cookie)
      setState('connecting');
      void refreshSession(null).then((outcome) => settle(outcome, outcome === 'ok' ? open : later));
      return;
    }
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    let opened = false;
    setState('connecting');
    ws = new WebSocket(`${scheme}://${location.host}/ws`, ['qph', `bearer.${token}`]);
    ws.onopen = () => {
      opened = true;
      attempt = 0;
      opens++;
      setState('connected');
    };
    ws.onmessage = (ev) => {
      let m: LiveEvent;
      try {
        m = JSON.parse(String(ev.data)) as LiveEvent;
        if (typeof m?.type !== 'string') throw new Error('no type');
      } catch {
        console.warn('qipeihub: wrong message format on /ws');
        return;
      }
      if (m.type === 'signedOut') {
        stop('kicked');
        sessionStore.clear();
        dialogs.showRelogin();
        return;
      }
      for (const l of eventListeners) l(m);
    };
    ws.onclose = () => {
      if (stopped) return;
      setState('connecting');
      // a refused handshake says nothing about why: most often the access token has expired, so
      // renew it (a revoked session ends in the 重新登录? confirm) instead of retrying a dead token
      if (!opened && navigator.onLine) {
        void refreshSession(token).then((outcome) => settle(outcome, later));
        return;
      }
      later();
    };
  };
  open();
  return () => {
    window.removeEventListener('online', onOnline);
    stop('disconnected');
    ws?.close();
  };
};
