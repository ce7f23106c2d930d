/** Query keys and options of 提现审核, 银行卡审核, 账户 and 调账 (docs/money.md). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../../shared/contracts';
import { request } from '../../../../api/request';

export const opMoneyKeys = {
  all: () => ['op', 'money'] as const,
  withdrawals: (p: PayloadIn<'opWithdrawalList'>) => ['op', 'money', 'withdrawals', p] as const,
  cards: (p: PayloadIn<'opBankCardList'>) => ['op', 'money', 'cards', p] as const,
  accounts: (p: PayloadIn<'opPayAccounts'>) => ['op', 'money', 'accounts', p] as const,
  adjustments: (p: PayloadIn<'opAdjustmentList'>) => ['op', 'money', 'adjustments', p] as const,
  channels: () => ['op', 'money', 'channels'] as const,
};

export const opWithdrawalsQuery = (p: PayloadIn<'opWithdrawalList'>) =>
  queryOptions({ queryKey: opMoneyKeys.withdrawals(p), queryFn: ({ signal }) => request('get', 'opWithdrawalList', p, undefined, { signal }) });
export const opCardsQuery = (p: PayloadIn<'opBankCardList'>) =>
  queryOptions({ queryKey: opMoneyKeys.cards(p), queryFn: ({ signal }) => request('get', 'opBankCardList', p, undefined, { signal }) });
export const opAccountsQuery = (p: PayloadIn<'opPayAccounts'>) =>
  queryOptions({ queryKey: opMoneyKeys.accounts(p), queryFn: ({ signal }) => request('get', 'opPayAccounts', p, undefined, { signal }) });
export const opAdjustmentsQuery = (p: PayloadIn<'opAdjustmentList'>) =>
  queryOptions({ queryKey: opMoneyKeys.adjustments(p), queryFn: ({ signal }) => request('get', 'opAdjustmentList', p, undefined, { signal }) });
export const opPayChannelsQuery = () =>
  queryOptions({ queryKey: opMoneyKeys.channels(), queryFn: ({ signal }) => request('get', 'opPayChannels', {}, undefined, { signal }) });
