/**
 * Warehouses and shelf locations (仓库设置, back office M03, docs/warehouse.md): the company's
 * warehouses and their locations, each stock row's quantity per location (the row's quantity is then
 * their sum), moves between locations, and the pick list (拣货单) of sales orders to ship.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { MAX_ID, wholeNumberOf } from './common';
import { pageSizeField } from './page-size';
import { SALES_ORDER_CODES } from '../domain/orders';
import {
  LOCATION_NOTE_MAX, LOCATION_QUANTITY_MAX, locationCodeProblem, normalizeLocationCode, PICK_ORDERS_MAX, WAREHOUSE_ADDRESS_MAX, WAREHOUSE_CODES,
  WAREHOUSE_NOTE_MAX, warehouseNameProblem, warehouseText,
} from '../domain/warehouse';

const idOf = (label: string) => wholeNumberOf(`${label}应为正整数`, 1, MAX_ID);

const boolOf = (text: string) =>
  v.pipe(v.union([v.boolean(text), v.picklist(['true', 'false', '1', '0'], text)], text), v.transform((x) => x === true || x === 'true' || x === '1'));

const textOf = (label: string, max: number, long: string) =>
  v.optional(v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, long)), '');

const nameField = v.pipe(
  v.string(warehouseText.nameNeeded), v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? warehouseNameProblem(dataset.value) : '';
    if (problem) addIssue({ message: problem });
  }),
);

const codeField = v.pipe(
  v.string(warehouseText.codeNeeded), v.transform(normalizeLocationCode),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? locationCodeProblem(dataset.value) : '';
    if (problem) addIssue({ message: problem });
  }),
);

export const warehouseSchema = v.object({
  id: v.number(),
  name: v.string(),
  address: v.string(),
  note: v.string(),
  active: v.boolean(),
  location_count: v.number(),
  /** pieces held in its locations */
  quantity: v.number(),
  /** unix seconds */
  created: v.number(),
});
export type Warehouse = v.InferOutput<typeof warehouseSchema>;

export const locationSchema = v.object({
  id: v.number(),
  warehouse_id: v.number(),
  warehouse_name: v.string(),
  code: v.string(),
  note: v.string(),
  active: v.boolean(),
  /** stock rows placed here, and their pieces here */
  row_count: v.number(),
  quantity: v.number(),
});
export type WarehouseLocation = v.InferOutput<typeof locationSchema>;

/** One location of a stock row, in warehouse then code order (the order an order takes from). */
export const rowLocationSchema = v.object({
  location_id: v.number(),
  warehouse_id: v.number(),
  warehouse_name: v.string(),
  code: v.string(),
  quantity: v.number(),
});
export type RowLocation = v.InferOutput<typeof rowLocationSchema>;

export const stockLocationsSchema = v.object({
  stock_id: v.number(),
  /** the row's quantity: the sum of its locations when it has any */
  quantity: v.number(),
  qty_version: v.number(),
  locations: v.array(rowLocationSchema),
});
export type StockLocations = v.InferOutput<typeof stockLocationsSchema>;

export const pickLineSchema = v.object({
  /** '' for a row without a location (they come last) */
  warehouse_name: v.string(),
  location_code: v.string(),
  /** null for an order line that is not a stock row of the seller's (a quoted line) */
  stock_id: v.nullable(v.number()),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  uom_name: v.string(),
  /** pieces to pick for the orders */
  qty: v.number(),
  order_nos: v.array(v.string()),
  /** every location holding the row now, the first one where to pick */
  locations: v.array(v.object({ warehouse_name: v.string(), code: v.string(), quantity: v.number() })),
});
export type PickLine = v.InferOutput<typeof pickLineSchema>;

const warehouseSave = v.object({
  name: nameField,
  address: textOf('仓库地址', WAREHOUSE_ADDRESS_MAX, warehouseText.addressLong),
  note: textOf('备注', WAREHOUSE_NOTE_MAX, warehouseText.noteLong),
  active: v.optional(boolOf('是否启用应为是或否'), true),
});
export type WarehouseSave = v.InferOutput<typeof warehouseSave>;

const quantityField = wholeNumberOf(warehouseText.quantityBad, 0, LOCATION_QUANTITY_MAX);

const orderNosField = v.pipe(
  v.union([v.string(warehouseText.pickNone), v.array(v.string(warehouseText.pickNone), warehouseText.pickNone)], warehouseText.pickNone),
  v.transform((x) => [...new Set((Array.isArray(x) ? x : x.split(',')).map((s) => s.trim()).filter(Boolean))]),
  v.minLength(1, warehouseText.pickNone),
  v.maxLength(PICK_ORDERS_MAX, warehouseText.pickTooMany),
  v.everyItem((s) => /^[A-Za-z0-9]{1,40}$/.test(s), '订单号只能包含字母和数字'),
);

