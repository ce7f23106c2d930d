import { QueryClient, hydrate } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pkg from '../../../package.json';
import { PERSIST_KEY, PERSISTED_KEYS, persistOptions, revalidateRestored } from './persist';
import { RESTORED_SCHEMAS } from './restored-schemas';

describe('after the query cache is restored', () => {
  it('marks the account state and the cart stale so they are fetched again, and leaves search results alone', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['companyLevel', 4], { name: '注册会员' });
    qc.setQueryData(['quota', 'stock', 4], { used: 3 });
    qc.setQueryData(['profile'], { user_name: '赵顺捷' });
    qc.setQueryData(['oeSearch', ['04465-33450']], { items: [] });
    qc.setQueryData(['cart', 'list', '配件产品'], { groups: [], count: 1 });
    await revalidateRestored(qc);
    const stale = (key: unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(['companyLevel', 4])).toBe(true);
    expect(stale(['quota', 'stock', 4])).toBe(true);
    expect(stale(['profile'])).toBe(true);
    expect(stale(['cart', 'list', '配件产品'])).toBe(true);
    expect(stale(['oeSearch', ['04465-33450']])).toBe(false);
  });

  it('leaves alone what was answered after the restore (main.tsx revalidates after the first page)', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['config', 'system_name'], { system_name: '汽配汇' }, { updatedAt: 1000 });
    qc.setQueryData(['companyLevel', 4], { name: '注册会员' }, { updatedAt: 3000 });
    await revalidateRestored(qc, 2000);
    expect(qc.getQueryState(['config', 'system_name'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['companyLevel', 4])?.isInvalidated).toBe(false);
  });
});

const restored = (queryKey: unknown[], data: unknown) => ({
  queryKey, queryHash: JSON.stringify(queryKey),
  state: { data, dataUpdatedAt: 1, dataUpdateCount: 1, error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' },
});
const stored = (queries: unknown[]) => ({ timestamp: Date.now(), buster: persistOptions().buster, clientState: { mutations: [], queries } });

describe('restoring the persisted query cache', () => {
  afterEach(() => localStorage.clear());

  it('keeps the queries whose data matches the answer schema and drops the rest with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(PERSIST_KEY, JSON.stringify(stored([
      restored(['config', 'system_name'], { system_name: '汽配汇' }),
      restored(['config', 'system_phone'], { system_phone: 400 }),
      restored(['quota', 'stock', 4], { total_per_day: 50, used: 3, unlimited: false }),
      restored(['quota', 'stock', 5], { used: '3' }),
      restored(['quota', 'someday', 4], { used: 3 }),
      restored(['companyLevel', 4], null),
      restored(['searchHistory', 'user-a'], [{ search_value: '刹车片', search_type: 'keyword', create_time: 1 }]),
      restored(['searchHistory', 'user-b'], [{ search_value: '刹车片', search_type: 'vin', create_time: 1 }]),
      restored(['notPersisted'], { anything: true }),
      { queryKey: 'not an array' },
    ])));
    const client = await persistOptions().persister.restoreClient();
    expect(client!.clientState.queries.map((q) => q.queryKey)).toEqual([
      ['config', 'system_name'], ['quota', 'stock', 4], ['companyLevel', 4], ['searchHistory', 'user-a'],
    ]);
    expect(warn).toHaveBeenCalledTimes(6);
    warn.mockRestore();
  });

  it('hydrates only the valid queries into the query client', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(PERSIST_KEY, JSON.stringify(stored([
      restored(['profile'], { user_name: 'no uuid or company' }),
      restored(['ads', 'LB001'], [{ code: 'LB001', images_url: '/a.png', images_width: 1200, click_url: '', start_date: 0, end_data: 0 }]),
    ])));
    const qc = new QueryClient();
    hydrate(qc, (await persistOptions().persister.restoreClient())!.clientState);
    expect(qc.getQueryData(['profile'])).toBeUndefined();
    expect(qc.getQueryData(['ads', 'LB001'])).toHaveLength(1);
    warn.mockRestore();
  });

  it('drops a cache that is not a query cache at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ timestamp: Date.now(), buster: persistOptions().buster, clientState: { queries: 7 } }));
    expect(await persistOptions().persister.restoreClient()).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the cache buster', () => {
  afterEach(() => localStorage.clear());

  it('is the build id defined in vite.config.ts (package version and build) and the signed-in user', () => {
    expect(persistOptions().buster).toBe(`${import.meta.env.VITE_BUILD_ID}:guest`);
    expect(persistOptions('user-a').buster).toBe(`${import.meta.env.VITE_BUILD_ID}:user-a`);
    expect(import.meta.env.VITE_BUILD_ID).toMatch(new RegExp(`^${pkg.version.replace(/\./g, '\\.')}-\\w+$`));
  });

  it("never hands one user's cached answers to the next user", async () => {
    const a = new QueryClient();
    a.setQueryData(['config', 'system_name'], { system_name: '赵顺捷的汽配' });
    await persistQueryClientSave({ queryClient: a, ...persistOptions('user-a') });
    // the persister writes behind a throttle
    await vi.waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('赵顺捷的汽配'), { timeout: 3000 });

    const sameUser = new QueryClient();
    await persistQueryClientRestore({ queryClient: sameUser, ...persistOptions('user-a') });
    expect(sameUser.getQueryData(['config', 'system_name'])).toEqual({ system_name: '赵顺捷的汽配' });

    const next = new QueryClient();
    await persistQueryClientRestore({ queryClient: next, ...persistOptions('user-b') });
    expect(next.getQueryData(['config', 'system_name'])).toBeUndefined();
  });
});

describe('the persisted keys', () => {
  it('are exactly the keys that have a schema to check them against when restored', () => {
    expect([...PERSISTED_KEYS].sort()).toEqual(Object.keys(RESTORED_SCHEMAS).sort());
  });
});
