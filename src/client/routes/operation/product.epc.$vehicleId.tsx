import { createFileRoute, redirect } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { opIllustrationSearch } from '../../features/illustration/search-params';
import { EpcEditorPage } from '../../features/illustration/OperatorEpcPages';

export const Route = createFileRoute('/operation/product/epc/$vehicleId')({
  validateSearch: opIllustrationSearch,
  beforeLoad: (ctx) => {
    if (!/^\d{1,9}$/.test(ctx.params.vehicleId)) throw redirect({ to: '/operation/product/epc', replace: true });
    return guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.epcIllustration })(ctx);
  },
  component: function EpcEditor() {
    const { vehicleId } = Route.useParams();
    const { subgroup_id } = Route.useSearch();
    return <EpcEditorPage vehicleId={Number(vehicleId)} subgroupId={subgroup_id} />;
  },
});
