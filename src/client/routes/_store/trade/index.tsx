import { createFileRoute, redirect } from '@tanstack/react-router';

/** /trade without an id is the circle list. */
export const Route = createFileRoute('/_store/trade/')({
  beforeLoad: () => {
    throw redirect({ to: '/trade/list', search: { k: '' }, replace: true });
  },
});
