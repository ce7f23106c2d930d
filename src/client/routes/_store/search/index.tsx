import { createFileRoute, redirect } from '@tanstack/react-router';

// /search is an alias of /search/parts (requirements 000-2)
export const Route = createFileRoute('/_store/search/')({ beforeLoad: () => { throw redirect({ to: '/search/parts', replace: true }); } });
