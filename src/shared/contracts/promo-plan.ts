/**
 * Sellers' promotion plans (营销 · 促销计划, M13, docs/promotions.md): the seller's list, create,
 * edit and the state moves (启用, 暂停, 结束). Search, the cart and the checkout apply them.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { MAX_ID, wholeNumberOf } from './common';
import { pageSizeField } from './page-size';
import { fenField } from './money-field';
import { CUSTOMER_PRICE_LEVELS } from '../domain/customer';
import {
  PROMO_ACTIONS, PROMO_BUYERS, PROMO_CODES, PROMO_FEN_MAX, PROMO_KINDS, PROMO_LIST_MAX, PROMO_NAME_MAX, PROMO_SCOPES, PROMO_STATES,
} from '../domain/promo-plans';

export const PROMO_PLAN_CODES = PROMO_CODES;

export const promoText = {
  name: `请填写计划名称（1到${PROMO_NAME_MAX}个字）`,
  kind: '优惠方式只能是 percent（打折）或 amount（每件减价）',
  percent: '折扣应为1到99之间的整数（减免的百分比，如 10 即九折）',
  offFen: '请填写每件减免的金额',
  minPrice: '最低促销价应为不小于0的金额',
  scope: '适用配件只能是 all（全部库存）、brands（指定品牌）或 categories（指定配件分类）',
  brandIds: '请选择适用的配件品牌',
  brandUnknown: '适用品牌中有不存在的品牌',
  categoryIds: '请选择适用的配件分类',
  categoryUnknown: '适用配件分类中有不存在的分类',
  buyers: '适用买家只能是 all（全部买家）、levels（指定客户等级）或 customers（指定客户）',
  levels: '请选择适用的客户等级',
  customerIds: '请选择适用的客户',
  customerUnknown: '适用客户中有不是本企业客户的企业',
  startAt: '请选择开始时间',
  endAt: '请选择结束时间',
  window: '结束时间应晚于开始时间',
  ended: '结束时间已过，请选择以后的时间',
  state: '保存后的状态只能是 draft（草稿）或 active（启用）',
  action: '操作只能是 activate（启用）、pause（暂停）或 end（结束）',
  planId: '请选择促销计划',
  page: '页码应为正整数',
  // refusals of the service
  notFound: '促销计划不存在或不属于本公司',
  notSeller: '只有卖家可以设置促销计划，请先申请成为卖家',
  endedNoEdit: '该促销计划已结束，不能再修改',
  expired: '该促销计划的结束时间已过，请先修改结束时间再启用',
  move: (from: string, action: string) => `该促销计划${from}，不能${action}`,
} as const;

const int = wholeNumberOf;
const unix = (text: string) => int(text, 1, 4_102_444_800);
const idList = (text: string) => v.optional(v.pipe(v.array(int(text, 1, MAX_ID), text), v.maxLength(PROMO_LIST_MAX, text)), []);

const planFields = {
  name: v.pipe(v.string(promoText.name), v.trim(), v.minLength(1, promoText.name), v.maxLength(PROMO_NAME_MAX, promoText.name)),
  kind: v.picklist(PROMO_KINDS, promoText.kind),
  /** percent: 1..99 off (amount: 0) */
  percent_off: v.optional(int(promoText.percent, 0, 99), 0),
  /** amount: fen off each piece (percent: 0) */
  off_fen: v.optional(fenField('每件减免', 0, PROMO_FEN_MAX), 0),
  /** the unit price never goes below it (0: no floor of its own), fen */
  min_price_fen: v.optional(fenField('最低促销价', 0, PROMO_FEN_MAX), 0),
  scope: v.picklist(PROMO_SCOPES, promoText.scope),
  part_brand_ids: idList(promoText.brandIds),
  category_ids: idList(promoText.categoryIds),
  buyers: v.picklist(PROMO_BUYERS, promoText.buyers),
  price_levels: v.optional(v.pipe(v.array(v.picklist(CUSTOMER_PRICE_LEVELS, promoText.levels), promoText.levels), v.maxLength(4, promoText.levels)), []),
  customer_ids: idList(promoText.customerIds),
  start_at: unix(promoText.startAt),
  end_at: unix(promoText.endAt),
};

