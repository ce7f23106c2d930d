/**
 * The connection state the chat shows (requirements 001-4): the transport's own (已连接 / 连接中… / 未连接 /
 * kicked) and, while the browser says it is offline, 网络不可用 in its place. That one is the
 * page's knowledge (navigator.onLine and the 'offline' / 'online' events), not the transport's: a
 * socket that has not noticed the loss yet still says connected. When 'online' fires the state
 * goes back to the transport's, which reconnects (api/live.ts opens a socket at once on 'online').
 */
import { useSyncExternalStore } from 'react';
import { msg } from '../../../shared/messages';
import type { ImStatus } from './transport';
import { useChat } from './chat-store';

export type ShownStatus = ImStatus | 'offline';

export const STATUS_TEXT: Record<ShownStatus, string> = {
  connected: msg.chatConnected, connecting: msg.chatConnecting, disconnected: msg.chatDisconnected, kicked: msg.chatKicked,
  offline: msg.chatOffline,
};

/** What the window shows: offline wins over every transport state but kicked (which closes the window). */
export const shownStatus = (status: ImStatus, online: boolean): ShownStatus => (online || status === 'kicked' ? status : 'offline');

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** navigator.onLine, live */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);

/** the chat's connection state as the window and the phone page show it */
export const useShownStatus = (): ShownStatus => shownStatus(useChat((s) => s.status), useOnline());
