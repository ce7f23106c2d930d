import { createFileRoute, redirect } from '@tanstack/react-router';

/** The list's earlier address: the specification's /operation/enquiry is the page (docs/api.md, "Pages at the specification's paths"). */
export const Route = createFileRoute('/operation/enquiries')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/operation/enquiry', search: search as never, replace: true });
  },
});
