/**
 * 保养套餐 (maintenance packages, back office M03, docs/maintenance.md): the seller keeps packages of
 * its own stock rows for a service interval; a buyer sees the seller's packages that are on, on its
 * shop page, each line priced for the buyer as the cart prices it. Money in fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { MAX_ID } from './common';
import { pageSizeField } from './page-size';
import {
  LINE_UNAVAILABLE, MAINTENANCE_CODES, PACKAGE_KM_MAX, PACKAGE_KM_MIN, PACKAGE_LINES_MAX, PACKAGE_LINES_MIN, PACKAGE_MONTHS_MAX,
  PACKAGE_MONTHS_MIN, PACKAGE_NAME_MAX, PACKAGE_NAME_MIN, PACKAGE_NOTE_MAX, PACKAGE_QTY_MAX, PACKAGE_QTY_MIN, PACKAGE_VEHICLE_MAX,
  maintenanceText,
} from '../domain/maintenance';

const intOf = (text: string, min = 1, max = MAX_ID) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );

/** a number field a form may leave empty ('' or null: not given) */
const optionalIntOf = (text: string, min: number, max: number) =>
  v.optional(v.nullable(v.pipe(v.union([v.literal(''), intOf(text, min, max)], text), v.transform((x) => (x === '' ? null : x)))), null);

const boolOf = (text: string) =>
  v.pipe(v.union([v.boolean(text), v.picklist(['true', 'false', '1', '0'], text)], text), v.transform((x) => x === true || x === 'true' || x === '1'));

const pageFields = {
  page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
  page_size: pageSizeField(50),
};

export const maintenanceLineSchema = v.object({
  stock_id: v.number(),
  qty: v.number(),
  supplier_oe: v.string(),
  name: v.string(),
  /** the part brand, or the seller's own brand */
  brand_name: v.string(),
  quality_name: v.string(),
  uom_name: v.string(),
  /** pieces in stock now */
  quantity: v.number(),
  state: v.picklist(['on', 'off']),
  /** fen: 标准价 (the seller's reference price); null when the row has none */
  price99: v.nullable(v.number()),
});

export const maintenancePackageSchema = v.object({
  id: v.number(),
  name: v.string(),
  make_id: v.nullable(v.number()),
  /** '' when the package suits every make */
  make_name: v.string(),
  vehicle: v.string(),
  interval_km: v.nullable(v.number()),
  interval_months: v.nullable(v.number()),
  note: v.string(),
  active: v.boolean(),
  lines: v.array(maintenanceLineSchema),
  /** fen: the lines at 标准价, lines without one left out */
  standard_total_fen: v.number(),
  /** unix seconds */
  updated: v.number(),
});
export type MaintenancePackage = v.InferOutput<typeof maintenancePackageSchema>;

