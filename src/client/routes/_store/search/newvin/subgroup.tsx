import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinGroupSearch } from '../../../../features/vin/search-params';
import { NewvinFrame, SubgroupGrid } from '../../../../features/vin/NewvinFlow';
import { vehicleGroupsQuery } from '../../../../features/vin/queries';

export const Route = createFileRoute('/_store/search/newvin/subgroup')({
  validateSearch: vinGroupSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id || !search.group_id) throw redirect({ to: '/search/newvin', replace: true });
  },
  component: function NewVinSubgroupPage() {
    const { vin, vehicle_id, group_id } = Route.useSearch();
    const groups = useQuery({ ...vehicleGroupsQuery(vehicle_id ?? 0), enabled: Boolean(vehicle_id) });
    if (!vehicle_id || !group_id) return null;
    const group = groups.data?.groups.find((g) => g.id === group_id);
    return (
      <NewvinFrame vin={vin} vehicleId={vehicle_id} groupId={group_id} groupName={group?.name}>
        <SubgroupGrid vin={vin} vehicleId={vehicle_id} groupId={group_id} />
      </NewvinFrame>
    );
  },
});
