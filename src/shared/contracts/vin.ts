import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { normalizeVin } from '../domain/vin';
import { msg } from '../messages';

/** 17 letters and digits without I, O, Q; spaces and hyphens are dropped, letters upper-cased. */
export const vinSchema = v.pipe(
  v.string(msg.vinEnter),
  v.transform(normalizeVin),
  v.nonEmpty(msg.vinEnter),
  v.regex(/^[A-Z0-9]{17}$/, msg.vinLength),
  v.regex(/^[^IOQ]*$/, msg.vinIllegalChars),
);

const idFromQuery = (name: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} 应为正整数`), v.transform(Number))], `请提供${name}`),
    v.integer(`${name} 应为正整数`),
    v.minValue(1, `${name} 应为正整数`),
    v.maxValue(MAX_ID, `${name} 应为正整数`),
  );

export const vehicleSchema = v.object({
  id: v.number(),
  make_name: v.string(),
  factory_name: v.string(),
  model: v.string(),
  model_en: v.string(),
  chassis: v.string(),
  year_from: v.number(),
  year_to: v.number(),
  engine_code: v.string(),
  displacement: v.string(),
  power_kw: v.number(),
  transmission: v.string(),
  body: v.string(),
});
export type Vehicle = v.InferOutput<typeof vehicleSchema>;

export const vinQuotaSchema = v.object({
  vin_company_order_current_type: v.picklist(['date', 'count']),
  unlimited: v.boolean(),
  /** decodes left after this one; null when unlimited */
  available: v.nullable(v.number()),
  used: v.number(),
  /** false when the same VIN was already decoded by the company today */
  counted: v.boolean(),
});

export const vinDecodedSchema = v.object({
  vin: v.string(),
  wmi: v.string(),
  manufacturer: v.nullable(v.string()),
  country: v.nullable(v.string()),
  /** from the NHTSA vPIC data where it knows the VIN: make (in Chinese where we have a name), model, body style, plant city and country */
  make: v.nullable(v.string()),
  model: v.nullable(v.string()),
  body: v.nullable(v.string()),
  plant: v.nullable(v.string()),
  model_year: v.nullable(v.number()),
  check_digit: v.object({ actual: v.string(), expected: v.string(), ok: v.boolean() }),
  warnings: v.array(v.string()),
  /** catalogue vehicles this VIN matches (WMI, VDS and model year); empty when none */
  vehicles: v.array(vehicleSchema),
  /** set when no catalogue vehicle matched */
  message: v.optional(v.string()),
  quota: vinQuotaSchema,
});
export type VinDecoded = v.InferOutput<typeof vinDecodedSchema>;

export const epcGroupSchema = v.object({
  id: v.number(), code: v.string(), name: v.string(), icon: v.string(), subgroup_count: v.number(), part_count: v.number(),
});

export const epcSubgroupSchema = v.object({
  id: v.number(), group_id: v.number(), group_name: v.string(), code: v.string(), name: v.string(), part_count: v.number(),
});
export type EpcSubgroup = v.InferOutput<typeof epcSubgroupSchema>;

export const epcPartSchema = v.object({
  id: v.number(),
  subgroup_id: v.number(),
  subgroup_name: v.string(),
  group_name: v.string(),
  position: v.number(),
  oe_number: v.string(),
  oe_norm: v.string(),
  name: v.string(),
  qty: v.number(),
  note: v.string(),
  /** sellers with this number (or a superseding / alias number) on sale and in stock */
  seller_count: v.number(),
  stock_qty: v.number(),
});
export type EpcPart = v.InferOutput<typeof epcPartSchema>;

export const vinEndpoints = {
  vinDecode: defineEndpoint({
    method: 'post', path: '/vin/decode', tag: 'vin', access: 'user',
    summary: 'VIN解析：校验位（错误只提示）、制造商与国家、车型年款，匹配车型库中的车型；按公司计VIN查询次数（包期内不限；同一VIN当天重复查询不计）',
    payload: v.object({ vin: vinSchema }),
    answer: vinDecodedSchema,
  }),
  getVehicleBrands: defineEndpoint({
    method: 'get', path: '/vehicle/brands', tag: 'vin', access: 'user',
    summary: '车型库中的品牌（车型查询第一步）',
    payload: emptyPayload,
    answer: v.array(v.object({ make_name: v.string(), initial: v.string(), logo: v.string(), vehicle_count: v.number() })),
  }),
  getVehicleModels: defineEndpoint({
    method: 'get', path: '/vehicle/models', tag: 'vin', access: 'user',
    summary: '某品牌的车型（车型、年款、发动机、变速箱）',
    payload: v.object({ make_name: v.pipe(v.string(msg.chooseCarBrand), v.trim(), v.nonEmpty(msg.chooseCarBrand), v.maxLength(20, '品牌名称最多20个字符')) }),
    answer: v.array(vehicleSchema),
  }),
  getVehicleGroups: defineEndpoint({
    method: 'get', path: '/vehicle/groups', tag: 'vin', access: 'user',
    summary: '车型的主组（发动机、制动系统……）及其分组数、配件数',
    payload: v.object({ vehicle_id: idFromQuery('车型') }),
    answer: v.object({ vehicle: vehicleSchema, groups: v.array(epcGroupSchema) }),
  }),
  getVehicleSubgroups: defineEndpoint({
    method: 'get', path: '/vehicle/subgroups', tag: 'vin', access: 'user',
    summary: '车型的分组；给出 group_id 时只列该主组的分组',
    payload: v.object({ vehicle_id: idFromQuery('车型'), group_id: v.optional(idFromQuery('主组')) }),
    answer: v.object({ vehicle: vehicleSchema, subgroups: v.array(epcSubgroupSchema) }),
  }),
  getVehicleParts: defineEndpoint({
    method: 'get', path: '/vehicle/parts', tag: 'vin', access: 'user',
    summary: '分组中的配件：图号位置、OE号、名称、单车用量，及有货卖家数',
    payload: v.object({ subgroup_id: idFromQuery('分组') }),
    answer: v.object({ vehicle: vehicleSchema, subgroup: epcSubgroupSchema, parts: v.array(epcPartSchema) }),
  }),
  searchVehicleParts: defineEndpoint({
    method: 'get', path: '/vehicle/part-search', tag: 'vin', access: 'user',
    summary: '在一个车型的全部配件中按名称或OE号查找',
    payload: v.object({
      vehicle_id: idFromQuery('车型'),
      k: v.pipe(v.string(msg.enterSearch), v.trim(), v.nonEmpty(msg.enterSearch), v.maxLength(30, '搜索内容最多30个字符')),
    }),
    answer: v.object({ vehicle: vehicleSchema, parts: v.array(epcPartSchema) }),
  }),
} as const;
