import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { APPLICATION_STATES, SELLER_AUDIT_CODES } from '../../../shared/domain/seller-apply';
import { CompanyAuditPage } from '../../features/seller-apply/CompanyAuditPage';

const searchSchema = v.object({
  state: v.optional(v.fallback(v.picklist(['all', ...APPLICATION_STATES]), 'pending'), 'pending'),
  k: v.optional(v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''), ''),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
});

export const Route = createFileRoute('/operation/company/audit')({
  validateSearch: searchSchema,
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: SELLER_AUDIT_CODES }),
  component: function AuditRoute() {
    const filter = Route.useSearch();
    return <CompanyAuditPage filter={filter} />;
  },
});
