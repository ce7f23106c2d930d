import { useKeyedMove } from '../../api/use-keyed-move';
import { orderKeys } from '../orders/queries';
import { afterSaleKeys } from './queries';

export type AfterSaleMove = 'afterSaleAgree' | 'afterSaleReject' | 'afterSaleCancel' | 'afterSaleDeliver' | 'afterSaleReceipt' | 'afterSaleComplete';

/** One move of an after-sale (api/use-keyed-move.ts); the after-sale and its order are fetched again either way. */
export const useAfterSaleMove = <N extends AfterSaleMove>(name: N) =>
  useKeyedMove(name, { detailKey: (data) => afterSaleKeys.detail(data.as_no), invalidate: [afterSaleKeys.all(), orderKeys.all()] });

/** 申请售后: one key per filled form, kept through refusals (a second press after a lost answer replays). */
export const useAfterSaleApply = () =>
  useKeyedMove('afterSaleApply', { detailKey: (data) => afterSaleKeys.detail(data.as_no), invalidate: [afterSaleKeys.all(), orderKeys.all()] });
