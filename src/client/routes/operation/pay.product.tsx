import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { OpProductPage } from '../../features/paid-service/OpProductPage';

/** 付费服务 (pay/product): the packs each level may buy and their prices (docs/money.md#paid-services). */
export const Route = createFileRoute('/operation/pay/product')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: OpProductPage,
});
