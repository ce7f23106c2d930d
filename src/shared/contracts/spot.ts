import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { CART_CODES } from './codes';
import { checkoutPayload, orderSummarySchema } from './orders';
import { STOCK_CODES } from '../domain/stock';
import { CUTOFF_RE, SPOT_CONFIRM_MINUTES, spotText } from '../domain/spot';

/** 现货 (spot goods, docs/spot-goods.md): marking stock rows, the seller's cut-off, and the spot order. */

const idText = '库存应为正整数';
const stockIds = v.pipe(
  v.array(v.pipe(v.union([v.number(idText), v.pipe(v.string(idText), v.regex(/^\d{1,10}$/, idText), v.transform(Number))], idText), v.integer(idText), v.minValue(1, idText), v.maxValue(MAX_ID, idText)), '请先选择库存'),
  v.minLength(1, '请先选择库存'),
  v.maxLength(800, '一次最多处理800行库存'),
  v.transform((ids) => [...new Set(ids)]),
);

const { type_code: _typeCode, ...checkoutFields } = checkoutPayload.entries;

export const spotSettingSchema = v.object({
  /** 截单时间 'HH:mm' in China time; '' for none (every spot order of the day ships today) */
  cutoff: v.string(),
});

export const spotEndpoints = {
  stockSetSpot: defineEndpoint({
    method: 'post', path: '/stock/spot', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '标记（spot=true）或取消（false）所选库存为现货：有货的现货可当天发货，买家可只看现货并现货下单；只能标记本公司的库存',
    payload: v.object({ ids: stockIds, spot: v.boolean(spotText.spotFlag) }),
    answer: v.object({ changed: v.number() }),
  }),
  spotSettingGet: defineEndpoint({
    method: 'get', path: '/stock/spot-setting', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '本公司的现货截单时间（中国时间 HH:mm，空为不设置）：截单前的现货订单今日发，之后明日发',
    payload: emptyPayload,
    answer: spotSettingSchema,
  }),
  spotSettingSave: defineEndpoint({
    method: 'post', path: '/stock/spot-setting', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true,
    summary: '修改本公司的现货截单时间（HH:mm，留空为不设置）',
    payload: v.object({ cutoff: v.pipe(v.string(spotText.cutoff), v.trim(), v.check((s) => s === '' || CUTOFF_RE.test(s), spotText.cutoff)) }),
    answer: spotSettingSchema,
  }),
  spotCreate: defineEndpoint({
    method: 'post', path: '/cart/spot-create', tag: 'orders', access: 'user', permissions: CART_CODES, idempotent: true, idempotencyRequired: true,
    summary: `现货下单（/cart/order/spotCreate）：购物车中所选的配件必须都是有货的现货，数量不超过库存；按卖家拆成现货订单，下单即扣减库存；卖家须在${SPOT_CONFIRM_MINUTES}分钟内确认，否则订单自动取消、库存退回并通知买家；必须带 Idempotency-Key`,
    payload: v.object(checkoutFields),
    answer: v.object({ checkout_no: v.string(), orders: v.array(orderSummarySchema), total_fen: v.number() }),
  }),
} as const;
