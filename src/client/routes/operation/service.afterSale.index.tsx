import { createFileRoute, redirect } from '@tanstack/react-router';

/** The specification's /operation/service/afterSale is the 售后 list at /operation/service (docs/api.md, "Pages at the specification's paths"). */
export const Route = createFileRoute('/operation/service/afterSale/')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/operation/service', search: search as never, replace: true });
  },
});
