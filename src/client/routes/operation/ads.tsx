import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { AdsPage } from '../../features/operation/system/AdsPage';

export const Route = createFileRoute('/operation/ads')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.ads }),
  component: AdsPage,
});
