import { createFileRoute, redirect } from '@tanstack/react-router';

/** The list's earlier address: the specification's /operation/order is the page (docs/api.md, "Pages at the specification's paths"). */
export const Route = createFileRoute('/operation/orders')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/operation/order', search: search as never, replace: true });
  },
});
