import { createFileRoute } from '@tanstack/react-router';
import { MobileSearchPage } from '../../features/mobile/MobileSearchPage';
import { mobileSearchSchema } from '../../features/mobile/search-params';
import { prefetchMobileSearch } from '../../features/mobile/search-prefetch';

export const Route = createFileRoute('/ofo/search')({
  validateSearch: mobileSearchSchema,
  loaderDeps: ({ search }) => search,
  // not awaited: the page renders its form at once and the results when they come
  loader: ({ context, deps }) => prefetchMobileSearch(context.queryClient, deps),
  component: function OfoSearch() {
    return <MobileSearchPage search={Route.useSearch()} />;
  },
});
