import { createFileRoute } from '@tanstack/react-router';
import { CART_CODES } from '../../../shared/contracts/codes';
import { guardedBy } from '../../lib/router-guard';
import { MobileAddressPage } from '../../features/mobile/MobileAddressPage';

export const Route = createFileRoute('/ofo/address')({
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: MobileAddressPage,
});
