import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../../lib/router-guard';
import { WANTED_CODES } from '../../../../shared/contracts/codes';
import { WantedList } from '../../../features/wanted/WantedList';
import { EnquiryList } from '../../../features/enquiry/EnquiryList';

export const Route = createFileRoute('/_store/enquiry/list')({
  validateSearch: v.object({
    page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
    wpage: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  }),
  beforeLoad: guardedBy({ auth: true, permissions: WANTED_CODES }),
  component: function WantedListPage() {
    const { page = 1, wpage = 1 } = Route.useSearch();
    // 我的询价 (enquiries to chosen sellers) above 我的求购 (free-text wanted requests)
    return (
      <div style={{ display: 'grid', gap: '1rem' }}>
        <EnquiryList page={page} />
        <WantedList page={wpage} />
      </div>
    );
  },
});
