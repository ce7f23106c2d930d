/**
 * The seller's own stock in the back office (requirements 001-3 stock row and filter, 001-4 inline editing, 001-7
 * "Stock, products and reference data"). Every stock call is scoped to the caller's company and
 * needs M03; the reference lists are every signed-in user's.
 */
import * as v from 'valibot';
import { isProvinceCode } from '../domain/provinces';
import { defineEndpoint } from './endpoint';
import { companyIdSchema, MAX_ID } from './common';
import { normalizeOe, OE_MIN_LENGTH } from '../domain/oe';
import {
  MAX_DELTA, MAX_QUANTITY, MAX_VN_PRICE, parseWhole, parseYuan, STOCK_CODES, STOCK_PRICE_FIELDS,
  STOCK_PRICE_LABELS, STOCK_SORT_FIELDS,
} from '../domain/stock';
import type { PriceColumn } from '../domain/prices';
import { rangeRule } from '../domain/ranges';
import { rangeMsg } from '../messages';
import { fenField } from './money-field';
import { pageSizeField } from './page-size';

/** Field names as people read them: every refusal names the field in these words. */
export const STOCK_FIELD_LABELS = {
  supplier_oe: 'OE号', name: '配件名称', part_brand_id: '配件品牌', custom_brand_name: '自有品牌', quality_id: '品质',
  make_id: '车型品牌', factory_make_id: '车型厂牌', terminology_id: '配件分组', supplier_code: '供应商编码', default_code: '自编码',
  supplier_vehicle: '适用车型', product_specification: '规格', producing_area: '产地', country_id: '国家', uom_name: '单位',
  category_name: '类别', note: '备注', quantity: '库存数量', vn_quantity: '越南库存', sale_state: '销售状态',
  ...STOCK_PRICE_LABELS,
} as const;

const L = STOCK_FIELD_LABELS;

const idOf = (label: string, text = `${label}应为正整数`) => {
  return v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(1, text), v.maxValue(MAX_ID, text),
  );
};
const optionalId = (label: string) =>
  v.optional(v.nullable(v.pipe(v.union([v.literal(''), idOf(label)], `${label}应为正整数`), v.transform((x) => (x === '' ? null : x)))), null);
const text = (label: string, max: number) =>
  v.optional(v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, `${label}最多${max}个字`)), '');
const intIn = (label: string, min: number, max: number) => {
  const t = `${label}应为${min}到${max}之间的整数`;
  return v.pipe(
    v.union([v.number(t), v.pipe(v.string(t), v.regex(/^-?\d{1,10}$/, t), v.transform(Number))], t),
    v.integer(t), v.minValue(min, t), v.maxValue(max, t),
  );
};
const flag = (label: string) =>
  v.optional(v.pipe(v.union([v.literal('1'), v.literal('0'), v.literal(1), v.literal(0), v.boolean()], `${label}只能是 0 或 1`), v.transform((x) => x === true || String(x) === '1')));

/** The stock prices' range: up to 9999999.99 元, in fen. */
export const MAX_PRICE_FEN = 999_999_999;

/** A price in whole fen on the wire (docs/api.md, "Money"); null or left out: no such price. */
const fen = (field: PriceColumn) => v.optional(v.nullable(fenField(L[field], 0, MAX_PRICE_FEN)), null);

/** A price of an import line in yuan as the person typed it in the file (number or text, up to 2 decimals) as fen; empty or null: no such price. */
const yuan = (field: PriceColumn) =>
  v.optional(
    v.pipe(
      v.nullable(v.union([v.number(), v.string()], `${L[field]}应为金额`)),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const raw = dataset.value;
        if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
        const r = parseYuan(raw, L[field]);
        if (!r.ok) {
          addIssue({ message: r.message });
          return NEVER;
        }
        return r.value;
      }),
    ),
    null,
  );
const whole = <F extends number | null>(label: string, max: number, fallback: F) =>
  v.optional(
    v.pipe(
      v.nullable(v.union([v.number(), v.string()], `${label}应为整数`)),
      v.rawTransform(({ dataset, addIssue, NEVER }): number | F => {
        const raw = dataset.value;
        if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return fallback;
        const r = parseWhole(raw, label, max);
        if (!r.ok) {
          addIssue({ message: r.message });
          return NEVER;
        }
        return r.value;
      }),
    ),
    fallback,
  );

