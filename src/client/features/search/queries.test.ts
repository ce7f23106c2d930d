import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { OfflineError, request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';
import { keywordQuery, searchKeys, searchOnce, type KeywordParams } from './queries';

// It mocks a module, so it runs in the isolated unit-mocks project (tests/mocking-files.ts).
vi.mock('../../api/request', async (importOriginal) => ({ ...await importOriginal<typeof import('../../api/request')>(), request: vi.fn(async () => ({ rows: [], total: 0 })) }));

const run = (client: QueryClient, key: readonly unknown[], fetch: () => Promise<unknown>) =>
  client.fetchQuery({ queryKey: key, queryFn: (ctx) => searchOnce(ctx.client, ctx.queryKey, fetch), retry: false, staleTime: 60_000 });

describe('search results by words and nonce', () => {
  it('a new nonce of the same words is a new key: the search asks the server again', async () => {
    const client = new QueryClient();
    let calls = 0;
    await run(client, searchKeys.oe(['0446533450'], 1), async () => ++calls);
    await run(client, searchKeys.oe(['0446533450'], 1), async () => ++calls);
    expect(calls).toBe(1);
    await run(client, searchKeys.oe(['0446533450'], 2), async () => ++calls);
    expect(calls).toBe(2);
  });

  it('keeps only the newest result of the same words once a new one arrives', async () => {
    const client = new QueryClient();
    await run(client, searchKeys.oe(['0446533450'], 1), async () => 'old');
    await run(client, searchKeys.oe(['1K0698151A'], 1), async () => 'other words');
    await run(client, searchKeys.oe(['0446533450'], 2), async () => 'new');
    expect(client.getQueryData(searchKeys.oe(['0446533450'], 1))).toBeUndefined();
    expect(client.getQueryData(searchKeys.oe(['0446533450'], 2))).toBe('new');
    expect(client.getQueryData(searchKeys.oe(['1K0698151A'], 1))).toBe('other words');
  });

  it('offline, a new search of the same words shows the last result with the time it was fetched', async () => {
    const client = new QueryClient();
    const fetchedAt = Date.now() - 3_600_000;
    client.setQueryData(searchKeys.oe(['0446533450'], 1), 'older', { updatedAt: fetchedAt - 60_000 });
    client.setQueryData(searchKeys.oe(['0446533450'], 5), 'last', { updatedAt: fetchedAt });
    client.setQueryData(searchKeys.oe(['1K0698151A'], 9), 'other words', { updatedAt: Date.now() });
    const key = searchKeys.oe(['0446533450'], 7);
    await expect(run(client, key, () => Promise.reject(new OfflineError('离线')))).rejects.toBeInstanceOf(OfflineError);
    const state = client.getQueryState(key)!;
    expect(state.status).toBe('error');
    expect(state.data).toBe('last');
    expect(state.dataUpdatedAt).toBe(fetchedAt);
  });

  it('offline with nothing cached for the words, the search fails with OfflineError and holds no data', async () => {
    const client = new QueryClient();
    client.setQueryData(searchKeys.oe(['1K0698151A'], 1), 'other words');
    const key = searchKeys.oe(['0446533450'], 2);
    await expect(run(client, key, () => Promise.reject(new OfflineError('离线')))).rejects.toBeInstanceOf(OfflineError);
    expect(client.getQueryState(key)!.data).toBeUndefined();
  });

  it('keyword results are keyed by their words with the nonce last', () => {
    const p = { k: '刹车片', mode: 'fuzzy' as const, page_number: 1, page_size: 50, circle: false };
    expect(keywordQuery({ ...p, r: 5 }).queryKey).not.toEqual(keywordQuery({ ...p, r: 6 }).queryKey);
    expect(keywordQuery({ ...p, r: 5 }).queryKey.slice(0, -1)).toEqual(keywordQuery({ ...p, r: 6 }).queryKey.slice(0, -1));
    expect(keywordQuery({ ...p, r: 5 }).queryKey.slice(0, -1)).not.toEqual(keywordQuery({ ...p, page_number: 2, r: 5 }).queryKey.slice(0, -1));
    expect(keywordQuery(p).queryKey.at(-1)).toBe(0);
  });

  it('keyword results are keyed by every field: each page, sort and filter is its own entry', () => {
    const p = { k: '刹车片', mode: 'fuzzy' as const, page_number: 1, page_size: 50, circle: false, r: 5 };
    const words = (q: KeywordParams) => keywordQuery(q).queryKey.slice(0, -1);
    const changes: Partial<KeywordParams>[] = [
      { k: '机油滤' }, { mode: 'exact' }, { page_number: 2 }, { page_size: 100 }, { circle: true }, { dismantled: true }, { brand_id: 3 },
      { sort_field: 'quantity' }, { sort_order: 'desc' }, { price_colum_name: 'price3' }, { min_price: 50 }, { max_price: 800 },
      { min_stock_qty: 1 }, { max_stock_qty: 9 },
    ];
    const keys = new Set([words(p), ...changes.map((c) => words({ ...p, ...c }))].map((key) => JSON.stringify(key)));
    expect(keys.size).toBe(changes.length + 1);
  });

  it('asks the server with the same names, leaving out what is not set; the price filter typed in yuan goes as fen', async () => {
    const sent = async (p: KeywordParams) => {
      vi.mocked(request).mockClear();
      await new QueryClient().fetchQuery(keywordQuery(p));
      return vi.mocked(request).mock.calls[0]?.[2];
    };
    const p = { k: '轮胎', mode: 'fuzzy' as const, page_number: 2, page_size: 100, circle: true, r: 5 };
    expect(await sent({ ...p, brand_id: 7, sort_field: 'price3', sort_order: 'desc', price_colum_name: 'price99', min_price: 50, max_price: 800, min_stock_qty: 1, max_stock_qty: 9 }))
      .toEqual({ k: '轮胎', mode: 'fuzzy', page_number: 2, page_size: 100, circle: '1', dismantled: '0', brand_id: 7, sort_field: 'price3', sort_order: 'desc',
        price_colum_name: 'price99', min_price: 5000, max_price: 80000, min_stock_qty: 1, max_stock_qty: 9 });
    expect(await sent({ ...p, min_price: 12.34, max_price: 0.29 })).toMatchObject({ min_price: 1234, max_price: 29 });
    const bare = await sent({ ...p, circle: false, dismantled: true, sort_order: 'desc' });
    expect(Object.fromEntries(Object.entries(bare!).filter(([, x]) => x !== undefined)))
      .toEqual({ k: '轮胎', mode: 'fuzzy', page_number: 2, page_size: 100, circle: '0', dismantled: '1' });
    // an order goes with a sort column only; a column alone is ascending
    expect(await sent({ ...p, sort_field: 'quantity' })).toMatchObject({ sort_field: 'quantity', sort_order: 'asc' });
  });

  it('keyword params carry the wire\'s field names (but the nonce and the scope flags, sent as 1/0)', () => {
    expectTypeOf<Exclude<keyof KeywordParams, 'r'>>().toExtend<keyof PayloadIn<'keywordSearch'>>();
  });
});
