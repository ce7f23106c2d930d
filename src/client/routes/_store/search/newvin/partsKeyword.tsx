import { createFileRoute, redirect } from '@tanstack/react-router';
import { vinKeywordSearch } from '../../../../features/vin/search-params';
import { NewvinFrame } from '../../../../features/vin/NewvinFlow';
import { VehiclePartSearch } from '../../../../features/vin/panels';

export const Route = createFileRoute('/_store/search/newvin/partsKeyword')({
  validateSearch: vinKeywordSearch,
  beforeLoad: ({ search }) => {
    if (!search.vehicle_id) throw redirect({ to: '/search/newvin', replace: true });
  },
  component: function NewVinPartsKeywordPage() {
    const { vin, vehicle_id, k } = Route.useSearch();
    if (!vehicle_id) return null;
    return (
      <NewvinFrame vin={vin} vehicleId={vehicle_id} keyword={k}>
        {k ? <VehiclePartSearch vehicleId={vehicle_id} k={k} /> : null}
      </NewvinFrame>
    );
  },
});
