/** The operator's money writes: withdrawal steps, card checks, adjustments and the reconciliation run. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../../shared/contracts';
import { request } from '../../../../api/request';
import { useFormWrite } from '../../../../ui/form/form';
import { opMoneyKeys } from './queries';

const useOpWrite = <N extends 'opWithdrawalApprove' | 'opWithdrawalPay' | 'opBankCardDecide' | 'opAdjustmentDecide'>(name: N) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadIn<N>) => request('post', name, payload, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opMoneyKeys.all() }),
  });
};

/** 审核通过 a withdrawal. */
export const useApproveWithdrawal = () => useOpWrite('opWithdrawalApprove');
/** 标记已打款. */
export const usePayWithdrawal = () => useOpWrite('opWithdrawalPay');
/** 通过 a bank card (not passing one is the reason form below). */
export const useDecideCard = () => useOpWrite('opBankCardDecide');
/** 复核通过 an adjustment. */
export const useDecideAdjustment = () => useOpWrite('opAdjustmentDecide');

/** 拒绝 a withdrawal with a reason (a form). */
export const useRejectWithdrawal = () => useFormWrite('opWithdrawalReject', { invalidate: [opMoneyKeys.all()] });
/** 不通过 a card with a reason (a form). */
export const useRejectCard = () => useFormWrite('opBankCardDecide', { invalidate: [opMoneyKeys.all()] });
/** 提交调账 (a form). */
export const useCreateAdjustment = () => useFormWrite('opAdjustmentCreate', { invalidate: [opMoneyKeys.all()] });
/** 驳回 an adjustment with a note (a form). */
export const useRejectAdjustment = () => useFormWrite('opAdjustmentDecide', { invalidate: [opMoneyKeys.all()] });

/** 运行核对: writes nothing; the answer is the report. */
export const useReconcile = () => useMutation({ mutationFn: (fast: boolean) => request('post', 'opReconcile', { fast }, undefined, { silent: true }) });
/** 切换支付渠道 (one pick, answered with the channels as they now are). */
export const useSetPayChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) => request('post', 'opPayChannelSet', { provider }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (data) => {
      queryClient.setQueryData(opMoneyKeys.channels(), data);
      return queryClient.invalidateQueries({ queryKey: opMoneyKeys.all() });
    },
  });
};
