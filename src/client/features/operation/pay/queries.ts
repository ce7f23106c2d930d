/** Query keys and options of 支付记录 and 优惠码. */
import { queryOptions } from '@tanstack/react-query';
import type { PayloadIn } from '../../../../shared/contracts';
import { request } from '../../../api/request';

export const opPayKeys = {
  payList: (p: PayloadIn<'opPayList'>) => ['op', 'pay', p] as const,
  promotions: () => ['op', 'promotion'] as const,
  promotionList: (p: PayloadIn<'opPromotionList'>) => ['op', 'promotion', p] as const,
};

export const payListQuery = (p: PayloadIn<'opPayList'>) =>
  queryOptions({ queryKey: opPayKeys.payList(p), queryFn: ({ signal }) => request('get', 'opPayList', p, undefined, { signal }) });
export const promotionListQuery = (p: PayloadIn<'opPromotionList'>) =>
  queryOptions({ queryKey: opPayKeys.promotionList(p), queryFn: ({ signal }) => request('get', 'opPromotionList', p, undefined, { signal }) });
