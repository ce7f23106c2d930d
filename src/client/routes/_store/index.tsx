import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/HomePage';
import { adsQuery, BANNER_CODES } from '../../features/system/queries';

export const Route = createFileRoute('/_store/')({
  // the banner is the page's largest paint and waits for the ads' answer: asked for while the
  // page's chunks load, not after they have rendered (the page reads the same query)
  loader: ({ context }) => {
    if (navigator.onLine) void context.queryClient.prefetchQuery(adsQuery(BANNER_CODES));
  },
  component: HomePage,
});
