import { useKeyedMove } from '../../api/use-keyed-move';
import { orderKeys } from './queries';

export type OrderMove = 'orderConfirm' | 'orderReject' | 'orderDeliver' | 'orderOfflinePayment' | 'orderCancel' | 'orderReceipt';

/** One move of an order (api/use-keyed-move.ts); the order is fetched again either way. */
export const useOrderMove = <N extends OrderMove>(name: N) =>
  useKeyedMove(name, { detailKey: (data) => orderKeys.detail(data.order_no), invalidate: [orderKeys.all()] });
