import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinKeywordSearch } from '../../../../features/vin/search-params';
import { ClassicCatalogue } from '../../../../features/vin/ClassicCatalogue';
import { VehiclePartSearch } from '../../../../features/vin/panels';

export const Route = createFileRoute('/_store/search/vin/partsKeyword')({
  validateSearch: vinKeywordSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id) throw redirect({ to: '/search/vin', replace: true });
  },
  component: function VinPartsKeywordPage() {
    const { vin, vehicle_id, k } = Route.useSearch();
    if (!vehicle_id) return null;
    return (
      <ClassicCatalogue base="vin" vin={vin} vehicleId={vehicle_id} keyword={k}>
        {k ? <VehiclePartSearch vehicleId={vehicle_id} k={k} /> : null}
      </ClassicCatalogue>
    );
  },
});