export const shopPackageLineSchema = v.object({
  stock_id: v.number(),
  qty: v.number(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  quality_name: v.string(),
  uom_name: v.string(),
  is_original: v.boolean(),
  /** fen: the unit price the cart charges the caller (without tax); null when none */
  price: v.nullable(v.number()),
  /** the price column charged (price0, price2, price99 …) */
  price_column: v.nullable(v.string()),
  /** fen: price × qty, 0 when the line cannot be bought */
  amount: v.number(),
  /** '' when the line can be bought now */
  unavailable: v.picklist(['', ...LINE_UNAVAILABLE]),
});
export type BuyerPackageLine = v.InferOutput<typeof shopPackageLineSchema>;

export const shopPackageSchema = v.object({
  id: v.number(),
  name: v.string(),
  make_id: v.nullable(v.number()),
  make_name: v.string(),
  vehicle: v.string(),
  interval_km: v.nullable(v.number()),
  interval_months: v.nullable(v.number()),
  note: v.string(),
  lines: v.array(shopPackageLineSchema),
  /** fen: the lines that can be bought */
  total_fen: v.number(),
  available_count: v.number(),
});
export type BuyerPackage = v.InferOutput<typeof shopPackageSchema>;

const lineField = v.object({
  stock_id: intOf('配件（库存编号）应为正整数'),
  qty: intOf(`配件数量应为${PACKAGE_QTY_MIN}到${PACKAGE_QTY_MAX}之间的整数`, PACKAGE_QTY_MIN, PACKAGE_QTY_MAX),
});

/** What the seller types; at least one of the two intervals. */
export const maintenancePackageSavePayload = v.pipe(
  v.object({
    name: v.pipe(v.string('请填写套餐名称'), v.trim(), v.nonEmpty('请填写套餐名称'),
      v.minLength(PACKAGE_NAME_MIN, `套餐名称至少${PACKAGE_NAME_MIN}个字`), v.maxLength(PACKAGE_NAME_MAX, `套餐名称最多${PACKAGE_NAME_MAX}个字`)),
    make_id: optionalIntOf('车型品牌应为正整数', 1, MAX_ID),
    vehicle: v.optional(v.pipe(v.string('适用车型应为文本'), v.trim(), v.maxLength(PACKAGE_VEHICLE_MAX, `适用车型最多${PACKAGE_VEHICLE_MAX}个字`)), ''),
    interval_km: optionalIntOf(`保养里程应为${PACKAGE_KM_MIN}到${PACKAGE_KM_MAX}之间的整数（公里）`, PACKAGE_KM_MIN, PACKAGE_KM_MAX),
    interval_months: optionalIntOf(`保养月数应为${PACKAGE_MONTHS_MIN}到${PACKAGE_MONTHS_MAX}之间的整数`, PACKAGE_MONTHS_MIN, PACKAGE_MONTHS_MAX),
    note: v.optional(v.pipe(v.string('备注应为文本'), v.trim(), v.maxLength(PACKAGE_NOTE_MAX, `备注最多${PACKAGE_NOTE_MAX}个字`)), ''),
    active: v.optional(boolOf('是否上架应为是或否'), true),
    lines: v.pipe(
      v.array(lineField, '套餐配件应为列表'),
      v.minLength(PACKAGE_LINES_MIN, '请至少添加一个套餐配件'),
      v.maxLength(PACKAGE_LINES_MAX, `套餐配件最多${PACKAGE_LINES_MAX}行`),
    ),
  }),
  v.forward(v.check((p) => p.interval_km !== null || p.interval_months !== null, maintenanceText.intervalNeeded), ['interval_km']),
);
export type PackageSave = v.InferOutput<typeof maintenancePackageSavePayload>;

export const maintenanceEndpoints = {
  maintenancePackageList: defineEndpoint({
    method: 'get', path: '/maintenance/packages', tag: 'maintenance', access: 'user', permissions: MAINTENANCE_CODES,
    summary: '本企业的保养套餐：名称、车型品牌、适用车型、保养间隔、上下架与配件明细，新改的在前',
    payload: v.optional(v.object({
      keyword: v.optional(v.pipe(v.string('关键字应为文本'), v.trim(), v.maxLength(50, '关键字最多50个字符')), ''),
      make_id: optionalIntOf('车型品牌应为正整数', 1, MAX_ID),
      active: v.optional(v.picklist(['', 'on', 'off'], '上架状态只能是 on（上架）或 off（下架）'), ''),
      ...pageFields,
    }), {}),
    answer: v.object({ data: v.array(maintenancePackageSchema), total: v.number() }),
  }),
  maintenancePackageGet: defineEndpoint({
    method: 'get', path: '/maintenance/package', pathId: true, tag: 'maintenance', access: 'user', permissions: MAINTENANCE_CODES,
    summary: '本企业的一个保养套餐', payload: v.optional(v.object({}), {}), answer: maintenancePackageSchema,
  }),
  maintenancePackageCreate: defineEndpoint({
    method: 'post', path: '/maintenance/package', tag: 'maintenance', access: 'user', permissions: MAINTENANCE_CODES, idempotent: true,
    summary: `新建保养套餐：1至${PACKAGE_LINES_MAX}行本企业的库存，每行数量1至${PACKAGE_QTY_MAX}；保养里程与月数至少填一项`,
    payload: maintenancePackageSavePayload, answer: maintenancePackageSchema,
  }),
  maintenancePackageUpdate: defineEndpoint({
    method: 'put', path: '/maintenance/package', pathId: true, tag: 'maintenance', access: 'user', permissions: MAINTENANCE_CODES,
    summary: '修改本企业的保养套餐（整套替换：名称、间隔、配件明细与上下架）', payload: maintenancePackageSavePayload, answer: maintenancePackageSchema,
  }),
  maintenancePackageSetActive: defineEndpoint({
    method: 'put', path: '/maintenance/packages/active', tag: 'maintenance', access: 'user', permissions: MAINTENANCE_CODES,
    summary: '上架或下架本企业的保养套餐；下架的套餐买家看不到',
    payload: v.object({
      ids: v.pipe(v.array(intOf('套餐编号应为正整数'), '所选套餐应为列表'), v.minLength(1, '请选择套餐'), v.maxLength(800, '一次最多800个套餐')),
      active: boolOf('是否上架应为是或否'),
    }),
    answer: v.object({ changed: v.number() }),
  }),
  maintenancePackageDelete: defineEndpoint({
    method: 'delete', path: '/maintenance/package', pathId: true, tag: 'maintenance', access: 'user', permissions: MAINTENANCE_CODES,
    summary: '删除本企业的一个保养套餐', payload: v.optional(v.object({}), {}), answer: v.object({ id: v.number() }),
  }),
  shopMaintenancePackages: defineEndpoint({
    method: 'get', path: '/shop/maintenance', tag: 'maintenance', access: 'user',
    summary: '店铺的保养套餐（上架的）：每行按购物车的计价（会员等级与该卖家给本企业的客户等级，不含税）报价，合计只算能买的行；不能买的行注明已下架、无货、暂无报价或库存不足',
    payload: v.object({
      company_id: intOf('店铺编号应为正整数'),
      make_id: optionalIntOf('车型品牌应为正整数', 1, MAX_ID),
    }),
    answer: v.object({
      data: v.array(shopPackageSchema),
      /** the makes the seller's packages are for, to filter by */
      makes: v.array(v.object({ id: v.number(), name: v.string() })),
    }),
  }),
};
