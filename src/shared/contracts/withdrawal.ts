/**
 * 银行卡 and 提现 of a company (back office M09, /backend/accounting/wallet; docs/money.md, "Bank
 * cards and withdrawals"): the owner or an accounting-code holder adds, lists and removes the
 * company's bank cards, which an operator verifies, and withdraws to a verified one. Amounts are
 * integer fen on the wire.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { emptyPayload } from './common';
import { intOf, WALLET_CODES } from './wallet';
import {
  accountNoProblem, BANK_CARD_KINDS, BANK_CARD_STATES, normalizeAccountNo, WITHDRAWAL_MAX_FEN, WITHDRAWAL_MIN_FEN, WITHDRAWAL_STATES, withdrawalText,
  type BankCardKind, type BankCardState, type WithdrawalState,
} from '../domain/withdrawal';
import { pageSizeField } from './page-size';

const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
export const CARD_KIND_KEYS = keys(BANK_CARD_KINDS) as [BankCardKind, ...BankCardKind[]];
export const CARD_STATE_KEYS = keys(BANK_CARD_STATES) as [BankCardState, ...BankCardState[]];
export const WITHDRAWAL_STATE_KEYS = keys(WITHDRAWAL_STATES) as [WithdrawalState, ...WithdrawalState[]];

export const withdrawalNoField = v.pipe(v.string(withdrawalText.withdrawalNo), v.trim(), v.regex(/^WD\d{20}$/, withdrawalText.withdrawalNo));
export const idField = (text: string) => intOf(text, 1, 2_147_483_647);
export const reasonField = v.pipe(v.string(withdrawalText.reason), v.trim(), v.minLength(2, withdrawalText.reason), v.maxLength(200, withdrawalText.reason));
export const listPaging = {
  page_number: v.optional(intOf('页码应为正整数', 1, 100000), 1),
  page_size: pageSizeField(50),
};

export const bankCardSchema = v.object({
  id: v.number(),
  kind: v.picklist(CARD_KIND_KEYS),
  holder_name: v.string(),
  bank_name: v.string(),
  /** the whole number: only the company's own people and the checking operator see it */
  account_no: v.string(),
  state: v.picklist(CARD_STATE_KEYS),
  /** why it was not verified ('' otherwise) */
  reason: v.string(),
  /** unix seconds */
  created_at: v.number(),
  /** unix seconds; 0 while pending */
  decided_at: v.number(),
});
export type BankCard = v.InferOutput<typeof bankCardSchema>;

export const withdrawalSchema = v.object({
  withdrawal_no: v.string(),
  amount_fen: v.number(),
  state: v.picklist(WITHDRAWAL_STATE_KEYS),
  /** why it was refused ('' otherwise) */
  reason: v.string(),
  bank_card_id: v.number(),
  holder_name: v.string(),
  bank_name: v.string(),
  account_no: v.string(),
  payout_ref: v.string(),
  /** unix seconds; 0 until that step */
  created_at: v.number(),
  approved_at: v.number(),
  paid_at: v.number(),
  rejected_at: v.number(),
});
export type Withdrawal = v.InferOutput<typeof withdrawalSchema>;

export const bankCardAddPayload = v.pipe(
  v.object({
    kind: v.picklist(CARD_KIND_KEYS, withdrawalText.kind),
    holder_name: v.pipe(v.string(withdrawalText.holderName), v.trim(), v.minLength(2, withdrawalText.holderName), v.maxLength(50, withdrawalText.holderName)),
    bank_name: v.pipe(v.string(withdrawalText.bankName), v.trim(), v.minLength(2, withdrawalText.bankName), v.maxLength(40, withdrawalText.bankName)),
    account_no: v.pipe(v.string(withdrawalText.accountEmpty), v.trim(), v.maxLength(60, withdrawalText.corporateLength)),
  }),
  v.forward(v.check((p) => accountNoProblem(p.kind, p.account_no) === null, (i) => accountNoProblem((i.input as { kind: BankCardKind }).kind, String((i.input as { account_no: string }).account_no)) ?? ''), ['account_no']),
  v.transform((p) => ({ ...p, account_no: normalizeAccountNo(p.account_no) })),
);

export const withdrawalEndpoints = {
  bankCardList: defineEndpoint({
    method: 'get', path: '/wallet/bank-cards', tag: 'wallet', access: 'user', permissions: WALLET_CODES,
    summary: '本公司的银行卡（未删除的），含审核状态和未通过的原因（企业负责人或财务权限）',
    payload: emptyPayload,
    answer: v.array(bankCardSchema),
  }),
  bankCardAdd: defineEndpoint({
    method: 'post', path: '/wallet/bank-cards/add', tag: 'wallet', access: 'user', permissions: WALLET_CODES, idempotent: true, idempotencyRequired: true,
    summary: '添加银行卡：个人银行卡（16–19 位，校验位）或对公账户（8–30 位，开户名须为企业名称）；添加后待平台审核，审核通过才能提现；每家企业最多 5 张',
    payload: bankCardAddPayload,
    answer: bankCardSchema,
  }),
  bankCardRemove: defineEndpoint({
    method: 'post', path: '/wallet/bank-cards/remove', tag: 'wallet', access: 'user', permissions: WALLET_CODES, idempotent: true, idempotencyRequired: true,
    summary: '删除本公司的一张银行卡；已申请的提现仍按申请时的卡打款',
    payload: v.object({ id: idField(withdrawalText.cardNotFound) }),
    answer: v.object({ removed: v.boolean() }),
  }),
  withdrawalList: defineEndpoint({
    method: 'get', path: '/wallet/withdrawals', tag: 'wallet', access: 'user', permissions: WALLET_CODES,
    summary: '本公司的提现，新的在前：按状态筛选，分页；含拒绝原因',
    payload: v.object({ state: v.optional(v.union([v.literal(''), v.picklist(WITHDRAWAL_STATE_KEYS, withdrawalText.state)], withdrawalText.state), ''), ...listPaging }),
    answer: v.object({ data: v.array(withdrawalSchema), total: v.number() }),
  }),
  withdrawalApply: defineEndpoint({
    method: 'post', path: '/wallet/withdrawals/apply', tag: 'wallet', access: 'user', permissions: WALLET_CODES, idempotent: true, idempotencyRequired: true,
    summary: '申请提现到本公司已验证的银行卡：金额为整数分（1 元至 50 万元），不超过可用余额；金额从可用转入冻结，待平台审核',
    payload: v.object({ bank_card_id: idField(withdrawalText.cardId), amount_fen: intOf(withdrawalText.amountFen, WITHDRAWAL_MIN_FEN, WITHDRAWAL_MAX_FEN) }),
    answer: withdrawalSchema,
  }),
} as const;
