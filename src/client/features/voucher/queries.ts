/** Query keys and options of vouchers (券, docs/vouchers.md): /ticket, the checkout's choice, the seller's, accounting's and the operator's lists. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const voucherKeys = {
  all: () => ['voucher'] as const,
  center: () => ['voucher', 'center'] as const,
  mine: (p: PayloadIn<'voucherMine'>) => ['voucher', 'mine', p] as const,
  checkout: (p: PayloadIn<'voucherCheckout'>) => ['voucher', 'checkout', p] as const,
  templates: (p: PayloadIn<'voucherTemplates'>) => ['voucher', 'templates', p] as const,
  uses: (p: PayloadIn<'voucherUses'>) => ['voucher', 'uses', p] as const,
  opTemplates: (p: PayloadIn<'opVoucherTemplates'>) => ['voucher', 'op', 'templates', p] as const,
  opRecord: (p: PayloadIn<'opVoucherRecord'>) => ['voucher', 'op', 'record', p] as const,
};

export const voucherCenterQuery = () =>
  queryOptions({ queryKey: voucherKeys.center(), queryFn: ({ signal }) => request('get', 'voucherCenter', {}, undefined, { signal, silent: true }), retry: false });
export const voucherMineQuery = (p: PayloadIn<'voucherMine'>) =>
  queryOptions({ queryKey: voucherKeys.mine(p), queryFn: ({ signal }) => request('get', 'voucherMine', p, undefined, { signal, silent: true }), retry: false });
/** the checkout's vouchers for these cart lines (the page's ticked lines) */
export const voucherCheckoutQuery = (p: PayloadIn<'voucherCheckout'>) =>
  queryOptions({ queryKey: voucherKeys.checkout(p), queryFn: ({ signal }) => request('get', 'voucherCheckout', p, undefined, { signal, silent: true }), retry: false, staleTime: 0 });
export const voucherTemplatesQuery = (p: PayloadIn<'voucherTemplates'>) =>
  queryOptions({ queryKey: voucherKeys.templates(p), queryFn: ({ signal }) => request('get', 'voucherTemplates', p, undefined, { signal, silent: true }), retry: false });
export const voucherUsesQuery = (p: PayloadIn<'voucherUses'>) =>
  queryOptions({ queryKey: voucherKeys.uses(p), queryFn: ({ signal }) => request('get', 'voucherUses', p, undefined, { signal, silent: true }), retry: false });
export const opVoucherTemplatesQuery = (p: PayloadIn<'opVoucherTemplates'>) =>
  queryOptions({ queryKey: voucherKeys.opTemplates(p), queryFn: ({ signal }) => request('get', 'opVoucherTemplates', p, undefined, { signal, silent: true }), retry: false });
export const opVoucherRecordQuery = (p: PayloadIn<'opVoucherRecord'>) =>
  queryOptions({ queryKey: voucherKeys.opRecord(p), queryFn: ({ signal }) => request('get', 'opVoucherRecord', p, undefined, { signal, silent: true }), retry: false });
