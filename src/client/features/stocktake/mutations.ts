/**
 * Writes of 盘点 (docs/warehouse.md "Stocktake"). A count is written to the device first, with the
 * key the server knows it by, then sent through the outbox: at once, or, offline, kept and replayed
 * exactly once when the network returns (the server answers a known key with the first count).
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { sendQueued } from '../../api/queued-write';
import { useCall, useKeyedCall } from '../../api/use-call';
import { onReplayed } from '../../local/outbox';
import { stocktakeStore, type DeviceCount } from '../../local/stocktake-store';
import type { StocktakeCount } from '../../../shared/contracts/stocktake';
import { stocktakeKeys } from './queries';

const useUser = () => useRouteContext({ from: '__root__', select: (c) => c.session.user });

export const useStocktakeOpen = () => useKeyedCall('stocktakeOpen', { invalidate: [stocktakeKeys.home()] });
export const useStocktakeClose = () => useCall('stocktakeClose', { invalidate: [stocktakeKeys.all()] });
export const useStocktakeDecide = () => useKeyedCall('stocktakeDecide', { invalidate: [stocktakeKeys.all()] });

/** Records a count on the device and sends it (now or when back online): 'sent' or 'queued'. A refusal is thrown. */
export const useStocktakeCount = () => {
  const queryClient = useQueryClient();
  const user = useUser();
  return async (count: Omit<DeviceCount, 'result'>): Promise<'sent' | 'queued'> => {
    if (!user) throw new Error('not signed in');
    await stocktakeStore.addCount(user.uuid, count);
    try {
      const r = await sendQueued(user.uuid, 'stocktakeCount', {
        stocktake_id: count.stocktakeId, location_id: count.locationId, stock_id: count.stockId, counted: count.counted,
        counted_at: count.countedAt, client_key: count.clientKey,
      });
      if (r.outcome === 'sent') {
        await stocktakeStore.setResult(user.uuid, count.clientKey, { id: r.answer.id, expected: r.answer.expected, delta: r.answer.delta, state: r.answer.state });
      }
      return r.outcome;
    } finally {
      void queryClient.invalidateQueries({ queryKey: stocktakeKeys.countsOf(count.stocktakeId) });
    }
  };
};

/** Fetches the stocktake's counts again once the outbox has replayed counts queued offline. */
export const useRefetchCountsAfterReplay = () => {
  const queryClient = useQueryClient();
  useEffect(() => onReplayed((name) => {
    if (name === 'stocktakeCount') void queryClient.invalidateQueries({ queryKey: stocktakeKeys.all() });
  }), [queryClient]);
};

/** Keeps on the device the server's answers to counts that were sent from the queue (the page shows them offline too). */
export const useKeepResults = () => {
  const user = useUser();
  return useCallback(async (mine: readonly DeviceCount[], server: readonly StocktakeCount[]) => {
    if (!user) return;
    const byKey = new Map(server.map((c) => [c.clientKey, c]));
    for (const c of mine) {
      const s = byKey.get(c.clientKey);
      if (!c.result && s) await stocktakeStore.setResult(user.uuid, c.clientKey, { id: s.id, expected: s.expected, delta: s.delta, state: s.state });
    }
  }, [user]);
};
