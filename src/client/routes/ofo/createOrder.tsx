import { createFileRoute } from '@tanstack/react-router';
import { CART_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { MobileCheckoutPage } from '../../features/mobile/MobileCheckoutPage';

export const Route = createFileRoute('/ofo/createOrder')({
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: MobileCheckoutPage,
});
