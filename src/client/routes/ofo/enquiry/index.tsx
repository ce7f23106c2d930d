import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../../lib/router-guard';
import { ENQUIRY_CODES } from '../../../../shared/contracts/codes';
import { MobileEnquiryList } from '../../../features/mobile/MobileEnquiry';

/** 我的询价 on a phone: the phone page of /enquiry/list (docs/architecture.md, Devices). */
export const Route = createFileRoute('/ofo/enquiry/')({
  validateSearch: v.object({ page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)) }),
  beforeLoad: guardedBy({ auth: true, permissions: ENQUIRY_CODES }),
  component: function OfoEnquiryList() {
    return <MobileEnquiryList page={Route.useSearch().page ?? 1} />;
  },
});
