/** The rows of the Vietnam mall's pages, named once from the contract. */
import type { AnswerOf } from '../../../shared/contracts';

export type VnSellerRow = AnswerOf<'vnOfferList'>['data'][number];
export type VnRule = AnswerOf<'vnRuleList'>[number];
export type VnRate = AnswerOf<'vnMallOverview'>['rate'];
export type VnOrder = AnswerOf<'vnMallOverview'>['orders'][number];
export type VnOffer = AnswerOf<'vnMallSearch'>['data'][number];
export type VnCart = AnswerOf<'vnCartList'>;
