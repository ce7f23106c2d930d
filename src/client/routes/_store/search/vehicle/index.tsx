import { createFileRoute } from '@tanstack/react-router';
import { vehiclePickSearch } from '../../../../features/vin/search-params';
import { VehiclePicker } from '../../../../features/vin/VehiclePicker';

export const Route = createFileRoute('/_store/search/vehicle/')({
  validateSearch: vehiclePickSearch,
  component: function VehiclePickPage() {
    const { make, model } = Route.useSearch();
    return <VehiclePicker make={make || undefined} model={model || undefined} />;
  },
});
