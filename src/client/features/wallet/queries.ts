import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import type { PayloadIn } from '../../../shared/contracts';

/** Query keys of the company wallet: its balance, its entries by filter, one recharge. */
export const walletKeys = {
  all: () => ['wallet'] as const,
  balance: () => ['wallet', 'balance'] as const,
  entries: (p: PayloadIn<'walletEntries'>) => ['wallet', 'entries', p] as const,
  recharge: (no: string) => ['wallet', 'recharge', no] as const,
};

export const walletQuery = () =>
  queryOptions({ queryKey: walletKeys.balance(), queryFn: ({ signal }) => request('get', 'walletGet', {}, undefined, { signal, silent: true }), retry: false });

export const walletEntriesQuery = (p: PayloadIn<'walletEntries'>) =>
  queryOptions({ queryKey: walletKeys.entries(p), queryFn: ({ signal }) => request('get', 'walletEntries', p, undefined, { signal, silent: true }), retry: false });

export const rechargeQuery = (no: string) =>
  queryOptions({ queryKey: walletKeys.recharge(no), queryFn: ({ signal }) => request('get', 'walletRechargeGet', { recharge_no: no }, undefined, { signal, silent: true }), retry: false });
