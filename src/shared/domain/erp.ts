/**
 * ERP products and a company's ERP choice (docs/open-platform.md, "ERP and the operator's pages"):
 * the codes that open the operator's pages and the Chinese words the server and the pages share.
 * Light on purpose: route files import it.
 */
import { OP_CODES } from './operation-codes';

export const ERP_OP_CODES = {
  /** 系统 · ERP 产品 (system/erps): kept with the other reference lists */
  products: OP_CODES.lists,
  /** 企业 · 易购接入 (company/yigou) and 企业 · ERP (company/erp): read only */
  companies: OP_CODES.companyRead,
} as const;

/** Who may change the company's ERP choice besides its owner (企业设置). */
export const ERP_CHOICE_CODES = ['M07'] as const;

/** How far back the operator's company pages count calls and errors. */
export const ERP_STATS_DAYS = 7;

export const erpText = {
  productNotFound: 'ERP 产品不存在',
  nameTaken: '已有这个名称的 ERP 产品',
  productDisabled: '这个 ERP 产品已停用，请选择其他产品',
  choiceOwnerOrM07: '只有企业负责人或有“企业设置”（M07）权限的员工可以修改本企业的 ERP',
  versionWithoutProduct: '请先选择 ERP 产品再填写版本',
} as const;
