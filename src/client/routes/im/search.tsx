import { createFileRoute, redirect } from '@tanstack/react-router';
import { mobileSearchSchema } from '../../features/mobile/search-params';

/** The /im area's search is the phone mall's: one page, not a copy. */
export const Route = createFileRoute('/im/search')({
  validateSearch: mobileSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/ofo/search', search, replace: true });
  },
});
