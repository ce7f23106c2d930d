import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_COMPANY_CODES } from '../../../shared/domain/operation-codes';
import { RecommendPage } from '../../features/operation/company/RecommendPage';

export const Route = createFileRoute('/operation/company/recommend')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_COMPANY_CODES.recommendRead }),
  component: RecommendPage,
});
