/**
 * Which chat transport a session uses (docs/architecture.md "Real-time chat"): our /ws one, unless the system
 * parameter im_client_params names a RongCloud app key. Then the RongCloud transport is loaded (a
 * chunk of its own: the SDK stays out of the entry) and connects with the token of getLoginIm. If
 * the server has no RongCloud configured (getLoginIm refuses), the SDK cannot load, or the
 * parameter cannot be read, chat stays on /ws and the reason is logged. The last answer is kept in
 * localStorage, so a start without network picks the same transport as the last one.
 */
import { request } from '../../api/request';
import { live } from '../../api/live';
import { createWsTransport, type ImTransport } from './transport';

const KEPT = 'qph.imAppKey';

/** im_client_params' app_key ('' for none) */
export const appKeyOf = (value: string | undefined): string => {
  try {
    const v = JSON.parse(value ?? '{}') as { app_key?: unknown };
    return typeof v.app_key === 'string' ? v.app_key.trim() : '';
  } catch {
    return '';
  }
};

const readAppKey = async (): Promise<string> => {
  try {
    const key = appKeyOf((await request('get', 'config', { keys: 'im_client_params' }, undefined, { background: true }))['im_client_params']);
    localStorage.setItem(KEPT, key);
    return key;
  } catch {
    return localStorage.getItem(KEPT) ?? '';
  }
};

export const selectTransport = async (userUuid: string): Promise<ImTransport> => {
  const appKey = await readAppKey();
  if (!appKey) return createWsTransport();
  try {
    const login = (refresh: boolean) => request('post', 'getLoginIm', { user_uuid: userUuid, client_type: 'web', refresh }, undefined, { silent: true });
    const first = await login(false);
    const { createRongTransport } = await import('./rong-transport');
    let pending: string | null = first.token;
    return createRongTransport({
      appKey: first.app_key,
      async token(refresh) {
        if (pending && !refresh) {
          const t = pending;
          pending = null;
          return t;
        }
        return (await login(refresh)).token;
      },
      live,
      directory: async () => (await request('get', 'imConversations', {}, undefined, { silent: true })).conversations,
      markReadOnServer: (targetId, conversationType) => request('post', 'imMarkRead', { targetId, conversationType }, undefined, { background: true }),
    });
  } catch (e) {
    console.warn('qipeihub: the RongCloud transport could not start; chat uses the built-in server', e);
    return createWsTransport();
  }
};
