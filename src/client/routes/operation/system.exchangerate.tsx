import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { ExchangeRatePage } from '../../features/operation/system/ExchangeRatePage';

export const Route = createFileRoute('/operation/system/exchangerate')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.notice }),
  component: ExchangeRatePage,
});
