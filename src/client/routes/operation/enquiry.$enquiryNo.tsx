import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { OP_CATALOGUE_CODES } from '../../../shared/domain/operation-codes';
import { EnquiryDetailPage } from '../../features/operation/trade/EnquiryDetailPage';

export const Route = createFileRoute('/operation/enquiry/$enquiryNo')({
  beforeLoad: guardedBy({ auth: true, headCompanyOnly: true, permissions: OP_CATALOGUE_CODES.orders }),
  component: function EnquiryDetail() {
    const { enquiryNo } = Route.useParams();
    return <EnquiryDetailPage key={enquiryNo} enquiryNo={enquiryNo} />;
  },
});