export const promoPlanSchema = v.object({
  id: v.number(),
  name: v.string(),
  kind: v.picklist(PROMO_KINDS),
  percent_off: v.number(),
  off_fen: v.number(),
  min_price_fen: v.number(),
  scope: v.picklist(PROMO_SCOPES),
  part_brand_ids: v.array(v.number()),
  /** the brands' names, joined with 、 */
  part_brand_names: v.string(),
  category_ids: v.array(v.number()),
  category_names: v.string(),
  buyers: v.picklist(PROMO_BUYERS),
  price_levels: v.array(v.picklist(CUSTOMER_PRICE_LEVELS)),
  customer_ids: v.array(v.number()),
  customer_names: v.string(),
  start_at: v.number(),
  end_at: v.number(),
  state: v.picklist(PROMO_STATES),
  /** 草稿, 未开始, 进行中, 已暂停, 已结束 */
  state_name: v.string(),
  created_at: v.number(),
  updated_at: v.number(),
  /** order lines charged under it (not cancelled or rejected orders) and what it took off them, fen */
  lines: v.number(),
  saved_fen: v.number(),
});
export type PromoPlan = v.InferOutput<typeof promoPlanSchema>;


const stateFilter = v.optional(v.picklist(['', ...PROMO_STATES], '状态只能是 draft、active、paused 或 ended'), '');

export const promoPlanEndpoints = {
  promoPlans: defineEndpoint({
    method: 'get', path: '/promo/plans', tag: 'promotions', access: 'user', permissions: PROMO_PLAN_CODES,
    summary: '营销 · 促销计划：本公司的促销计划（状态、适用范围、已成交明细数与让利金额），按状态和名称筛选，分页',
    payload: v.object({
      state: stateFilter,
      q: v.optional(v.pipe(v.string(promoText.name), v.trim(), v.maxLength(PROMO_NAME_MAX, promoText.name)), ''),
      page_number: v.optional(int(promoText.page, 1, 100000), 1),
      page_size: pageSizeField(50),
    }),
    answer: v.object({ data: v.array(promoPlanSchema), total: v.number() }),
  }),
  promoPlanCreate: defineEndpoint({
    method: 'post', path: '/promo/plans', tag: 'promotions', access: 'user', permissions: PROMO_PLAN_CODES, idempotent: true,
    summary: '新建促销计划：打折（1到99%）或每件减价，适用全部库存、指定品牌或配件分类，适用全部买家、指定客户等级或客户，起止时间，最低促销价；state=draft 存为草稿，active 立即启用；同一配件多个计划时买家得到最低价，不叠加',
    payload: v.object({ ...planFields, state: v.optional(v.picklist(['draft', 'active'], promoText.state), 'active') }),
    answer: promoPlanSchema,
  }),
  promoPlanUpdate: defineEndpoint({
    method: 'put', path: '/promo/plans', tag: 'promotions', access: 'user', permissions: PROMO_PLAN_CODES,
    summary: '修改本公司未结束的促销计划（状态不变）；已下的订单按下单时的价格，不受影响',
    payload: v.object({ id: int(promoText.planId, 1, MAX_ID), ...planFields }),
    answer: promoPlanSchema,
  }),
  promoPlanState: defineEndpoint({
    method: 'post', path: '/promo/plans/state', tag: 'promotions', access: 'user', permissions: PROMO_PLAN_CODES, idempotent: true,
    summary: '启用（草稿或已暂停的计划）、暂停（启用中的计划）或结束（不能再启用）本公司的促销计划',
    payload: v.object({ id: int(promoText.planId, 1, MAX_ID), action: v.picklist(PROMO_ACTIONS, promoText.action) }),
    answer: promoPlanSchema,
  }),
} as const;
