import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinSearch } from '../../../../features/vin/search-params';
import { NewVinDetail } from '../../../../features/vin/VinDetail';

export const Route = createFileRoute('/_store/search/newvin/detail')({
  validateSearch: vinSearch,
  beforeLoad: ({ search }) => {
    if (!search.vin) throw redirect({ to: '/search/newvin', replace: true });
  },
  component: function NewVinDetailPage() {
    const { vin } = Route.useSearch();
    return vin ? <NewVinDetail vin={vin} /> : null;
  },
});
