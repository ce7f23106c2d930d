import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { illustrationSearch } from '../../features/illustration/search-params';
import { MobileIllustrationPage } from '../../features/illustration/MobileIllustrationPage';

export const Route = createFileRoute('/im/illustration')({
  validateSearch: illustrationSearch,
  beforeLoad: guardedBy({ auth: true }),
  component: function ImIllustration() {
    return <MobileIllustrationPage search={Route.useSearch()} />;
  },
});
