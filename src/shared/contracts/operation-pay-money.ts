/**
 * The operator's 支付 money pages (requirements 001-2-2 pay/account and the withdraw / card /
 * reconciliation pages of docs/money.md): 提现审核 (approve, mark paid, reject), 银行卡审核
 * (verify or reject), 账户 (every company's wallet) with 调账 (proposed by one operator, posted
 * only after a second, different operator approves), and 对账 (the reconciliation).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { ADJUSTMENT_MAX_FEN, ADJUSTMENT_STATES, withdrawalText, type AdjustmentState } from '../domain/withdrawal';
import { intOf } from './wallet';
import { bankCardSchema, CARD_STATE_KEYS, idField, reasonField, withdrawalNoField, withdrawalSchema, WITHDRAWAL_STATE_KEYS } from './withdrawal';

const ADJUST_STATE_KEYS = Object.keys(ADJUSTMENT_STATES) as [AdjustmentState, ...AdjustmentState[]];
const stateFilter = <T extends string>(keys: [T, ...T[]]) => v.optional(v.union([v.literal(''), v.picklist(keys, withdrawalText.state)], withdrawalText.state), '');

/** 支付渠道 (docs/money.md, "Choosing the provider"): the names a server may offer and what the page calls them. */
export const PAY_CHANNEL_LABELS: Readonly<Record<string, string>> = { sandbox: '演示支付（沙箱，不会真实扣款）', alipay: '支付宝' };
export const payChannelText = {
  provider: '请选择支付渠道',
  unavailable: (name: string) => `支付渠道“${name}”在本服务器上不可用（未配置或不允许演示支付），请选择列出的渠道`,
  same: '新的支付已经走这个渠道了',
};
export const payChannelsSchema = v.object({
  /** the provider new payments go to ('' when none is set) */
  current: v.string(),
  channels: v.array(v.object({ name: v.string(), label: v.string(), demo: v.boolean() })),
});

export const opWithdrawalRowSchema = v.object({
  ...withdrawalSchema.entries,
  company_id: v.number(), company_name: v.string(), applicant: v.string(),
  approved_by: v.string(), paid_by: v.string(), rejected_by: v.string(),
});
export type OpWithdrawalRow = v.InferOutput<typeof opWithdrawalRowSchema>;

export const opBankCardRowSchema = v.object({
  ...bankCardSchema.entries,
  company_id: v.number(), company_name: v.string(), created_by: v.string(), decided_by: v.string(),
});
export type OpBankCardRow = v.InferOutput<typeof opBankCardRowSchema>;

export const opAccountRowSchema = v.object({
  company_id: v.number(), company_name: v.string(),
  available_fen: v.number(), frozen_fen: v.number(), cash_pledge_fen: v.number(),
  /** adjustments waiting for a second operator */
  pending_adjustments: v.number(),
});
export type OpAccountRow = v.InferOutput<typeof opAccountRowSchema>;

export const opAdjustmentRowSchema = v.object({
  id: v.number(), company_id: v.number(), company_name: v.string(),
  /** signed: positive credits the available balance */
  amount_fen: v.number(), reason: v.string(), state: v.picklist(ADJUST_STATE_KEYS),
  created_by: v.string(), created_by_id: v.number(),
  /** the proposer's uuid: the page offers the decision only to others */
  created_by_uuid: v.string(), created_at: v.number(),
  decided_by: v.string(), decided_at: v.number(), decision_note: v.string(),
  /** the ledger transaction it posted (0 until posted) */
  transaction_id: v.number(),
});
export type OpAdjustmentRow = v.InferOutput<typeof opAdjustmentRowSchema>;

export const reconcileReportSchema = v.object({
  ok: v.boolean(), fast: v.boolean(), transactions: v.number(), accounts: v.number(), problems: v.array(v.string()),
  /** unix seconds when it ran, and how long it took (ms) */
  ran_at: v.number(), took_ms: v.number(),
});

