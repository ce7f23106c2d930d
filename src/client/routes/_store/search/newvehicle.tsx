import { createFileRoute } from '@tanstack/react-router';
import { newVehicleParams } from '../../../features/search/more-params';
import { NewVehicles } from '../../../features/search/NewVehicles';

/** 新车型 (docs/search.md, "New vehicles") */
export const Route = createFileRoute('/_store/search/newvehicle')({
  validateSearch: newVehicleParams,
  component: function NewVehicleRoute() {
    const { month, make } = Route.useSearch();
    return <NewVehicles month={month ?? ''} make={make ?? ''} />;
  },
});