/** A stock row of the caller's own company: the requirements 001-3 row with every price, its states and write dates. */
export const sellerStockRowSchema = v.object({
  id: v.number(),
  /** the catalogue product (OE number) the row belongs to, when there is one */
  product_template_id: v.nullable(v.number()),
  supplier_oe: v.string(),
  oe_norm: v.string(),
  supplier_code: v.string(),
  default_code: v.string(),
  name: v.string(),
  part_brand_id: v.nullable(v.number()),
  part_brand_name: v.string(),
  custom_brand_name: v.string(),
  quality_id: v.number(),
  part_type_name: v.string(),
  is_original: v.boolean(),
  make_id: v.nullable(v.number()),
  make_name: v.string(),
  factory_make_id: v.nullable(v.number()),
  terminology_id: v.nullable(v.number()),
  generic_name: v.string(),
  category_name: v.string(),
  supplier_vehicle: v.string(),
  product_specification: v.string(),
  producing_area: v.string(),
  country_id: v.nullable(v.number()),
  country_name: v.string(),
  uom_name: v.string(),
  note: v.string(),
  quantity: v.number(),
  /** goes up with every change of quantity; an absolute quantity set must carry the one it saw */
  qty_version: v.number(),
  vn_quantity: v.number(),
  price99: v.nullable(v.number()), price0: v.nullable(v.number()), price1: v.nullable(v.number()),
  price2: v.nullable(v.number()), price3: v.nullable(v.number()), price5: v.nullable(v.number()),
  vn_price: v.nullable(v.number()),
  price_lock: v.boolean(),
  /** takes part in the performance bonus (业绩设置), in these provinces (GB/T 2260 codes; none: the whole country) */
  performance: v.boolean(),
  province_ids: v.array(v.number()),
  state: v.picklist(['on', 'off']),
  sale_state: v.picklist(['normal', 'promotion']),
  clean_state: v.picklist(['normal', 'clearance']),
  /** 现货: ready to ship today (docs/spot-goods.md) */
  spot: v.optional(v.boolean(), false),
  /** kept per location: the quantity is the sum of `locations` (docs/warehouse.md) */
  located: v.optional(v.boolean(), false),
  /** the list's rows: where the row is, in warehouse then location-code order */
  locations: v.optional(v.array(v.object({ location_id: v.number(), warehouse_id: v.number(), warehouse_name: v.string(), code: v.string(), quantity: v.number() })), []),
  /** the platform's reason when an operator took the row off sale ('' otherwise); the seller cannot put such a row back on sale */
  op_off_reason: v.string(),
  /** unix seconds */
  create_date: v.number(), prod_write_date: v.number(), price_write_date: v.number(), stock_write_date: v.number(),
});
export type SellerStockRow = v.InferOutput<typeof sellerStockRowSchema>;

const dateText = (label: string) =>
  v.optional(v.pipe(v.string(`${label}应为日期`), v.trim(), v.check((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), `${label}应为 YYYY-MM-DD 格式的日期`)), '');

