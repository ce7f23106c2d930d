import { createFileRoute } from '@tanstack/react-router';
import { guardedBy } from '../../lib/router-guard';
import { CART_CODES } from '../../../shared/contracts/codes';
import { BasketPage } from '../../features/basket/BasketPage';

/** 常购清单 (spec 000 §3 /basket, docs/basket-follows.md): the page reads the device's copy when offline, so no loader. */
export const Route = createFileRoute('/_store/basket')({
  beforeLoad: guardedBy({ auth: true, permissions: CART_CODES }),
  component: BasketPage,
});
