import { createFileRoute } from '@tanstack/react-router';
import { shopSearchSchema } from '../../../features/company/shop-search';
import { shopBeforeLoad } from '../../../features/company/shop-routes';
import { MobileShop } from '../../../features/company/MobileShop';

export const Route = createFileRoute('/company/m/$id')({
  validateSearch: shopSearchSchema,
  beforeLoad: shopBeforeLoad,
  component: function CompanyShopMobile() {
    return <MobileShop id={Route.useParams().id} search={Route.useSearch()} />;
  },
});
