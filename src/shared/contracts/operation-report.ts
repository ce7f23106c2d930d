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
import { PROVINCE_NAMES, REPORT_GRAINS } from '../domain/report-funnel';


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

const memberUsageEndpoints = {
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

// ---- 搜索-询价-订单 转化报表 and 维修厂采购报表 (docs/reports.md) ----

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const requiredDay = (label: string) => v.pipe(v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`),
  v.check((s) => DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label}应为 YYYY-MM-DD 格式的日期`));
const provinceFilter = v.optional(v.pipe(v.string('省份应为文字'), v.trim(),
  v.check((s) => s === '' || PROVINCE_NAMES.includes(s), '省份应为中国的省级行政区全称，如 广东省、上海市')), '');
/** A market report's range of China days (both included, at most 366) and an optional buyer province. */
const marketRange = <T extends v.ObjectEntries>(extra: T) => v.pipe(
  v.object({ date_from: requiredDay('开始日期'), date_to: requiredDay('结束日期'), province: provinceFilter, ...extra }),
  rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
  pairRule('date_from', 'date_to', withinDays(366), opCatalogueText.rangeTooLong, 'date_to'),
);

const funnelFigures = {
  searches: v.number(), enquiries: v.number(), quoted: v.number(), quotes: v.number(),
  orders: v.number(), quote_orders: v.number(), paid: v.number(),
};
export const opFunnelAnswerSchema = v.object({
  /** period: the day (YYYY-MM-DD), the Monday of the week (YYYY-MM-DD) or the month (YYYY-MM) */
  rows: v.array(v.object({ period: v.string(), ...funnelFigures })),
  total: v.object(funnelFigures),
  /** every buyer province with a figure, '未填写' for companies without one, most searches first */
  by_province: v.array(v.object({ province: v.string(), ...funnelFigures })),
  /** search_history rows last used in the range per search kind, and the companies behind them */
  by_kind: v.array(v.object({ kind: v.string(), terms: v.number(), companies: v.number() })),
});
export type OpFunnelAnswer = v.InferOutput<typeof opFunnelAnswerSchema>;

const shopFigures = { buyers: v.number(), active: v.number(), orders: v.number(), amount_fen: v.number(), repeat_buyers: v.number() };
const topRow = v.object({ name: v.string(), orders: v.number(), qty: v.number(), amount_fen: v.number() });
export const opRepairShopAnswerSchema = v.object({
  /** one row per city with a repair shop, by province then city */
  rows: v.array(v.object({ province: v.string(), city: v.string(), ...shopFigures })),
  total: v.object(shopFigures),
  top_groups: v.array(topRow), top_brands: v.array(topRow),
});
export type OpRepairShopAnswer = v.InferOutput<typeof opRepairShopAnswerSchema>;

const marketReportEndpoints = {
  opReportFunnel: defineEndpoint({
    method: 'get', path: '/operation/report/funnel', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营：搜索-询价-订单 转化报表：按日、周或月（北京时间）的库存查询次数、发出的询价单、获得报价的询价单、报价条数、下单数、报价下单数、已支付或完成的订单数，及按买家省份和搜索类型的分布；可按买家省份筛选',
    payload: marketRange({ grain: v.optional(v.picklist(REPORT_GRAINS, '统计周期只能是按日、按周或按月'), 'day') }),
    answer: opFunnelAnswerSchema,
  }),
  opReportRepairShops: defineEndpoint({
    method: 'get', path: '/operation/report/repair-shops', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营：维修厂采购报表：企业类型为维修厂的国内企业按省份和城市的企业数、期间下单企业数、订单数、金额（分）、复购企业数，及期间买得最多的配件分类和品牌（前10）；可按省份筛选',
    payload: marketRange({}),
    answer: opRepairShopAnswerSchema,
  }),
} as const;

export const opReportEndpoints = { ...memberUsageEndpoints, ...marketReportEndpoints } as const;
