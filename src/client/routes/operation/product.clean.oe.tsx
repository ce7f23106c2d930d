import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { OeCleanPage } from '../../features/operation/product/OeCleanPage';

export const Route = createFileRoute('/operation/product/clean/oe')({
  validateSearch: v.object({ oe: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined) }),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.catalogueClean }),
  component: function OeClean() {
    const { oe } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <OeCleanPage oe={oe ?? ''} onOe={(next) => void navigate({ search: { oe: next } })} />;
  },
});
