import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../lib/router-guard';
import { ENQUIRY_CODES } from '../../../../shared/contracts/codes';
import { MobileEnquiryDetail } from '../../../features/mobile/MobileEnquiry';

/** One enquiry's quotes on a phone, as cards with 采纳: the phone page of /enquiry/list/{id}. */
export const Route = createFileRoute('/ofo/enquiry/$id')({
  beforeLoad: guardedBy({ auth: true, permissions: ENQUIRY_CODES }),
  component: function OfoEnquiryDetail() {
    const { id } = Route.useParams();
    return <MobileEnquiryDetail id={Number(id)} />;
  },
});
