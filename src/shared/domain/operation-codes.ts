/**
 * The operator platform's permission codes (docs/architecture.md, "Back office and operator
 * pages"), on their own: the menus need only these, not the texts of operation.ts (the entry bundle).
 */

/**
 * The operator platform's pages and the D codes that open them (requirements 001-2-2: each menu entry carries
 * a code of D01-01 … D12-03, pages use the group codes D00 … D12). A group code opens every page of
 * its group; an entry code opens only its page. Writing is a code of its own where reading is
 * common and changing is not (a report clerk may look a company up, not suspend it). The server
 * checks these on every call; the menu only hides what the server would refuse.
 */
export const OP_CODES = {
  /** 企业: list and detail */
  companyRead: ['D02', 'D02-01', 'D02-02'],
  /** 企业: edit, level, suspend and restore */
  companyWrite: ['D02', 'D02-02'],
  /** 用户: list and detail */
  usersRead: ['D03', 'D03-01', 'D03-02'],
  /** 用户: disable, enable, reset password, end sessions */
  usersWrite: ['D03', 'D03-02'],
  /** 系统参数 */
  configuration: ['D11', 'D11-01'],
  /** 汇率 and 公告 */
  notice: ['D11', 'D11-02'],
  /** 操作日志 (read only: nobody writes it but the server) */
  logs: ['D11', 'D11-03'],
  /** 广告: the marketing ad slots */
  ads: ['D08', 'D08-01'],
  /** 权限: roles and who holds them */
  privilege: ['D07', 'D07-01'],
  /** 会员权限模板: the M/C codes a new company's owner gets at each level */
  codeTemplates: ['D07', 'D07-02'],
  /** 会员等级: prices, durations and quotas of the company levels (a system setting, like the parameters) */
  levels: ['D11', 'D11-01'],
  /** 数据字典, 商圈, 企业标签: the reference lists, kept with the other system settings */
  lists: ['D11', 'D11-01'],
  /** 通知模板: the SMS texts by scene (the notice page's other half, with the announcement) */
  noticeTemplates: ['D11', 'D11-02'],
  /** 质保条款: the platform warranty's terms (docs/warranty.md), a system setting like the lists */
  warranty: ['D11', 'D11-01'],
  /** 微信模板消息: the templates by scene and the send log (docs/wechat.md) */
  wechat: ['D11', 'D11-05'],
  /** 批量工具: the operators' batch jobs (docs/batch-jobs.md) */
  batch: ['D11', 'D11-06'],
  /**
   * 汽配城, 汽配联盟, 包邮城市 and 公共页面 (docs/platform-settings.md): read by whoever keeps the
   * other system settings (D11-01) too, changed only with their own entry code
   */
  platformSettingsRead: ['D11', 'D11-01', 'D11-04'],
  platformSettingsWrite: ['D11', 'D11-04'],
} as const satisfies Record<string, readonly string[]>;

/** The D codes of the 接口 pages (docs/open-platform.md, "Keys and signing"). */
export const OP_INTERFACE_CODES = {
  /** 接口列表, 调用记录, 权限组 and 等级权限 (read) */
  keys: ['D06', 'D06-01', 'D06-02', 'D06-03'],
  /** 接口列表: revoke a company's key */
  keyWrite: ['D06', 'D06-02'],
  /** 权限组 and 等级权限: change */
  bundles: ['D06', 'D06-03'],
} as const satisfies Record<string, readonly string[]>;

/** The D codes of the product, order / enquiry, report and pay pages. */
export const OP_CATALOGUE_CODES = {
  /** 产品列表: stock of every seller (read) */
  products: ['D04', 'D04-01', 'D04-02'],
  /** 产品: take a row off sale, edit part brands and car makes */
  productWrite: ['D04', 'D04-02'],
  /** OE 清洗 and 品牌清洗: merges, supersession, aliases */
  catalogueClean: ['D04', 'D04-03'],
  /** EPC图解: a subgroup's drawing and the places of its numbers */
  epcIllustration: ['D04', 'D04-04'],
  /** 订单 and 询价 (read only) */
  orders: ['D12', 'D12-01', 'D12-02'],
  /** 订单: cancel with a reason */
  orderCancel: ['D12', 'D12-02'],
  /** 售后 (service, service/afterSale): every after-sale of the platform, read only; the spec groups them with orders (D12) */
  afterSales: ['D12', 'D12-01', 'D12-02', 'D12-03'],
  /** 售后: close an open after-sale with a reason */
  afterSaleClose: ['D12', 'D12-03'],
  /** 报表 */
  reports: ['D01', 'D01-01'],
  /** 支付记录 */
  pay: ['D05', 'D05-01'],
  /** 优惠码: the list (the pay clerk sees what was given away) */
  promotionRead: ['D05', 'D05-01', 'D05-02'],
  /** 优惠码: issue, edit, stop */
  promotion: ['D05', 'D05-02'],
  /** 账户 (every company's wallet), 调账 (propose, and a second operator approves) and 对账 (docs/money.md) */
  payAccounts: ['D05', 'D05-03'],
  /** 提现审核 and 银行卡审核 (docs/money.md, "Bank cards and withdrawals") */
  payWithdrawals: ['D05', 'D05-04'],
  /** 海外账户 and 海外充值: the dong wallets and their recharges, read only; 支付记录's readers see them too (docs/money.md#money-in-dong) */
  payForeign: ['D05', 'D05-01', 'D05-05'],
  /** 账单, 保证金, 付费服务 and their records, 服务协议: read (docs/money.md) */
  payMoneyRead: ['D05', 'D05-01'],
  /** 保证金 amounts, deductions and returns; 付费服务 prices; publishing 服务协议 */
  payMoneyWrite: ['D05'],
} as const satisfies Record<string, readonly string[]>;

/** The D codes of 首页推荐, 总分公司, 企业资料变更审核 and 聊天记录查询. */
export const OP_COMPANY_CODES = {
  /** 首页推荐 and 总分公司: read with the company list, change with company management */
  recommendRead: OP_CODES.companyRead,
  recommendWrite: OP_CODES.companyWrite,
  /**
   * 企业资料变更审核: list, approve, reject. The spec's entry codes end at -03, so it shares 企业审核's
   * code: both are the platform checking what a company says about itself.
   */
  review: ['D02', 'D02-03'],
  /**
   * 聊天记录查询 (report group, requirements 001-2-2): reading people's private messages is its own entry code,
   * so a report clerk (D01-01) does not read chats; the group code D01 opens both.
   */
  chatHistory: ['D01', 'D01-02'],
} as const satisfies Record<string, readonly string[]>;

/**
 * The D codes of 企业分组: groups are read with the company list and changed with company management;
 * sending a group notice is a change (it writes into every member's chat). The record of what was
 * sent is a report, read with the other reports.
 */
export const OP_GROUP_CODES = {
  read: OP_CODES.companyRead,
  write: OP_CODES.companyWrite,
  messages: OP_CATALOGUE_CODES.reports,
} as const satisfies Record<string, readonly string[]>;
