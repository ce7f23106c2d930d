import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { SALES_ORDER_CODES } from '../../../shared/domain/orders';
import { PickListPage } from '../../features/warehouse/PickListPage';

/** 拣货单 of the sales orders ticked on 销售订单 (docs/warehouse.md#pick-lists): their numbers, comma-joined, in the address. */
export const Route = createFileRoute('/backend/order/pick')({
  validateSearch: v.object({ nos: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(4200), v.regex(/^[A-Za-z0-9,]*$/)), ''), '') }),
  beforeLoad: guardedBy({ auth: true, permissions: SALES_ORDER_CODES }),
  component: function PickList() {
    return <PickListPage orderNos={Route.useSearch().nos} />;
  },
});
