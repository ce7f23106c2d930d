/**
 * The operator's platform settings (docs/platform-settings.md): 汽配城, 汽配联盟, 包邮城市 and 公共页面,
 * read with D11 / D11-01 / D11-04 and written with D11 / D11-04, every write in the audit log; and
 * where they show: a company's 汽配城 (企业信息), the shop's badges, the checkout's 满X元包邮 line,
 * and the public pages at /pub/<slug>.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { intOf } from './wallet';
import { fenField } from './money-field';
import { CART_CODES } from './codes';
import { OP_CODES } from '../domain/operation-codes';
import {
  ADDRESS_MAX, ALLIANCE_DESCRIPTION_MAX, ALLIANCE_MEMBERS_MAX, FREE_CITY_MIN_FEN_MAX, isProvinceName, PLACE_NAME_MAX, PUB_BODY_MAX, PUB_SLUG_RE,
  PUB_STATUSES, PUB_TITLE_MAX, REGION_MAX, settingsText,
} from '../domain/platform-settings';

const textField = (label: string, min: number, max: number) => {
  const t = min > 0 ? `请填写${label}（最多${max}个字符）` : `${label}最多${max}个字符`;
  return v.pipe(v.string(t), v.trim(), v.minLength(min, t), v.maxLength(max, t));
};
const idField = (label: string) => v.optional(intOf(`${label}应为正整数或 0（新增）`, 0, MAX_ID), 0);
const provinceField = v.pipe(v.string(settingsText.province), v.trim(), v.check(isProvinceName, settingsText.province));
const enabledField = v.optional(v.boolean('启用状态应为 true 或 false'), true);
const enabledFilter = v.optional(v.picklist(['', 'true', 'false'], '状态只能是启用、停用或留空'), '');
const provinceFilter = v.optional(v.pipe(v.string('省份应为文字'), v.trim(), v.check((s) => s === '' || isProvinceName(s), settingsText.province)), '');
const who = { updated_by: v.string(), /** unix seconds */ updated_at: v.number() };

export const autopartsCitySchema = v.object({
  id: v.number(), name: v.string(), province: v.string(), city: v.string(), address: v.string(), enabled: v.boolean(),
  /** the companies that say they are in it */
  company_count: v.number(), ...who,
});
export type AutopartsCity = v.InferOutput<typeof autopartsCitySchema>;

export const allianceSchema = v.object({
  id: v.number(), name: v.string(), description: v.string(), enabled: v.boolean(),
  members: v.array(v.object({ id: v.number(), name: v.string() })), ...who,
});
export type Alliance = v.InferOutput<typeof allianceSchema>;

export const freeCitySchema = v.object({ id: v.number(), province: v.string(), city: v.string(), min_order_fen: v.number(), enabled: v.boolean(), ...who });
export type FreeCity = v.InferOutput<typeof freeCitySchema>;

export const pubPageSchema = v.object({
  id: v.number(), slug: v.string(), title: v.string(), body: v.string(), status: v.picklist(PUB_STATUSES), sort: v.number(),
  /** unix seconds; 0 while a draft */
  published_at: v.number(), ...who,
});
export type PubPage = v.InferOutput<typeof pubPageSchema>;

const cityOption = v.object({ id: v.number(), name: v.string(), province: v.string(), city: v.string(), address: v.string() });
export type AutopartsCityOption = v.InferOutput<typeof cityOption>;

