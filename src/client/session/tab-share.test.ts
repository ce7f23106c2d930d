import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Tab = { store: typeof import('./session-store').sessionStore; share: typeof import('./tab-share') };

/** The tabs a test opened, closed after it so that no tab answers in the next test. */
const open: Tab[] = [];

/** A tab of its own: fresh copies of the session store and the tab sharing (one module copy per tab). */
const openTab = async (): Promise<Tab> => {
  vi.resetModules();
  const { sessionStore: store } = await import('./session-store');
  const share = await import('./tab-share');
  share.shareSessionAcrossTabs();
  open.push({ store, share });
  return { store, share };
};

const user = (uuid: string) => ({ uuid, company_id: 3, company_short_name: 'x', company_name: 'x', user_name: 'x', head_image: '', is_seller: false, allow_im: true, permissions: [] });

describe('tabs share the access token', () => {
  beforeEach(() => {
    localStorage.clear();
    // two tabs hold the tab lock
    vi.stubGlobal('navigator', { ...navigator, locks: { request: () => new Promise(() => undefined), query: async () => ({ held: [{ name: 'qph-tab' }, { name: 'qph-tab' }], pending: [] }) } });
  });
  afterEach(() => {
    for (const tab of open.splice(0)) tab.share.leaveOtherTabs();
    vi.unstubAllGlobals();
  });

  it('a tab without a token gets the open tab\'s token of the same user', async () => {
    localStorage.setItem('qph_user', JSON.stringify(user('u-1')));
    const first = await openTab();
    first.store.setToken('access-1');
    const second = await openTab();
    await expect(second.share.askOtherTabs()).resolves.toBe('access-1');
  });

  it('never hands over a token of another user', async () => {
    localStorage.setItem('qph_user', JSON.stringify(user('u-1')));
    const first = await openTab();
    first.store.setToken('access-1');
    localStorage.setItem('qph_user', JSON.stringify(user('u-2')));
    const second = await openTab();
    await expect(second.share.askOtherTabs()).resolves.toBeNull();
  });

  it('a renewed token reaches the other tabs of that user', async () => {
    localStorage.setItem('qph_user', JSON.stringify(user('u-1')));
    const first = await openTab();
    first.store.setToken('access-1');
    const second = await openTab();
    second.store.setToken('access-1');
    first.store.setToken('access-2');
    first.share.announceToken('access-2');
    await vi.waitFor(() => expect(second.store.token()).toBe('access-2'));
  });
});
