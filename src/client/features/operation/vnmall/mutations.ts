/** The writes of the operator's 越南商城 pages, with the queries each makes stale. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { useKeyedCall } from '../../../api/use-call';
import { opVnKeys } from './queries';
import { afterSaleKeys } from '../../aftersale/queries';

/** 移出越南商城 under the reason dialog's key. */
export const useRemoveVnGoods = () => useKeyedCall('opVnGoodsRemove', { invalidate: [opVnKeys.all()], refetch: 'background' });
export const useRestoreVnGoods = () => useKeyedCall('opVnGoodsRestore', { invalidate: [opVnKeys.all()] });
/** 整件移出 a part under the reason dialog's key, and its undo (docs/overseas.md "Parts (海外商品)"). */
export const useRemoveVnPart = () => useKeyedCall('opVnProductRemove', { invalidate: [opVnKeys.all()], refetch: 'background' });
export const useRestoreVnPart = () => useKeyedCall('opVnProductRestore', { invalidate: [opVnKeys.all()] });
/** 关闭 a mall order's after-sale (海外售后) with a reason; both 售后 lists refresh. */
export const useCloseVnAfterSale = () => useKeyedCall('opVnAfterSaleClose', { invalidate: [opVnKeys.all(), afterSaleKeys.opAll()], refetch: 'background' });
/** 新增 / 修改 a band; a refusal (an overlap) stays under its field. */
export const useSaveBand = () => useKeyedCall('opServiceChargeSave', { invalidate: [opVnKeys.bands()] });
export const useRemoveBand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('delete', 'opServiceChargeRemove', {}, id, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opVnKeys.bands() }),
  });
};
