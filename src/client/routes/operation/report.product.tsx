import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { StockReport } from '../../features/operation/report/ReportPages';

export const Route = createFileRoute('/operation/report/product')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.reports }),
  component: StockReport,
});
