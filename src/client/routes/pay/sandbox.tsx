import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SandboxCheckoutPage } from '../../features/membership/SandboxCheckoutPage';
import { guardedBy } from '../../lib/router-guard';

/** The sandbox payment provider's checkout: outside the storefront layout, like a provider's own page; its signed token and the payer's session authorise it. */
export const Route = createFileRoute('/pay/sandbox')({
  validateSearch: v.object({ token: v.fallback(v.string(), '') }),
  // the sandbox takes no money: only the payer's own session confirms
  beforeLoad: guardedBy({ auth: true }),
  component: function SandboxRoute() {
    const { token } = Route.useSearch();
    return <SandboxCheckoutPage key={token} token={token} />;
  },
});
