import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { FollowsPage } from '../../features/basket/FollowsPage';

/** 我的关注 (docs/basket-follows.md): kind=oe or kind=seller narrows the list. */
export const Route = createFileRoute('/_store/follows')({
  validateSearch: v.object({ kind: v.optional(v.fallback(v.optional(v.picklist(['seller', 'oe'])), undefined)) }),
  beforeLoad: guardedBy({ auth: true }),
  component: function Page() {
    return <FollowsPage kind={Route.useSearch().kind} />;
  },
});