/** The stock search filter of requirements 001-3; every text filter matches anywhere in the field. */
const stockFilterFields = v.object({
  supplier_oe: text('OE号', 40),
  default_code: text(L.default_code, 30),
  name: text(L.name, 50),
  custom_brand_name: text(L.custom_brand_name, 30),
  quality_name: text('品质名称', 20),
  supplier_vehicle: text(L.supplier_vehicle, 50),
  producing_area: text(L.producing_area, 20),
  /** the make's name as text */
  custom_car_brand: text('车型品牌名称', 20),
  state: v.optional(v.picklist(['', 'on', 'off'], '上架状态只能是 on（在售）或 off（已下架）'), ''),
  sale_state: v.optional(v.picklist(['', 'normal', 'promotion'], '销售状态只能是 normal（正常）或 promotion（促销）'), ''),
  clean_state: v.optional(v.picklist(['', 'normal', 'clearance'], '清仓状态只能是 normal（正常）或 clearance（清仓）'), ''),
  price_lock: v.optional(v.picklist(['', 'locked', 'unlocked'], '价格锁定只能是 locked（已锁定）或 unlocked（未锁定）'), ''),
  spot: v.optional(v.picklist(['', 'yes', 'no'], '现货只能是 yes（现货）或 no（非现货）'), ''),
  brand_id: optionalId(L.part_brand_id),
  type_id: optionalId(L.quality_id),
  make_id: optionalId(L.make_id),
  terminology_id: optionalId(L.terminology_id),
  /** 1: only the stock of country_id (the Vietnamese stock) */
  is_country: flag('只看越南库存'),
  country_id: optionalId(L.country_id),
  /** China dates, both ends included */
  min_create_date: dateText('创建日期起'),
  max_create_date: dateText('创建日期止'),
  /** only rows at quantity 0 (the back-office home's link) */
  zero_stock: flag('只看零库存'),
  sort_field: v.optional(v.picklist(STOCK_SORT_FIELDS, '排序字段只能是创建时间、资料修改时间、价格修改时间、库存修改时间、库存数量、OE号、配件名称或一列价格'), 'create_date'),
  sort_order: v.optional(v.picklist(['asc', 'desc'], '排序方向只能是 asc（升序）或 desc（降序）'), 'desc'),
  page_number: v.optional(intIn('页码', 1, 100000), 1),
  page_size: pageSizeField(50),
});
/** The filter and its 创建日期 range (either end may be open): the end may not come before the start. */
export const stockFilterPayload = v.pipe(stockFilterFields, rangeRule('min_create_date', 'max_create_date', rangeMsg.stockCreateDate));
export type StockFilter = v.InferOutput<typeof stockFilterPayload>;

const oeField = v.pipe(
  v.string(`请填写${L.supplier_oe}`),
  v.trim(),
  v.nonEmpty(`请填写${L.supplier_oe}`),
  v.maxLength(40, `${L.supplier_oe}最多40个字符`),
  v.check((s) => normalizeOe(s).length >= OE_MIN_LENGTH, `${L.supplier_oe}至少${OE_MIN_LENGTH}位字母或数字`),
);

const stockFields = {
  supplier_oe: oeField,
  name: v.pipe(v.string(`请填写${L.name}`), v.trim(), v.nonEmpty(`请填写${L.name}`), v.maxLength(50, `${L.name}最多50个字`)),
  part_brand_id: optionalId(L.part_brand_id),
  custom_brand_name: text(L.custom_brand_name, 30),
  quality_id: idOf(L.quality_id, `请选择${L.quality_id}`),
  make_id: optionalId(L.make_id),
  factory_make_id: optionalId(L.factory_make_id),
  terminology_id: optionalId(L.terminology_id),
  supplier_code: text(L.supplier_code, 30),
  default_code: text(L.default_code, 30),
  supplier_vehicle: text(L.supplier_vehicle, 100),
  product_specification: text(L.product_specification, 100),
  producing_area: text(L.producing_area, 20),
  country_id: optionalId(L.country_id),
  uom_name: v.optional(v.pipe(v.string(`${L.uom_name}应为文本`), v.trim(), v.maxLength(10, `${L.uom_name}最多10个字`), v.transform((s) => s || '个')), '个'),
  category_name: text(L.category_name, 20),
  note: text(L.note, 200),
  vn_quantity: whole(L.vn_quantity, MAX_QUANTITY, 0),
  sale_state: v.optional(v.picklist(['normal', 'promotion'], `${L.sale_state}只能是 normal（正常）或 promotion（促销）`), 'normal'),
  price99: fen('price99'), price0: fen('price0'), price1: fen('price1'), price2: fen('price2'), price3: fen('price3'), price5: fen('price5'),
  vn_price: whole(L.vn_price, MAX_VN_PRICE, null),
};

/** An import line's prices are yuan as typed in the file (docs/api.md, "Money": file imports). */
const importPrices = {
  price99: yuan('price99'), price0: yuan('price0'), price1: yuan('price1'), price2: yuan('price2'), price3: yuan('price3'), price5: yuan('price5'),
};

const brandGiven = (p: { part_brand_id: number | null; custom_brand_name: string }) => p.part_brand_id !== null || p.custom_brand_name !== '';
const brandMessage = `请选择${L.part_brand_id}或填写${L.custom_brand_name}`;

