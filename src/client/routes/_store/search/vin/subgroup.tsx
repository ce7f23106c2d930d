import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { vinGroupSearch } from '../../../../features/vin/search-params';
import { ClassicCatalogue } from '../../../../features/vin/ClassicCatalogue';
import { SubgroupTable } from '../../../../features/vin/panels';

export const Route = createFileRoute('/_store/search/vin/subgroup')({
  validateSearch: vinGroupSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id || !search.group_id) throw redirect({ to: '/search/vin', replace: true });
  },
  component: function VinSubgroupPage() {
    const { vin, vehicle_id, group_id } = Route.useSearch();
    if (!vehicle_id || !group_id) return null;
    return (
      <ClassicCatalogue base="vin" vin={vin} vehicleId={vehicle_id} groupId={group_id}>
        <SubgroupTable vehicleId={vehicle_id} groupId={group_id}
          link={(s, label) => <Link to="/search/vin/parts" search={{ vin, vehicle_id, subgroup_id: s.id }}>{label}</Link>} />
      </ClassicCatalogue>
    );
  },
});
