/**
 * Customers and suppliers (back office M04, docs/customers.md): the seller's invitations, the
 * price level it gives each customer, and the buyer's preferred suppliers. Pure rules and texts
 * shared by the server and the pages.
 */

// the codes live in a light module of their own (the menus need only them)
export { CUSTOMER_CODES, SUPPLIER_CODES } from './customer-codes';

/**
 * The price a seller charges one customer (客户等级): by the buyer's membership as everyone else
 * (formal members wholesale, others retail), or one price tier for this customer whatever its
 * membership. The cart's tax flag still picks the column with or without tax; 标准价 stands in when
 * the chosen column is empty, as it does for everyone.
 */
export const CUSTOMER_PRICE_LEVELS = ['member', 'wholesale', 'retail', 'standard'] as const;
export type CustomerPriceLevel = (typeof CUSTOMER_PRICE_LEVELS)[number];

export const CUSTOMER_PRICE_LEVEL_TEXT: Record<CustomerPriceLevel, string> = {
  member: '按会员等级（默认）', wholesale: '批发价客户', retail: '零售价客户', standard: '标准价客户',
};

/** the level in a list's narrow column */
export const CUSTOMER_PRICE_LEVEL_SHORT: Record<CustomerPriceLevel, string> = { member: '默认', wholesale: '批发价', retail: '零售价', standard: '标准价' };

/** what the level charges, in the words of the price columns */
export const CUSTOMER_PRICE_LEVEL_HINT: Record<CustomerPriceLevel, string> = {
  member: '正式会员按批发价，其他按零售价', wholesale: '批发价(含税/不含税)', retail: '零售价(含税/不含税)', standard: '标准价',
};

/** An invitation is valid this many days unless the seller chose another number (1 to 90). */
export const INVITATION_DAYS_DEFAULT = 30;
export const INVITATION_DAYS_MAX = 90;
/** the code: 24 random bytes in base64url, 32 characters */
export const INVITATION_CODE_RE = /^[A-Za-z0-9_-]{32}$/;
export const CUSTOMER_NOTE_MAX = 200;
export const CUSTOMER_TAG_MAX = 10;
export const CUSTOMER_TAG_LEN = 10;
export const INVITATION_NOTE_MAX = 50;

export type InvitationState = 'open' | 'used' | 'expired' | 'revoked';
export const INVITATION_STATE_TEXT: Record<InvitationState, string> = { open: '未使用', used: '已注册', expired: '已过期', revoked: '已作废' };

export const customerText = {
  invitationUnknown: '邀请码无效，请向邀请您的商家索取新的邀请链接，或删除邀请码后直接注册',
  invitationUsed: '该邀请链接已被使用，请向邀请您的商家索取新的邀请链接，或删除邀请码后直接注册',
  invitationExpired: '该邀请链接已过期，请向邀请您的商家索取新的邀请链接，或删除邀请码后直接注册',
  invitationRevoked: '该邀请链接已被商家作废，请向邀请您的商家索取新的邀请链接，或删除邀请码后直接注册',
  invitationNotFound: '邀请不存在或不是本企业的邀请',
  invitationClosed: '该邀请已使用、已过期或已作废，无需作废',
  notACustomer: '该企业不是本企业的客户（没有下过单，也不是受邀注册的）',
  notASupplier: '该企业不是本企业的供应商（没有从它采购过，也没有受它邀请）',
  sellersOnly: '只有卖家企业可以邀请客户',
  tagsTooMany: `客户标签最多${CUSTOMER_TAG_MAX}个`,
  tagTooLong: `每个客户标签最多${CUSTOMER_TAG_LEN}个字`,
} as const;

export const invitationRefusal = (state: Exclude<InvitationState, 'open'> | 'unknown') =>
  state === 'used' ? customerText.invitationUsed : state === 'expired' ? customerText.invitationExpired
    : state === 'revoked' ? customerText.invitationRevoked : customerText.invitationUnknown;

/** the register page's address for an invitation code */
export const invitationPath = (code: string) => `/login/register?invite=${encodeURIComponent(code)}`;

// ---- 账期 (credit terms, docs/customers.md "Credit terms") ----

/** A credit term runs 1 to this many days from the order's China date. */
export const CREDIT_DAYS_MAX = 180;
/** the largest credit limit a seller may give one customer, fen (1 亿元) */
export const CREDIT_LIMIT_MAX_FEN = 10_000_000_000;

const yuanText = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export const creditText = {
  days: `账期天数应为1至${CREDIT_DAYS_MAX}的整数`,
  limit: '账期额度应为不小于0的金额（元，最多两位小数）',
  both: '请同时填写账期天数和账期额度，或两项都留空（不给账期）',
  noTerm: (seller: string) => `${seller}没有给贵公司账期，不能选择账期付款，请改为普通下单后付款`,
  over: (limitFen: number, availableFen: number, orderFen: number) =>
    `超出账期额度：可用额度 ${yuanText(Math.max(0, availableFen))}（账期额度 ${yuanText(limitFen)}），本单 ${yuanText(orderFen)}，请先付清已到账期的订单或改为普通下单`,
  overdue: '已逾期',
} as const;

/** The China date (YYYY-MM-DD) an order placed on `orderDay` with a term of `days` falls due. */
export const creditDueDate = (orderDay: string, days: number) => {
  const d = new Date(`${orderDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** An unpaid credit order is overdue from the China day after its due date. */
export const creditOverdue = (dueDate: string, today: string) => dueDate !== '' && dueDate < today;

// ---- 分公司 (branch companies, docs/customers.md "Branch companies") ----

export type BranchInviteState = 'pending' | 'accepted' | 'declined' | 'withdrawn';
export const BRANCH_INVITE_STATE_TEXT: Record<BranchInviteState, string> = { pending: '待对方同意', accepted: '已同意', declined: '已拒绝', withdrawn: '已撤回' };

export const branchText = {
  ownerOnly: '只有企业负责人可以管理总分公司关系',
  companyUnknown: '没有找到该企业，请填写对方完整的企业名称',
  companyAmbiguous: '有多家企业同名，请联系平台运营设置总分公司',
  self: '不能邀请本企业作为分公司',
  platform: '平台运营公司不能设为总公司或分公司',
  hasHead: (head: string) => `该企业已是 ${head} 的分公司，须先由任一方解除后才能再加入其他总公司`,
  branchIsHead: '该企业已有分公司，不能再设为分公司（只有一级总分关系）',
  headIsBranch: (head: string) => `本企业是 ${head} 的分公司，不能再邀请分公司`,
  alreadyInvited: '已向该企业发出邀请，等待对方同意',
  alreadyBranch: '该企业已是本企业的分公司',
  inviterIsBranch: (head: string) => `邀请方已是 ${head} 的分公司，不能再有分公司（只有一级总分关系）`,
  inviteNotFound: '邀请不存在或不是发给本企业的邀请',
  inviteClosed: '该邀请已处理或已撤回',
  notLinked: '该企业与本企业没有总分公司关系',
  notBranch: '该企业不是本企业的分公司（对方未同意的邀请不生效）',
} as const;
