import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guardedBy } from '../../lib/router-guard';
import { FINANCE_PAGE_CODES } from '../../app/backoffice-rule';
import { listSearch } from '../../ui/list/list-search';
import { FinancePage } from '../../features/orders/FinancePage';
import { financeQuery } from '../../features/orders/queries';
import { WalletPage } from '../../features/wallet/WalletPage';
import { walletQuery } from '../../features/wallet/queries';
import { WALLET_FILTER_NAMES } from '../../features/wallet/list-params';

// ?recharge=RC…: the recharge the provider's page returned from (docs/money.md, "The wallet")
const search = v.intersect([
  listSearch(WALLET_FILTER_NAMES, []),
  v.object({ recharge: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^RC\d{20}$/))), undefined) }),
]);

/** 钱包 above, the order-money summary (我的财务) below. */
export const Route = createFileRoute('/backend/accounting/wallet')({
  validateSearch: search,
  beforeLoad: guardedBy({ auth: true, permissions: FINANCE_PAGE_CODES }),
  loader: ({ context }) => Promise.all([
    context.queryClient.ensureQueryData(walletQuery()).catch(() => undefined),
    context.queryClient.ensureQueryData(financeQuery()).catch(() => undefined),
  ]),
  component: function Wallet() {
    const navigate = Route.useNavigate();
    const { recharge, ...list } = Route.useSearch();
    return (
      <>
        <WalletPage search={list} recharge={recharge} onSearch={(next) => void navigate({ search: next })} />
        <FinancePage />
      </>
    );
  },
});
