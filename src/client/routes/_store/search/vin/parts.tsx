import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinPartsSearch } from '../../../../features/vin/search-params';
import { ClassicCatalogue } from '../../../../features/vin/ClassicCatalogue';
import { SubgroupParts } from '../../../../features/vin/panels';

export const Route = createFileRoute('/_store/search/vin/parts')({
  validateSearch: vinPartsSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id || !search.subgroup_id) throw redirect({ to: '/search/vin', replace: true });
  },
  component: function VinPartsPage() {
    const { vin, vehicle_id, subgroup_id } = Route.useSearch();
    if (!vehicle_id || !subgroup_id) return null;
    return (
      <ClassicCatalogue base="vin" vin={vin} vehicleId={vehicle_id} subgroupId={subgroup_id}>
        <SubgroupParts subgroupId={subgroup_id} />
      </ClassicCatalogue>
    );
  },
});
