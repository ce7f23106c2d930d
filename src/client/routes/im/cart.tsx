import { createFileRoute, redirect } from '@tanstack/react-router';

/** The /im area's cart is the phone mall's: one page, not a copy. */
export const Route = createFileRoute('/im/cart')({
  beforeLoad: () => {
    throw redirect({ to: '/ofo/cart', replace: true });
  },
});
