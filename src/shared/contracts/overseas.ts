/**
 * Overseas (Vietnam) companies (requirements 000-1, 001-2-2 海外; docs/overseas.md): a Vietnamese
 * company registers and waits for an operator's review; operators read the Vietnamese companies,
 * their users, their VIN decodes and chats, and keep the Vietnamese side of quick replies.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { accessTokenSchema } from './user';
import { positiveIdField } from './seller-apply';
import { listAnswer, listPayload, opIdsField, opKeyword as keyword, opOptionalDay as day, opReasonField as reasonField } from './operation-list';
import { opUserRowSchema } from './operation';
import { chatConversationSchema, chatMessageSchema } from './operation-company';
import { rangeRule } from '../domain/ranges';
import { businessTypeSchema, contactNameSchema, passwordLikeUsername, passwordSchema, samePassword, smsCodeSchema, usernameSchema } from '../domain/account-rules';
import { normaliseVnMobile, OP_FOREIGN_CODES, OVERSEAS_STATES, overseasText as t, VN_PROVINCE_CODES, VN_TAX_CODE_RE } from '../domain/overseas';

const rangeText = '开始日期不能晚于结束日期';

/** A Vietnamese mobile, stored as +84 and 9 digits. */
export const vnMobileSchema = v.pipe(
  v.string(t.mobileRequired), v.trim(), v.nonEmpty(t.mobileRequired),
  v.check((s) => normaliseVnMobile(s) !== null, t.mobile),
  v.transform((s) => normaliseVnMobile(s) ?? s),
);

/** The company's own part of a registration: what an operator reviews and a rejected owner corrects. */
export const overseasCompanyEntries = {
  company_name: v.pipe(v.string(t.companyNameRequired), v.trim(), v.nonEmpty(t.companyNameRequired), v.minLength(2, t.companyName), v.maxLength(80, t.companyName)),
  province: v.pipe(v.string(t.provinceRequired), v.trim(), v.nonEmpty(t.provinceRequired), v.picklist(VN_PROVINCE_CODES, t.provinceUnknown)),
  tax_code: v.pipe(v.string(t.taxCodeRequired), v.trim(), v.nonEmpty(t.taxCodeRequired), v.regex(VN_TAX_CODE_RE, t.taxCode)),
  address: v.pipe(v.string(t.addressRequired), v.trim(), v.nonEmpty(t.addressRequired), v.minLength(5, t.address), v.maxLength(100, t.address)),
};

export const overseasRegisterSchema = v.pipe(
  v.object({
    ...overseasCompanyEntries,
    /** 企业类型 (docs/reports.md#company-types), asked as on the Chinese registration */
    business_type: businessTypeSchema,
    contact_name: contactNameSchema,
    username: usernameSchema,
    mobile: vnMobileSchema,
    sms_code: smsCodeSchema,
    password: passwordSchema(),
    password2: v.pipe(v.string('请再次输入密码'), v.nonEmpty('请再次输入密码')),
    agree: v.literal(true, '请阅读并同意《汽配汇用户协议》'),
  }),
  v.forward(v.partialCheck([['username'], ['password']], (x) => !passwordLikeUsername(x.password, x.username), '密码不能与用户名相同'), ['password']),
  v.forward(v.partialCheck([['password'], ['password2']], (x) => samePassword(x.password, x.password2), '两次输入的密码不一致'), ['password2']),
);

export const overseasRegistrationSchema = v.object({
  id: v.number(), company_id: v.number(), company_name: v.string(),
  /** the code of one of VN_PROVINCES, and its stored Vietnamese name */
  province: v.string(), province_name: v.string(),
  tax_code: v.string(), address: v.string(), mobile: v.string(),
  owner_username: v.string(), owner_name: v.string(),
  state: v.picklist(OVERSEAS_STATES), reject_reason: v.string(), reviewer_name: v.string(),
  /** unix seconds; 0 while pending */
  reviewed_at: v.number(), submitted_at: v.number(),
  level_name: v.string(), suspended: v.boolean(), users: v.number(),
});
export type OverseasRegistration = v.InferOutput<typeof overseasRegistrationSchema>;

export const vinRecordSchema = v.object({
  id: v.number(), vin: v.string(), company_id: v.number(), company_name: v.string(), username: v.string(), display_name: v.string(),
  /** unix seconds */
  created: v.number(),
});
export type VinRecord = v.InferOutput<typeof vinRecordSchema>;

export const foreignQuickReplySchema = v.object({
  id: v.number(), company_id: v.number(), company_name: v.string(), cn_message: v.string(), vn_message: v.string(),
});
export type ForeignQuickReply = v.InferOutput<typeof foreignQuickReplySchema>;

const provinceFilter = v.optional(v.picklist(['', ...VN_PROVINCE_CODES], t.provinceUnknown), '');
const stateFilter = v.optional(v.picklist(['', ...OVERSEAS_STATES], '状态只能是 pending、approved、rejected 或留空'), '');