const W = OP_CATALOGUE_CODES.payWithdrawals;
const A = OP_CATALOGUE_CODES.payAccounts;

export const opPayMoneyEndpoints = {
  opWithdrawalList: defineEndpoint({
    method: 'get', path: '/operation/money/withdrawals', tag: 'operation', access: 'operator', permissions: W, heavy: true,
    summary: '运营：提现申请：按状态、企业、提现单号筛选，先到先列；含收款卡、申请人和各步的处理人',
    payload: listPayload({ state: stateFilter(WITHDRAWAL_STATE_KEYS), company: opKeyword('企业', 40), no: opKeyword('提现单号', 30) }),
    answer: listAnswer(opWithdrawalRowSchema),
  }),
  opWithdrawalApprove: defineEndpoint({
    method: 'post', path: '/operation/money/withdrawals/approve', tag: 'operation', access: 'operator', permissions: W, idempotent: true, idempotencyRequired: true,
    summary: '运营：审核通过一笔申请中的提现（金额仍冻结，待打款）；重复通过不变；记入操作日志并通知企业负责人',
    payload: v.object({ withdrawal_no: withdrawalNoField }),
    answer: opWithdrawalRowSchema,
  }),
  opWithdrawalPay: defineEndpoint({
    method: 'post', path: '/operation/money/withdrawals/pay', tag: 'operation', access: 'operator', permissions: W, idempotent: true, idempotencyRequired: true,
    summary: '运营：将一笔已通过的提现标记已打款（冻结金额转出到银行转账）；重复标记不变；记入操作日志并通知企业负责人',
    payload: v.object({ withdrawal_no: withdrawalNoField, payout_ref: v.optional(v.pipe(v.string(withdrawalText.payoutRef), v.trim(), v.maxLength(60, withdrawalText.payoutRef)), '') }),
    answer: opWithdrawalRowSchema,
  }),
  opWithdrawalReject: defineEndpoint({
    method: 'post', path: '/operation/money/withdrawals/reject', tag: 'operation', access: 'operator', permissions: W, idempotent: true, idempotencyRequired: true,
    summary: '运营：拒绝一笔申请中或已通过（未打款）的提现，须填原因；冻结金额退回可用余额；记入操作日志并通知企业负责人',
    payload: v.object({ withdrawal_no: withdrawalNoField, reason: reasonField }),
    answer: opWithdrawalRowSchema,
  }),
  opBankCardList: defineEndpoint({
    method: 'get', path: '/operation/money/bank-cards', tag: 'operation', access: 'operator', permissions: W,
    summary: '运营：企业的银行卡（未删除的）：按审核状态、企业筛选，待审核的先到先列',
    payload: listPayload({ state: stateFilter(CARD_STATE_KEYS), company: opKeyword('企业', 40) }),
    answer: listAnswer(opBankCardRowSchema),
  }),
  opBankCardDecide: defineEndpoint({
    method: 'post', path: '/operation/money/bank-cards/decide', tag: 'operation', access: 'operator', permissions: W, idempotent: true, idempotencyRequired: true,
    summary: '运营：审核一张待审核的银行卡：通过，或不通过并填原因；记入操作日志并通知企业负责人',
    payload: v.pipe(
      v.object({ id: idField(withdrawalText.cardNotFound), verified: v.boolean('请选择通过或不通过'), reason: v.optional(v.pipe(v.string(withdrawalText.reason), v.trim(), v.maxLength(200, withdrawalText.reason)), '') }),
      v.forward(v.check((p) => p.verified || p.reason.length >= 2, withdrawalText.reason), ['reason']),
    ),
    answer: opBankCardRowSchema,
  }),
  opPayAccounts: defineEndpoint({
    method: 'get', path: '/operation/money/accounts', tag: 'operation', access: 'operator', permissions: A, heavy: true,
    summary: '运营：每家企业的钱包：可用、冻结、保证金（分），按企业名称搜索，分页；合计为全部符合条件企业之和',
    payload: listPayload({ q: opKeyword('企业', 40) }),
    answer: listAnswer(opAccountRowSchema, { available_total_fen: v.number(), frozen_total_fen: v.number(), cash_pledge_total_fen: v.number() }),
  }),
  opAdjustmentList: defineEndpoint({
    method: 'get', path: '/operation/money/adjustments', tag: 'operation', access: 'operator', permissions: A,
    summary: '运营：调账申请：按状态、企业筛选，新的在前；含提交人、复核人和入账的交易',
    payload: listPayload({ state: stateFilter(ADJUST_STATE_KEYS), company_id: v.optional(intOf('企业编号应为整数', 0, 2_147_483_647), 0) }),
    answer: listAnswer(opAdjustmentRowSchema),
  }),
  opAdjustmentCreate: defineEndpoint({
    method: 'post', path: '/operation/money/adjustments/create', tag: 'operation', access: 'operator', permissions: A, idempotent: true, idempotencyRequired: true,
    summary: '运营：提交一笔调账（整数分，正数增加、负数扣减企业可用余额），须填原因；另一名运营复核通过后才入账；记入操作日志',
    payload: v.object({
      company_id: idField(withdrawalText.companyNotFound),
      amount_fen: v.pipe(intOf(withdrawalText.adjustAmount, -ADJUSTMENT_MAX_FEN, ADJUSTMENT_MAX_FEN), v.check((n) => n !== 0, withdrawalText.adjustAmount)),
      reason: reasonField,
    }),
    answer: opAdjustmentRowSchema,
  }),
  opAdjustmentDecide: defineEndpoint({
    method: 'post', path: '/operation/money/adjustments/decide', tag: 'operation', access: 'operator', permissions: A, idempotent: true, idempotencyRequired: true,
    summary: '运营：复核一笔待复核的调账（须为提交人以外的运营）：通过即记入账目（adjustment），或驳回并填原因；记入操作日志',
    payload: v.pipe(
      v.object({ id: idField(withdrawalText.adjustNotFound), approve: v.boolean('请选择通过或驳回'), note: v.optional(v.pipe(v.string(withdrawalText.reason), v.trim(), v.maxLength(200, withdrawalText.reason)), '') }),
      v.forward(v.check((p) => p.approve || p.note.length >= 2, withdrawalText.reason), ['note']),
    ),
    answer: opAdjustmentRowSchema,
  }),
  opPayChannels: defineEndpoint({
    method: 'get', path: '/operation/money/channels', tag: 'operation', access: 'operator', permissions: A,
    summary: '运营：本服务器可用的支付渠道（已配置的支付宝；演示数据库或 PAYMENT_PROVIDER=sandbox 时的演示支付）和新支付当前使用的渠道',
    payload: v.object({}),
    answer: payChannelsSchema,
  }),
  opPayChannelSet: defineEndpoint({
    method: 'post', path: '/operation/money/channels/set', tag: 'operation', access: 'operator', permissions: A, idempotent: true,
    summary: '运营：切换新支付使用的渠道（只能选本服务器可用的渠道）；已发起的支付仍走原渠道；记入操作日志',
    payload: v.object({ provider: v.pipe(v.string(payChannelText.provider), v.trim(), v.minLength(1, payChannelText.provider), v.maxLength(20, payChannelText.provider)) }),
    answer: payChannelsSchema,
  }),
  opReconcile: defineEndpoint({
    method: 'post', path: '/operation/money/reconcile', tag: 'operation', access: 'operator', permissions: A,
    summary: '运营：运行账目核对（快速或完整）：每笔交易合计为零、每个账户余额等于分录之和、钱包不为负、全部合计为零；返回结果和问题',
    payload: v.object({ fast: v.optional(v.boolean('请选择快速或完整核对'), true) }),
    answer: reconcileReportSchema,
  }),
} as const;
