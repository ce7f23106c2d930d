import { createFileRoute } from '@tanstack/react-router';
import { keywordResultsRoute } from '../../../../features/search/keyword-route';
import { KeywordResultsPage } from '../../../../features/search/KeywordResults';

const scope = { circle: false, dismantled: true };

export const Route = createFileRoute('/_store/search/dismantle/result')({
  ...keywordResultsRoute,
  component: function DismantlePage() {
    return <KeywordResultsPage search={Route.useSearch()} scope={scope} />;
  },
});
