import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { useFormWrite } from '../../ui/form/form';
import { walletKeys } from './queries';

/** 充值: starts a recharge under the form's Idempotency-Key; the page then goes to the provider's checkout. */
export const useWalletRecharge = () => useFormWrite('walletRecharge', { invalidate: [walletKeys.all()] });

/** 添加银行卡 (a form): the card waits for the platform's check. */
export const useBankCardAdd = () => useFormWrite('bankCardAdd', { invalidate: [walletKeys.all()] });

/** 申请提现 (a form): the amount moves from available to frozen. */
export const useWithdrawalApply = () => useFormWrite('withdrawalApply', { invalidate: [walletKeys.all()] });

/** 删除银行卡, asked first on the page. */
export const useBankCardRemove = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('post', 'bankCardRemove', { id }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all() }),
  });
};
