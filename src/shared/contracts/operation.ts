/**
 * The operator platform's calls (requirements 001-2-2, 001-7 membership, merchants, users, system):
 * the audit log, companies, users, system parameters, the exchange rate, the announcement and the
 * home's figures. Every call is `operator` (company 1 only) and needs its D code (domain/operation.ts).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { positiveIdField } from './seller-apply';
import { AD_SLOTS, COMPANY_STATES, OP_CATALOGUE_CODES, OP_CODES, opCatalogueText } from '../domain/operation';
import { normalizeOe, OE_MIN_LENGTH } from '../domain/oe';
import { ORDER_STATUSES, PAY_STATUSES } from '../domain/orders';
import { companyProfileSchema } from '../domain/account-rules';
import { BUSINESS_TYPES, businessTypeText } from '../domain/company-type';
import { ANNOUNCEMENT } from '../domain/system-params';
import { OPERATOR_CODES } from '../domain/permissions';
import { companyRefSchema } from './operation-company';
import { pairRule, rangeRule, withinDays } from '../domain/ranges';
import { listAnswer, listPayload, opIdsField as idsField, opKeyword as keyword, opOptionalDay as day, opReasonField as reasonField } from './operation-list';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export const auditRowSchema = v.object({
  id: v.number(),
  /** unix seconds */
  at: v.number(),
  user_id: v.number(),
  username: v.string(),
  entity: v.string(),
  entity_id: v.string(),
  action: v.string(),
  old_value: v.unknown(),
  new_value: v.unknown(),
  note: v.string(),
});
export type AuditRow = v.InferOutput<typeof auditRowSchema>;

export const opCompanyRowSchema = v.object({
  id: v.number(), name: v.string(), short_name: v.string(), province: v.string(), city: v.string(), phone: v.string(),
  is_seller: v.boolean(), business_type: v.picklist(BUSINESS_TYPES), level_id: v.number(), level_name: v.string(), level_type: v.picklist(['free', 'paid']),
  /** unix seconds; 0 when the level does not expire */
  level_end: v.number(),
  suspended: v.boolean(), suspend_reason: v.string(),
  users: v.number(), stock: v.number(), created: v.number(),
});
export type OpCompanyRow = v.InferOutput<typeof opCompanyRowSchema>;

export const opUserRowSchema = v.object({
  id: v.number(), username: v.string(), display_name: v.string(), mobile: v.string(), company_id: v.number(), company_name: v.string(),
  company_suspended: v.boolean(), is_owner: v.boolean(), active: v.boolean(), permissions: v.array(v.string()),
  /** sessions not revoked whose refresh token still lives */
  sessions: v.number(), created: v.number(), last_login: v.number(),
});
export type OpUserRow = v.InferOutput<typeof opUserRowSchema>;

const levelSchema = v.object({ id: v.number(), name: v.string(), level_type: v.picklist(['free', 'paid']), is_trial: v.boolean() });

export const opParamSchema = v.object({ key: v.string(), value: v.string(), description: v.string() });

export const rateHistorySchema = v.object({ id: v.number(), to_curr_code: v.string(), old_value: v.nullable(v.number()), rate_value: v.number(), set_at: v.number(), username: v.string() });

const figure = v.object({ value: v.number() });

