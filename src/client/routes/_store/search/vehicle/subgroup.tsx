import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { vehicleGroupSearch } from '../../../../features/vin/search-params';
import { ClassicCatalogue } from '../../../../features/vin/ClassicCatalogue';
import { SubgroupTable } from '../../../../features/vin/panels';
import { t } from '../../../../i18n/lang';

export const Route = createFileRoute('/_store/search/vehicle/subgroup')({
  validateSearch: vehicleGroupSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id) throw redirect({ to: '/search/vehicle', replace: true });
  },
  component: function VehicleSubgroupPage() {
    const { vehicle_id, group_id } = Route.useSearch();
    if (!vehicle_id) return null;
    return (
      <ClassicCatalogue base="vehicle" vehicleId={vehicle_id} groupId={group_id}>
        {group_id
          ? <SubgroupTable vehicleId={vehicle_id} groupId={group_id}
            link={(s, label) => <Link to="/search/vehicle/parts" search={{ vehicle_id, subgroup_id: s.id }}>{label}</Link>} />
          : <section className="card"><p style={{ margin: 0 }}><i className="pi pi-arrow-left" /> {t('从左侧目录选择主组或分组查看配件。')}</p></section>}
      </ClassicCatalogue>
    );
  },
});
