/** The operator's writes on orders and after-sales. */
import { useKeyedCall } from '../../../api/use-call';
import { afterSaleKeys } from '../../aftersale/queries';
import { catKeys } from './queries';

/** 取消订单 with a reason (the page keeps the key until a refusal); the orders are fetched again before the outcome shows. */
export const useCancelOrder = () => useKeyedCall('opOrderCancel', { invalidate: [catKeys.orders()] });

/** 关闭售后 with a reason; the dialog closes at once, the after-sales refresh meanwhile. */
export const useCloseAfterSale = () => useKeyedCall('opAfterSaleClose', { invalidate: [afterSaleKeys.opAll()], refetch: 'background' });
