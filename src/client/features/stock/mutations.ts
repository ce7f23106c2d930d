import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn, SellerStockRow, StockImportUpload } from '../../../shared/contracts';
import { fileRequest, request } from '../../api/request';
import { sendQueued } from '../../api/queued-write';
import { useCall, useKeyedCall } from '../../api/use-call';
import { putRow, stockKeys } from './queries';

/** Adds a stock row under the dialog's Idempotency-Key; the lists are fetched again, without waiting. */
export const useCreateStock = () => useKeyedCall('stockCreate', { invalidate: [stockKeys.lists()], refetch: 'background' });

/** Saves a stock row's form; the answered row replaces it in the cached lists. */
export const useUpdateStock = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: PayloadIn<'stockUpdate'> }) => request('put', 'stockUpdate', payload, id, { silent: true }),
    onSuccess: (row) => putRow(qc, row),
  });
};

/** One price edited in the list; the answered row replaces it in the cached lists. */
export const useSaveStockPrice = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'updateStockPrice'>) => request('post', 'updateStockPrice', payload, undefined, { silent: true }),
    onSuccess: (row) => putRow(qc, row),
  });
};

/**
 * The quantity set in the list; the answered row replaces it in the cached lists. A refusal names
 * the quantity someone else set: the lists are fetched again to show it in the row too.
 */
export const useSaveStockQuantity = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'updateStockQty'>) => request('post', 'updateStockQty', payload, undefined, { silent: true }),
    onSuccess: (row) => putRow(qc, row),
    onError: () => {
      void qc.invalidateQueries({ queryKey: stockKeys.lists() });
    },
  });
};

/** +N / -N through the outbox (kept on this device while offline); a sent one's answered row replaces it in the cached lists. */
export const useAdjustStock = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userUuid, payload }: { userUuid: string; payload: PayloadIn<'adjustStockQty'> }) => sendQueued(userUuid, 'adjustStockQty', payload),
    onSuccess: (r) => {
      if (r.outcome === 'sent') putRow(qc, r.answer);
    },
  });
};

/** 业绩设置 of one row; the answered row replaces it in the cached lists. */
export const useSavePerformance = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<'updatePerformanceSetting'>) => request('put', 'updatePerformanceSetting', payload, undefined, { silent: true }),
    onSuccess: (row: SellerStockRow) => putRow(qc, row),
  });
};

/** A bulk action on the selected rows: the lists are fetched again before the page says how many changed. */
export const useSetStockState = () => useCall('stockSetState', { invalidate: [stockKeys.lists()] });

export const useSetStockClean = () => useCall('stockSetClean', { invalidate: [stockKeys.lists()] });

/** 标记现货 / 取消现货 of the selected rows (docs/spot-goods.md) */
export const useSetStockSpot = () => useCall('stockSetSpot', { invalidate: [stockKeys.lists()] });

export const useSaveSpotSetting = () => useCall('spotSettingSave', { invalidate: [stockKeys.spotSetting()] });

export const useSetStockLock = () => useCall('stockSetLock', { invalidate: [stockKeys.lists()] });

export const useDeleteStock = () => useCall('stockDelete', { invalidate: [stockKeys.lists()] });

/** Sends the chosen file; answers its headers and the company's last column mapping. */
export const useUploadStockImport = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const res = await fileRequest(`/api/stock/import/upload?name=${encodeURIComponent(file.name)}`, { method: 'POST', body: file });
      const body = (await res.json()) as { data: StockImportUpload };
      return body.data;
    },
  });

/** The first lines of the file read with the mapping, each with its problems. */
export const usePreviewStockImport = () => useCall('stockImportPreview');

export const useStartStockImport = () => useCall('stockImportStart');
