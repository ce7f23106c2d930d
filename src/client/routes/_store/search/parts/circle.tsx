import { createFileRoute } from '@tanstack/react-router';
import { keywordResultsRoute } from '../../../../features/search/keyword-route';
import { KeywordResultsPage } from '../../../../features/search/KeywordResults';

const scope = { circle: true, dismantled: false };

export const Route = createFileRoute('/_store/search/parts/circle')({
  ...keywordResultsRoute,
  component: function CirclePage() {
    return <KeywordResultsPage search={Route.useSearch()} scope={scope} />;
  },
});
