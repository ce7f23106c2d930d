import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { CART_CODES } from '../../../shared/contracts/codes';
import { VnMallPage } from '../../features/vnmall/VnMallPage';

/** 越南商城 · Vietnam Mall: a Vietnamese company's search, cart and checkout in dong (docs/overseas.md). */
export const Route = createFileRoute('/_store/vnmall')({
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: VnMallPage,
});
