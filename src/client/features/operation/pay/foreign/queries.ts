/** Query keys and options of 海外账户 and 海外充值 (docs/money.md#money-in-dong). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../../shared/contracts';
import { request } from '../../../../api/request';

export const opForeignPayKeys = {
  all: () => ['op', 'foreign-pay'] as const,
  accounts: (p: PayloadIn<'opForeignAccounts'>) => ['op', 'foreign-pay', 'accounts', p] as const,
  entries: (p: PayloadIn<'opForeignAccountEntries'>) => ['op', 'foreign-pay', 'entries', p] as const,
  recharges: (p: PayloadIn<'opForeignRecharges'>) => ['op', 'foreign-pay', 'recharges', p] as const,
};

export const opForeignAccountsQuery = (p: PayloadIn<'opForeignAccounts'>) =>
  queryOptions({ queryKey: opForeignPayKeys.accounts(p), queryFn: ({ signal }) => request('get', 'opForeignAccounts', p, undefined, { signal }) });
export const opForeignEntriesQuery = (p: PayloadIn<'opForeignAccountEntries'>) =>
  queryOptions({ queryKey: opForeignPayKeys.entries(p), queryFn: ({ signal }) => request('get', 'opForeignAccountEntries', p, undefined, { signal }) });
export const opForeignRechargesQuery = (p: PayloadIn<'opForeignRecharges'>) =>
  queryOptions({ queryKey: opForeignPayKeys.recharges(p), queryFn: ({ signal }) => request('get', 'opForeignRecharges', p, undefined, { signal }) });
