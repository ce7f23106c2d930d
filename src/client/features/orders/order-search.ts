/** The list pages' address: status tab, payment filter, order number, page and size (requirements 000-9 paging). */
import * as v from 'valibot';
import { ORDER_PAGE_SIZES, ORDER_STATUSES, PAY_STATUSES } from '../../../shared/domain/orders';

export const orderListSearch = v.object({
  status: v.fallback(v.optional(v.picklist(ORDER_STATUSES)), undefined),
  pay: v.fallback(v.optional(v.picklist(PAY_STATUSES)), undefined),
  no: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(30))), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  size: v.fallback(v.optional(v.picklist(ORDER_PAGE_SIZES)), undefined),
});
export type OrderListSearch = v.InferOutput<typeof orderListSearch>;

export const completeSearch = v.object({ checkout: v.fallback(v.pipe(v.string(), v.regex(/^CO\d{20}$/)), '') });
