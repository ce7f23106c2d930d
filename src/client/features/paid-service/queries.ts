/** Query keys and options of 付费服务: the company's catalogue and purchases, the operator's catalogue, records and agreements. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const serviceKeys = {
  all: () => ['paid-service'] as const,
  catalogue: () => ['paid-service', 'catalogue'] as const,
  purchases: (p: PayloadIn<'paidServicePurchases'>) => ['paid-service', 'purchases', p] as const,
  opProducts: () => ['paid-service', 'op', 'products'] as const,
  opRecords: (p: PayloadIn<'opPaidServiceRecords'>) => ['paid-service', 'op', 'records', p] as const,
  opAgreements: () => ['paid-service', 'op', 'agreements'] as const,
  opAcceptances: (p: PayloadIn<'opAgreementAcceptances'>) => ['paid-service', 'op', 'acceptances', p] as const,
  opPromotions: (p: PayloadIn<'opPaidPromotions'>) => ['paid-service', 'op', 'promotions', p] as const,
  opPromotionUses: (p: PayloadIn<'opPaidPromotionUses'>) => ['paid-service', 'op', 'promotion-uses', p] as const,
};

export const catalogueQuery = () =>
  queryOptions({ queryKey: serviceKeys.catalogue(), queryFn: ({ signal }) => request('get', 'paidServiceCatalogue', {}, undefined, { signal, silent: true }), retry: false });
export const purchasesQuery = (p: PayloadIn<'paidServicePurchases'>) =>
  queryOptions({ queryKey: serviceKeys.purchases(p), queryFn: ({ signal }) => request('get', 'paidServicePurchases', p, undefined, { signal, silent: true }), retry: false });
export const opProductsQuery = () =>
  queryOptions({ queryKey: serviceKeys.opProducts(), queryFn: ({ signal }) => request('get', 'opPaidServiceProducts', {}, undefined, { signal, silent: true }), retry: false });
export const opRecordsQuery = (p: PayloadIn<'opPaidServiceRecords'>) =>
  queryOptions({ queryKey: serviceKeys.opRecords(p), queryFn: ({ signal }) => request('get', 'opPaidServiceRecords', p, undefined, { signal, silent: true }), retry: false });
export const opAgreementsQuery = () =>
  queryOptions({ queryKey: serviceKeys.opAgreements(), queryFn: ({ signal }) => request('get', 'opAgreements', {}, undefined, { signal, silent: true }), retry: false });
export const opAcceptancesQuery = (p: PayloadIn<'opAgreementAcceptances'>) =>
  queryOptions({ queryKey: serviceKeys.opAcceptances(p), queryFn: ({ signal }) => request('get', 'opAgreementAcceptances', p, undefined, { signal, silent: true }), retry: false });
export const opPromotionsQuery = (p: PayloadIn<'opPaidPromotions'>) =>
  queryOptions({ queryKey: serviceKeys.opPromotions(p), queryFn: ({ signal }) => request('get', 'opPaidPromotions', p, undefined, { signal, silent: true }), retry: false });
export const opPromotionUsesQuery = (p: PayloadIn<'opPaidPromotionUses'>) =>
  queryOptions({ queryKey: serviceKeys.opPromotionUses(p), queryFn: ({ signal }) => request('get', 'opPaidPromotionUses', p, undefined, { signal, silent: true }), retry: false });
