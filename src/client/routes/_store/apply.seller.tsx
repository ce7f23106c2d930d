import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { SellerApplyPage } from '../../features/seller-apply/SellerApplyPage';
import { myApplicationQuery } from '../../features/seller-apply/queries';

export const Route = createFileRoute('/_store/apply/seller')({
  beforeLoad: guardedBy({ auth: true }),
  loader: ({ context }) => context.queryClient.ensureQueryData(myApplicationQuery()),
  component: SellerApplyPage,
});
