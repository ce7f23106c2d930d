import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { commaList, companyPayload } from './common';

export const adSchema = v.object({
  code: v.string(),
  images_url: v.string(),
  images_width: v.number(),
  click_url: v.string(),
  /** unix seconds */
  start_date: v.number(),
  /** unix seconds (the spec's spelling) */
  end_data: v.number(),
});
export type Ad = v.InferOutput<typeof adSchema>;

export const companyLevelSchema = v.object({
  name: v.string(),
  level_type: v.picklist(['free', 'paid']),
  /** the trial level (试用会员): the trial ad shows for it, whatever operators named it */
  is_trial: v.boolean(),
  /** unix seconds; 0 when the level does not expire */
  level_end_data: v.number(),
  have: v.number(),
  limit: v.number(),
  total_per_day: v.number(),
  used: v.number(),
  sum_qty: v.number(),
  sum_available: v.number(),
  vin_company_order_current_type: v.picklist(['date', 'count']),
});
export type CompanyLevel = v.InferOutput<typeof companyLevelSchema>;

export const vinAvailableSchema = v.object({
  vin_company_order_current_type: v.picklist(['date', 'count']),
  /** remaining VIN decodes; null when unlimited (type date, within the paid period) */
  available: v.nullable(v.number()),
  used: v.number(),
  sum_qty: v.number(),
  /** unix seconds; end of the date-based VIN period, 0 when count-based */
  end_date: v.number(),
});

export const stockCountSchema = v.object({
  /** 9999 means unlimited */
  total_per_day: v.number(),
  used: v.number(),
  unlimited: v.boolean(),
});

export const employeeLimitSchema = v.object({ have: v.number(), limit: v.number() });

export const systemEndpoints = {
  config: defineEndpoint({
    method: 'get', path: '/system/config', tag: 'system', access: 'public',
    summary: '按键读取系统参数（keys 逗号分隔）；未知的键不返回',
    payload: v.object({ keys: commaList('参数键') }),
    answer: v.record(v.string(), v.string()),
  }),
  getAdByCode: defineEndpoint({
    method: 'get', path: '/system/ads', tag: 'system', access: 'public',
    summary: '按广告位代码读取当前有效的广告（codes 逗号分隔）',
    payload: v.object({ codes: commaList('广告位代码') }),
    answer: v.array(adSchema),
  }),
  getCompanyLevel: defineEndpoint({
    method: 'get', path: '/company/level', tag: 'company', access: 'user',
    summary: '公司会员等级与配额；列表第一项为当前等级',
    payload: companyPayload, answer: v.array(companyLevelSchema),
  }),
  getVinAvailable: defineEndpoint({
    method: 'get', path: '/company/quota/vin', tag: 'company', access: 'user',
    summary: 'VIN 解析配额', payload: companyPayload, answer: vinAvailableSchema,
  }),
  getStockCount: defineEndpoint({
    method: 'get', path: '/company/quota/stock', tag: 'company', access: 'user',
    summary: '每日库存查询配额（total_per_day 为 9999 表示不限）', payload: companyPayload, answer: stockCountSchema,
  }),
  getEmployeeLimit: defineEndpoint({
    method: 'get', path: '/company/quota/employee', tag: 'company', access: 'user',
    summary: '员工数量与上限', payload: companyPayload, answer: employeeLimitSchema,
  }),
} as const;
