import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { LevelsPage } from '../../features/operation/system/LevelsPage';

export const Route = createFileRoute('/operation/system/companyLevel')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.levels }),
  component: LevelsPage,
});
