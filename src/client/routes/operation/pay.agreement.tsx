import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OpAgreementPage } from '../../features/paid-service/OpAgreementPage';

/** 服务协议 (pay/agreement): versions and who accepted which (docs/money.md#the-service-agreement). */
export const Route = createFileRoute('/operation/pay/agreement')({
  validateSearch: listSearch(['company', 'version'], []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.payMoneyRead }),
  component: function PayAgreement() {
    const navigate = Route.useNavigate();
    return <OpAgreementPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
