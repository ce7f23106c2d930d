import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../../router-guard';
import { WANTED_CODES } from '../../../../shared/contracts';
import { WantedList } from '../../../features/wanted/WantedList';

export const Route = createFileRoute('/_store/enquiry/list')({
  validateSearch: v.object({ page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)) }),
  beforeLoad: guardedBy({ auth: true, permissions: WANTED_CODES }),
  component: function WantedListPage() {
    return <WantedList page={Route.useSearch().page ?? 1} />;
  },
});