/** One stock row as the add form gives it (prices in fen). */
const createObject = v.object({ ...stockFields, quantity: whole(L.quantity, MAX_QUANTITY, 0) });
// partialCheck: said together with the other fields' refusals, not only once they are all right
export const stockCreatePayload = v.pipe(
  createObject,
  v.forward(v.partialCheck([['part_brand_id'], ['custom_brand_name']], brandGiven, brandMessage), ['part_brand_id']),
);
/** The 现货 column of a stock file (docs/spot-goods.md, "Marking rows"). */
export const SPOT_LABEL = '现货';
export const SPOT_YES = '是';
export const SPOT_NO = '否';
const SPOT_TEXT = `${SPOT_LABEL}只能填“${SPOT_YES}”或“${SPOT_NO}”（不填则不改变）`;
/** 是 / 否 (also 1 / 0, yes / no, true / false) as the mark; empty: null, the mark left as it is (a new row: not 现货). */
const spotCell = v.optional(
  v.pipe(
    v.nullable(v.union([v.boolean(), v.number(), v.string()], SPOT_TEXT)),
    v.rawTransform(({ dataset, addIssue, NEVER }): boolean | null => {
      const raw = dataset.value;
      if (raw === null || raw === undefined) return null;
      if (typeof raw === 'boolean') return raw;
      const t = String(raw).trim().toLowerCase();
      if (t === '') return null;
      if ([SPOT_YES, '1', 'yes', 'y', 'true', SPOT_LABEL].includes(t)) return true;
      if ([SPOT_NO, '0', 'no', 'n', 'false', `非${SPOT_LABEL}`].includes(t)) return false;
      addIssue({ message: SPOT_TEXT });
      return NEVER;
    }),
  ),
  null,
);
/** One line of a stock file: the add form's row with its prices in yuan as typed in the file, and its 现货 mark. */
export const stockImportRowPayload = v.pipe(
  v.object({ ...stockFields, ...importPrices, quantity: whole(L.quantity, MAX_QUANTITY, 0), spot: spotCell }),
  v.forward(v.partialCheck([['part_brand_id'], ['custom_brand_name']], brandGiven, brandMessage), ['part_brand_id']),
);
/** An edit of a row: everything but the quantity, which has its own calls (absolute with version, or a delta). */
const updateObject = v.object(stockFields);
export const stockUpdatePayload = v.pipe(
  updateObject,
  v.forward(v.partialCheck([['part_brand_id'], ['custom_brand_name']], brandGiven, brandMessage), ['part_brand_id']),
);
export type StockCreate = v.InferOutput<typeof stockCreatePayload>;
export type StockImportRow = v.InferOutput<typeof stockImportRowPayload>;
export type StockUpdate = v.InferOutput<typeof stockUpdatePayload>;

const idsOf = v.pipe(
  v.array(idOf('库存'), '请先选择库存'),
  v.minLength(1, '请先选择库存'),
  v.maxLength(800, '一次最多处理800行库存'),
  v.transform((ids) => [...new Set(ids)]),
);

const rowRef = { product_id: idOf('库存'), company_id: companyIdSchema };

const provinceText = '业绩省份应为省份代码（如 44 广东省），多个用逗号分隔';
/** The spec's comma-joined province codes ("44,45"), or a list of them. */
const provinceIdsOf = v.pipe(
  v.optional(v.union([v.pipe(v.string(provinceText), v.trim()), v.array(v.union([v.number(provinceText), v.string(provinceText)], provinceText), provinceText)], provinceText), ''),
  v.transform((x) => (Array.isArray(x) ? x.map(String) : x === '' ? [] : x.split(',')).map((t) => t.trim())),
  v.check((codes) => codes.every((c) => /^\d{2}$/.test(c) && isProvinceCode(Number(c))), provinceText),
  v.transform((codes) => [...new Set(codes.map(Number))].sort((a, b) => a - b)),
);

export const stockChangeSchema = v.object({
  id: v.number(),
  /** unix seconds */
  at: v.number(),
  user_name: v.string(),
  action: v.string(),
  changes: v.array(v.object({ field: v.string(), old: v.nullable(v.union([v.string(), v.number(), v.boolean()])), new: v.nullable(v.union([v.string(), v.number(), v.boolean()])) })),
});

