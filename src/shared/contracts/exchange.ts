import * as v from 'valibot';
import { defineEndpoint } from './endpoint';

export const exchangeRateSchema = v.object({
  /** ISO 4217 code of the target currency, e.g. VND */
  to_curr_code: v.string(),
  /** its Chinese name, e.g. 越南盾 */
  to_curr_txt: v.string(),
  /** units of the target currency for one yuan (CNY) */
  rate_value: v.number(),
});
export type ExchangeRate = v.InferOutput<typeof exchangeRateSchema>;

export const exchangeRateListPayload = v.optional(
  v.object({
    to_curr_txt: v.optional(v.pipe(v.string('币种名称应为文字'), v.trim(), v.maxLength(20, '币种名称最多20个字符'))),
  }),
  {},
);

export const exchangeEndpoints = {
  getExchangerateList: defineEndpoint({
    method: 'get', path: '/system/exchange-rates', tag: 'system', access: 'public',
    summary: '人民币对其他币种的汇率；to_curr_txt（如 越南盾）只返回该币种，为空返回全部',
    payload: exchangeRateListPayload, answer: v.array(exchangeRateSchema),
  }),
} as const;
