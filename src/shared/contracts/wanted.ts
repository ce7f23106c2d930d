import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { decodeVin, normalizeVin } from '../domain/vin';
import { msg } from '../messages';
import { WANTED_CODES } from './codes';
import { pageSizeField } from './page-size';
export { WANTED_CODES };

export const WANTED_CONTENT_MAX = 500;
export const WANTED_MAX_IMAGES = 5;
/** who publishes and reads wanted requests: C07 publish enquiry, C15 purchase requests */

export const wantedSchema = v.object({
  id: v.number(),
  content: v.string(),
  make_id: v.number(),
  make_name: v.string(),
  vin: v.string(),
  img_infos: v.array(v.string()),
  /** the quotes on its enquiry */
  quote_count: v.number(),
  /** the zone enquiry sellers quote it through (/enquiry/list/{id} compares the quotes) */
  enquiry_id: v.nullable(v.number()),
  /** it may still be changed: no seller has quoted (requirements 001-4) */
  editable: v.boolean(),
  user_name: v.string(),
  /** unix seconds */
  created: v.number(),
});
export type Wanted = v.InferOutput<typeof wantedSchema>;

const pageInt = (name: string, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/, `${name} 应为整数`), v.transform(Number))], `${name} 应为整数`),
      v.integer(`${name} 应为整数`), v.minValue(1, `${name} 不能小于 1`), v.maxValue(max, `${name} 不能大于 ${max}`),
    ),
    fallback,
  );

export const publishWantedPayload = v.object({
  content: v.pipe(v.string(msg.wantedEmpty), v.trim(), v.nonEmpty(msg.wantedEmpty), v.maxLength(WANTED_CONTENT_MAX, `求购配件最多${WANTED_CONTENT_MAX}个字符`)),
  make_id: v.pipe(
    v.union([v.number(msg.chooseCarBrand), v.pipe(v.string(msg.chooseCarBrand), v.regex(/^\d{1,9}$/, msg.chooseCarBrand), v.transform(Number))], msg.chooseCarBrand),
    v.integer(msg.chooseCarBrand), v.minValue(1, msg.chooseCarBrand), v.maxValue(MAX_ID, msg.chooseCarBrand),
  ),
  vin: v.optional(
    v.pipe(
      v.string('VIN码应为文本'),
      v.transform(normalizeVin),
      v.check((s) => s === '' || decodeVin(s).ok, (issue) => {
        const r = decodeVin(issue.input as string);
        return r.ok ? '' : r.message;
      }),
    ),
    '',
  ),
  img_infos: v.optional(
    v.pipe(v.array(v.string('图片地址应为文本'), '图片应为列表'), v.maxLength(WANTED_MAX_IMAGES, `最多上传${WANTED_MAX_IMAGES}张图片`)),
    [],
  ),
});

/** createAsktobuy / updateAsktobuy (requirements 001-7): the same fields, img_infos also as the spec's comma-joined string. */
const asktobuyFields = {
  ...publishWantedPayload.entries,
  img_infos: v.optional(
    v.pipe(
      v.union([
        v.pipe(v.string('图片地址应为文本'), v.transform((t) => t.split(',').map((x) => x.trim()).filter((x) => x !== ''))),
        v.array(v.string('图片地址应为文本'), '图片应为列表'),
      ], '图片应为以逗号分隔的文件地址'),
      v.maxLength(WANTED_MAX_IMAGES, `最多上传${WANTED_MAX_IMAGES}张图片`),
    ),
    [],
  ),
};

export const wantedEndpoints = {
  createAsktobuy: defineEndpoint({
    method: 'post', path: '/asktobuy', tag: 'enquiry', access: 'user', permissions: WANTED_CODES, idempotent: true,
    summary: '发布求购（不带 id）：与 publishWanted 相同，img_infos 可为逗号分隔的文件地址；求购即进入报价专区，车型品牌的卖家可以报价',
    payload: v.object(asktobuyFields),
    answer: wantedSchema,
  }),
  updateAsktobuy: defineEndpoint({
    method: 'put', path: '/asktobuy', tag: 'enquiry', access: 'user', permissions: WANTED_CODES, idempotent: true,
    summary: '修改求购（带 id）：只有本公司的求购、且还没有卖家报价时可以修改，否则“已有卖家报价，无法修改”',
    payload: v.object({
      id: v.pipe(
        v.union([v.number('求购编号应为正整数'), v.pipe(v.string('求购编号应为正整数'), v.regex(/^\d{1,10}$/, '求购编号应为正整数'), v.transform(Number))], '求购编号应为正整数'),
        v.integer('求购编号应为正整数'), v.minValue(1, '求购编号应为正整数'), v.maxValue(MAX_ID, '求购编号应为正整数'),
      ),
      ...asktobuyFields,
    }),
    answer: wantedSchema,
  }),
  publishWanted: defineEndpoint({
    method: 'post', path: '/enquiry/wanted', tag: 'enquiry', access: 'user', permissions: WANTED_CODES, idempotent: true,
    summary: '发布求购：求购配件、车型品牌必填，VIN 可选（按 VIN 规则校验），图片为本公司上传的 file_path（最多5张）；支持 Idempotency-Key',
    payload: publishWantedPayload,
    answer: wantedSchema,
  }),
  getWantedList: defineEndpoint({
    method: 'get', path: '/enquiry/wanted', tag: 'enquiry', access: 'user', permissions: WANTED_CODES,
    summary: '我的求购：本公司发布的求购（最新在前，分页），含报价数 quote_count',
    payload: v.object({ page_number: pageInt('页码', 10000, 1), page_size: pageSizeField(20) }),
    answer: v.object({ data: v.array(wantedSchema), total: v.number() }),
  }),
  wantedMakes: defineEndpoint({
    method: 'get', path: '/enquiry/makes', tag: 'enquiry', access: 'user',
    summary: '发布求购可选的车型品牌（按首字母）',
    payload: emptyPayload,
    answer: v.array(v.object({ id: v.number(), name: v.string(), initial: v.string(), logo: v.string() })),
  }),
} as const;
