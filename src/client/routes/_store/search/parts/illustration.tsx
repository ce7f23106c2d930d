import { createFileRoute } from '@tanstack/react-router';
import { illustrationSearch } from '../../../../features/illustration/search-params';
import { IllustrationPage } from '../../../../features/illustration/IllustrationPage';

export const Route = createFileRoute('/_store/search/parts/illustration')({
  validateSearch: illustrationSearch,
  component: function IllustrationRoute() {
    return <IllustrationPage search={Route.useSearch()} />;
  },
});
