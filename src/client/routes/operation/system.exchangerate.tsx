import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../router-guard';
import { OP_CODES } from '../../../shared/domain/operation';
import { ExchangeRatePage } from '../../features/operation/ExchangeRatePage';

export const Route = createFileRoute('/operation/system/exchangerate')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.notice }),
  component: ExchangeRatePage,
});
