import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_KEY, cacheBuster, keepSearchResults, persistOptions } from './persist';
import { clearResults, readResults } from './result-store';

const answer = (used: number) => ({ items: [], price_columns: ['price99'], contacts_visible: true, quota: { used, total_per_day: 50 } });

describe('search results kept for offline use, one IndexedDB record per search', () => {
  afterEach(async () => {
    localStorage.clear();
    await clearResults();
  });

  it('keeps each answer out of the localStorage snapshot and restores it with that snapshot', async () => {
    const a = new QueryClient();
    const stop = keepSearchResults(a, 'user-a');
    a.setQueryData(['config', 'system_name'], { system_name: '汽配汇' });
    a.setQueryData(['oeSearch', '04465-33450', 1], answer(3));
    await persistQueryClientSave({ queryClient: a, ...persistOptions('user-a') });
    await vi.waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('汽配汇'), { timeout: 3000 });
    // the snapshot, serialised on every change, no longer carries the results
    expect(localStorage.getItem(PERSIST_KEY)).not.toContain('04465-33450');
    await vi.waitFor(async () => expect((await readResults(cacheBuster('user-a'), 86400_000)).map((r) => r.query.queryKey)).toEqual([['oeSearch', '04465-33450', 1]]), { timeout: 3000 });

    // a new search with the same words drops the older one from the cache, and from the store
    a.getQueryCache().remove(a.getQueryCache().find({ queryKey: ['oeSearch', '04465-33450', 1] })!);
    a.setQueryData(['oeSearch', '04465-33450', 2], answer(4));
    await vi.waitFor(async () => expect((await readResults(cacheBuster('user-a'), 86400_000)).map((r) => r.query.queryKey)).toEqual([['oeSearch', '04465-33450', 2]]), { timeout: 3000 });
    stop();

    const reopened = new QueryClient();
    await persistQueryClientRestore({ queryClient: reopened, ...persistOptions('user-a') });
    expect(reopened.getQueryData(['oeSearch', '04465-33450', 2])).toEqual(answer(4));
    expect(reopened.getQueryData(['config', 'system_name'])).toEqual({ system_name: '汽配汇' });

    // another user on the same browser gets none of them, and they are gone
    const other = new QueryClient();
    await persistQueryClientRestore({ queryClient: other, ...persistOptions('user-b') });
    expect(other.getQueryData(['oeSearch', '04465-33450', 2])).toBeUndefined();
    expect(await readResults(cacheBuster('user-a'), 86400_000)).toEqual([]);
  });

  it('drops a kept answer that does not match its schema, and one older than the cache may be', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = new QueryClient();
    const stop = keepSearchResults(a, 'user-a');
    a.setQueryData(['oeSearch', 'BAD', 1], { items: 'not a list' });
    a.setQueryData(['oeSearch', 'GOOD', 1], answer(1));
    await vi.waitFor(async () => expect(await readResults(cacheBuster('user-a'), 86400_000)).toHaveLength(2), { timeout: 3000 });
    stop();
    const restored = await persistOptions('user-a').persister.restoreClient();
    expect(restored!.clientState.queries.map((q) => q.queryKey)).toEqual([['oeSearch', 'GOOD', 1]]);
    expect(warn).toHaveBeenCalled();
    // older than the cache's 7 days: not read, and deleted
    expect(await readResults(cacheBuster('user-a'), 7 * 86400_000, Date.now() + 8 * 86400_000)).toEqual([]);
    expect(await readResults(cacheBuster('user-a'), 86400_000)).toEqual([]);
    warn.mockRestore();
  });
});
