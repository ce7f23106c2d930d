/**
 * The two market reports of the operator (docs/reports.md): 搜索-询价-订单 转化报表 (sfeReport) and
 * 维修厂采购报表 (weipei). Pure names, labels and rates shared by the pages, the XLSX export and the
 * tests; no contract schema, so the pages' light modules may import it.
 */
import { PROVINCES } from './provinces';

export const REPORT_GRAINS = ['day', 'week', 'month'] as const;
export type ReportGrain = (typeof REPORT_GRAINS)[number];
export const REPORT_GRAIN_TEXT: Record<ReportGrain, string> = { day: '按日', week: '按周', month: '按月' };

/** The province names a report filter takes (company.province holds the name). */
export const PROVINCE_NAMES: readonly string[] = PROVINCES.map(([, name]) => name);

/** The search kinds of search_history, as the search pages name them. */
export const SEARCH_KIND_TEXT: Record<string, string> = {
  oe: 'OE号', keyword: '关键词', circle: '圈内搜索', dismantle: '拆车件', company: '企业黄页',
};

/** The funnel's steps, in order (docs/reports.md#sfereport). */
export interface FunnelFigures { searches: number; enquiries: number; quoted: number; orders: number; paid: number }
export const FUNNEL_STEPS: ReadonlyArray<{ key: keyof FunnelFigures; label: string }> = [
  { key: 'searches', label: '搜索' }, { key: 'enquiries', label: '询价' }, { key: 'quoted', label: '获得报价' },
  { key: 'orders', label: '下单' }, { key: 'paid', label: '支付/完成' },
];

/**
 * The funnel's rates, each a percent with one decimal, null when its base is 0: 询价率 enquiries per
 * search, 报价率 quoted enquiries per enquiry, 下单率 orders per search (an order need not follow an
 * enquiry), 支付率 paid or completed orders per order.
 */
export const FUNNEL_RATES: ReadonlyArray<{ key: 'enquiry_rate' | 'quote_rate' | 'order_rate' | 'pay_rate'; label: string; of: keyof FunnelFigures; per: keyof FunnelFigures }> = [
  { key: 'enquiry_rate', label: '询价率', of: 'enquiries', per: 'searches' },
  { key: 'quote_rate', label: '报价率', of: 'quoted', per: 'enquiries' },
  { key: 'order_rate', label: '下单率', of: 'orders', per: 'searches' },
  { key: 'pay_rate', label: '支付率', of: 'paid', per: 'orders' },
];

export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null);
export const rateText = (r: number | null) => (r === null ? '—' : `${r}%`);
export const funnelRates = (f: FunnelFigures) =>
  Object.fromEntries(FUNNEL_RATES.map((r) => [r.key, percentOf(f[r.of], f[r.per])])) as Record<(typeof FUNNEL_RATES)[number]['key'], number | null>;
