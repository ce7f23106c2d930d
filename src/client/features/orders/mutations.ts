import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { useKeyedMove } from '../../api/use-keyed-move';
import { useFormWrite } from '../../ui/form/form';
import { cartKeys } from '../cart/queries';
import { clearDraft, type CheckoutDraft } from './checkout-draft';
import { orderKeys } from './queries';

/**
 * 付款 (docs/money.md, "Paying orders"): one payment of these orders from the wallet or through the
 * provider. The Idempotency-Key lives until it succeeds, so pressing again after a lost answer
 * replays the same payment; the orders and the wallet are read again either way.
 */
export const useOrderPay = () => {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (p: PayloadIn<'orderPay'>) => {
      key.current ??= crypto.randomUUID();
      return request('post', 'orderPay', p, undefined, { idempotencyKey: key.current, silent: true });
    },
    onSuccess: () => { key.current = null; },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all() }),
  });
};

/** 收款设置: whether the seller takes offline payments. */
export const useSavePaySetting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offline_allowed: boolean) => request('post', 'sellerPaySettingSave', { offline_allowed }, undefined, { idempotencyKey: crypto.randomUUID(), silent: true }),
    onSuccess: (data) => queryClient.setQueryData(orderKeys.paySetting(), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all() }),
  });
};

export type OrderMove = 'orderConfirm' | 'orderReject' | 'orderDeliver' | 'orderOfflinePayment' | 'orderCancel' | 'orderReceipt';

/** One move of an order (api/use-keyed-move.ts); the order is fetched again either way. */
export const useOrderMove = <N extends OrderMove>(name: N) =>
  useKeyedMove(name, { detailKey: (data) => orderKeys.detail(data.order_no), invalidate: [orderKeys.all()] });

/**
 * 提交订单 on the desktop's order form (useForm().submit, under the draft's Idempotency-Key); the
 * page drops the draft once the orders are placed, and the cart and orders are read again.
 */
export const useCheckoutWrite = () => useFormWrite('cartSubmit', { invalidate: [cartKeys.all(), orderKeys.all()] });

/**
 * 提交订单 on the phone: the ticked lines at the total the page showed, under the draft's
 * Idempotency-Key (the same call and key as the desktop's useCheckoutWrite); once placed, the
 * draft goes and the cart and orders are read again. Answers the checkout number, or rejects with the refusal as thrown by the request.
 */
export const useSubmitCheckout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (p: { userUuid: string; draft: CheckoutDraft; lineIds: number[]; totalFen: number; typeCode: '配件产品' | '临时产品'; sellerIds: number[]; vouchers?: Array<{ company_id: number; claim_id: number }> }) => {
      const answer = await request('post', 'cartSubmit', {
        cart_ids: p.lineIds, expected_total_fen: p.totalFen, type_code: p.typeCode,
        contact_name: p.draft.contact_name, contact_phone: p.draft.contact_phone, address: p.draft.address,
        remarks: p.sellerIds.map((id) => ({ company_id: id, remark: p.draft.remarks[id] ?? '' })).filter((r) => r.remark.trim() !== ''),
        vouchers: p.vouchers ?? [],
      }, undefined, { idempotencyKey: p.draft.key, silent: true });
      clearDraft(p.userUuid);
      return answer;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.all() });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all() });
    },
  });
};

/**
 * 现货下单 from a result (docs/spot-goods.md): the spot row into the cart (one piece, the cart's own
 * write and rules, under a fresh Idempotency-Key); answers the cart line, which
 * /cart/order/spotCreate then orders.
 */
export const useSpotToCart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stockId: number) => request('post', 'cartAdd', { stock_id: stockId, qty: 1 }, undefined, { idempotencyKey: crypto.randomUUID(), silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all() }),
  });
};

/** 提交现货订单 on /cart/order/spotCreate (useForm().submit, under the form's Idempotency-Key). */
export const useSpotCreateWrite = () => useFormWrite('spotCreate', { invalidate: [cartKeys.all(), orderKeys.all()] });
