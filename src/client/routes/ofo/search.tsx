import { createFileRoute } from '@tanstack/react-router';
import { MobileSearchPage } from '../../features/mobile/MobileSearchPage';
import { mobileSearchSchema } from '../../features/mobile/search-params';

export const Route = createFileRoute('/ofo/search')({
  validateSearch: mobileSearchSchema,
  component: function OfoSearch() {
    return <MobileSearchPage search={Route.useSearch()} />;
  },
});
