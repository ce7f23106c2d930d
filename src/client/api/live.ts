/**
 * The live connection to the server (/ws). Today it carries the sign-out push: when this session
 * is signed out elsewhere the page asks at once to log in again, instead of at the next call.
 * Reconnects with backoff (1 to 5 s with jitter, DESIGN.md "Real-time chat").
 */
import { dialogs } from './dialogs';
import { sessionStore } from '../features/session/session-store';
import { refreshSession } from './request';

export const reconnectDelay = (attempt: number, random = Math.random) => {
  const cap = Math.min(5000, 1000 * 2 ** Math.min(attempt, 3));
  return 1000 + random() * (cap - 1000);
};

export const connectLive = (): (() => void) => {
  let ws: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    const token = sessionStore.token();
    if (stopped || !token) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    let opened = false;
    ws = new WebSocket(`${scheme}://${location.host}/ws`, ['qph', `bearer.${token}`]);
    ws.onopen = () => {
      opened = true;
      attempt = 0;
    };
    ws.onmessage = (ev) => {
      try {
        const m = JSON.parse(String(ev.data)) as { type?: string };
        if (m.type === 'signedOut') {
          stopped = true;
          sessionStore.clear();
          dialogs.showRelogin();
        }
      } catch {
        console.warn('qipeihub: wrong message format on /ws');
      }
    };
    ws.onclose = () => {
      if (stopped) return;
      const later = () => {
        if (!stopped) timer = setTimeout(open, reconnectDelay(attempt++));
      };
      // a refused handshake says nothing about why: most often the access token has expired, so
      // renew it (a revoked session ends in the 重新登录? confirm) instead of retrying a dead token
      if (!opened && navigator.onLine) {
        void refreshSession().then((outcome) => {
          if (outcome === 'signedOut' || outcome === 'failed') {
            stopped = true;
            if (outcome === 'signedOut') {
              sessionStore.clear();
              dialogs.showRelogin();
            }
            return;
          }
          later();
        });
        return;
      }
      later();
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    ws?.close();
  };
};