export const platformSettingsEndpoints = {
  opAutopartsCities: defineEndpoint({
    method: 'get', path: '/operation/autoparts-city/list', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsRead,
    summary: '运营：汽配城（名称、省市、地址、是否启用、入驻企业数），按名称、省份和状态筛选，分页',
    payload: listPayload({ k: opKeyword('汽配城名称', PLACE_NAME_MAX), province: provinceFilter, enabled: enabledFilter }),
    answer: listAnswer(autopartsCitySchema),
  }),
  opAutopartsCitySave: defineEndpoint({
    method: 'post', path: '/operation/autoparts-city', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsWrite, idempotent: true,
    summary: '运营：新增（id 为 0）或修改汽配城：名称（同一城市内不重复）、省份、城市、地址、是否启用；记入操作日志',
    payload: v.object({
      id: idField('汽配城编号'), name: textField('汽配城名称', 1, PLACE_NAME_MAX), province: provinceField, city: textField('城市', 1, REGION_MAX),
      address: v.optional(textField('地址', 0, ADDRESS_MAX), ''), enabled: enabledField,
    }),
    answer: autopartsCitySchema,
  }),
  opAlliances: defineEndpoint({
    method: 'get', path: '/operation/alliance/list', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsRead,
    summary: '运营：汽配联盟（名称、介绍、成员企业、是否启用），按名称和状态筛选，分页',
    payload: listPayload({ k: opKeyword('联盟名称', PLACE_NAME_MAX), enabled: enabledFilter }),
    answer: listAnswer(allianceSchema),
  }),
  opAllianceSave: defineEndpoint({
    method: 'post', path: '/operation/alliance', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsWrite, idempotent: true,
    summary: `运营：新增（id 为 0）或修改汽配联盟：名称（不重复）、介绍、成员企业（最多${ALLIANCE_MEMBERS_MAX}家）、是否启用；记入操作日志`,
    payload: v.object({
      id: idField('联盟编号'), name: textField('联盟名称', 1, PLACE_NAME_MAX), description: v.optional(textField('联盟介绍', 0, ALLIANCE_DESCRIPTION_MAX), ''),
      company_ids: v.optional(v.pipe(v.array(intOf('成员企业编号应为正整数', 1, MAX_ID), '成员企业应为企业编号的列表'),
        v.maxLength(ALLIANCE_MEMBERS_MAX, `成员企业最多${ALLIANCE_MEMBERS_MAX}家`), v.transform((ids) => [...new Set(ids)])), []),
      enabled: enabledField,
    }),
    answer: allianceSchema,
  }),
  opFreeCities: defineEndpoint({
    method: 'get', path: '/operation/free-city/list', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsRead,
    summary: '运营：包邮城市规则（省市、包邮门槛金额（分）、是否启用），按省份和状态筛选，分页',
    payload: listPayload({ province: provinceFilter, enabled: enabledFilter }),
    answer: listAnswer(freeCitySchema),
  }),
  opFreeCitySave: defineEndpoint({
    method: 'post', path: '/operation/free-city', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsWrite, idempotent: true,
    summary: '运营：新增（id 为 0）或修改包邮城市规则：省份、城市（每个城市一条规则）、包邮门槛（分，0 为不限金额）、是否启用；记入操作日志',
    payload: v.object({
      id: idField('规则编号'), province: provinceField, city: textField('城市', 1, REGION_MAX),
      min_order_fen: fenField('包邮门槛', 0, FREE_CITY_MIN_FEN_MAX), enabled: enabledField,
    }),
    answer: freeCitySchema,
  }),
  opPubPages: defineEndpoint({
    method: 'get', path: '/operation/pub-page/list', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsRead,
    summary: '运营：公共页面（标题、地址、正文、草稿或已发布），按标题和状态筛选，分页',
    payload: listPayload({ k: opKeyword('标题', PUB_TITLE_MAX), status: v.optional(v.picklist(['', ...PUB_STATUSES], '状态只能是草稿、已发布或留空'), '') }),
    answer: listAnswer(pubPageSchema),
  }),
  opPubPageSave: defineEndpoint({
    method: 'post', path: '/operation/pub-page', tag: 'operation', access: 'operator', permissions: OP_CODES.platformSettingsWrite, idempotent: true,
    summary: '运营：新增（id 为 0）或修改公共页面：地址（小写字母、数字和短横线，不重复）、标题、正文（纯文本）、排序、草稿或发布；记入操作日志',
    payload: v.object({
      id: idField('页面编号'),
      slug: v.pipe(v.string('页面地址应为文字'), v.trim(), v.toLowerCase(), v.regex(PUB_SLUG_RE, '页面地址只能用小写字母、数字和短横线（1–40 个字符，不以短横线开头）')),
      title: textField('标题', 1, PUB_TITLE_MAX), body: v.optional(textField('正文', 0, PUB_BODY_MAX), ''),
      sort: v.optional(intOf('排序应为 0–9999 的整数', 0, 9999), 0),
      status: v.optional(v.picklist(PUB_STATUSES, '状态只能是草稿或已发布'), 'draft'),
    }),
    answer: pubPageSchema,
  }),

  // where they show
  myAutopartsCity: defineEndpoint({
    method: 'get', path: '/settings/autoparts-city', tag: 'settings', access: 'user',
    summary: '本企业所在的汽配城（0：未选择）、能否修改（企业负责人或 M07），以及可选的已启用汽配城',
    payload: emptyPayload,
    answer: v.object({ autoparts_city_id: v.number(), editable: v.boolean(), options: v.array(cityOption) }),
  }),
  myAutopartsCitySave: defineEndpoint({
    method: 'post', path: '/settings/autoparts-city', tag: 'settings', access: 'user', idempotent: true,
    summary: '设置本企业所在的汽配城（企业负责人或 M07；0 为不在汽配城）；只能选已启用的汽配城',
    payload: v.object({ autoparts_city_id: intOf('汽配城编号应为正整数或 0', 0, MAX_ID) }),
    answer: v.object({ autoparts_city_id: v.number() }),
  }),
  freeCityRules: defineEndpoint({
    method: 'get', path: '/cart/free-city-rules', tag: 'cart', access: 'user', permissions: CART_CODES,
    summary: '已启用的包邮城市规则（省市与包邮门槛，分），结算页按收货地址显示“满X元包邮”',
    payload: emptyPayload,
    answer: v.array(v.object({ province: v.string(), city: v.string(), min_order_fen: v.number() })),
  }),
  pubPageLinks: defineEndpoint({
    method: 'get', path: '/pub/links', tag: 'system', access: 'public',
    summary: '已发布的公共页面（地址与标题，按排序），页脚的链接',
    payload: emptyPayload,
    answer: v.array(v.object({ slug: v.string(), title: v.string() })),
  }),
  pubPageGet: defineEndpoint({
    method: 'get', path: '/pub/page', tag: 'system', access: 'public',
    summary: '一个已发布的公共页面：标题、正文（纯文本）与发布时间；草稿和不存在的地址都答“页面不存在或未发布”',
    payload: v.object({ slug: v.pipe(v.string('页面地址应为文字'), v.trim(), v.toLowerCase(), v.regex(PUB_SLUG_RE, '页面地址只能用小写字母、数字和短横线')) }),
    answer: v.object({ slug: v.string(), title: v.string(), body: v.string(), published_at: v.number() }),
  }),
} as const;
