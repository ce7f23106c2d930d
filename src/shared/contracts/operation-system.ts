/**
 * The operator platform's system settings beyond the parameters (second part): company
 * levels (price, duration, quotas, employee limit), the member code templates per level, and the
 * SMS notice templates by scene. Every call is `operator` (company 1 only) and needs its D code.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opIdsField } from './operation-list';
import { OP_CODES } from '../domain/operation-codes';
import { MEMBER_CODES } from '../domain/permissions';
import { fenField } from './money-field';
import { PLATFORM_LIST_KINDS } from '../domain/platform-lists';
import { NOTICE_SCENE_KEYS, templateProblem, type NoticeSceneKey } from '../domain/notice-templates';
import { QUOTE_PER_DAY_MAX, quoteQuotaText } from '../domain/quote-quota';

/** 9999 daily stock queries means unlimited (requirements 000-9). */
export const UNLIMITED_QUOTA = 9999;

export const opLevelSchema = v.object({
  id: v.number(), name: v.string(), level_type: v.picklist(['free', 'paid']), is_trial: v.boolean(),
  /** the head company's own level: never sold, never given to a member */
  platform: v.boolean(),
  /** null when the level is not sold as a package */
  price_fen: v.nullable(v.number()), duration_months: v.nullable(v.number()),
  employee_limit: v.number(), stock_per_day: v.number(), vin_type: v.picklist(['date', 'count']), vin_count: v.number(),
  /** free quotes a day; null: no limit (docs/money.md#paid-services) */
  quote_per_day: v.nullable(v.number()),
  sort: v.number(), companies: v.number(),
  owner_codes: v.array(v.string()), seller_codes: v.array(v.string()),
});
export type OpLevel = v.InferOutput<typeof opLevelSchema>;

const wholeOf = (label: string, min: number, max: number) => v.pipe(
  v.union([v.number(`${label}应为整数`), v.pipe(v.string(`${label}应为整数`), v.trim(), v.regex(/^\d{1,6}$/, `${label}应为${min}到${max}的整数`), v.transform(Number))], `${label}应为整数`),
  v.integer(`${label}应为整数`), v.minValue(min, `${label}不能小于${min}`), v.maxValue(max, `${label}不能大于${max}`),
);

/** null (not sold) or whole fen (docs/api.md, "Money"); a sold level costs more than nothing */
const priceField = v.nullable(fenField('价格', 1, 999_999_999));

const memberCodes = (label: string, min: number) => v.pipe(
  v.array(v.pipe(v.string('权限码应为文字'), v.check((c) => MEMBER_CODES.includes(c), '权限码无效（只能是会员权限 C.. 或 M..）')), `请选择${label}`),
  v.minLength(min, `请至少选择一项${label}`), v.maxLength(MEMBER_CODES.length, `${label}过多`),
  v.transform((codes) => [...new Set(codes)].sort()),
);

export const noticeTemplateSchema = v.object({
  scene: v.string(), channel: v.picklist(['sms', 'im']), label: v.string(), body: v.string(), fallback: v.string(),
  placeholders: v.record(v.string(), v.string()), required: v.array(v.string()),
  /** unix seconds of an operator's last change; 0 when never changed */
  updated_at: v.number(),
});
export type NoticeTemplate = v.InferOutput<typeof noticeTemplateSchema>;

export const listEntrySchema = v.object({
  id: v.number(), kind: v.picklist(PLATFORM_LIST_KINDS), group_name: v.string(), code: v.string(), name: v.string(),
  sort: v.number(), active: v.boolean(), updated_at: v.number(),
});
export type ListEntry = v.InferOutput<typeof listEntrySchema>;

