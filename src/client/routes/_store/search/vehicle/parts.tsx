import { createFileRoute, redirect } from '@tanstack/react-router';
import { vehiclePartsSearch } from '../../../../features/vin/search-params';
import { ClassicCatalogue } from '../../../../features/vin/ClassicCatalogue';
import { SubgroupParts } from '../../../../features/vin/panels';

export const Route = createFileRoute('/_store/search/vehicle/parts')({
  validateSearch: vehiclePartsSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id || !search.subgroup_id) throw redirect({ to: '/search/vehicle', replace: true });
  },
  component: function VehiclePartsPage() {
    const { vehicle_id, subgroup_id } = Route.useSearch();
    if (!vehicle_id || !subgroup_id) return null;
    return (
      <ClassicCatalogue base="vehicle" vehicleId={vehicle_id} subgroupId={subgroup_id}>
        <SubgroupParts subgroupId={subgroup_id} />
      </ClassicCatalogue>
    );
  },
});
