/**
 * 会员查询 (requirements 001-2-2 report/memberQuery): how each member company used the platform over
 * a range of China days — stock queries (and on how many days), VIN decodes, goods orders placed —
 * beside its level and expiry. The operations team finds free members who search every day (to
 * offer the upgrade) and paid members who stopped (before they lapse).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opKeyword, opOptionalDay as optionalDay } from './operation-list';
import { OP_CATALOGUE_CODES, opCatalogueText } from '../domain/operation';
import { pairRule, rangeRule, withinDays } from '../domain/ranges';


/** The range when the page gives none: the last 30 China days, today included. */
export const MEMBER_USAGE_DEFAULT_DAYS = 30;

export const opMemberUsageRowSchema = v.object({
  company_id: v.number(), company_name: v.string(), city: v.string(),
  level_name: v.string(), level_type: v.picklist(['free', 'paid']),
  /** unix seconds; 0 for a level without an end */
  level_end_at: v.number(),
  stock_per_day: v.number(),
  stock_queries: v.number(), query_days: v.number(),
  /** YYYY-MM-DD, '' without a query in the range */
  last_query_day: v.string(),
  vin_decodes: v.number(), orders: v.number(), order_fen: v.number(),
});
export type OpMemberUsageRow = v.InferOutput<typeof opMemberUsageRowSchema>;

export const opReportEndpoints = {
  opReportMemberUsage: defineEndpoint({
    method: 'get', path: '/operation/report/member-usage', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营：会员查询：每家企业在日期范围内（默认近30天）的库存查询次数与天数、VIN 解析次数、下单数与金额，及其等级和到期时间；按使用多少排序',
    payload: v.pipe(
      listPayload({
        company: opKeyword('企业', 40),
        level_type: v.optional(v.picklist(['', 'free', 'paid'], '会员类型只能是免费或付费'), ''),
        activity: v.optional(v.picklist(['', 'active', 'idle'], '活跃情况只能是有使用或无使用'), ''),
        date_from: optionalDay('开始日期'), date_to: optionalDay('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
      pairRule('date_from', 'date_to', withinDays(366), opCatalogueText.rangeTooLong, 'date_to'),
    ),
    answer: listAnswer(opMemberUsageRowSchema, { date_from: v.string(), date_to: v.string() }),
  }),
} as const;
