import { createFileRoute } from '@tanstack/react-router';
import { myPartsParams } from '../../../../features/search/more-params';
import { MyPartsPage } from '../../../../features/search/MyPartsPage';

/** 我的库存 / 曾采购 (docs/search.md, "My stock and purchases"); signed in, like every search page */
export const Route = createFileRoute('/_store/search/parts/myes')({
  validateSearch: myPartsParams,
  component: function MyPartsRoute() {
    return <MyPartsPage k={Route.useSearch().k ?? ''} />;
  },
});
