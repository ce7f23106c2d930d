import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinVehicleSearch } from '../../../../features/vin/search-params';
import { GroupGrid, NewvinFrame } from '../../../../features/vin/NewvinFlow';

export const Route = createFileRoute('/_store/search/newvin/groups')({
  validateSearch: vinVehicleSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id) throw redirect({ to: '/search/newvin', replace: true });
  },
  component: function NewVinGroupsPage() {
    const { vin, vehicle_id } = Route.useSearch();
    if (!vehicle_id) return null;
    return (
      <NewvinFrame vin={vin} vehicleId={vehicle_id}>
        <GroupGrid vin={vin} vehicleId={vehicle_id} />
      </NewvinFrame>
    );
  },
});
