/**
 * 地址簿: the caller's company's delivery addresses, with one default, used at
 * checkout. The fields follow the order form's rules (checkoutPayload), so a saved address is one
 * an order accepts.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { CART_CODES } from './cart';
import { checkoutPayload } from './orders';

export const ADDRESS_LIMIT = 20;

const idOf = v.pipe(
  v.union([v.number('地址编号应为正整数'), v.pipe(v.string('地址编号应为正整数'), v.regex(/^\d{1,10}$/, '地址编号应为正整数'), v.transform(Number))], '地址编号应为正整数'),
  v.integer('地址编号应为正整数'), v.minValue(1, '地址编号应为正整数'), v.maxValue(MAX_ID, '地址编号应为正整数'),
);

export const addressSchema = v.object({ id: v.number(), contact_name: v.string(), contact_phone: v.string(), address: v.string(), is_default: v.boolean() });
export type Address = v.InferOutput<typeof addressSchema>;

const fields = {
  contact_name: checkoutPayload.entries.contact_name,
  contact_phone: checkoutPayload.entries.contact_phone,
  address: checkoutPayload.entries.address,
  is_default: v.optional(v.boolean('是否默认应为 true 或 false'), false),
};

export const addressEndpoints = {
  addressList: defineEndpoint({
    method: 'get', path: '/address/list', tag: 'address', access: 'user', permissions: CART_CODES,
    summary: `本公司的收货地址（默认的在前），最多${ADDRESS_LIMIT}个`, payload: emptyPayload, answer: v.array(addressSchema),
  }),
  addressSave: defineEndpoint({
    method: 'post', path: '/address/save', tag: 'address', access: 'user', permissions: CART_CODES, idempotent: true,
    summary: '新增（不带 id）或修改（带 id）收货地址；is_default 设为默认地址', payload: v.object({ id: v.optional(idOf), ...fields }), answer: addressSchema,
  }),
  addressDelete: defineEndpoint({
    method: 'post', path: '/address/delete', tag: 'address', access: 'user', permissions: CART_CODES,
    summary: '删除收货地址', payload: v.object({ id: idOf }), answer: v.null(),
  }),
} as const;
