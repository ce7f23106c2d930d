/** 询价 at the specification's path /operation/enquiry (docs/api.md, "Pages at the specification's paths"). */
import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { listSearch } from '../../ui/list/list-search';
import { ENQUIRY_FILTER_NAMES } from '../../features/operation/list-filters';
import { EnquiryListPage } from '../../features/operation/trade/EnquiryListPage';

export const Route = createFileRoute('/operation/enquiry/')({
  validateSearch: listSearch(ENQUIRY_FILTER_NAMES, []),
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.orders }),
  component: function Enquiries() {
    const navigate = Route.useNavigate();
    return <EnquiryListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
  },
});
