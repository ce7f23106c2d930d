import { createFileRoute } from '@tanstack/react-router';
import { SpotGoodsPage } from '../../features/mobile/SpotGoodsPage';
import { mobileSearchSchema } from '../../features/mobile/search-params';

export const Route = createFileRoute('/ofo/spotGoods')({
  validateSearch: mobileSearchSchema,
  component: function OfoSpotGoods() {
    return <SpotGoodsPage search={Route.useSearch()} />;
  },
});
