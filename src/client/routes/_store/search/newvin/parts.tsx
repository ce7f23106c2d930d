import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinPartsSearch } from '../../../../features/vin/search-params';
import { NewvinFrame } from '../../../../features/vin/NewvinFlow';
import { SubgroupParts } from '../../../../features/vin/panels';
import { vehiclePartsQuery } from '../../../../features/vin/queries';

export const Route = createFileRoute('/_store/search/newvin/parts')({
  validateSearch: vinPartsSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id || !search.subgroup_id) throw redirect({ to: '/search/newvin', replace: true });
  },
  component: function NewVinPartsPage() {
    const { vin, vehicle_id, subgroup_id } = Route.useSearch();
    const parts = useQuery({ ...vehiclePartsQuery(subgroup_id ?? 0), enabled: Boolean(subgroup_id) });
    if (!vehicle_id || !subgroup_id) return null;
    const sg = parts.data?.subgroup;
    return (
      <NewvinFrame vin={vin} vehicleId={vehicle_id} groupId={sg?.group_id} groupName={sg?.group_name} subgroupName={sg?.name}>
        <SubgroupParts subgroupId={subgroup_id} />
      </NewvinFrame>
    );
  },
});
