import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { OpAfterSaleDetailPage } from '../../features/operation/trade/AfterSaleDetailPage';

export const Route = createFileRoute('/operation/service/afterSale/$asNo')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.afterSales }),
  component: function AfterSaleDetail() {
    const { asNo } = Route.useParams();
    return <OpAfterSaleDetailPage key={asNo} asNo={asNo} />;
  },
});
