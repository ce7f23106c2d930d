import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { STOCK_CODES } from '../../../shared/domain/stock';
import { ImportPage } from '../../features/stock/ImportPage';

export const Route = createFileRoute('/backend/product/import')({
  beforeLoad: guardedBy({ auth: true, permissions: STOCK_CODES }),
  component: ImportPage,
});
