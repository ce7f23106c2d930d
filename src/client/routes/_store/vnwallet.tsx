import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { VnWalletPage } from '../../features/vnwallet/VnWalletPage';
import { vnWalletQuery } from '../../features/vnwallet/queries';

// ?recharge=VR…: the dong recharge the provider's page returned from (docs/money.md#money-in-dong)
const search = v.object({ recharge: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^VR\d{20}$/))), undefined) });

/** 越南盾钱包 · Ví VND: a Vietnamese company's dong wallet and its recharges (docs/money.md#money-in-dong). */
export const Route = createFileRoute('/_store/vnwallet')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true }),
  loader: ({ context }) => context.queryClient.ensureQueryData(vnWalletQuery()).catch(() => undefined),
  component: function VnWallet() {
    const { recharge } = Route.useSearch();
    return <VnWalletPage recharge={recharge} />;
  },
});
