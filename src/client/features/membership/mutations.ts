import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useCall, useKeyedCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { membershipKeys } from './queries';
import { checkoutDevice } from '../mobile/counterparts';

/**
 * The package order's writes. Each is refused silently (the page says why); those that must not
 * act twice take the page's Idempotency-Key, kept until they succeed.
 */

export const useCreatePackageOrder = () => useKeyedCall('createPackageOrder');

/** Starts the provider's checkout; refused, the order is fetched again (it may have changed). */
export const usePayPackageOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => request('post', 'payPackageOrder', { order_no: orderNo, device: checkoutDevice() }, undefined, { silent: true }),
    onError: (_e, orderNo) => {
      // the page says why at once; the order is read again meanwhile
      void queryClient.invalidateQueries({ queryKey: membershipKeys.order(orderNo) });
    },
  });
};

export const useCancelPackageOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, idempotencyKey }: { orderNo: string; idempotencyKey: string }) =>
      request('post', 'cancelPackageOrder', { order_no: orderNo }, undefined, { silent: true, idempotencyKey }),
    onSuccess: (order, { orderNo }) => queryClient.setQueryData(membershipKeys.order(orderNo), order),
  });
};

/** 使用优惠码, the promotion form's save (useForm().submit); the page puts the answered order in its cache. */
export const useApplyPromotionWrite = () => useFormWrite('applyPackagePromotion');

/** 使用 or 不使用优惠码 on a pending order (code null: remove it). */
export const usePackagePromotion = () =>
  useMutation({
    mutationFn: ({ orderNo, code, idempotencyKey }: { orderNo: string; code: string | null; idempotencyKey: string }) =>
      code === null
        ? request('post', 'removePackagePromotion', { order_no: orderNo }, undefined, { silent: true, idempotencyKey })
        : request('post', 'applyPackagePromotion', { order_no: orderNo, code }, undefined, { silent: true, idempotencyKey }),
  });

/** The sandbox provider's 确认支付 / 取消支付. */
export const useSandboxConfirm = () => useCall('sandboxConfirm');
