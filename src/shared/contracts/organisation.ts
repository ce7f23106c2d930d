/**
 * Organisation (M06: 员工, 联系人), enterprise settings (M07) and the back-office home summary.
 * Every call acts on the caller's own company; the server decides which one.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, MAX_ID } from './common';
import {
  businessTypeSchema, companyProfileSchema, mobileSchema, passwordSchema, usernameSchema,
} from '../domain/account-rules';
import { BUSINESS_TYPES } from '../domain/company-type';
import { MEMBER_CODES, OPERATOR_CODES } from '../domain/permissions';
import { CONTACT_LIMIT, MAIN_LIST_MAX, orgText, QQ_RE, WECHAT_RE } from '../domain/organisation';
import { ORG_CODES, ENTERPRISE_CODES } from './codes';
import { pageSizeField } from './page-size';
export { ORG_CODES, ENTERPRISE_CODES };


const ALL_CODES: readonly string[] = [...MEMBER_CODES, ...OPERATOR_CODES];

/** A positive integer from a body or a query string, worded with the field's Chinese name. */
const intOf = (text: string, min = 1, max = MAX_ID) =>
  v.pipe(
    v.union([v.number(text), v.pipe(v.string(text), v.regex(/^\d{1,10}$/, text), v.transform(Number))], text),
    v.integer(text), v.minValue(min, text), v.maxValue(max, text),
  );

const idOf = (label: string) => intOf(`${label}编号应为正整数`);

const pageFields = {
  page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
  page_size: pageSizeField(50),
};

const permissionsSchema = v.pipe(
  v.array(v.pipe(v.string(orgText.unknownCode), v.check((c) => ALL_CODES.includes(c), orgText.unknownCode)), '员工权限应为权限代码的列表'),
  v.maxLength(ALL_CODES.length, '员工权限过多'),
  v.transform((codes) => [...new Set(codes)]),
);

const employeeNameSchema = v.pipe(
  v.string('请输入员工姓名'), v.trim(), v.nonEmpty('请输入员工姓名'),
  v.minLength(2, '员工姓名至少2个字符'), v.maxLength(20, '员工姓名最多20个字符'),
);

export const employeeSchema = v.object({
  id: v.number(),
  uuid: v.string(),
  username: v.string(),
  display_name: v.string(),
  mobile: v.string(),
  is_owner: v.boolean(),
  active: v.boolean(),
  permissions: v.array(v.string()),
  /** unix seconds */
  created: v.number(),
  /** unix seconds of the latest sign-in; 0 when never */
  last_login: v.number(),
});
export type Employee = v.InferOutput<typeof employeeSchema>;

const boolOf = (text: string) =>
  v.pipe(v.union([v.boolean(text), v.picklist(['true', 'false', '1', '0'], text)], text), v.transform((x) => x === true || x === 'true' || x === '1'));

const employeeId = { id: idOf('员工') };

const optionalTrim = (label: string, max: number) =>
  v.optional(v.pipe(v.string(`${label}应为文本`), v.trim(), v.maxLength(max, `${label}最多${max}个字符`)), '');

export const contactFormSchema = v.object({
  name: v.pipe(v.string('请输入联系人姓名'), v.trim(), v.nonEmpty('请输入联系人姓名'), v.maxLength(20, '联系人姓名最多20个字符')),
  phone: v.pipe(
    v.string('请输入联系电话'), v.trim(), v.nonEmpty('请输入联系电话'),
    v.regex(/^[0-9+\-() ]{5,20}$/, '联系电话须为5到20位数字，可含空格、+、-和括号'),
  ),
  qq: v.optional(v.pipe(v.string('QQ号应为文本'), v.trim(), v.check((s) => s === '' || QQ_RE.test(s), 'QQ号须为5到12位数字，不能以0开头')), ''),
  wechat: v.optional(v.pipe(v.string('微信号应为文本'), v.trim(), v.check((s) => s === '' || WECHAT_RE.test(s), '微信号须为6到20位字母、数字、下划线或连字符，以字母开头')), ''),
  position: optionalTrim('职务', 20),
  sort: v.optional(intOf('排序应为0到9999的整数', 0, 9999), 0),
});

export const contactSchema = v.object({
  id: v.number(), name: v.string(), phone: v.string(), qq: v.string(), wechat: v.string(), position: v.string(), sort: v.number(),
});
export type CompanyContact = v.InferOutput<typeof contactSchema>;

