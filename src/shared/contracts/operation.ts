/**
 * The operator platform's calls (issue 13; 001 §2.2, §7 membership, merchants, users, system):
 * the audit log, companies, users, system parameters, the exchange rate, the announcement and the
 * home's figures. Every call is `operator` (company 1 only) and needs its D code (domain/operation.ts).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { positiveIdField } from './seller-apply';
import { AD_SLOTS, BULK_MAX, COMPANY_STATES, OP_CODES } from '../domain/operation';
import { companyProfileSchema } from '../domain/account-rules';
import { ANNOUNCEMENT } from '../domain/system-params';
import { OPERATOR_CODES } from '../domain/permissions';

const keyword = (label: string, max = 60) =>
  v.optional(v.pipe(v.string(`${label}应为文字`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  v.optional(v.pipe(v.string(`${label}应为日期`), v.trim(), v.check((s) => s === '' || (DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), `${label}应为 YYYY-MM-DD 格式的日期`)), '');
const paging = {
  page_number: v.optional(positiveIdField('页码'), 1),
  page_size: v.optional(v.pipe(positiveIdField('每页条数'), v.picklist([50, 100, 200, 400, 800], '每页条数只能是 50、100、200、400 或 800')), 50),
};
const idsField = (label: string) => v.pipe(
  v.array(positiveIdField(label), `请选择${label}`),
  v.minLength(1, `请至少选择一个${label}`), v.maxLength(BULK_MAX, `一次最多处理${BULK_MAX}个${label}`),
);
const reasonField = (label: string) => v.pipe(v.string(`请填写${label}`), v.trim(), v.nonEmpty(`请填写${label}`), v.minLength(2, `${label}至少2个字符`), v.maxLength(200, `${label}最多200个字符`));

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
  is_seller: v.boolean(), level_id: v.number(), level_name: v.string(), level_type: v.picklist(['free', 'paid']),
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
    payload: v.object({
      operator: keyword('操作人', 20), entity: keyword('对象', 30), entity_id: keyword('对象ID', 60), action: keyword('动作', 30),
      date_from: day('开始日期'), date_to: day('结束日期'), ...paging,
    }),
    answer: v.object({ data: v.array(auditRowSchema), total: v.number() }),
  }),
  opCompanyList: defineEndpoint({
    method: 'get', path: '/operation/company', tag: 'operation', access: 'operator', permissions: OP_CODES.companyRead, heavy: true,
    summary: '运营：企业列表，按名称或简称、城市、等级、状态、是否卖家筛选',
    payload: v.object({
      k: keyword('名称'), city: keyword('城市', 20),
      level_id: v.optional(v.union([v.literal(''), positiveIdField('等级')]), ''),
      state: v.optional(v.picklist(['', ...COMPANY_STATES], '状态只能是 active、suspended 或留空'), ''),
      seller: v.optional(v.picklist(['', 'true', 'false'], '是否卖家只能是 true、false 或留空'), ''),
      sort: v.optional(v.picklist(['id', 'created', 'stock', 'level_end'], '排序字段无效'), 'id'),
      order: v.optional(v.picklist(['asc', 'desc'], '排序方向只能是 asc 或 desc'), 'desc'),
      ...paging,
    }),
    answer: v.object({ data: v.array(opCompanyRowSchema), total: v.number(), levels: v.array(levelSchema) }),
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
    payload: v.object({
      k: keyword('关键词'), company: keyword('企业名称'),
      company_id: v.optional(v.union([v.literal(''), positiveIdField('企业ID')]), ''),
      active: v.optional(v.picklist(['', 'true', 'false'], '状态只能是 true、false 或留空'), ''),
      ...paging,
    }),
    answer: v.object({ data: v.array(opUserRowSchema), total: v.number() }),
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
    summary: '运营首页：今天（北京时间）的新注册企业、待审核入驻、订单、无结果搜索，以及停用企业数',
    payload: emptyPayload,
    answer: v.object({
      day: v.string(),
      new_companies: figure, pending_audits: figure, orders: v.object({ value: v.number(), amount_fen: v.number() }),
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
  v.array(v.pipe(v.string('权限码应为文字'), v.check((c) => OPERATOR_CODES.includes(c), '权限码无效（只能是 D00 至 D12-03）')), '请选择权限'),
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
    }), v.forward(v.check((p) => p.end_day >= p.start_day, '结束日期不能早于开始日期'), ['end_day'])),
    answer: opAdSchema,
  }),
  opAdDelete: defineEndpoint({
    method: 'post', path: '/operation/ads/delete', tag: 'operation', access: 'operator', permissions: OP_CODES.ads, idempotent: true,
    summary: '运营：删除广告', payload: v.object({ id: positiveIdField('广告ID') }), answer: v.null(),
  }),
} as const;
