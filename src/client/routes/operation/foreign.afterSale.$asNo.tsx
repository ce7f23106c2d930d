import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { VnAfterSaleDetailPage } from '../../features/operation/vnmall/VnAfterSaleDetailPage';

// 海外售后详情 (docs/overseas.md "After-sales (海外售后)")
export const Route = createFileRoute('/operation/foreign/afterSale/$asNo')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.mall }),
  component: function AfterSaleDetail() {
    const { asNo } = Route.useParams();
    return <VnAfterSaleDetailPage key={asNo} asNo={asNo} />;
  },
});
