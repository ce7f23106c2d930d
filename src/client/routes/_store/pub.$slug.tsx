import { createFileRoute } from '@tanstack/react-router';
import { PubPageView } from '../../features/storefront/pub/PubPageView';

/** 公共页面: a published page for anyone (docs/platform-settings.md#public-pages). */
export const Route = createFileRoute('/_store/pub/$slug')({
  component: function Pub() {
    return <PubPageView slug={Route.useParams().slug} />;
  },
});
