import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../../lib/router-guard';
import { ENQUIRY_CODES } from '../../../../shared/contracts/codes';
import { EnquiryPublishPage } from '../../../features/enquiry/EnquiryPublishPage';

export const Route = createFileRoute('/_store/enquiry/publish')({
  validateSearch: v.object({ id: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined) }),
  beforeLoad: guardedBy({ auth: true, permissions: ENQUIRY_CODES }),
  component: function EnquiryPublishRoute() {
    const { id } = Route.useSearch();
    return <EnquiryPublishPage key={id ?? 'new'} id={id} />;
  },
});
