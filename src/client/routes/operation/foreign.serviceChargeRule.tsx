import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_FOREIGN_CODES } from '../../../shared/domain/overseas-rules';
import { ServiceChargePage } from '../../features/operation/vnmall/ServiceChargePage';

// 越南商城服务费 (docs/overseas.md "The Vietnam mall")
export const Route = createFileRoute('/operation/foreign/serviceChargeRule')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_FOREIGN_CODES.mall }),
  component: ServiceChargePage,
});