export const overseasEndpoints = {
  overseasRegister: defineEndpoint({
    method: 'post', path: '/account/register/vn', tag: 'overseas', access: 'public',
    summary: '越南企业注册：新建越南买家企业（省市、税号、企业类型、越南手机号）及其负责人并直接登录；审核通过前负责人没有任何权限码，不能采购',
    payload: overseasRegisterSchema, answer: accessTokenSchema,
  }),
  overseasMine: defineEndpoint({
    method: 'get', path: '/overseas/registration', tag: 'overseas', access: 'user',
    summary: '本企业的越南企业注册及审核状态；不是越南企业时为 null',
    payload: emptyPayload,
    answer: v.object({ registration: v.nullable(overseasRegistrationSchema), is_owner: v.boolean() }),
  }),
  overseasResubmit: defineEndpoint({
    method: 'post', path: '/overseas/registration', tag: 'overseas', access: 'user', idempotent: true,
    summary: '企业负责人修改被驳回的越南企业注册并重新提交审核',
    payload: v.object(overseasCompanyEntries), answer: overseasRegistrationSchema,
  }),
  foreignRegistrationList: defineEndpoint({
    method: 'get', path: '/operation/foreign/registrations', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read,
    summary: '运营·海外：越南企业注册审核列表（待审核的在前，最早提交的先），按状态、省市、企业名称或税号筛选',
    payload: listPayload({ state: stateFilter, province: provinceFilter, k: keyword('企业名称或税号') }),
    answer: listAnswer(overseasRegistrationSchema),
  }),
  foreignRegistrationApprove: defineEndpoint({
    method: 'post', path: '/operation/foreign/registrations/approve', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.write, idempotent: true,
    summary: '运营·海外：通过越南企业注册；同一事务内给企业负责人加上其会员等级的权限模板，记入操作日志',
    payload: v.object({ id: positiveIdField('注册申请ID') }), answer: overseasRegistrationSchema,
  }),
  foreignRegistrationReject: defineEndpoint({
    method: 'post', path: '/operation/foreign/registrations/reject', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.write, idempotent: true,
    summary: '运营·海外：驳回越南企业注册（原因企业负责人可见，可修改后重新提交），记入操作日志',
    payload: v.object({ id: positiveIdField('注册申请ID'), reason: reasonField('驳回原因') }), answer: overseasRegistrationSchema,
  }),
  foreignCompanyList: defineEndpoint({
    method: 'get', path: '/operation/foreign/companies', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read, heavy: true,
    summary: '运营·海外：越南企业列表，按省市、注册状态、企业名称或税号筛选，最新注册的在前',
    payload: listPayload({ state: stateFilter, province: provinceFilter, k: keyword('企业名称或税号') }),
    answer: listAnswer(overseasRegistrationSchema),
  }),
  foreignUserList: defineEndpoint({
    method: 'get', path: '/operation/foreign/users', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read, heavy: true,
    summary: '运营·海外：越南企业的用户，按用户名、姓名、手机号、企业名称、状态筛选',
    payload: listPayload({
      k: keyword('关键词'), company: keyword('企业名称'),
      active: v.optional(v.picklist(['', 'true', 'false'], '状态只能是 true、false 或留空'), ''),
    }),
    answer: listAnswer(opUserRowSchema),
  }),
  foreignUserSetActive: defineEndpoint({
    method: 'post', path: '/operation/foreign/users/active', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.write, idempotent: true,
    summary: '运营·海外：禁用或启用越南企业的用户（可批量，一个事务）；禁用立即结束其所有登录；名单中有非越南企业的用户则什么都不改',
    payload: v.object({ ids: opIdsField('用户'), active: v.boolean('active 应为 true 或 false') }),
    answer: v.object({ changed: v.number() }),
  }),
  foreignVinRecordList: defineEndpoint({
    method: 'get', path: '/operation/foreign/vin-records', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read, heavy: true,
    summary: '运营·海外：越南企业用户的 VIN 解析记录（计次的解析），按 VIN、企业名称、日期范围筛选，最新在前',
    payload: v.pipe(
      listPayload({ vin: keyword('VIN', 17), company: keyword('企业名称'), date_from: day('开始日期'), date_to: day('结束日期') }),
      rangeRule('date_from', 'date_to', rangeText),
    ),
    answer: listAnswer(vinRecordSchema),
  }),
  foreignChatSearch: defineEndpoint({
    method: 'get', path: '/operation/foreign/chat', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read, heavy: true,
    summary: '运营·海外：有越南企业用户参与的私聊会话，可按一方、另一方（用户名、姓名、手机号或企业名称）筛选，最近的在前',
    payload: listPayload({ a: keyword('一方', 40), b: keyword('另一方', 40) }),
    answer: listAnswer(chatConversationSchema),
  }),
  foreignChatMessages: defineEndpoint({
    method: 'get', path: '/operation/foreign/chat-messages', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read,
    summary: '运营·海外：读取一个有越南企业参与的会话的消息（分页，最早在前）；每次读取都记入操作日志',
    payload: listPayload({ conversation_id: positiveIdField('会话ID') }),
    answer: listAnswer(chatMessageSchema, { conversation: chatConversationSchema }),
  }),
  foreignQuickReplyList: defineEndpoint({
    method: 'get', path: '/operation/foreign/quick-replies', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.read,
    summary: '运营·海外：各企业的快捷回复（中文与越南语），可只看越南语未填的，按企业名称或内容筛选',
    payload: listPayload({ k: keyword('内容'), company: keyword('企业名称'), missing_vn: v.optional(v.picklist(['', 'true'], '只看越南语未填应为 true 或留空'), '') }),
    answer: listAnswer(foreignQuickReplySchema),
  }),
  foreignQuickReplySave: defineEndpoint({
    method: 'post', path: '/operation/foreign/quick-replies/vn', tag: 'overseas', access: 'operator', permissions: OP_FOREIGN_CODES.write, idempotent: true,
    summary: '运营·海外：填写或修改一条快捷回复的越南语（中文由企业自己维护），记入操作日志',
    payload: v.object({
      id: positiveIdField('快捷回复ID'),
      vn_message: v.pipe(v.string(t.quickReplyVnRequired), v.trim(), v.nonEmpty(t.quickReplyVnRequired), v.maxLength(200, '越南语快捷回复最多200个字')),
    }),
    answer: foreignQuickReplySchema,
  }),
} as const;
