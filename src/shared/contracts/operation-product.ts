/**
 * The operator's product group (requirements 001-2-2 product: list, brand, carBrand, clean/brand;
 * 001-7 product catalogue and brand): every seller's stock with taking a row off sale, part brands,
 * car makes, and merging brand spellings. Every call is `operator` (company 1 only) and needs its
 * D code; writes take an Idempotency-Key and are in the audit log.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { positiveIdField } from './seller-apply';
import { emptyPayload } from './common';
import { opActiveFilter as activeFilter, listAnswer, listPayload, opIdsField as idsField, opKeyword as keyword, opReasonField } from './operation-list';
import { OP_CATALOGUE_CODES, OP_PRODUCT_STATES, opProductText, PRODUCT_RECOMMEND_MAX } from '../domain/operation';

const nameField = (label: string, max: number) => v.pipe(
  v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`), v.maxLength(max, `${label}最多${max}个字符`),
  v.check((s) => ![...s].some((c) => c.charCodeAt(0) < 32), `${label}不能含控制字符`),
);

export const opProductRowSchema = v.object({
  id: v.number(), company_id: v.number(), company_name: v.string(), supplier_oe: v.string(), name: v.string(),
  /** the part brand's name, or the seller's own brand */
  brand_name: v.string(), make_name: v.string(), quality_name: v.string(), quantity: v.number(), price0: v.nullable(v.number()),
  state: v.picklist(OP_PRODUCT_STATES), op_off_reason: v.string(), op_off_at: v.number(), op_off_by: v.string(),
  /** unix seconds of the seller's last change of the row's data */
  updated_at: v.number(),
});
export type OpProductRow = v.InferOutput<typeof opProductRowSchema>;

export const opBrandRowSchema = v.object({
  id: v.number(), name: v.string(), active: v.boolean(),
  /** rows of every seller carrying the brand, and of them on sale */
  stock_rows: v.number(), stock_on: v.number(),
  /** the spellings merged into this brand */
  merged_names: v.array(v.string()),
});
export type OpBrandRow = v.InferOutput<typeof opBrandRowSchema>;

/** One merge of brand spellings, as 品牌清洗's 合并记录 lists it, with what its undo did. */
export const opBrandMergeRowSchema = v.object({
  id: v.number(), kept_id: v.number(), kept: v.string(), merged: v.array(v.string()), merged_at: v.number(), username: v.string(),
  /** stock rows and companies' main brands the merge moved */
  stock_rows: v.number(), companies: v.number(),
  undone_at: v.nullable(v.number()), undone_by: v.string(),
  stock_restored: v.nullable(v.number()), stock_left: v.nullable(v.number()),
  companies_restored: v.nullable(v.number()), companies_left: v.nullable(v.number()),
});
export type OpBrandMergeRow = v.InferOutput<typeof opBrandMergeRowSchema>;

export const opMakeRowSchema = v.object({
  id: v.number(), name: v.string(), initial: v.string(), logo: v.string(), country: v.string(), active: v.boolean(), stock_rows: v.number(),
});
export type OpMakeRow = v.InferOutput<typeof opMakeRowSchema>;

const reasonField = opReasonField('下架原因');

/** A product on the storefront home's 推荐商品: a seller's stock row on sale (no price: prices depend on the buyer's level). */
export const recommendedProductSchema = v.object({
  id: v.number(), supplier_oe: v.string(), name: v.string(), brand_name: v.string(), make_name: v.string(),
  company_id: v.number(), company_name: v.string(), city: v.string(),
});
export type RecommendedProduct = v.InferOutput<typeof recommendedProductSchema>;