/** updateStockPrice's value: fen for the price columns, whole dong for vn_price (both up to 999999999). */
export const stockPriceValueText = `价格应为整数：批发价等以分为单位，越南价以越南盾为单位（0 至 ${MAX_PRICE_FEN}）`;

const refItem = v.object({ id: v.number(), name: v.string() });

export const stockEndpoints = {
  getStockData: defineEndpoint({
    method: 'post', path: '/stock/list', tag: 'stock', access: 'user', heavy: true, permissions: STOCK_CODES,
    summary: '本公司库存与价格列表：全部筛选条件、排序，分页 50/100/200/400/800',
    payload: stockFilterPayload,
    answer: v.object({ data: v.array(sellerStockRowSchema), total: v.number() }),
  }),
  stockCreate: defineEndpoint({
    method: 'post', path: '/stock/create', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true,
    summary: '新增一行库存（OE号按统一规则规范化；品牌选择或自有品牌二选一；价格为以分为单位的整数，越南价为越南盾整数）',
    payload: stockCreatePayload,
    answer: sellerStockRowSchema,
  }),
  stockUpdate: defineEndpoint({
    method: 'put', path: '/stock/row', pathId: true, tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '修改一行库存（路径带库存 id；数量另用 updateStockQty / adjustStockQty；价格已锁定时不能改价）',
    payload: stockUpdatePayload,
    answer: sellerStockRowSchema,
  }),
  updateStockPrice: defineEndpoint({
    method: 'post', path: '/stock/price', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '行内改价：target_price_field 为 price99/price0/price1/price2/price3/price5（以分为单位的整数）或 vn_price（越南盾整数）',
    payload: v.object({
      ...rowRef,
      value: v.pipe(v.number(stockPriceValueText), v.integer(stockPriceValueText), v.minValue(0, stockPriceValueText), v.maxValue(MAX_PRICE_FEN, stockPriceValueText)),
      target_price_field: v.picklist(STOCK_PRICE_FIELDS, `价格字段只能是 ${STOCK_PRICE_FIELDS.map((f) => STOCK_PRICE_LABELS[f]).join('、')} 之一`),
    }),
    answer: sellerStockRowSchema,
  }),
  updateStockQty: defineEndpoint({
    method: 'post', path: '/stock/quantity', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '设定库存数量（绝对值）：须带上编辑时看到的 qty_version，库存已被他人修改时拒绝（409）并给出当前数量',
    payload: v.object({ ...rowRef, quantity: intIn(L.quantity, 0, MAX_QUANTITY), qty_version: intIn('库存版本', 0, MAX_ID) }),
    answer: sellerStockRowSchema,
  }),
  adjustStockQty: defineEndpoint({
    method: 'post', path: '/stock/adjust', tag: 'stock', access: 'user', permissions: STOCK_CODES, idempotent: true, idempotencyRequired: true,
    summary: '调整库存数量（+N / -N，须带 Idempotency-Key）：重放只生效一次，多人同时调整都计入',
    payload: v.object({ ...rowRef, delta: intIn('调整数量', -MAX_DELTA, MAX_DELTA) }),
    answer: sellerStockRowSchema,
  }),
  oeStockQtyPrice: defineEndpoint({
    method: 'get', path: '/stock/qty-price', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '读取本公司若干库存的最新批发价(不含税)和数量；ignore_invalid_price=1 时略去没有价格的行',
    payload: v.object({
      company_id: companyIdSchema,
      product_ids: v.pipe(
        v.string('请提供库存编号'), v.trim(), v.regex(/^\d{1,10}(,\d{1,10}){0,799}$/, '库存编号应为逗号分隔的正整数（最多800个）'),
        v.transform((s) => [...new Set(s.split(',').map(Number))]),
        v.check((ids) => ids.every((n) => n >= 1 && n <= MAX_ID), '库存编号应为逗号分隔的正整数（最多800个）'),
      ),
      ignore_invalid_price: flag('略去无价格'),
    }),
    answer: v.array(v.object({ product_id: v.number(), price0: v.nullable(v.number()), quantity: v.number() })),
  }),
  stockSetLock: defineEndpoint({
    method: 'post', path: '/stock/lock', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '锁定或解锁所选库存的价格（锁定后不能改价，直到解锁）',
    payload: v.object({ ids: idsOf, locked: v.boolean('请说明锁定还是解锁') }),
    answer: v.object({ changed: v.number() }),
  }),
  stockSetState: defineEndpoint({
    method: 'post', path: '/stock/state', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '上架（on）或下架（off）所选库存；下架的库存不再出现在搜索中',
    payload: v.object({ ids: idsOf, state: v.picklist(['on', 'off'], '上架状态只能是 on（在售）或 off（已下架）') }),
    answer: v.object({ changed: v.number() }),
  }),
  stockSetClean: defineEndpoint({
    method: 'post', path: '/stock/clean', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '标记（clearance）或取消（normal）所选库存的清仓',
    payload: v.object({ ids: idsOf, clean_state: v.picklist(['normal', 'clearance'], '清仓状态只能是 normal（正常）或 clearance（清仓）') }),
    answer: v.object({ changed: v.number() }),
  }),
  updatePerformanceSetting: defineEndpoint({
    method: 'put', path: '/stock/performance', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '业绩设置：库存是否参与平台业绩奖励及参与的省份（province_ids 逗号分隔的省份代码，空为全国）；不受价格锁定限制',
    payload: v.object({
      id: idOf('库存'),
      performance: v.pipe(v.union([v.boolean(), v.picklist(['1', '0', 1, 0])], '是否参与业绩只能是 0 或 1'), v.transform((x) => x === true || String(x) === '1')),
      province_ids: provinceIdsOf,
    }),
    answer: sellerStockRowSchema,
  }),
  stockDelete: defineEndpoint({
    method: 'post', path: '/stock/delete', tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '删除所选库存（购物车中的这些配件随之移除；已下的订单保留下单时的内容）',
    payload: v.object({ ids: idsOf }),
    answer: v.object({ changed: v.number() }),
  }),
  stockChangeLog: defineEndpoint({
    method: 'get', path: '/stock/changes', pathId: true, tag: 'stock', access: 'user', permissions: STOCK_CODES,
    summary: '一行库存的修改记录（路径带库存 id）：谁、何时、改了什么（旧值 → 新值），最新在前',
    payload: v.optional(v.object({}), {}),
    answer: v.array(stockChangeSchema),
  }),
  getMakes: defineEndpoint({
    method: 'get', path: '/reference/makes', tag: 'reference', access: 'user',
    summary: '车型品牌（按首字母）', payload: v.optional(v.object({}), {}),
    answer: v.array(v.object({ id: v.number(), name: v.string(), initial: v.string(), images: v.string() })),
  }),
  getPartTypes: defineEndpoint({
    method: 'get', path: '/reference/part-types', tag: 'reference', access: 'user',
    summary: '配件品质（原厂件、品牌件、拆车件…）', payload: v.optional(v.object({}), {}),
    answer: v.array(v.object({ id: v.number(), name: v.string(), is_original: v.boolean() })),
  }),
  getTerminology: defineEndpoint({
    method: 'get', path: '/reference/terminology', tag: 'reference', access: 'user',
    summary: '配件分组（页面另加“全部分组”）', payload: v.optional(v.object({}), {}),
    answer: v.array(refItem),
  }),
  factoryMake: defineEndpoint({
    method: 'get', path: '/reference/factory-makes', tag: 'reference', access: 'user',
    summary: '车型厂牌（上汽大众、一汽丰田…）及其车型品牌', payload: v.optional(v.object({}), {}),
    answer: v.array(v.object({ veh_brand_id: v.number(), veh_brand_name: v.string(), veh_brand_initial: v.string(), veh_brand_logo: v.string(), make_id: v.number() })),
  }),
  country: defineEndpoint({
    method: 'get', path: '/reference/country', tag: 'reference', access: 'user',
    summary: '国家（name 可按中文名或代码过滤，如 越南 / VN）',
    payload: v.object({ name: text('国家名称', 20) }),
    answer: v.object({ data: v.array(v.object({ id: v.number(), name: v.string(), code: v.string() })) }),
  }),
} as const;

