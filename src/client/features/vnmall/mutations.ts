/** The Vietnam mall's writes (docs/overseas.md "The Vietnam mall"), with the queries each makes stale. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useKeyedCall } from '../../api/use-call';
import { vnKeys } from './queries';
import { vnWalletKeys } from '../vnwallet/queries';

/** 上架 / 修改条件 of the chosen rows. */
export const useSetVnOffers = () => useKeyedCall('vnOfferSet', { invalidate: [vnKeys.seller()] });
/** 下架 of the chosen rows' own offers. */
export const useRemoveVnOffers = () => useKeyedCall('vnOfferRemove', { invalidate: [vnKeys.seller()] });
export const useAddVnRule = () => useKeyedCall('vnRuleAdd', { invalidate: [vnKeys.seller()] });
export const useRemoveVnRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('delete', 'vnRuleRemove', {}, id, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vnKeys.seller() }),
  });
};

/** The buyer's cart writes answer the cart: it is put in place at once. */
const useCartWrite = <P,>(run: (p: P) => Promise<AnswerOf<'vnCartList'>>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (cart) => queryClient.setQueryData(vnKeys.cart(), cart) });
};
export const useVnCartAdd = () =>
  useCartWrite((p: { stock_id: number; qty: number }) => request('post', 'vnCartAdd', p, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }));
export const useVnCartQty = () =>
  useCartWrite((p: { id: number; qty: number }) => request('post', 'vnCartSetQty', p, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }));
export const useVnCartRemove = () =>
  useCartWrite((ids: number[]) => request('post', 'vnCartRemove', { ids }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }));
/** 下单: under the page's key until it succeeds; the cart and the seller's lists read again. */
export const useVnCheckout = () => useKeyedCall('vnCheckout', { invalidate: [vnKeys.all()], refetch: 'background' });
/** 支付 of a mall order from the dong wallet: the orders and the wallet read again. */
export const useVnOrderPay = () => useKeyedCall('vnOrderPay', { invalidate: [vnKeys.all(), vnWalletKeys.all()] });
