import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation';
import { defaultRange } from '../../features/operation/report-range';
import { OrderReport } from '../../features/operation/ReportPages';

const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

export const Route = createFileRoute('/operation/report/order')({
  validateSearch: v.object({ date_from: day, date_to: day }),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.reports }),
  component: function Report() {
    const s = Route.useSearch();
    const navigate = Route.useNavigate();
    const d = defaultRange();
    return <OrderReport range={{ date_from: s.date_from ?? d.date_from, date_to: s.date_to ?? d.date_to }} onRange={(r) => void navigate({ search: r })} />;
  },
});