export const operationEndpoints = {
  opAuditList: defineEndpoint({
    method: 'get', path: '/operation/logs', tag: 'operation', access: 'operator', permissions: OP_CODES.logs, heavy: true,
    summary: '运营：操作日志（只读），按操作人、对象、对象ID、动作、日期范围查询，最新在前',
    payload: v.pipe(
      listPayload({
        operator: keyword('操作人', 20), entity: keyword('对象', 30), entity_id: keyword('对象ID', 60), action: keyword('动作', 30),
        date_from: day('开始日期'), date_to: day('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: listAnswer(auditRowSchema),
  }),
  opCompanyList: defineEndpoint({
    method: 'get', path: '/operation/company', tag: 'operation', access: 'operator', permissions: OP_CODES.companyRead, heavy: true,
    summary: '运营：企业列表，按名称或简称、城市、等级、状态、是否卖家、企业类型、企业分组筛选',
    payload: listPayload({
      k: keyword('名称'), city: keyword('城市', 20),
      level_id: v.optional(v.union([v.literal(''), positiveIdField('等级')]), ''),
      state: v.optional(v.picklist(['', ...COMPANY_STATES], '状态只能是 active、suspended 或留空'), ''),
      seller: v.optional(v.picklist(['', 'true', 'false'], '是否卖家只能是 true、false 或留空'), ''),
      business_type: v.optional(v.picklist(['', ...BUSINESS_TYPES], businessTypeText.pick), ''),
      group_id: v.optional(v.union([v.literal(''), positiveIdField('分组')], '分组应为正整数'), ''),
      sort: v.optional(v.picklist(['id', 'created', 'stock', 'level_end'], '排序字段无效'), 'id'),
      order: v.optional(v.picklist(['asc', 'desc'], '排序方向只能是 asc 或 desc'), 'desc'),
    }),
    answer: listAnswer(opCompanyRowSchema, { levels: v.array(levelSchema), groups: v.array(v.object({ id: v.number(), name: v.string() })) }),
  }),
  opCompanyDetail: defineEndpoint({
    method: 'get', path: '/operation/company-detail', tag: 'operation', access: 'operator', permissions: OP_CODES.companyRead,
    summary: '运营：企业详情：资料、用户、库存数、订单数、会员记录（购买与运营调整）',
    payload: v.object({ id: positiveIdField('企业ID') }),
    answer: v.object({
      company: v.object({ ...opCompanyRowSchema.entries, address: v.string(), qq: v.string() }),
      users: v.array(opUserRowSchema),
      stock: v.object({ on: v.number(), off: v.number(), suspended: v.number() }),
      orders: v.object({ sales: v.number(), purchases: v.number() }),
      membership: v.array(v.object({ at: v.number(), kind: v.picklist(['purchase', 'operator']), text: v.string(), by: v.string() })),
      levels: v.array(levelSchema),
      /** 总分公司 (fourth part) */
      relation: v.object({ head: v.nullable(companyRefSchema), branches: v.array(companyRefSchema) }),
    }),
  }),
  opCompanyUpdate: defineEndpoint({
    method: 'post', path: '/operation/company/update', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：修改企业资料（名称、简称、电话、省市、地址），记入操作日志',
    payload: v.object({ id: positiveIdField('企业ID'), ...companyProfileSchema.entries }),
    answer: v.null(),
  }),
  opCompanySetLevel: defineEndpoint({
    method: 'post', path: '/operation/company/level', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：设置企业会员等级和到期日（付费等级必填，免费等级不设），记入操作日志',
    payload: v.object({ id: positiveIdField('企业ID'), level_id: positiveIdField('会员等级'), level_end: day('到期日') }),
    answer: v.null(),
  }),
  opCompanySuspend: defineEndpoint({
    method: 'post', path: '/operation/company/suspend', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：停用企业（可批量，一个事务）：其用户立即下线且不能登录，库存立即从搜索中下架；总公司不能停用',
    payload: v.object({ ids: idsField('企业'), reason: reasonField('停用原因') }),
    answer: v.object({ changed: v.number() }),
  }),
  opCompanyRestore: defineEndpoint({
    method: 'post', path: '/operation/company/restore', tag: 'operation', access: 'operator', permissions: OP_CODES.companyWrite, idempotent: true,
    summary: '运营：恢复停用的企业（可批量，一个事务）：停用前在售的库存重新上架',
    payload: v.object({ ids: idsField('企业') }),
    answer: v.object({ changed: v.number() }),
  }),
  opUserList: defineEndpoint({
    method: 'get', path: '/operation/users', tag: 'operation', access: 'operator', permissions: OP_CODES.usersRead, heavy: true,
    summary: '运营：所有企业的用户，按用户名、姓名、手机号、企业名称、企业ID、状态筛选',
    payload: listPayload({
      k: keyword('关键词'), company: keyword('企业名称'),
      company_id: v.optional(v.union([v.literal(''), positiveIdField('企业ID')]), ''),
      active: v.optional(v.picklist(['', 'true', 'false'], '状态只能是 true、false 或留空'), ''),
    }),
    answer: listAnswer(opUserRowSchema),
  }),
  opUserSetActive: defineEndpoint({
    method: 'post', path: '/operation/users/active', tag: 'operation', access: 'operator', permissions: OP_CODES.usersWrite, idempotent: true,
    summary: '运营：禁用或启用用户（可批量）；禁用立即结束其所有登录',
    payload: v.object({ ids: idsField('用户'), active: v.boolean('active 应为 true 或 false') }),
    answer: v.object({ changed: v.number() }),
  }),
  opUserResetPassword: defineEndpoint({
    method: 'post', path: '/operation/users/reset-password', tag: 'operation', access: 'operator', permissions: OP_CODES.usersWrite, idempotent: true,
    summary: '运营：重置密码：生成临时密码并通过短信发给用户手机，结束其所有登录；短信发不出则什么都不改',
    payload: v.object({ id: positiveIdField('用户ID') }),
    answer: v.object({ mobile: v.string() }),
  }),
  opUserEndSessions: defineEndpoint({
    method: 'post', path: '/operation/users/end-sessions', tag: 'operation', access: 'operator', permissions: OP_CODES.usersWrite, idempotent: true,
    summary: '运营：结束用户的所有登录（强制下线），账号仍可重新登录',
    payload: v.object({ id: positiveIdField('用户ID') }),
    answer: v.object({ ended: v.number() }),
  }),
  opConfigList: defineEndpoint({
    method: 'get', path: '/operation/config', tag: 'operation', access: 'operator', permissions: OP_CODES.configuration,
    summary: '运营：可编辑的系统参数及当前值',
    payload: emptyPayload, answer: v.array(opParamSchema),
  }),
  opConfigSet: defineEndpoint({
    method: 'post', path: '/operation/config', tag: 'operation', access: 'operator', permissions: OP_CODES.configuration, idempotent: true,
    summary: '运营：修改一个系统参数，按参数规则校验（数字、网址、JSON、上传的图片、企业ID），记入操作日志',
    payload: v.object({
      key: v.pipe(v.string('请选择参数'), v.regex(/^[a-z_]{2,40}$/, '参数键无效')),
      value: v.pipe(v.string('参数值应为文字'), v.maxLength(4000, '参数值最多4000个字符')),
    }),
    answer: opParamSchema,
  }),
  opRateHistory: defineEndpoint({
    method: 'get', path: '/operation/exchange-rate', tag: 'operation', access: 'operator', permissions: OP_CODES.notice,
    summary: '运营：各币种当前汇率及设置记录（最新在前）',
    payload: emptyPayload,
    answer: v.object({
      rates: v.array(v.object({ to_curr_code: v.string(), to_curr_txt: v.string(), rate_value: v.number(), updated_at: v.number() })),
      history: v.array(rateHistorySchema),
    }),
  }),
  opRateSet: defineEndpoint({
    method: 'post', path: '/operation/exchange-rate', tag: 'operation', access: 'operator', permissions: OP_CODES.notice, idempotent: true,
    summary: '运营：设置 1 人民币兑换的目标币种数额（如越南盾），前台越南盾价格随之改变；记入历史和操作日志',
    payload: v.object({
      to_curr_code: v.pipe(v.string('请选择币种'), v.regex(/^[A-Z]{3}$/, '币种代码应为3个大写字母')),
      rate_value: v.pipe(
        v.union([v.number('汇率应为数字'), v.pipe(v.string('汇率应为数字'), v.trim(), v.regex(/^\d+(\.\d+)?$/, '汇率应为数字'), v.transform(Number))], '汇率应为数字'),
        v.number('汇率应为数字'), v.check((n) => Number.isFinite(n) && n > 0, '汇率须大于0'), v.maxValue(1_000_000, '汇率不能超过1000000'),
        v.check((n) => Math.abs(n * 1e6 - Math.round(n * 1e6)) < 1e-6, '汇率最多6位小数'),
      ),
    }),
    answer: v.object({ to_curr_code: v.string(), rate_value: v.number() }),
  }),
  opNoticeSet: defineEndpoint({
    method: 'post', path: '/operation/notice', tag: 'operation', access: 'operator', permissions: OP_CODES.notice, idempotent: true,
    summary: '运营：修改前台首页公告（为空则不显示），记入操作日志',
    payload: v.object({ text: v.pipe(v.string('公告应为文字'), v.trim(), v.maxLength(ANNOUNCEMENT.max, `公告最多${ANNOUNCEMENT.max}个字符`)) }),
    answer: v.object({ text: v.string() }),
  }),
  opHomeSummary: defineEndpoint({
    method: 'get', path: '/operation/home', tag: 'operation', access: 'operator',
    summary: '运营首页：今天（北京时间）的新注册企业、待审核入驻、待审核资料变更、订单、无结果搜索，以及停用企业数',
    payload: emptyPayload,
    answer: v.object({
      day: v.string(),
      new_companies: figure, pending_audits: figure, pending_changes: figure, orders: v.object({ value: v.number(), amount_fen: v.number() }),
      empty_searches: v.object({ value: v.number(), top: v.array(v.object({ text: v.string(), n: v.number() })) }),
      suspended_companies: figure,
    }),
  }),
} as const;

export const roleSchema = v.object({
  id: v.number(), name: v.string(), codes: v.array(v.string()), note: v.string(),
  members: v.array(v.object({ id: v.number(), username: v.string(), display_name: v.string() })),
});
export type OperatorRole = v.InferOutput<typeof roleSchema>;

const codesField = v.pipe(
  v.array(v.pipe(v.string('权限码应为文字'), v.check((c) => OPERATOR_CODES.includes(c), '权限码无效（只能是运营权限 D00 至 D12 及其子项）')), '请选择权限'),
  v.minLength(1, '请至少选择一项权限'), v.maxLength(OPERATOR_CODES.length, '权限过多'),
);

export const privilegeEndpoints = {
  opRoleList: defineEndpoint({
    method: 'get', path: '/operation/roles', tag: 'operation', access: 'operator', permissions: OP_CODES.privilege,
    summary: '运营：角色（权限码组）及成员，和平台运营公司的员工及其角色',
    payload: emptyPayload,
    answer: v.object({
      roles: v.array(roleSchema),
      staff: v.array(v.object({ id: v.number(), username: v.string(), display_name: v.string(), active: v.boolean(), role_ids: v.array(v.number()), codes: v.array(v.string()) })),
    }),
  }),
  opRoleSave: defineEndpoint({
    method: 'post', path: '/operation/roles/save', tag: 'operation', access: 'operator', permissions: OP_CODES.privilege, idempotent: true,
    summary: '运营：新增或修改角色（id 为空为新增）；成员的权限在下一次请求时生效；不能让平台无人拥有权限管理',
    payload: v.object({
      id: v.optional(v.union([v.literal(0), positiveIdField('角色ID')]), 0),
      name: v.pipe(v.string('请填写角色名称'), v.trim(), v.nonEmpty('请填写角色名称'), v.maxLength(20, '角色名称最多20个字符')),
      codes: codesField,
      note: v.optional(v.pipe(v.string('说明应为文字'), v.trim(), v.maxLength(100, '说明最多100个字符')), ''),
    }),
    answer: roleSchema,
  }),
  opRoleDelete: defineEndpoint({
    method: 'post', path: '/operation/roles/delete', tag: 'operation', access: 'operator', permissions: OP_CODES.privilege, idempotent: true,
    summary: '运营：删除角色，成员失去其权限（下一次请求生效）；不能删除最后一个权限管理角色',
    payload: v.object({ id: positiveIdField('角色ID') }), answer: v.null(),
  }),
  opRoleAssign: defineEndpoint({
    method: 'post', path: '/operation/roles/assign', tag: 'operation', access: 'operator', permissions: OP_CODES.privilege, idempotent: true,
    summary: '运营：设置平台运营公司一名员工的角色（全部替换）；权限在其下一次请求时生效',
    payload: v.object({ user_id: positiveIdField('员工ID'), role_ids: v.pipe(v.array(positiveIdField('角色ID'), '请选择角色'), v.maxLength(50, '角色过多')) }),
    answer: v.object({ codes: v.array(v.string()) }),
  }),
} as const;

export const opAdSchema = v.object({
  id: v.number(), code: v.string(), images_url: v.string(), images_width: v.number(), click_url: v.string(),
  /** YYYY-MM-DD, China days, both included */
  start_day: v.string(), end_day: v.string(), sort: v.number(), live: v.boolean(),
});
export type OpAd = v.InferOutput<typeof opAdSchema>;

const adDay = (label: string) => v.pipe(v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`), v.check((s) => DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label}应为 YYYY-MM-DD 格式的日期`));

export const adEndpoints = {
  opAdList: defineEndpoint({
    method: 'get', path: '/operation/ads', tag: 'operation', access: 'operator', permissions: OP_CODES.ads,
    summary: '运营：所有广告（含未开始和已结束），可按广告位筛选',
    payload: v.object({ code: v.optional(v.picklist(['', ...Object.keys(AD_SLOTS)], '广告位无效'), '') }),
    answer: v.array(opAdSchema),
  }),
  opAdSave: defineEndpoint({
    method: 'post', path: '/operation/ads/save', tag: 'operation', access: 'operator', permissions: OP_CODES.ads, idempotent: true,
    summary: '运营：新增或修改广告（id 为 0 为新增）：广告位、上传的图片、链接、起止日期（含当天）、排序；前台下次读取即显示',
    payload: v.pipe(v.object({
      id: v.optional(v.union([v.literal(0), positiveIdField('广告ID')]), 0),
      code: v.picklist(Object.keys(AD_SLOTS), '请选择广告位'),
      images_url: v.pipe(v.string('请上传广告图片'), v.trim(), v.nonEmpty('请上传广告图片'), v.maxLength(200, '图片地址无效')),
      images_width: v.optional(v.pipe(v.number('图片宽度应为数字'), v.integer('图片宽度应为整数'), v.minValue(0, '图片宽度不能为负'), v.maxValue(4000, '图片宽度不能超过4000')), 0),
      click_url: v.optional(v.pipe(v.string('链接应为文字'), v.trim(), v.maxLength(300, '链接最多300个字符'),
        v.check((s) => s === '' || /^(https?:\/\/[^\s]+|\/[^/\s][^\s]*)$/i.test(s), '链接应为以 http:// 或 https:// 开头的网址，或以 / 开头的站内地址')), ''),
      start_day: adDay('开始日期'),
      end_day: adDay('结束日期'),
      sort: v.optional(v.pipe(v.number('排序应为数字'), v.integer('排序应为整数'), v.minValue(0, '排序不能为负'), v.maxValue(9999, '排序不能超过9999')), 0),
    }), rangeRule('start_day', 'end_day', opCatalogueText.rangeReversed)),
    answer: opAdSchema,
  }),
  opAdDelete: defineEndpoint({
    method: 'post', path: '/operation/ads/delete', tag: 'operation', access: 'operator', permissions: OP_CODES.ads, idempotent: true,
    summary: '运营：删除广告', payload: v.object({ id: positiveIdField('广告ID') }), answer: v.null(),
  }),
} as const;

// ---- catalogue, orders, enquiries, reports (ops-catalogue) ----

const oeField = (label: string) => v.pipe(
  v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`), v.maxLength(40, `${label}最多40个字符`),
  v.check((s) => normalizeOe(s).length >= OE_MIN_LENGTH, `${label}至少${OE_MIN_LENGTH}位字母或数字`),
);
const requiredDay = (label: string) => v.pipe(v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`),
  v.check((s) => DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label}应为 YYYY-MM-DD 格式的日期`));
/** A report's China days, both included, at most 366 of them. */
export const reportRange = v.pipe(
  v.object({ date_from: requiredDay('开始日期'), date_to: requiredDay('结束日期') }),
  rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
  pairRule('date_from', 'date_to', withinDays(366), opCatalogueText.rangeTooLong, 'date_to'),
);
const oeRelationKind = v.picklist(['supersession', 'alias'], '关联类型只能是替换号或别名');

export const opOeViewSchema = v.object({
  oe_norm: v.string(), known: v.boolean(),
  product: v.nullable(v.object({ oe_number: v.string(), name: v.string(), make_name: v.string() })),
  stock_on: v.number(),
  merged_into: v.nullable(v.object({ oe_norm: v.string(), at: v.number(), username: v.string() })),
  merged_from: v.array(v.object({ oe_norm: v.string(), at: v.number(), username: v.string() })),
  /** newer: for a supersession, whether the related number replaced this one; null when not known */
  relations: v.array(v.object({ related_norm: v.string(), kind: v.picklist(['supersession', 'alias']), newer: v.nullable(v.boolean()), stock_on: v.number(), merged: v.boolean() })),
  history: v.array(v.object({ at: v.number(), username: v.string(), action: v.string(), old_value: v.unknown(), new_value: v.unknown() })),
});
export type OpOeView = v.InferOutput<typeof opOeViewSchema>;

export const opOrderRowSchema = v.object({
  order_no: v.string(), checkout_no: v.string(), status: v.picklist(ORDER_STATUSES), pay_status: v.picklist(PAY_STATUSES),
  buyer_company_id: v.number(), buyer_company_name: v.string(), seller_company_id: v.number(), seller_company_name: v.string(),
  line_count: v.number(), total_qty: v.number(), total_fen: v.number(), first_line: v.string(), created_at: v.number(),
});
export type OpOrderRow = v.InferOutput<typeof opOrderRowSchema>;

export const opEnquiryRowSchema = v.object({
  enquiry_no: v.string(), state: v.picklist(['draft', 'open', 'ended', 'cancelled', 'expired']), buyer_company_id: v.number(), buyer_company_name: v.string(),
  make_name: v.string(), vin: v.string(), lines: v.number(), recipients: v.number(), quote_count: v.number(), first_line: v.string(),
  created_at: v.number(), sent_at: v.number(), expires_at: v.number(),
});
export type OpEnquiryRow = v.InferOutput<typeof opEnquiryRowSchema>;

const dayRow = <T extends v.ObjectEntries>(entries: T) => v.array(v.object({ day: v.string(), ...entries }));
const topList = v.array(v.object({ text: v.string(), n: v.number() }));

export const opCatalogueEndpoints = {
  opOeView: defineEndpoint({
    method: 'get', path: '/operation/oe', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean,
    summary: '运营：OE清洗：一个OE号的目录信息、在售库存、合并情况、替换号和别名及其库存、修改记录',
    payload: v.object({ oe: oeField('OE号') }),
    answer: opOeViewSchema,
  }),
  opOeMerge: defineEndpoint({
    method: 'post', path: '/operation/oe/merge', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, idempotent: true,
    summary: '运营：合并重复的OE号：被合并号成为保留号的别名并带上彼此的全部关联，目录中的重复条目并入保留号；搜索任一号都能找到两者的库存；记入操作日志',
    payload: v.object({ keep: oeField('保留的OE号'), merge: oeField('被合并的OE号') }),
    answer: v.object({ kept: v.string(), members: v.array(v.string()), relations: v.number() }),
  }),
  opOeUnmerge: defineEndpoint({
    method: 'post', path: '/operation/oe/unmerge', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, idempotent: true,
    summary: '运营：撤销合并：被合并号离开保留号的合并组（与组内编号的别名删除），搜索保留号不再找到它的库存；它与组外编号的关联保留（可再删除）；记入操作日志',
    payload: v.object({ oe: oeField('被合并的OE号') }),
    answer: v.object({ kept: v.string(), removed: v.number() }),
  }),
  opOeRelate: defineEndpoint({
    method: 'post', path: '/operation/oe/relate', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, idempotent: true,
    summary: '运营：设置替换号（oe 为旧号，related 为新号）或别名；OE搜索随之查到关联号的库存；记入操作日志',
    payload: v.object({ oe: oeField('OE号'), related: oeField('关联OE号'), kind: oeRelationKind }),
    answer: v.object({ changed: v.number() }),
  }),
  opOeUnrelate: defineEndpoint({
    method: 'post', path: '/operation/oe/unrelate', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.catalogueClean, idempotent: true,
    summary: '运营：删除两个OE号之间的替换号或别名关联（合并产生的不能删除）；记入操作日志',
    payload: v.object({ oe: oeField('OE号'), related: oeField('关联OE号') }),
    answer: v.object({ changed: v.number() }),
  }),
  opOrderList: defineEndpoint({
    method: 'get', path: '/operation/orders', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.orders, heavy: true,
    summary: '运营：平台所有订单（只读），按订单号、买家、卖家、状态、付款状态、下单日期筛选',
    payload: v.pipe(
      listPayload({
        no: keyword('订单号', 40), buyer: keyword('买家', 40), seller: keyword('卖家', 40),
        status: v.optional(v.picklist(['', ...ORDER_STATUSES], '订单状态无效'), ''),
        pay_status: v.optional(v.picklist(['', ...PAY_STATUSES], '付款状态无效'), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: listAnswer(opOrderRowSchema, { total_fen: v.number() }),
  }),
  opOrderDetail: defineEndpoint({
    method: 'get', path: '/operation/order', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.orders,
    summary: '运营：订单详情：双方、收货信息、明细、状态记录；以及平台能否取消',
    payload: v.object({ order_no: v.pipe(v.string('请填写订单号'), v.trim(), v.regex(/^[A-Z]{2}\d{20}$/, '订单号无效')) }),
    answer: v.object({
      ...opOrderRowSchema.entries,
      buyer_user_name: v.string(), contact_name: v.string(), contact_phone: v.string(), address: v.string(), remark: v.string(),
      reject_reason: v.string(), cancel_reason: v.string(), logistics_company: v.string(), logistics_no: v.string(), pay_method: v.string(),
      lines: v.array(v.object({ supplier_oe: v.string(), name: v.string(), brand_name: v.string(), quality_name: v.string(), qty: v.number(), unit_price_fen: v.number(), amount_fen: v.number() })),
      events: v.array(v.object({ action: v.string(), from_status: v.string(), to_status: v.string(), note: v.string(), user_name: v.string(), created_at: v.number() })),
      may_cancel: v.boolean(),
    }),
  }),
  opOrderCancel: defineEndpoint({
    method: 'post', path: '/operation/order/cancel', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.orderCancel, idempotent: true,
    summary: '运营：取消订单（只限未发货且未付款的订单），须填写原因；库存退回卖家，记入订单记录和操作日志',
    payload: v.object({ order_no: v.pipe(v.string('请填写订单号'), v.trim(), v.regex(/^[A-Z]{2}\d{20}$/, '订单号无效')), reason: reasonField('取消原因') }),
    answer: v.object({ status: v.string() }),
  }),
  opEnquiryList: defineEndpoint({
    method: 'get', path: '/operation/enquiries', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.orders, heavy: true,
    summary: '运营：平台所有询价单（只读，不含草稿），按询价单号、买家、OE号、状态、日期筛选',
    payload: v.pipe(
      listPayload({
        no: keyword('询价单号', 40), buyer: keyword('买家', 40), oe: keyword('OE号', 40),
        state: v.optional(v.picklist(['', 'open', 'expired', 'ended', 'cancelled'], '询价状态无效'), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: listAnswer(opEnquiryRowSchema),
  }),
  opEnquiryDetail: defineEndpoint({
    method: 'get', path: '/operation/enquiry', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.orders,
    summary: '运营：询价单详情：明细、收到询价的卖家、每条报价',
    payload: v.object({ enquiry_no: v.pipe(v.string('请填写询价单号'), v.trim(), v.regex(/^[A-Z0-9]{6,40}$/, '询价单号无效')) }),
    answer: v.object({
      ...opEnquiryRowSchema.entries, buyer_user_name: v.string(), note: v.string(),
      items: v.array(v.object({ line_no: v.number(), oe: v.string(), name: v.string(), qty: v.number(), quality: v.string() })),
      sellers: v.array(v.object({ company_id: v.number(), name: v.string() })),
      quotes: v.array(v.object({
        line_no: v.number(), seller_company_name: v.string(), price_fen: v.number(), currency: v.string(), brand: v.string(), quality: v.string(),
        qty: v.number(), delivery_days: v.number(), accepted: v.boolean(), created_at: v.number(),
      })),
    }),
  }),
  opReportMembers: defineEndpoint({
    method: 'get', path: '/operation/report/members', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营报表：每天（北京时间）新注册企业、会员升级（已支付的套餐和运营设为付费等级）、有搜索的活跃企业',
    payload: reportRange,
    answer: v.object({ rows: dayRow({ registrations: v.number(), upgrades: v.number(), active: v.number() }) }),
  }),
  opReportSearches: defineEndpoint({
    method: 'get', path: '/operation/report/searches', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营报表：每天的库存查询次数和无结果搜索次数，及期间无结果最多的OE号和关键词（目录的缺口）',
    payload: reportRange,
    answer: v.object({ rows: dayRow({ searches: v.number(), misses: v.number() }), top_oe: topList, top_keyword: topList }),
  }),
  opReportOrders: defineEndpoint({
    method: 'get', path: '/operation/report/orders', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营报表：每天的订单数、金额（分），及其中取消或拒绝的订单数',
    payload: reportRange,
    answer: v.object({ rows: dayRow({ orders: v.number(), amount_fen: v.number(), cancelled: v.number() }) }),
  }),
  opReportStock: defineEndpoint({
    method: 'get', path: '/operation/report/stock', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.reports, heavy: true,
    summary: '运营报表：在售库存按车型品牌和配件品牌（条数、件数、卖家数，各取前30）',
    payload: emptyPayload,
    answer: v.object({
      by_make: v.array(v.object({ name: v.string(), rows: v.number(), qty: v.number(), sellers: v.number() })),
      by_brand: v.array(v.object({ name: v.string(), rows: v.number(), qty: v.number(), sellers: v.number() })),
      total: v.object({ rows: v.number(), qty: v.number(), sellers: v.number() }),
    }),
  }),
} as const;

export const opPayRowSchema = v.object({
  order_no: v.string(), company_id: v.number(), company_name: v.string(), username: v.string(), level_name: v.string(),
  amount_fen: v.number(), duration_months: v.number(), state: v.picklist(['pending', 'paid', 'cancelled']), provider: v.string(), trade_no: v.string(),
  created_at: v.number(), paid_at: v.number(), level_end_after: v.number(),
});
export type OpPayRow = v.InferOutput<typeof opPayRowSchema>;

export const opPayEndpoints = {
  opPayList: defineEndpoint({
    method: 'get', path: '/operation/pay', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.pay, heavy: true,
    summary: '运营：支付记录：会员套餐（含VIN查询、库存查询额度）的购买订单，按企业、订单号、状态、日期筛选，附已支付合计',
    payload: v.pipe(
      listPayload({
        company: keyword('企业', 40), no: keyword('订单号', 40),
        state: v.optional(v.picklist(['', 'pending', 'paid', 'cancelled'], '支付状态无效'), ''),
        date_from: day('开始日期'), date_to: day('结束日期'),
      }),
      rangeRule('date_from', 'date_to', opCatalogueText.rangeReversed),
    ),
    answer: listAnswer(opPayRowSchema, { paid_fen: v.number() }),
  }),
} as const;
