// the codes live in a light module of their own (the menus need only them)
export { OP_CODES, OP_INTERFACE_CODES, OP_CATALOGUE_CODES, OP_COMPANY_CODES, OP_GROUP_CODES } from './operation-codes';


export const OP_INTERFACE_ENTRY_LABELS: Readonly<Record<string, string>> = {
  'D06-01': '接口列表与调用记录（查看）', 'D06-02': '接口密钥管理（作废）', 'D06-03': '接口权限组与等级权限',
};

/** What the audit log records (entity), in the words of the log page. */
export const AUDIT_ENTITIES = {
  // the open platform (docs/open-platform.md)
  open_key: '接口密钥',
  open_scope_bundle: '接口权限组',
  open_level_bundle: '等级接口权限',
  company: '企业',
  user: '用户',
  system_param: '系统参数',
  exchange_rate: '汇率',
  seller_application: '入驻申请',
  operator_role: '运营角色',
  ad: '广告',
  company_level: '会员等级',
  notice_template: '通知模板',
  wechat_template: '微信模板',
  batch_job: '批量任务',
  dictionary: '数据字典',
  trade_area: '商圈',
  label: '企业标签',
  // catalogue, orders and reports (ops-catalogue)
  oe: 'OE号',
  stock: '库存',
  part_brand: '配件品牌',
  make: '车型品牌',
  epc_diagram: 'EPC图解',
  order: '订单',
  after_sale: '售后',
  // company recommend, relation, review, chat history (ops-company)
  home_recommend: '首页推荐',
  product_recommend: '推荐商品',
  company_change: '企业资料变更',
  conversation: '聊天记录',
  chat_group: '群聊记录',
  // 商圈管理 (company/trade): the companies' trade circles, not the system's 商圈 areas above
  trade_circle: '企业商圈',
  promotion_code: '优惠码',
  shop_media: '店铺展厅',
  company_group: '企业分组',
  // money (docs/money.md)
  bank_card: '银行卡',
  withdrawal: '提现',
  wallet_adjustment: '调账',
  paid_service_promotion: '促销价',
  warranty_term: '质保条款',
  // ERP products (docs/open-platform.md, "ERP and the operator's pages")
  erp_product: 'ERP产品',
  // the Vietnam mall (docs/overseas.md)
  vn_goods: '越南商城商品',
  vn_part: '越南商城配件',
  service_charge_rule: '越南商城服务费',
  // overseas companies (docs/overseas.md)
  overseas_registration: '海外企业注册',
  quick_reply: '快捷回复',
  // points (docs/points.md)
  points_account: '企业积分',
  points_rule: '积分规则',
  points_product: '积分商品',
  points_redemption: '兑换订单',
  // vouchers (docs/vouchers.md)
  voucher_template: '优惠券',
  // the performance bonus (docs/bonus.md)
  bonus_rule: '业绩奖励规则',
  bonus_settlement: '业绩奖励结算',
  // platform settings (docs/platform-settings.md)
  autoparts_city: '汽配城',
  autoparts_alliance: '汽配联盟',
  free_city: '包邮城市',
  pub_page: '公共页面',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** What an operator did (action), in the words of the log page. */
export const AUDIT_ACTIONS = {
  update: '修改资料',
  set_level: '设置等级',
  suspend: '停用',
  restore: '恢复',
  disable: '禁用',
  enable: '启用',
  reset_password: '重置密码',
  end_sessions: '强制下线',
  set: '修改',
  approve: '通过',
  reject: '驳回',
  create: '新增',
  delete: '删除',
  assign: '分配角色',
  set_codes: '修改权限模板',
  // catalogue, orders and reports (ops-catalogue)
  merge: '合并',
  unmerge: '撤销合并',
  relate: '设置关联',
  unrelate: '删除关联',
  off_sale: '平台下架',
  on_sale: '恢复上架',
  cancel: '取消',
  close: '关闭',
  // company recommend, relation, review, chat history (ops-company)
  read: '查看',
  remove_member: '移出成员',
  dissolve: '解散',
  add_members: '加入企业',
  remove_members: '移出企业',
  send_notice: '群发通知',
  mark_paid: '标记已打款',
  revoke: '作废',
  // points (docs/points.md)
  points_adjust: '调整积分',
  ship: '发货',
  // vouchers (docs/vouchers.md)
  stop: '停止发放',
  // the performance bonus (docs/bonus.md)
  settle: '结算',
  // batch jobs (docs/batch-jobs.md)
  start: '开始',
  // public pages (docs/platform-settings.md#public-pages)
  publish: '发布',
  unpublish: '撤回发布',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The menu groups of requirements 001-2-2 behind D00 … D12, in the words of the role editor. */
export const OPERATOR_GROUP_LABELS: Readonly<Record<string, string>> = {
  D00: '首页', D01: '报表', D02: '企业', D03: '用户', D04: '产品', D05: '支付', D06: '接口',
  D07: '权限', D08: '活动', D09: '海外', D10: '积分', D11: '系统', D12: '订单、询价与售后',
};

/** Entry codes with a page of their own today; the others open nothing yet beyond their group. */
export const OPERATOR_ENTRY_LABELS: Readonly<Record<string, string>> = {
  'D02-01': '企业列表（查看）', 'D02-02': '企业管理（修改、停用）', 'D02-03': '企业审核（入驻与资料变更）',
  'D03-01': '用户（查看）', 'D03-02': '用户管理（禁用、重置密码）',
  'D07-01': '角色与授权', 'D07-02': '会员权限模板',
  'D08-01': '广告位', 'D08-02': '活动列表（创建、修改、结束）', 'D08-03': '活动审核',
  // 海外 (docs/overseas.md)
  'D09-01': '海外企业、用户与记录（查看）', 'D09-02': '海外企业审核与管理', 'D09-03': '越南商城',
  'D10-01': '企业积分与积分规则', 'D10-02': '兑换订单（发货、取消）', 'D10-03': '积分商品',
  'D11-01': '系统参数、会员等级与字典', 'D11-02': '汇率、公告与通知模板', 'D11-03': '操作日志', 'D11-04': '汽配城、联盟、包邮城市与公共页面',
  'D11-05': '微信模板消息', 'D11-06': '批量工具',
};

/** A D code in words: 企业 · 企业审核, or 企业（全部） for a group code. */
export const operatorCodeLabel = (code: string) => {
  const group = code.slice(0, 3);
  const g = OPERATOR_GROUP_LABELS[group] ?? group;
  if (code === group) return `${g}（全部）`;
  return `${g} · ${OPERATOR_ENTRY_LABELS[code] ?? OP_CATALOGUE_ENTRY_LABELS[code] ?? OP_COMPANY_ENTRY_LABELS[code] ?? OP_INTERFACE_ENTRY_LABELS[code] ?? `第${Number(code.slice(4))}项`}`;
};

/** The ad slots the storefront shows (requirements 000-3), with where they appear. */
export const AD_SLOTS: Readonly<Record<string, string>> = {
  LB001: '首页轮播 1', LB002: '首页轮播 2', LB003: '首页轮播 3', LB004: '首页轮播 4', LB005: '首页轮播 5',
  LB006: '首页轮播 6', LB007: '首页轮播 7', LB008: '首页轮播 8', LB009: '首页轮播 9', LB010: '首页轮播 10',
  GG000: '首页广告', GG005: '首页广告 5', GG009: '首页广告 9',
  JQR001: '试用会员弹窗 / 无结果页', JQR002: '无结果页 2', CJ000: '无结果页 3',
};

/** Company states an operator filters by: 正常 or 已停用. */
export const COMPANY_STATES = ['active', 'suspended'] as const;
export type CompanyState = (typeof COMPANY_STATES)[number];

/** Bulk actions take at most this many rows at once (one transaction). */
export const BULK_MAX = 200;

export const opText = {
  headCompanySuspend: '平台运营公司（总公司）不能停用',
  companySuspended: '您所在的企业已被平台停用，如有疑问请联系平台客服',
  sessionsEnded: '平台已结束您的登录，请重新登录',
  companyNotFound: '企业不存在',
  userNotFound: '用户不存在',
  levelNotFound: '会员等级不存在',
  levelEndRequired: '付费等级须设置到期日',
  levelEndPast: '到期日须晚于今天',
  levelEndFree: '免费等级不设到期日',
  selfDisable: '不能禁用自己的账号',
  headOwnerDisable: '不能禁用平台运营公司的负责人',
  noMobile: '该用户没有手机号，无法发送短信',
  unknownParam: '未知的系统参数',
  rateUnchanged: '汇率与当前相同，未修改',
  lastPrivilegeHolder: '至少要保留一名启用的员工拥有“权限”管理（D07），此修改会让平台无人能再分配角色',
  roleNotFound: '角色不存在',
  roleNameTaken: '角色名称已存在',
  notHeadStaff: '只能给平台运营公司的员工分配运营角色',
  levelNameTaken: '等级名称已存在',
  levelFreePrice: '免费等级不能出售，不设价格和时长',
  levelPlatformPrice: '平台运营公司的等级不能出售',
  levelPriceDuration: '出售的等级须同时填写价格和时长；不出售则两项都留空',
  levelVinCountDate: 'VIN 按会员期不限次数的等级不设赠送次数',
  templateUnknownScene: '未知的通知场景',
} as const;

// ---- catalogue, orders, enquiries, reports and pay records (ops-catalogue) ----


export const OP_CATALOGUE_ENTRY_LABELS: Readonly<Record<string, string>> = {
  'D01-01': '报表',
  'D04-01': '产品列表（查看）', 'D04-02': '产品管理（下架、品牌）', 'D04-03': 'OE与品牌清洗', 'D04-04': 'EPC图解',
  'D05-01': '支付记录', 'D05-02': '优惠码管理', 'D05-03': '账户、调账与对账', 'D05-04': '提现与银行卡审核',
  // the dong wallets and their recharges (docs/money.md#money-in-dong)
  'D05-05': '海外账户与充值',
  'D12-01': '订单、询价与售后（查看）', 'D12-02': '订单管理（取消）', 'D12-03': '售后管理（关闭）',
};

/** Supersession and alias in the words of the OE cleaning page. */
export const OE_RELATION_TEXT = { supersession: '替换号', alias: '别名' } as const;

/**
 * Which orders an operator may cancel: not yet shipped and not paid. Once shipped the goods are on
 * the way (a return is an after-sale matter), and a paid order needs the two sides to settle the
 * money first; the platform records no refund.
 */
export const operatorMayCancel = (s: { status: string; payStatus: string }) =>
  (s.status === 'pending' || s.status === 'confirmed') && s.payStatus === 'unpaid';

export const opCatalogueText = {
  oeSame: '两个OE号相同',
  oeUnknown: (oe: string) => `OE号 ${oe} 在目录和库存中都不存在`,
  oeAlreadyMerged: (oe: string, kept: string) => `OE号 ${oe} 已合并到 ${kept}`,
  oeKeptMerged: (oe: string, kept: string) => `保留的OE号 ${oe} 已合并到 ${kept}，请保留 ${kept}`,
  relationNotFound: '这两个OE号之间没有关联',
  relationMerged: '合并产生的别名不能单独删除',
  oeNotMerged: (oe: string) => `OE号 ${oe} 没有合并到其他编号，无需撤销`,
  stockNotFound: '库存不存在',
  stockNotOn: '只有在售的库存可以下架',
  stockNotOpOff: '只有平台下架的库存可以恢复上架',
  brandNotFound: '配件品牌不存在',
  brandNameTaken: '配件品牌名称已存在',
  brandSame: '保留的品牌和被合并的品牌相同',
  makeNotFound: '车型品牌不存在',
  makeNameTaken: '车型品牌名称已存在',
  orderNotFound: '订单不存在',
  orderNoCancel: (status: string) => `订单当前为${status}，平台只能取消未发货且未付款的订单`,
  enquiryNotFound: '询价单不存在',
  rangeTooLong: '日期范围最多366天',
  rangeReversed: '结束日期不能早于开始日期',
} as const;

// ---- company recommend, relation, review and chat history (fourth part) ----


export const OP_COMPANY_ENTRY_LABELS: Readonly<Record<string, string>> = {
  'D01-02': '聊天记录查询',
};

/** The company fields whose change waits for an operator when review is on, in the page's words. */
export const REVIEWED_COMPANY_FIELDS = { name: '企业名称', short_name: '企业简称', province: '省份', city: '城市', address: '详细地址' } as const;
export type ReviewedCompanyField = keyof typeof REVIEWED_COMPANY_FIELDS;
export const REVIEWED_FIELD_KEYS = Object.keys(REVIEWED_COMPANY_FIELDS) as ReviewedCompanyField[];

/** The system parameter that turns company change review on ('1') or off ('0'). */
export const COMPANY_REVIEW_PARAM = 'company_change_review';

/** At most this many companies on the storefront home. */
export const RECOMMEND_MAX = 30;

export const CHANGE_STATES = { pending: '待审核', approved: '已通过', rejected: '已驳回', withdrawn: '已撤回' } as const;

export const opCompanyText = {
  recommendDuplicate: '同一家企业不能推荐两次',
  recommendSuspended: (id: number) => `企业ID ${id} 已停用，不能推荐`,
  recommendHead: '平台运营公司不能推荐',
  relationSelf: '总公司和分公司不能是同一家企业',
  relationPlatform: '平台运营公司不能设为总公司或分公司',
  relationHasHead: (head: string) => `该企业已是 ${head} 的分公司，请先解除`,
  relationBranchIsHead: '该企业已有分公司，不能再设为分公司（只有一级总分关系）',
  relationHeadIsBranch: (head: string) => `该总公司本身是 ${head} 的分公司，不能再有分公司`,
  relationNotFound: '该企业没有总公司',
  changeNotFound: '变更申请不存在',
  changeNotPending: '该变更申请已处理',
  conversationNotFound: '会话不存在',
  chatSearchEmpty: '请填写要查询的一方（用户名、姓名、手机号或企业名称）',
  groupNotFound: '群聊不存在',
  circleNotFound: '商圈不存在',
  circleNameTaken: '商圈名称已存在',
  circleNotMember: '该企业不在这个商圈中',
  circleOwnerRemove: '圈主企业不能移出自己的商圈；如需停止这个商圈，请解散商圈',
  groupSearchEmpty: '请填写群名称或成员（用户名、姓名、手机号或企业名称）',
} as const;

// ---- product list, part brands, car makes, brand cleaning (ops-product) ----

/** The states of a stock row as the operator's product list shows them. */
export const OP_PRODUCT_STATES = ['on', 'off', 'op_off', 'suspended'] as const;
export type OpProductState = (typeof OP_PRODUCT_STATES)[number];
export const OP_PRODUCT_STATE_TEXT: Readonly<Record<OpProductState, string>> = {
  on: '在售', off: '卖家下架', op_off: '平台下架', suspended: '企业停用',
};

/** What the seller reads on their stock page for a row the platform took off sale. */
export const platformOffText = (reason: string) => `平台下架：${reason}`;

export const opProductText = {
  sellerCannotPutOn: '该库存已被平台下架，不能自行上架；如有疑问请联系平台客服',
  sellerCannotChangeState: '该库存已被平台下架，上架状态由平台处理；如有疑问请联系平台客服',
  brandNameMerged: (name: string, kept: string) => `配件品牌“${name}”已合并到“${kept}”，请直接使用“${kept}”`,
  brandMerged: (name: string, kept: string) => `配件品牌“${name}”已合并到“${kept}”`,
  brandKeepMerged: (name: string, kept: string) => `保留的品牌“${name}”已合并到“${kept}”，请保留“${kept}”`,
  brandSameTwice: '被合并的品牌中有重复',
  brandMergeNotFound: '合并记录不存在',
  brandMergeUndone: (at: string, by: string) => `这次合并已于 ${at} 由 ${by} 撤销，不能再次撤销`,
  brandUnmergeKeptMerged: (kept: string, into: string) => `保留的品牌“${kept}”此后已合并到“${into}”，请先撤销那次合并`,
  brandUnmergeMoved: (name: string) => `被合并的写法“${name}”已不再指向保留的品牌，无法撤销这次合并`,
  initialAZ: '首字母只能是 A–Z 中的一个大写字母',
  recommendDuplicate: '同一条库存不能推荐两次',
  recommendNotOn: (oe: string, company: string) => `${company} 的 ${oe} 不在售，不能推荐`,
  recommendMissing: (id: number) => `库存ID ${id} 不存在`,
} as const;

/** At most this many products on the storefront home's 推荐商品. */
export const PRODUCT_RECOMMEND_MAX = 24;

// ---- 企业分组 and 群发通知 (company/group and report/groupMessage) ----


/** At most this many companies in one group (a list an operator can still read through). */
export const GROUP_MEMBERS_MAX = 2000;
/** The operator's text of a group notice, in characters. */
export const GROUP_TEXT_MIN = 2;
export const GROUP_TEXT_MAX = 500;

/** Who of each company a group notice reaches. */
export const GROUP_AUDIENCES = { owners: '企业负责人', all: '全部员工' } as const;
export type GroupAudience = keyof typeof GROUP_AUDIENCES;

export const opGroupText = {
  notFound: '分组不存在',
  nameTaken: '分组名称已存在',
  headCompany: '平台运营公司不能加入分组',
  companyMissing: (id: number) => `企业ID ${id} 不存在`,
  tooMany: (n: number) => `一个分组最多${GROUP_MEMBERS_MAX}家企业，这个分组已有${n}家`,
  emptyGroup: '分组中还没有企业，不能群发；请先加入企业',
  clientIdReused: '这个发送编号已用于另一条通知，没有发送；请刷新页面后重新发送',
  noRecipients: '分组中的企业都已停用或没有可接收通知的用户，无法群发',
} as const;
