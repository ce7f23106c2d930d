import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../../lib/router-guard';
import { ENQUIRY_CODES } from '../../../../shared/contracts/codes';
import { EnquiryDetailPage } from '../../../features/enquiry/EnquiryDetailPage';

export const Route = createFileRoute('/_store/enquiry/list_/$id')({
  beforeLoad: guardedBy({ auth: true, permissions: ENQUIRY_CODES }),
  component: function EnquiryDetailRoute() {
    const { id } = Route.useParams();
    return <EnquiryDetailPage key={id} id={Number(id)} />;
  },
});
