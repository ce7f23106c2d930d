import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../../lib/router-guard';
import { PURCHASE_ORDER_CODES } from '../../../../../shared/domain/orders';
import { purchaseParams } from '../../../../features/search/more-params';
import { PurchaseResults } from '../../../../features/search/PurchaseSearch';

/** 采购记录 found (docs/search.md, "Purchase history"): buyers, i.e. the purchase order codes */
export const Route = createFileRoute('/_store/search/purchase/result')({
  validateSearch: purchaseParams,
  beforeLoad: guardedBy({ auth: true, permissions: PURCHASE_ORDER_CODES }),
  component: function PurchaseResultRoute() {
    return <PurchaseResults params={Route.useSearch()} />;
  },
});
