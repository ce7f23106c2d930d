/** Query keys and options of the dong wallet (docs/money.md#money-in-dong): its balance, its entries by page, one recharge. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const vnWalletKeys = {
  all: () => ['vnwallet'] as const,
  balance: () => ['vnwallet', 'balance'] as const,
  entries: (p: PayloadIn<'vnWalletEntries'>) => ['vnwallet', 'entries', p] as const,
  recharge: (no: string) => ['vnwallet', 'recharge', no] as const,
};

export const vnWalletQuery = () =>
  queryOptions({ queryKey: vnWalletKeys.balance(), queryFn: ({ signal }) => request('get', 'vnWalletGet', {}, undefined, { signal, silent: true }), retry: false });

export const vnWalletEntriesQuery = (p: PayloadIn<'vnWalletEntries'>) =>
  queryOptions({ queryKey: vnWalletKeys.entries(p), queryFn: ({ signal }) => request('get', 'vnWalletEntries', p, undefined, { signal, silent: true }), retry: false });

export const vnRechargeQuery = (no: string) =>
  queryOptions({ queryKey: vnWalletKeys.recharge(no), queryFn: ({ signal }) => request('get', 'vnWalletRechargeGet', { recharge_no: no }, undefined, { signal, silent: true }), retry: false });
