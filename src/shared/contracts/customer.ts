/**
 * Customers and suppliers (back office M04, docs/customers.md): the seller's invitations and
 * customers, the buyer's suppliers and preferred suppliers (the specification's priority-company
 * call). Every call acts for the caller's own company; the server decides which one. Money in fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, wholeNumberOf } from './common';
import { pageSizeField } from './page-size';
import { branchEndpoints } from './branch';

export * from './branch';
import {
  CREDIT_DAYS_MAX, CREDIT_LIMIT_MAX_FEN, creditText, CUSTOMER_CODES, CUSTOMER_NOTE_MAX, CUSTOMER_PRICE_LEVELS, CUSTOMER_TAG_LEN, CUSTOMER_TAG_MAX, customerText, INVITATION_CODE_RE,
  INVITATION_DAYS_DEFAULT, INVITATION_DAYS_MAX, INVITATION_NOTE_MAX, SUPPLIER_CODES,
} from '../domain/customer';

const intOf = wholeNumberOf;

const customerPageFields = {
  page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
  page_size: pageSizeField(50),
};

const keywordField = v.optional(v.pipe(v.string('关键字应为文本'), v.trim(), v.maxLength(50, '关键字最多50个字符')), '');

const boolOf = (text: string) =>
  v.pipe(v.union([v.boolean(text), v.picklist(['true', 'false', '1', '0'], text)], text), v.transform((x) => x === true || x === 'true' || x === '1'));

const priceLevelField = v.picklist(CUSTOMER_PRICE_LEVELS, '客户等级只能是 member（按会员等级）、wholesale（批发价）、retail（零售价）或 standard（标准价）');

/** the code of an invitation link; a string of another shape is no code we gave out */
export const inviteCodeField = v.pipe(v.string(customerText.invitationUnknown), v.trim(), v.regex(INVITATION_CODE_RE, customerText.invitationUnknown));

export const invitationSchema = v.object({
  id: v.number(),
  code: v.string(),
  note: v.string(),
  state: v.picklist(['open', 'used', 'expired', 'revoked']),
  /** unix seconds */
  created: v.number(),
  expires: v.number(),
  used: v.number(),
  created_by_name: v.string(),
  used_company_id: v.nullable(v.number()),
  used_company_name: v.string(),
});
export type CustomerInvitation = v.InferOutput<typeof invitationSchema>;

export const customerRowSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  province: v.string(),
  city: v.string(),
  phone: v.string(),
  /** orders placed with the seller, cancelled and rejected ones left out */
  order_count: v.number(),
  /** fen: what those orders came to */
  amount_fen: v.number(),
  /** unix seconds of the latest order; 0 when none */
  last_order: v.number(),
  /** fen: confirmed, shipped or received orders not paid yet, less what after-sales took off */
  outstanding_fen: v.number(),
  price_level: v.picklist(CUSTOMER_PRICE_LEVELS),
  note: v.string(),
  tags: v.array(v.string()),
  /** unix seconds the company registered through the seller's invitation; 0 when it did not */
  invited: v.number(),
  invited_by_name: v.string(),
  /** 账期 (docs/customers.md "Credit terms"): days, 0 when the seller gave no term; the limit in fen */
  credit_days: v.number(),
  credit_limit_fen: v.number(),
  /** fen: unpaid credit orders under this term (the customer's own and, on a head company's term, its branches'), and those past due */
  credit_used_fen: v.number(),
  overdue_fen: v.number(),
});
export type CustomerRow = v.InferOutput<typeof customerRowSchema>;

export const supplierRowSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  province: v.string(),
  city: v.string(),
  order_count: v.number(),
  amount_fen: v.number(),
  last_order: v.number(),
  outstanding_fen: v.number(),
  /** unix seconds the caller's company registered through this supplier's invitation; 0 when not */
  invited: v.number(),
  preferred: v.boolean(),
});
export type SupplierRow = v.InferOutput<typeof supplierRowSchema>;

const tagsField = v.optional(v.pipe(
  v.array(v.pipe(v.string('客户标签应为文本'), v.trim(), v.nonEmpty('客户标签不能为空'), v.maxLength(CUSTOMER_TAG_LEN, customerText.tagTooLong)), '客户标签应为文本的列表'),
  v.transform((tags) => [...new Set(tags)]),
  v.maxLength(CUSTOMER_TAG_MAX, customerText.tagsTooMany),
), []);

export const customerUpdateSchema = v.object({
  company_id: intOf('客户编号应为正整数'),
  price_level: priceLevelField,
  note: v.optional(v.pipe(v.string('备注应为文本'), v.trim(), v.maxLength(CUSTOMER_NOTE_MAX, `备注最多${CUSTOMER_NOTE_MAX}个字符`)), ''),
  tags: tagsField,
  /** 账期: both or neither; null removes the term; absent keeps it as it is */
  credit_days: v.optional(v.nullable(intOf(creditText.days, 1, CREDIT_DAYS_MAX))),
  credit_limit_fen: v.optional(v.nullable(intOf(creditText.limit, 0, CREDIT_LIMIT_MAX_FEN))),
});

