/**
 * 企业类型 (docs/reports.md#company-types): what a company is in the trade. Chosen at registration,
 * changed on 企业信息 by the owner or a holder of M07, shown and filtered on the operator's company
 * list; the 维修厂采购 report counts the 维修厂.
 */
export const BUSINESS_TYPES = ['repair', 'parts_dealer', 'dealer_4s', 'fleet', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const BUSINESS_TYPE_LABELS: Readonly<Record<BusinessType, string>> = {
  repair: '维修厂', parts_dealer: '汽配商', dealer_4s: '4S店', fleet: '车队/运输公司', other: '其他',
};

export const businessTypeText = {
  pick: '请选择企业类型（维修厂、汽配商、4S店、车队/运输公司或其他）',
} as const;