export const opProductEndpoints = {
  getRecommendProducts: defineEndpoint({
    method: 'get', path: '/system/recommended-products', tag: 'system', access: 'public',
    summary: '首页推荐商品：运营挑选的在售库存，按运营设定的顺序（下架、停用企业的不显示）',
    payload: emptyPayload, answer: v.array(recommendedProductSchema),
  }),
  opProductRecommendList: defineEndpoint({
    method: 'get', path: '/operation/product-recommend', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.products,
    summary: '运营：首页推荐商品，按顺序，附当前状态（不在售的前台不显示）',
    payload: emptyPayload,
    answer: v.array(opProductRowSchema),
  }),
  opProductRecommendSave: defineEndpoint({
    method: 'post', path: '/operation/product-recommend', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: `运营：设置首页推荐商品及其顺序（整张列表，最多${PRODUCT_RECOMMEND_MAX}条在售库存；增加、移除、排序都用它），记入操作日志`,
    payload: v.object({
      ids: v.pipe(v.array(positiveIdField('库存ID'), '推荐商品应为列表'), v.maxLength(PRODUCT_RECOMMEND_MAX, `首页最多推荐${PRODUCT_RECOMMEND_MAX}条商品`)),
    }),
    answer: v.object({ ids: v.array(v.number()) }),
  }),
  opProductList: defineEndpoint({
    method: 'get', path: '/operation/products', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.products, heavy: true,
    summary: '运营：所有卖家的库存，按OE号、名称、品牌、卖家企业、状态筛选；平台下架的附原因',
    payload: listPayload({
      oe: keyword('OE号', 40), name: keyword('名称', 40), brand: keyword('品牌', 40), seller: keyword('卖家企业', 40),
      state: v.optional(v.picklist(['', ...OP_PRODUCT_STATES], '状态无效'), ''),
    }),
    answer: listAnswer(opProductRowSchema),
  }),
  opProductOffSale: defineEndpoint({
    method: 'post', path: '/operation/products/off', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: '运营：平台下架库存（须填写原因，卖家在库存页看到原因且不能自行上架）；买家搜索立即看不到；只限在售的行，一行不符则整批不改；记入操作日志',
    payload: v.object({ ids: idsField('库存'), reason: reasonField }),
    answer: v.object({ changed: v.number() }),
  }),
  opProductOnSale: defineEndpoint({
    method: 'post', path: '/operation/products/on', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: '运营：恢复平台下架的库存（企业停用中的回到停用状态，恢复企业时再上架）；只限平台下架的行，一行不符则整批不改；记入操作日志',
    payload: v.object({ ids: idsField('库存') }),
    answer: v.object({ changed: v.number() }),
  }),
  opBrandList: defineEndpoint({
    method: 'get', path: '/operation/brands', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.products, heavy: true,
    summary: '运营：配件品牌（不含已合并的写法），按名称和状态筛选，附库存条数和已合并的写法',
    payload: listPayload({ k: keyword('品牌名称', 40), active: activeFilter }),
    answer: listAnswer(opBrandRowSchema),
  }),
  opBrandSave: defineEndpoint({
    method: 'post', path: '/operation/brands/save', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: '运营：新增或修改配件品牌（id 为 0 为新增）；名称不分大小写和首尾空格不能重复；搜索随之按新名称查到',
    payload: v.object({ id: v.optional(v.union([v.literal(0), positiveIdField('品牌ID')]), 0), name: nameField('品牌名称', 40) }),
    answer: opBrandRowSchema,
  }),
  opBrandSetActive: defineEndpoint({
    method: 'post', path: '/operation/brands/active', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: '运营：停用或启用配件品牌；停用的品牌不再出现在卖家的品牌选择和导入中，已有库存不变',
    payload: v.object({ ids: idsField('品牌'), active: v.boolean('状态应为是或否') }),
    answer: v.object({ changed: v.number() }),
  }),
  opBrandMerge: defineEndpoint({
    method: 'post', path: '/operation/brands/merge', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, idempotent: true,
    summary: '运营：品牌清洗：把同一品牌的不同写法合并到保留的品牌；所有库存、企业主营品牌和搜索词随之改到保留的品牌，在一个事务内；被合并的写法以后导入或编辑时自动对应到保留的品牌；记入操作日志',
    payload: v.object({ keep_id: positiveIdField('保留的品牌'), merge_ids: idsField('被合并的品牌', 20) }),
    answer: v.object({ kept: v.string(), merged: v.array(v.string()), stock_rows: v.number() }),
  }),
  opBrandMergeList: defineEndpoint({
    method: 'get', path: '/operation/brand-merges', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean,
    summary: '运营：品牌清洗的合并记录，新的在前；按品牌名称（保留的或被合并的写法）和是否已撤销筛选',
    payload: listPayload({ k: keyword('品牌名称', 40), state: v.optional(v.picklist(['', 'merged', 'undone'], '状态只能是已合并或已撤销'), '') }),
    answer: listAnswer(opBrandMergeRowSchema),
  }),
  opBrandUnmerge: defineEndpoint({
    method: 'post', path: '/operation/brands/unmerge', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, idempotent: true,
    summary: '运营：撤销一次品牌合并：被合并的写法恢复为独立品牌，这次合并改动的库存、企业主营品牌和搜索词改回；此后被卖家改过的库存和被改过的企业主营品牌保持不变并计数；在一个事务内；每次合并只能撤销一次；记入操作日志',
    payload: v.object({ id: positiveIdField('合并记录') }),
    answer: v.object({
      kept: v.string(), restored: v.array(v.string()),
      stock_restored: v.number(), stock_left: v.number(), companies_restored: v.number(), companies_left: v.number(),
    }),
  }),
  opBrandDuplicates: defineEndpoint({
    method: 'get', path: '/operation/brand-duplicates', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, heavy: true,
    summary: '运营：品牌清洗：疑似重复的品牌写法（忽略大小写、空格和常见标点后相同），每组按库存条数从多到少，最多100组',
    payload: emptyPayload,
    answer: v.object({ items: v.array(v.object({ key: v.string(), brands: v.array(opBrandRowSchema) })) }),
  }),
  opMakeList: defineEndpoint({
    method: 'get', path: '/operation/makes', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.products,
    summary: '运营：车型品牌，按名称、首字母和状态筛选，附库存条数',
    payload: listPayload({
      k: keyword('品牌名称', 40),
      initial: v.optional(v.pipe(v.string('首字母应为文字'), v.trim(), v.toUpperCase(), v.check((s) => s === '' || /^[A-Z]$/.test(s), opProductText.initialAZ)), ''),
      active: activeFilter,
    }),
    answer: listAnswer(opMakeRowSchema),
  }),
  opMakeSave: defineEndpoint({
    method: 'post', path: '/operation/makes/save', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: '运营：新增或修改车型品牌（id 为 0 为新增）：名称、首字母（A–Z）、上传的标志图片、国家',
    payload: v.object({
      id: v.optional(v.union([v.literal(0), positiveIdField('车型品牌ID')]), 0),
      name: nameField('车型品牌名称', 30),
      initial: v.pipe(v.string('请填写首字母'), v.trim(), v.nonEmpty('请填写首字母'), v.toUpperCase(), v.regex(/^[A-Z]$/, opProductText.initialAZ)),
      logo: v.optional(v.pipe(v.string('标志应为图片地址'), v.trim(), v.maxLength(200, '标志图片地址无效')), ''),
      country: v.optional(v.pipe(v.string('国家应为文字'), v.trim(), v.maxLength(20, '国家最多20个字符')), ''),
    }),
    answer: opMakeRowSchema,
  }),
  opMakeSetActive: defineEndpoint({
    method: 'post', path: '/operation/makes/active', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.productWrite, idempotent: true,
    summary: '运营：停用或启用车型品牌；停用的不再出现在车型选择和导入中，已有库存不变',
    payload: v.object({ ids: idsField('车型品牌'), active: v.boolean('状态应为是或否') }),
    answer: v.object({ changed: v.number() }),
  }),
} as const;
