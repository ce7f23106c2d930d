import { createFileRoute } from '@tanstack/react-router';
import { shopSearchSchema } from '../../../features/company/shop-search';
import { shopBeforeLoad } from '../../../features/company/shop-routes';
import { ShopPage } from '../../../features/company/ShopPage';

export const Route = createFileRoute('/_store/company/$id')({
  validateSearch: shopSearchSchema,
  beforeLoad: shopBeforeLoad,
  component: function CompanyShop() {
    return <ShopPage id={Number(Route.useParams().id)} search={Route.useSearch()} />;
  },
});
