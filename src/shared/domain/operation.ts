/**
 * The operator platform's pages and the D codes that open them (001 §2.2: each menu entry carries
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
} as const satisfies Record<string, readonly string[]>;

/** What the audit log records (entity), in the words of the log page. */
export const AUDIT_ENTITIES = {
  company: '企业',
  user: '用户',
  system_param: '系统参数',
  exchange_rate: '汇率',
  seller_application: '入驻申请',
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
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

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
  tempPasswordSms: (name: string, password: string) => `【汽配汇】${name}，平台已为您重置登录密码，临时密码：${password}，请登录后立即修改。`,
} as const;
