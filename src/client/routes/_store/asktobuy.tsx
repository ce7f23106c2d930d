import { createFileRoute, redirect } from '@tanstack/react-router';

/** /asktobuy (requirements 000-2): the buyer's wanted requests live on 我的询价 / 我的求购, so old links land there. */
export const Route = createFileRoute('/_store/asktobuy')({
  beforeLoad: () => {
    throw redirect({ to: '/enquiry/list', replace: true });
  },
});
