import { createFileRoute } from '@tanstack/react-router';
import { keywordResultsRoute } from '../../../../features/search/keyword-route';
import { KeywordResultsPage } from '../../../../features/search/KeywordResults';

const scope = { circle: false, dismantled: false };

export const Route = createFileRoute('/_store/search/parts/keyword')({
  ...keywordResultsRoute,
  component: function KeywordPage() {
    return <KeywordResultsPage search={Route.useSearch()} scope={scope} />;
  },
});
