import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { OP_CODES } from '../../../shared/domain/operation-codes';
import { CompanyDetailPage } from '../../features/operation/company/CompanyDetailPage';

export const Route = createFileRoute('/operation/company/detail')({
  validateSearch: v.object({ id: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2147483647)), 1) }),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CODES.companyRead }),
  component: function CompanyDetail() {
    const { id } = Route.useSearch();
    return <CompanyDetailPage key={id} id={id} />;
  },
});
