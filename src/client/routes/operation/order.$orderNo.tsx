import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { OrderDetailPage } from '../../features/operation/trade/OrderDetailPage';

export const Route = createFileRoute('/operation/order/$orderNo')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.orders }),
  component: function OrderDetail() {
    const { orderNo } = Route.useParams();
    return <OrderDetailPage key={orderNo} orderNo={orderNo} />;
  },
});