const kindField = v.picklist(PLATFORM_LIST_KINDS, '列表类型只能是字典（dictionary）、商圈区域或标签（label）');
const listText = (label: string, max: number) => v.optional(v.pipe(v.string(`${label}应为文字`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');

export const operationSystemEndpoints = {
  opListEntries: defineEndpoint({
    method: 'get', path: '/operation/lists', tag: 'operation', access: 'operator', permissions: OP_CODES.lists,
    summary: '运营：数据字典、商圈、企业标签（按类型），可按名称或编码、分组、状态筛选，含分组列表',
    payload: listPayload({
      kind: kindField, k: listText('关键词', 40), group_name: listText('分组', 30),
      active: v.optional(v.picklist(['', 'true', 'false'], '状态只能是 true、false 或留空'), ''),
    }),
    answer: listAnswer(listEntrySchema, { groups: v.array(v.string()) }),
  }),
  opListEntrySave: defineEndpoint({
    method: 'post', path: '/operation/lists/save', tag: 'operation', access: 'operator', permissions: OP_CODES.lists, idempotent: true,
    summary: '运营：新增或修改字典项、商圈或企业标签（id 为 0 为新增）；同一分组下名称和编码不重复；记入操作日志',
    payload: v.object({
      id: v.optional(v.union([v.literal(0), positiveIdField('条目ID')]), 0),
      kind: kindField,
      group_name: listText('分组', 30),
      code: v.optional(v.pipe(v.string('编码应为文字'), v.trim(), v.maxLength(30, '编码最多30个字符'),
        v.regex(/^[A-Za-z0-9_.-]*$/, '编码只能用字母、数字、下划线、点和短横线')), ''),
      name: v.pipe(v.string('请填写名称'), v.trim(), v.nonEmpty('请填写名称'), v.maxLength(40, '名称最多40个字符')),
      sort: v.optional(wholeOf('排序', 0, 9999), 0),
    }),
    answer: listEntrySchema,
  }),
  opListEntrySetActive: defineEndpoint({
    method: 'post', path: '/operation/lists/active', tag: 'operation', access: 'operator', permissions: OP_CODES.lists, idempotent: true,
    summary: '运营：停用或启用字典项、商圈或企业标签（可批量，一个事务；条目不删除）',
    payload: v.object({
      kind: kindField,
      ids: opIdsField('条目'),
      active: v.boolean('active 应为 true 或 false'),
    }),
    answer: v.object({ changed: v.number() }),
  }),
  opLevelList: defineEndpoint({
    method: 'get', path: '/operation/levels', tag: 'operation', access: 'operator', permissions: [...OP_CODES.levels, ...OP_CODES.codeTemplates],
    summary: '运营：会员等级：价格、时长、员工上限、每日库存查询、VIN 次数、企业数和权限模板',
    payload: emptyPayload, answer: v.array(opLevelSchema),
  }),
  opLevelSave: defineEndpoint({
    method: 'post', path: '/operation/levels/save', tag: 'operation', access: 'operator', permissions: OP_CODES.levels, idempotent: true,
    summary: '运营：修改会员等级（名称、价格与时长、员工上限、每日库存查询、每日报价次数（空为不限，不传则不变）、注册赠送 VIN 次数）；前台会员套餐和配额随即按新值；记入操作日志',
    payload: v.pipe(v.object({
      id: positiveIdField('等级ID'),
      name: v.pipe(v.string('请填写等级名称'), v.trim(), v.nonEmpty('请填写等级名称'), v.maxLength(20, '等级名称最多20个字符')),
      price: priceField,
      duration_months: v.union([v.literal(''), wholeOf('时长（月）', 1, 120)], '时长应为1到120的整数（月）'),
      employee_limit: wholeOf('员工上限', 1, UNLIMITED_QUOTA),
      stock_per_day: wholeOf('每日库存查询次数', 0, UNLIMITED_QUOTA),
      // '' or null: no limit; left out: unchanged
      quote_per_day: v.optional(v.union([v.null(), v.pipe(v.literal(''), v.transform(() => null)), wholeOf('每日报价次数', 0, QUOTE_PER_DAY_MAX)], quoteQuotaText.perDay)),
      vin_count: wholeOf('VIN 解析次数', 0, 100_000),
    }), v.forward(v.check((p) => (p.price === null) === (p.duration_months === ''), '出售的等级须同时填写价格和时长；不出售则两项都留空'), ['duration_months'])),
    answer: opLevelSchema,
  }),
  opLevelCodesSave: defineEndpoint({
    method: 'post', path: '/operation/levels/codes', tag: 'operation', access: 'operator', permissions: OP_CODES.codeTemplates, idempotent: true,
    summary: '运营：会员权限模板：该等级新注册企业负责人获得的权限，和审核通过成为卖家时负责人增加的权限；已有用户不变；记入操作日志',
    payload: v.object({ id: positiveIdField('等级ID'), owner_codes: memberCodes('负责人权限', 1), seller_codes: memberCodes('卖家权限', 0) }),
    answer: opLevelSchema,
  }),
  opNoticeTemplateList: defineEndpoint({
    method: 'get', path: '/operation/notice-templates', tag: 'operation', access: 'operator', permissions: OP_CODES.noticeTemplates,
    summary: '运营：短信通知模板（按场景），含可用和必需的占位符',
    payload: emptyPayload, answer: v.array(noticeTemplateSchema),
  }),
  opNoticeTemplateSave: defineEndpoint({
    method: 'post', path: '/operation/notice-templates/save', tag: 'operation', access: 'operator', permissions: OP_CODES.noticeTemplates, idempotent: true,
    summary: '运营：修改一个场景的短信模板：须以【签名】开头，保留必需的占位符，只用该场景的占位符；下一条短信即按新模板发送；记入操作日志',
    payload: v.pipe(v.object({
      scene: v.picklist(NOTICE_SCENE_KEYS, '未知的通知场景'),
      body: v.pipe(v.string('请填写模板内容'), v.trim()),
    }), v.forward(v.check((p) => templateProblem(p.scene as NoticeSceneKey, p.body) === null,
      (i) => { const p = i.input as { scene: NoticeSceneKey; body: string }; return templateProblem(p.scene, p.body) ?? ''; }), ['body'])),
    answer: noticeTemplateSchema,
  }),
} as const;
