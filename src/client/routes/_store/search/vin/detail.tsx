import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinVehicleSearch } from '../../../../features/vin/search-params';
import { ClassicVinDetail } from '../../../../features/vin/VinDetail';

export const Route = createFileRoute('/_store/search/vin/detail')({
  validateSearch: vinVehicleSearch,
  beforeLoad: ({ search }) => {
    if (!search.vin) throw redirect({ to: '/search/vin', replace: true });
  },
  component: function VinDetailPage() {
    const { vin, vehicle_id } = Route.useSearch();
    return vin ? <ClassicVinDetail vin={vin} vehicleId={vehicle_id} /> : null;
  },
});
