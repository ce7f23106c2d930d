import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { QUOTE_CODES } from '../../../shared/contracts/codes';
import { SellerEnquiryPage } from '../../features/enquiry/SellerEnquiryPage';

export const Route = createFileRoute('/backend/quote/$id')({
  beforeLoad: guardedBy({ auth: true, permissions: QUOTE_CODES }),
  component: function SellerEnquiry() {
    const { id } = Route.useParams();
    return <SellerEnquiryPage key={id} id={Number(id)} />;
  },
});
