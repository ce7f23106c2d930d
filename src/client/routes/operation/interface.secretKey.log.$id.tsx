import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_INTERFACE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { OP_CALL_FILTER_NAMES } from '../../features/operation/interface/filters';
import { CallsPage } from '../../features/operation/interface/CallsPage';

/** 接口调用记录 of one key (docs/open-platform.md, "Keys and signing") */
export const Route = createFileRoute('/operation/interface/secretKey/log/$id')({
  validateSearch: listSearch(OP_CALL_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_INTERFACE_CODES.keys }),
  component: function Page() {
    const navigate = Route.useNavigate();
    return <CallsPage keyId={Route.useParams().id} search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
