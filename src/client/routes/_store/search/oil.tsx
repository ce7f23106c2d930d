import { createFileRoute } from '@tanstack/react-router';
import { oilParams } from '../../../features/search/more-params';
import { OilSearch } from '../../../features/search/OilSearch';

/** 油品查询 (docs/search.md, "Oils and fluids") */
export const Route = createFileRoute('/_store/search/oil')({
  validateSearch: oilParams,
  component: function OilRoute() {
    return <OilSearch params={Route.useSearch()} />;
  },
});
