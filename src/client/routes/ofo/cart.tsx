import { createFileRoute } from '@tanstack/react-router';
import { CART_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { MobileCartPage } from '../../features/mobile/MobileCartPage';

export const Route = createFileRoute('/ofo/cart')({
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: MobileCartPage,
});
