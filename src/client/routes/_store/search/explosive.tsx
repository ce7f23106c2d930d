import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * /search/explosive (爆炸图) is an alias of the illustration search (requirements 000-2;
 * docs/search.md, "VIN, vehicle and illustration"): the same address params, replaced in place.
 */
export const Route = createFileRoute('/_store/search/explosive')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/search/parts/illustration', search: search as never, replace: true });
  },
});