const idList = (label: string) =>
  v.pipe(
    v.array(intOf(`${label}编号应为正整数`), `${label}应为编号的列表`),
    v.maxLength(MAIN_LIST_MAX, `${label}最多选择${MAIN_LIST_MAX}个`),
    v.transform((ids) => [...new Set(ids)]),
  );

export const enterprisePayload = v.object({
  ...companyProfileSchema.entries,
  logo: v.optional(v.pipe(v.string('企业标志应为图片地址'), v.trim(), v.maxLength(200, '企业标志地址最多200个字符')), ''),
  main_brand_ids: v.optional(idList('主营品牌'), []),
  main_make_ids: v.optional(idList('主营车型品牌'), []),
  /** 企业类型 (docs/reports.md#company-types); absent: unchanged. Applies at once, never reviewed. */
  business_type: v.optional(businessTypeSchema),
});

export const enterpriseSchema = v.object({
  id: v.number(),
  name: v.string(),
  short_name: v.string(),
  phone: v.string(),
  province: v.string(),
  city: v.string(),
  address: v.string(),
  logo: v.string(),
  main_brands: v.array(v.object({ id: v.number(), name: v.string() })),
  main_makes: v.array(v.object({ id: v.number(), name: v.string() })),
  is_seller: v.boolean(),
  business_type: v.picklist(BUSINESS_TYPES),
  level_name: v.string(),
  /** whether the caller may save the form (owner or M07) */
  editable: v.boolean(),
  /**
   * the change of reviewed fields waiting for the platform (企业资料变更审核), or the last one it
   * rejected (with its reason) until the company submits again; null otherwise
   */
  change: v.nullable(v.object({
    state: v.picklist(['pending', 'rejected']), old_value: v.record(v.string(), v.string()), new_value: v.record(v.string(), v.string()),
    reason: v.string(), submitted_at: v.number(), decided_at: v.number(),
  })),
  /** whether changes of the reviewed fields wait for the platform now */
  review_on: v.boolean(),
});
export type Enterprise = v.InferOutput<typeof enterpriseSchema>;

/** Each figure is null when the caller does not hold the code it belongs to. */
/**
 * The back-office home (待处理): each count is of the caller's company and null when the caller's
 * codes do not open its list (docs/architecture.md, "Landing per role").
 */
export const backofficeSummarySchema = v.object({
  sales_pending: v.nullable(v.number()),
  sales_to_ship: v.nullable(v.number()),
  /** enquiries sent to the company, open, that it has not quoted yet (报价中心) */
  quote_open: v.nullable(v.number()),
  /** the zone's open enquiries and wanted requests (报价专区) the company has not quoted yet */
  zone_enquiries: v.nullable(v.number()),
  zone_wanted: v.nullable(v.number()),
  /** how many main makes the company names: 0 leaves the zone empty */
  zone_makes: v.nullable(v.number()),
  /** after-sales waiting for the company as seller (to agree or refuse, to take back, to refund) */
  aftersale_seller: v.nullable(v.number()),
  /** after-sales waiting for the company as buyer (to send the parts back) */
  aftersale_buyer: v.nullable(v.number()),
  /** purchase orders shipped to the company, waiting for its receipt */
  purchase_to_receive: v.nullable(v.number()),
  /** new quotes on the company's enquiries and wanted requests it has not looked at */
  new_quotes: v.nullable(v.number()),
  stock_zero: v.nullable(v.number()),
  stock_locked: v.nullable(v.number()),
  stock_queries: v.object({ used: v.number(), total_per_day: v.number(), unlimited: v.boolean() }),
  vin: v.object({ used: v.number(), available: v.nullable(v.number()), vin_company_order_current_type: v.picklist(['date', 'count']) }),
  employees: v.nullable(v.object({ have: v.number(), limit: v.number() })),
});
export type BackofficeSummary = v.InferOutput<typeof backofficeSummarySchema>;

