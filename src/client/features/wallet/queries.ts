import { queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { fileRequest, request, saveDownload } from '../../api/request';
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

/** Query keys of bank cards and withdrawals (under the wallet's, so a money write refreshes all). */
export const moneyKeys = {
  cards: () => ['wallet', 'cards'] as const,
  withdrawals: (p: PayloadIn<'withdrawalList'>) => ['wallet', 'withdrawals', p] as const,
};

export const bankCardsQuery = () =>
  queryOptions({ queryKey: moneyKeys.cards(), queryFn: ({ signal }) => request('get', 'bankCardList', {}, undefined, { signal, silent: true }), retry: false });

export const withdrawalsQuery = (p: PayloadIn<'withdrawalList'>) =>
  queryOptions({ queryKey: moneyKeys.withdrawals(p), queryFn: ({ signal }) => request('get', 'withdrawalList', p, undefined, { signal, silent: true }), retry: false });

/** 导出XLSX of the entries with the page's filters, every page (GET /api/wallet/export, built by the server with the list call's rules). */
export const downloadWalletExport = async (p: Pick<PayloadIn<'walletEntries'>, 'kind' | 'date_from' | 'date_to'>) => {
  const query = new URLSearchParams(Object.entries(p).filter(([, val]) => val !== undefined && val !== '').map(([k, val]) => [k, String(val)]));
  await saveDownload(await fileRequest(`/api/wallet/export?${query.toString()}`), `钱包收支明细-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
};