export const warehouseEndpoints = {
  warehouseList: defineEndpoint({
    method: 'get', path: '/warehouses', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '本企业的仓库：名称、地址、启用状态、库位数与库位中的库存件数',
    payload: v.optional(v.object({}), {}),
    answer: v.object({ data: v.array(warehouseSchema) }),
  }),
  warehouseCreate: defineEndpoint({
    method: 'post', path: '/warehouse', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES, idempotent: true,
    summary: '新建仓库（名称在本企业内不重复）', payload: warehouseSave, answer: warehouseSchema,
  }),
  warehouseUpdate: defineEndpoint({
    method: 'put', path: '/warehouse', pathId: true, tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '修改仓库的名称、地址、备注或启用状态', payload: warehouseSave, answer: warehouseSchema,
  }),
  warehouseDelete: defineEndpoint({
    method: 'delete', path: '/warehouse', pathId: true, tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '删除仓库及其库位；仓库中还有库存时改为停用（deactivated）',
    payload: v.optional(v.object({}), {}),
    answer: v.object({ id: v.number(), outcome: v.picklist(['deleted', 'deactivated']) }),
  }),
  locationList: defineEndpoint({
    method: 'get', path: '/warehouse-locations', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '本企业的库位（按仓库与库位码排序），可按仓库、库位码筛选',
    payload: v.optional(v.object({
      warehouse_id: v.optional(v.nullable(v.pipe(v.union([v.literal(''), idOf('仓库')], '仓库应为正整数'), v.transform((x) => (x === '' ? null : x)))), null),
      keyword: v.optional(v.pipe(v.string('库位码应为文本'), v.trim(), v.maxLength(20, '库位码最多20个字符'), v.transform(normalizeLocationCode)), ''),
      active: v.optional(v.picklist(['', 'on', 'off'], '启用状态只能是 on（启用）或 off（停用）'), ''),
      page_number: v.optional(wholeNumberOf('页码应为正整数', 1, 100000), 1),
      page_size: pageSizeField(100),
    }), {}),
    answer: v.object({ data: v.array(locationSchema), total: v.number() }),
  }),
  locationCreate: defineEndpoint({
    method: 'post', path: '/warehouse-locations', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES, idempotent: true,
    summary: '在仓库中新建库位：一个库位码，或从 code 到 to_code 的一段（如 A-01-01 至 A-01-20，最多500个）；已有的库位码跳过',
    payload: v.object({
      warehouse_id: idOf('仓库'),
      code: codeField,
      /** the last code of a range; '' for one location */
      to_code: v.optional(v.union([v.literal(''), codeField], warehouseText.codeBad), ''),
      note: textOf('库位备注', LOCATION_NOTE_MAX, warehouseText.locationNoteLong),
    }),
    answer: v.object({ created: v.number(), skipped: v.array(v.string()) }),
  }),
  locationUpdate: defineEndpoint({
    method: 'put', path: '/warehouse-location', pathId: true, tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '修改库位的库位码、备注或启用状态',
    payload: v.object({
      code: codeField,
      note: textOf('库位备注', LOCATION_NOTE_MAX, warehouseText.locationNoteLong),
      active: v.optional(boolOf('是否启用应为是或否'), true),
    }),
    answer: locationSchema,
  }),
  locationDelete: defineEndpoint({
    method: 'delete', path: '/warehouse-location', pathId: true, tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '删除库位；库位中还有库存时拒绝',
    payload: v.optional(v.object({}), {}),
    answer: v.object({ id: v.number() }),
  }),
  stockLocations: defineEndpoint({
    method: 'get', path: '/stock/locations', pathId: true, tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES,
    summary: '一行库存所在的库位与各库位数量（按仓库、库位码排序）',
    payload: v.optional(v.object({}), {}),
    answer: stockLocationsSchema,
  }),
  stockLocationSet: defineEndpoint({
    method: 'post', path: '/stock/location', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES, idempotent: true,
    summary: '设置一行库存在某库位的数量（没有就放入）；库存数量随之变为各库位之和',
    payload: v.object({ stock_id: idOf('库存'), location_id: idOf('库位'), quantity: quantityField }),
    answer: stockLocationsSchema,
  }),
  stockLocationMove: defineEndpoint({
    method: 'post', path: '/stock/location/move', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES, idempotent: true, idempotencyRequired: true,
    summary: '调拨：把一行库存的若干件从一个库位移到另一个库位（一次完成，库存总数不变）',
    payload: v.object({
      stock_id: idOf('库存'), from_location_id: idOf('调出库位'), to_location_id: idOf('调入库位'),
      quantity: wholeNumberOf(warehouseText.moveQuantityBad, 1, LOCATION_QUANTITY_MAX),
    }),
    answer: stockLocationsSchema,
  }),
  stockLocationRemove: defineEndpoint({
    method: 'post', path: '/stock/location/remove', tag: 'stock', access: 'user', permissions: WAREHOUSE_CODES, idempotent: true,
    summary: '把一行库存从某库位移除（该库位上的数量须为0）',
    payload: v.object({ stock_id: idOf('库存'), location_id: idOf('库位') }),
    answer: stockLocationsSchema,
  }),
  pickList: defineEndpoint({
    method: 'get', path: '/orders/pick-list', tag: 'orders', access: 'user', permissions: SALES_ORDER_CODES,
    summary: `所选销售订单（待确认或已确认，最多${PICK_ORDERS_MAX}个，订单号用逗号分隔）的拣货单：按仓库、库位码排序，无库位的在最后，附合计`,
    payload: v.object({ order_nos: orderNosField }),
    answer: v.object({
      orders: v.array(v.object({ order_no: v.string(), buyer_company_name: v.string(), status: v.string(), created_at: v.number(), total_qty: v.number() })),
      lines: v.array(pickLineSchema),
      total_qty: v.number(),
      /** unix seconds */
      at: v.number(),
    }),
  }),
};
