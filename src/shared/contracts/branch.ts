/**
 * 分公司 (branch companies, back office M04, docs/customers.md "Branch companies"): a head company
 * invites another company to be its branch, the branch's owner accepts or declines, either side
 * ends the link; the head reads its branches' orders and stock. Every call acts for the caller's
 * own company; the server decides which one. Money in fen.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload, wholeNumberOf as intOf } from './common';
import { pageSizeField } from './page-size';
import { ORDER_STATUSES, PAY_STATUSES } from '../domain/orders';
import { branchText } from '../domain/customer';

const pageFields = {
  page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
  page_size: pageSizeField(50),
};

const companyRef = v.object({ company_id: v.number(), company_name: v.string() });

export const branchInviteSchema = v.object({
  id: v.number(),
  head_company_id: v.number(),
  head_company_name: v.string(),
  branch_company_id: v.number(),
  branch_company_name: v.string(),
  state: v.picklist(['pending', 'accepted', 'declined', 'withdrawn']),
  invited_by_name: v.string(),
  /** unix seconds */
  invited_at: v.number(),
  decided_at: v.number(),
});
export type BranchInvite = v.InferOutput<typeof branchInviteSchema>;

export const branchOverviewSchema = v.object({
  /** the caller's head company, if the caller is a branch */
  head: v.nullable(v.object({ ...companyRef.entries, since: v.number() })),
  /** the caller's branches; by_operator: linked by the platform's operators (总分公司), not by an invitation */
  branches: v.array(v.object({ ...companyRef.entries, since: v.number(), by_operator: v.boolean() })),
  /** invitations the caller sent (newest first, the latest 50) and those it received */
  sent: v.array(branchInviteSchema),
  received: v.array(branchInviteSchema),
  /** whether the caller may change the links (the company's owner) */
  may_manage: v.boolean(),
});

const companyIdField = (text: string) => intOf(text);

export const branchOrderSchema = v.object({
  order_no: v.string(),
  branch_company_id: v.number(),
  branch_company_name: v.string(),
  /** which side the branch is on: buyer (its purchase) or seller (its sale) */
  side: v.picklist(['buyer', 'seller']),
  partner_company_name: v.string(),
  status: v.picklist(ORDER_STATUSES),
  pay_status: v.picklist(PAY_STATUSES),
  total_fen: v.number(),
  first_line: v.string(),
  created_at: v.number(),
  /** 账期 due date (YYYY-MM-DD, China) or '' */
  credit_due_date: v.string(),
  credit_overdue: v.boolean(),
});

export const branchStockSchema = v.object({
  id: v.number(),
  branch_company_id: v.number(),
  branch_company_name: v.string(),
  supplier_oe: v.string(),
  name: v.string(),
  brand_name: v.string(),
  quality_name: v.string(),
  quantity: v.number(),
  /** fen, null when the row has no such price */
  price99: v.nullable(v.number()),
  state: v.string(),
});

const branchFilter = v.optional(intOf('分公司编号应为正整数'));

export const branchEndpoints = {
  branchOverview: defineEndpoint({
    method: 'get', path: '/branch', tag: 'customer', access: 'user',
    summary: '总分公司：本企业的总公司、分公司，以及发出和收到的分公司邀请', payload: emptyPayload, answer: branchOverviewSchema,
  }),
  branchInvite: defineEndpoint({
    method: 'post', path: '/branch/invite', tag: 'customer', access: 'user', idempotent: true,
    summary: '邀请另一家企业成为本企业的分公司（按完整企业名称）；对方负责人同意后才生效',
    payload: v.object({ company_name: v.pipe(v.string(branchText.companyUnknown), v.trim(), v.minLength(2, branchText.companyUnknown), v.maxLength(60, branchText.companyUnknown)) }),
    answer: branchInviteSchema,
  }),
  branchInviteRespond: defineEndpoint({
    method: 'put', path: '/branch/invite/respond', tag: 'customer', access: 'user',
    summary: '分公司负责人同意或拒绝总公司的邀请；同意即建立总分公司关系',
    payload: v.object({ id: companyIdField('邀请编号应为正整数'), decision: v.picklist(['accept', 'decline'], '处理结果只能是 accept（同意）或 decline（拒绝）') }),
    answer: branchInviteSchema,
  }),
  branchInviteWithdraw: defineEndpoint({
    method: 'put', path: '/branch/invite/withdraw', tag: 'customer', access: 'user',
    summary: '总公司撤回一个对方尚未处理的分公司邀请', payload: v.object({ id: companyIdField('邀请编号应为正整数') }), answer: branchInviteSchema,
  }),
  branchEnd: defineEndpoint({
    method: 'put', path: '/branch/end', tag: 'customer', access: 'user',
    summary: '解除总分公司关系：总公司解除一个分公司，或分公司解除与总公司的关系',
    payload: v.object({ company_id: companyIdField('企业编号应为正整数') }), answer: branchOverviewSchema,
  }),
  branchOrders: defineEndpoint({
    method: 'get', path: '/branch/orders', tag: 'customer', access: 'user', heavy: true,
    summary: '总公司查看分公司的订单（采购与销售，只读），新的在前',
    payload: v.optional(v.object({
      branch_company_id: branchFilter,
      status: v.optional(v.picklist(['', ...ORDER_STATUSES], '订单状态无效'), ''),
      ...pageFields,
    }), {}),
    answer: v.object({ data: v.array(branchOrderSchema), total: v.number() }),
  }),
  branchStock: defineEndpoint({
    method: 'get', path: '/branch/stock', tag: 'customer', access: 'user', heavy: true,
    summary: '总公司查看分公司的库存（只读）：OE号或名称筛选',
    payload: v.optional(v.object({
      branch_company_id: branchFilter,
      keyword: v.optional(v.pipe(v.string('关键字应为文本'), v.trim(), v.maxLength(50, '关键字最多50个字符')), ''),
      ...pageFields,
    }), {}),
    answer: v.object({ data: v.array(branchStockSchema), total: v.number() }),
  }),
};
