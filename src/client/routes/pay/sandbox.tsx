import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SandboxCheckoutPage } from '../../features/membership/SandboxCheckoutPage';

/** The sandbox payment provider's checkout: outside the storefront layout, like a provider's own page; its signed token authorises it. */
export const Route = createFileRoute('/pay/sandbox')({
  validateSearch: v.object({ token: v.fallback(v.string(), '') }),
  component: function SandboxRoute() {
    const { token } = Route.useSearch();
    return <SandboxCheckoutPage key={token} token={token} />;
  },
});