export const organisationEndpoints = {
  employeeList: defineEndpoint({
    method: 'get', path: '/org/employees', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: '本企业的员工：按用户名、姓名或手机号筛选（keyword），按启用状态筛选（active），负责人在前；同时给出员工数量与上限，以及调用者可以分配的权限代码',
    payload: v.object({
      keyword: optionalTrim('关键词', 30),
      active: v.optional(v.union([v.literal(''), boolOf('启用状态只能是 true 或 false')], '启用状态只能是 true 或 false'), ''),
      ...pageFields,
    }),
    answer: v.object({
      data: v.array(employeeSchema), total: v.number(), have: v.number(), limit: v.number(),
      /** the codes the caller may hand out: the owner's codes, or a manager's own share of them */
      grantable: v.array(v.string()),
    }),
  }),
  employeeCreate: defineEndpoint({
    method: 'post', path: '/org/employee/create', tag: 'organisation', access: 'user', permissions: ORG_CODES, idempotent: true,
    summary: '添加员工：用户名、姓名、手机号、登录密码（与注册相同的规则），权限为本企业可分配权限的子集；超过会员等级的员工上限时拒绝',
    payload: v.pipe(
      v.object({ username: usernameSchema, display_name: employeeNameSchema, mobile: mobileSchema, password: passwordSchema('登录密码'), permissions: permissionsSchema }),
      v.forward(v.partialCheck([['username'], ['password']], (x) => x.password.toLowerCase() !== x.username.toLowerCase(), '登录密码不能与用户名相同'), ['password']),
    ),
    answer: employeeSchema,
  }),
  employeeUpdate: defineEndpoint({
    method: 'put', path: '/org/employee/update', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: '修改员工的姓名、手机号和权限；新权限在该员工的下一个请求生效。负责人的权限不能修改，其资料只有负责人本人可以修改',
    payload: v.object({ ...employeeId, display_name: employeeNameSchema, mobile: mobileSchema, permissions: permissionsSchema }),
    answer: employeeSchema,
  }),
  employeeSetActive: defineEndpoint({
    method: 'post', path: '/org/employee/active', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: '停用或启用员工；停用立即结束该员工的所有会话（下一个请求返回 908）。负责人和自己不能停用；启用时计入员工上限',
    payload: v.object({ ...employeeId, active: boolOf('启用状态只能是 true 或 false') }),
    answer: employeeSchema,
  }),
  employeeResetPassword: defineEndpoint({
    method: 'post', path: '/org/employee/password', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: '为员工设置新的登录密码（与注册相同的规则）；该员工所有会话被登出',
    payload: v.object({ ...employeeId, password: passwordSchema('新密码') }),
    answer: v.null(),
  }),
  contactList: defineEndpoint({
    method: 'get', path: '/org/contacts', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: `本企业对外公开的联系人（按排序值、编号），最多${CONTACT_LIMIT}个`,
    payload: emptyPayload, answer: v.array(contactSchema),
  }),
  contactCreate: defineEndpoint({
    method: 'post', path: '/org/contact', tag: 'organisation', access: 'user', permissions: ORG_CODES, idempotent: true,
    summary: '添加联系人：姓名、电话、QQ、微信、职务、排序（小的在前）', payload: contactFormSchema, answer: contactSchema,
  }),
  contactUpdate: defineEndpoint({
    method: 'put', path: '/org/contact', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: '修改联系人', payload: v.object({ id: idOf('联系人'), ...contactFormSchema.entries }), answer: contactSchema,
  }),
  contactDelete: defineEndpoint({
    method: 'delete', path: '/org/contact', tag: 'organisation', access: 'user', permissions: ORG_CODES,
    summary: '删除联系人', payload: v.object({ id: idOf('联系人') }), answer: v.null(),
  }),
  enterpriseGet: defineEndpoint({
    method: 'get', path: '/settings/enterprise', tag: 'settings', access: 'user',
    summary: '本企业的企业信息：名称、简称、电话、省市、地址、标志、主营品牌和主营车型品牌',
    payload: emptyPayload, answer: enterpriseSchema,
  }),
  enterpriseUpdate: defineEndpoint({
    method: 'put', path: '/settings/enterprise', tag: 'settings', access: 'user',
    summary: '修改企业信息（企业负责人或 M07）；标志须为本企业上传的图片，主营品牌和主营车型品牌须为已有的编号',
    payload: enterprisePayload, answer: enterpriseSchema,
  }),
  backofficeSummary: defineEndpoint({
    method: 'get', path: '/backend/summary', tag: 'backend', access: 'user',
    summary: '后台首页的数字：待确认和待发货的销售订单（销售订单权限）、库存为0和已锁价的库存行（M03、C11）、今日库存查询和VIN配额、员工数量（M06）；没有权限的项为 null',
    payload: emptyPayload, answer: backofficeSummarySchema,
  }),
} as const;
