/**
 * ERP products and a company's ERP choice (docs/open-platform.md, "ERP and the operator's pages").
 * The operator keeps the list of ERP products (system/erps, D11-01); a company's owner or an M07
 * holder says which one the company runs; the operator's company/yigou and company/erp pages list
 * the companies connected through the open API and the companies by ERP product, with what the
 * open platform's call log says about them.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opActiveFilter, opIdsField, opKeyword } from './operation-list';
import { ERP_OP_CODES } from '../domain/erp';

export const erpProductSchema = v.object({
  id: v.number(), name: v.string(), vendor: v.string(), note: v.string(), sort: v.number(), active: v.boolean(),
  /** companies that chose it */
  companies: v.number(),
  /** unix seconds */
  updated_at: v.number(),
});
export type ErpProduct = v.InferOutput<typeof erpProductSchema>;

const text = (label: string, max: number) =>
  v.optional(v.pipe(v.string(`${label}应为文字`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');
const wholeSort = v.pipe(
  v.union([v.number('排序应为整数'), v.pipe(v.string('排序应为整数'), v.trim(), v.regex(/^\d{1,4}$/, '排序应为0到9999的整数'), v.transform(Number))], '排序应为整数'),
  v.integer('排序应为整数'), v.minValue(0, '排序不能小于0'), v.maxValue(9999, '排序不能大于9999'),
);
/** '' (any) or an ERP product's id, as a list filter */
const productFilter = v.optional(v.union([v.literal(''), positiveIdField('ERP 产品')], 'ERP 产品应为列表中的一项'), '');

export const erpChoiceSchema = v.object({
  /** 0 when the company has not said */
  erp_product_id: v.number(),
  erp_name: v.string(),
  /** the chosen product has been disabled since */
  erp_disabled: v.boolean(),
  version: v.string(),
  /** unix seconds; 0 when never chosen */
  updated_at: v.number(),
  /** the caller may change it (the owner or M07) */
  editable: v.boolean(),
  /** the enabled products to pick from, in the operator's order */
  products: v.array(v.object({ id: v.number(), name: v.string(), vendor: v.string(), note: v.string() })),
});
export type ErpChoice = v.InferOutput<typeof erpChoiceSchema>;

export const opYigouRowSchema = v.object({
  company_id: v.number(), company_name: v.string(),
  erp_name: v.string(), erp_version: v.string(),
  active_keys: v.number(),
  /** unix seconds; 0 when never called */
  last_call_at: v.number(),
  calls_7d: v.number(), errors_7d: v.number(),
});
export type OpYigouRow = v.InferOutput<typeof opYigouRowSchema>;

export const opCompanyErpRowSchema = v.object({
  company_id: v.number(), company_name: v.string(),
  erp_product_id: v.number(), erp_name: v.string(), erp_version: v.string(),
  /** unix seconds of the choice */
  chosen_at: v.number(),
  active_keys: v.number(),
  /** unix seconds of the last successful stock sync call; 0 when none */
  last_sync_at: v.number(),
  calls_7d: v.number(), errors_7d: v.number(),
});
export type OpCompanyErpRow = v.InferOutput<typeof opCompanyErpRowSchema>;

const companyFilters = { company_name: opKeyword('企业名称', 40), erp_product_id: productFilter };
const productOptions = v.array(v.object({ id: v.number(), name: v.string(), active: v.boolean() }));

export const erpEndpoints = {
  opErpList: defineEndpoint({
    method: 'get', path: '/operation/erps', tag: 'operation', access: 'operator', permissions: ERP_OP_CODES.products,
    summary: '运营：ERP 产品（系统 · erps）：名称、厂商、状态、排序、说明和选用的企业数；可按名称或厂商、状态筛选',
    payload: listPayload({ k: opKeyword('名称或厂商', 40), active: opActiveFilter }),
    answer: listAnswer(erpProductSchema),
  }),
  opErpSave: defineEndpoint({
    method: 'post', path: '/operation/erps/save', tag: 'operation', access: 'operator', permissions: ERP_OP_CODES.products, idempotent: true,
    summary: '运营：新增或修改 ERP 产品（id 为 0 为新增）；名称不重复（不分大小写）；记入操作日志',
    payload: v.object({
      id: v.optional(v.union([v.literal(0), positiveIdField('ERP 产品ID')]), 0),
      name: v.pipe(v.string('请填写名称'), v.trim(), v.nonEmpty('请填写名称'), v.maxLength(30, '名称最多30个字符')),
      vendor: text('厂商', 40),
      note: text('说明', 200),
      sort: v.optional(wholeSort, 0),
    }),
    answer: erpProductSchema,
  }),
  opErpSetActive: defineEndpoint({
    method: 'post', path: '/operation/erps/active', tag: 'operation', access: 'operator', permissions: ERP_OP_CODES.products, idempotent: true,
    summary: '运营：停用或启用 ERP 产品（可批量，一个事务；产品不删除，已选用的企业保留其选择）',
    payload: v.object({ ids: opIdsField('ERP 产品'), active: v.boolean('active 应为 true 或 false') }),
    answer: v.object({ changed: v.number() }),
  }),
  erpChoiceGet: defineEndpoint({
    method: 'get', path: '/company/erp', tag: 'settings', access: 'user',
    summary: '本企业使用的 ERP 和版本，以及可选的（启用的）ERP 产品；负责人或 M07 可修改',
    payload: emptyPayload, answer: erpChoiceSchema,
  }),
  erpChoiceSave: defineEndpoint({
    method: 'post', path: '/company/erp', tag: 'settings', access: 'user', idempotent: true,
    summary: '设置本企业使用的 ERP（0 为不填写）和版本（可选）；只有企业负责人或 M07 可修改；只能选启用的产品',
    payload: v.pipe(v.object({
      erp_product_id: v.union([v.literal(0), positiveIdField('ERP 产品')], '请选择 ERP 产品'),
      version: text('版本', 40),
    }), v.forward(v.check((p) => p.erp_product_id !== 0 || p.version === '', '请先选择 ERP 产品再填写版本'), ['version'])),
    answer: erpChoiceSchema,
  }),
  opYigouList: defineEndpoint({
    method: 'get', path: '/operation/company-yigou', tag: 'operation', access: 'operator', permissions: ERP_OP_CODES.companies,
    summary: '运营：通过开放接口接入的企业（有过接口密钥的企业）：有效密钥数、最近调用、近 7 天调用和错误数、ERP；按企业名称、ERP 产品筛选',
    payload: listPayload(companyFilters),
    answer: listAnswer(opYigouRowSchema, { products: productOptions }),
  }),
  opCompanyErpList: defineEndpoint({
    method: 'get', path: '/operation/company-erp', tag: 'operation', access: 'operator', permissions: ERP_OP_CODES.companies,
    summary: '运营：按 ERP 产品看企业：选用的产品和版本、最近一次成功的库存同步、近 7 天调用和错误数；按企业名称、ERP 产品筛选；含各产品的企业数',
    payload: listPayload(companyFilters),
    answer: listAnswer(opCompanyErpRowSchema, { products: v.array(v.object({ id: v.number(), name: v.string(), active: v.boolean(), companies: v.number() })) }),
  }),
} as const;
