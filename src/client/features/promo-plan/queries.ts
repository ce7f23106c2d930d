/** Query keys and options of sellers' promotion plans (营销 · 促销计划, docs/promotions.md). */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';

export const promoPlanKeys = {
  all: () => ['promo-plan'] as const,
  list: (p: PayloadIn<'promoPlans'>) => ['promo-plan', 'list', p] as const,
};

export const promoPlansQuery = (p: PayloadIn<'promoPlans'>) =>
  queryOptions({ queryKey: promoPlanKeys.list(p), queryFn: ({ signal }) => request('get', 'promoPlans', p, undefined, { signal, silent: true }), retry: false });
