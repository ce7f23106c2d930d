/**
 * The rules of bank cards, withdrawals and manual adjustments, without a database
 * (docs/money.md, "Bank cards and withdrawals", "Manual adjustments"). The server's schemas and
 * services and the wallet page's checks use the same functions.
 */

export const BANK_CARD_KINDS = { personal: '个人银行卡', corporate: '对公账户' } as const;
export type BankCardKind = keyof typeof BANK_CARD_KINDS;

export const BANK_CARD_STATES = { pending: '待审核', verified: '已验证', rejected: '未通过' } as const;
export type BankCardState = keyof typeof BANK_CARD_STATES;

export const WITHDRAWAL_STATES = { applied: '申请中', approved: '已通过', paid: '已打款', rejected: '已拒绝' } as const;
export type WithdrawalState = keyof typeof WITHDRAWAL_STATES;

export const ADJUSTMENT_STATES = { pending: '待复核', posted: '已入账', rejected: '已驳回' } as const;
export type AdjustmentState = keyof typeof ADJUSTMENT_STATES;

/** A company keeps at most this many live cards. */
export const BANK_CARD_MAX = 5;
/** The smallest and largest single withdrawal: 1 元 and 50 万元. */
export const WITHDRAWAL_MIN_FEN = 100;
export const WITHDRAWAL_MAX_FEN = 50_000_000;
/** The largest manual adjustment either way: 100 万元. */
export const ADJUSTMENT_MAX_FEN = 100_000_000;
/** The provider account a manual adjustment moves money against (docs/money.md, "Manual adjustments"). */
export const ADJUSTMENT_PROVIDER = 'manual';
/** The provider account a paid-out withdrawal moves money to: the platform's bank transfers. */
export const PAYOUT_PROVIDER = 'bank_transfer';

export const withdrawalText = {
  mayNotUse: '只有企业负责人或有财务权限的员工可以管理银行卡和提现',
  holderName: '请填写开户名（2 至 50 个字符）',
  bankName: '请填写开户银行（2 至 40 个字符）',
  kind: '请选择银行卡类型（个人银行卡或对公账户）',
  accountEmpty: '请填写银行卡号或对公账号',
  accountDigits: '银行卡号只能是数字（可以有空格）',
  personalLength: '个人银行卡号应为 16 至 19 位数字',
  personalLuhn: '银行卡号校验不通过，请核对后重新填写',
  corporateLength: '对公账号应为 8 至 30 位数字',
  corporateHolder: (company: string) => `对公账户的开户名须与企业名称一致：${company}`,
  cardTaken: '该卡号已添加，无需重复添加',
  tooManyCards: `每家企业最多保存 ${BANK_CARD_MAX} 张银行卡，请先删除不用的卡`,
  cardNotFound: '银行卡不存在',
  cardOtherCompany: '只能提现到本企业的银行卡',
  cardNotVerified: '该银行卡尚未通过审核，审核通过后才能提现',
  cardRemoved: '该银行卡已删除',
  cardDecided: '该银行卡已审核，不能重复审核',
  amountFen: `提现金额应为 ${WITHDRAWAL_MIN_FEN} 至 ${WITHDRAWAL_MAX_FEN} 之间的整数（单位：分）`,
  amount: `请输入提现金额（${WITHDRAWAL_MIN_FEN / 100} 至 ${WITHDRAWAL_MAX_FEN / 100} 元，最多两位小数）`,
  cardId: '请选择收款银行卡',
  withdrawalNo: '提现单号格式不正确',
  withdrawalNotFound: '提现单不存在',
  notApplied: (state: string) => `该提现单${state}，不能再审核通过`,
  notApproved: (state: string) => `该提现单${state}，只有已通过的提现单可以标记已打款`,
  notOpen: (state: string) => `该提现单${state}，不能拒绝`,
  reason: '请填写原因（2 至 200 个字符）',
  payoutRef: '打款流水号最多 60 个字符',
  state: '状态不正确',
  adjustAmount: `调账金额应为非零整数（单位：分），绝对值不超过 ${ADJUSTMENT_MAX_FEN}`,
  adjustAmountYuan: `请输入调账金额（元，最多两位小数；负数为扣减），绝对值不超过 ${ADJUSTMENT_MAX_FEN / 100} 元`,
  adjustNotFound: '调账申请不存在',
  adjustSelf: '调账须由另一名运营复核，不能复核自己提交的调账',
  adjustDecided: (state: string) => `该调账申请${state}，不能再处理`,
  companyNotFound: '企业不存在',
} as const;

/** Only digits: spaces and dashes people type between the groups are dropped. */
export const normalizeAccountNo = (raw: string) => raw.replace(/[\s-]/g, '');

/** The Luhn check most Chinese debit cards (UnionPay) carry on their last digit. */
export const luhnOk = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
};

/** What is wrong with an account number of this kind, or null. */
export const accountNoProblem = (kind: BankCardKind, raw: string): string | null => {
  const n = normalizeAccountNo(raw);
  if (n === '') return withdrawalText.accountEmpty;
  if (!/^\d+$/.test(n)) return withdrawalText.accountDigits;
  if (kind === 'personal') {
    if (n.length < 16 || n.length > 19) return withdrawalText.personalLength;
    if (!luhnOk(n)) return withdrawalText.personalLuhn;
    return null;
  }
  return n.length < 8 || n.length > 30 ? withdrawalText.corporateLength : null;
};

/** A holder name compared as people write it: no spaces, full-width brackets as half-width. */
const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.replace(/\s/g, '').replace(/（/g, '(').replace(/）/g, ')');
  return norm(a) === norm(b);
};

/** A corporate account must be the company's own: its holder is the company's name. */
export const holderProblem = (kind: BankCardKind, holder: string, companyName: string): string | null =>
  kind === 'corporate' && !sameName(holder, companyName) ? withdrawalText.corporateHolder(companyName) : null;

/** 招商银行 尾号 1234 */
export const cardLabel = (c: { bank_name: string; account_no: string }) => `${c.bank_name} 尾号 ${c.account_no.slice(-4)}`;

/** 6222 **** **** 1234: what lists show of a number. */
export const maskAccountNo = (n: string) => (n.length <= 8 ? n : `${n.slice(0, 4)} **** ${n.slice(-4)}`);

/** Which operator step a withdrawal in `state` may take next. */
export const withdrawalNext = (state: WithdrawalState) => ({
  approve: state === 'applied',
  pay: state === 'approved',
  reject: state === 'applied' || state === 'approved',
});