export const supplierCreditSchema = v.object({
  seller_company_id: v.number(),
  seller_company_name: v.string(),
  days: v.number(),
  limit_fen: v.number(),
  /** fen: the limit less unpaid credit orders under the term */
  available_fen: v.number(),
  overdue_fen: v.number(),
  /** the head company whose term a branch uses; '' when the term is the caller's own */
  via_head_name: v.string(),
});
export type SupplierCredit = v.InferOutput<typeof supplierCreditSchema>;

export const CUSTOMER_SORTS = ['last_order', 'amount_fen', 'order_count', 'outstanding_fen', 'invited'] as const;

export const customerEndpoints = {
  customerInvitationCreate: defineEndpoint({
    method: 'post', path: '/customer/invitation', tag: 'customer', access: 'user', permissions: CUSTOMER_CODES, idempotent: true,
    summary: `新建邀请链接：随机邀请码，只能用一次，${INVITATION_DAYS_DEFAULT}天内有效（可选1至${INVITATION_DAYS_MAX}天）；修理厂通过链接注册即成为本企业的客户`,
    payload: v.object({
      note: v.optional(v.pipe(v.string('邀请备注应为文本'), v.trim(), v.maxLength(INVITATION_NOTE_MAX, `邀请备注最多${INVITATION_NOTE_MAX}个字符`)), ''),
      days: v.optional(intOf(`有效天数应为1至${INVITATION_DAYS_MAX}的整数`, 1, INVITATION_DAYS_MAX), INVITATION_DAYS_DEFAULT),
    }),
    answer: invitationSchema,
  }),
  customerInvitationList: defineEndpoint({
    method: 'get', path: '/customer/invitations', tag: 'customer', access: 'user', permissions: CUSTOMER_CODES,
    summary: '本企业的邀请链接，新的在前，含使用状态与注册的企业', payload: v.optional(v.object(customerPageFields), {}),
    answer: v.object({ data: v.array(invitationSchema), total: v.number() }),
  }),
  customerInvitationRevoke: defineEndpoint({
    method: 'put', path: '/customer/invitation/revoke', tag: 'customer', access: 'user', permissions: CUSTOMER_CODES,
    summary: '作废一个未使用的邀请链接', payload: v.object({ id: intOf('邀请编号应为正整数') }), answer: invitationSchema,
  }),
  customerInvitationPeek: defineEndpoint({
    method: 'get', path: '/customer/invitation/peek', tag: 'customer', access: 'public',
    summary: '注册页读邀请码：邀请的企业名称与有效期；无效、已用、过期或作废的邀请码被拒绝并说明原因',
    payload: v.object({ invite_code: inviteCodeField }),
    answer: v.object({ seller_company_name: v.string(), expires: v.number() }),
  }),
  customerList: defineEndpoint({
    method: 'get', path: '/customer/list', tag: 'customer', access: 'user', permissions: CUSTOMER_CODES, heavy: true,
    summary: '客户列表：从本企业采购过或受邀注册的企业，订单数、金额、最近下单、未付金额（分）、客户等级、备注与标签',
    payload: v.optional(v.object({
      keyword: keywordField,
      price_level: v.optional(priceLevelField),
      sort: v.optional(v.picklist(CUSTOMER_SORTS, '排序只能按最近下单、金额、订单数、未付金额或受邀时间')),
      order: v.optional(v.picklist(['asc', 'desc'], '排序方向只能是 asc（升序）或 desc（降序）'), 'desc'),
      ...customerPageFields,
    }), {}),
    answer: v.object({ data: v.array(customerRowSchema), total: v.number() }),
  }),
  customerUpdate: defineEndpoint({
    method: 'put', path: '/customer', tag: 'customer', access: 'user', permissions: CUSTOMER_CODES,
    summary: '设置客户等级（购物车与下单按它选价格列）、备注与标签', payload: customerUpdateSchema, answer: customerRowSchema,
  }),
  supplierList: defineEndpoint({
    method: 'get', path: '/supplier/list', tag: 'customer', access: 'user', permissions: SUPPLIER_CODES, heavy: true,
    summary: '供应商列表：本企业采购过或邀请本企业注册的卖家，优选供应商在前',
    payload: v.optional(v.object({ keyword: keywordField, preferred: v.optional(boolOf('只看优选应为是或否')), ...customerPageFields }), {}),
    answer: v.object({ data: v.array(supplierRowSchema), total: v.number() }),
  }),
  supplierSetPreferred: defineEndpoint({
    method: 'put', path: '/supplier/preferred', tag: 'customer', access: 'user', permissions: SUPPLIER_CODES,
    summary: '设为或取消优选供应商：优选供应商的货源在OE号搜索结果中排在前面',
    payload: v.object({ company_id: intOf('供应商编号应为正整数'), preferred: boolOf('是否优选应为是或否') }),
    answer: supplierRowSchema,
  }),
  supplierCreditList: defineEndpoint({
    method: 'get', path: '/supplier/credit', tag: 'customer', access: 'user',
    summary: '给本企业账期的卖家：账期天数、额度与可用额度（分）；分公司用总公司的账期时注明总公司',
    payload: emptyPayload,
    answer: v.array(supplierCreditSchema),
  }),
  priorityCompanyList: defineEndpoint({
    method: 'get', path: '/supplier/priority', tag: 'customer', access: 'user',
    summary: '本企业的优选供应商（company_id 列表）', payload: emptyPayload,
    answer: v.array(v.object({ company_id: v.number() })),
  }),
  ...branchEndpoints,
};
