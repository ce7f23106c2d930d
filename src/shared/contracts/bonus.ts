/**
 * The performance bonus (业绩奖励, docs/bonus.md): the operator's rule sets (bands of a seller's
 * monthly sales of rows marked in 业绩设置), this month's running figures per seller, the settled
 * months and the settlement that pays them into the sellers' wallets; a seller's own figures.
 * Money in fen, rates in basis points, months as YYYY-MM (China time).
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opKeyword } from './operation-list';
import { intOf } from './wallet';
import { MONTH_PATTERN } from '../domain/china-time';
import { BONUS_BANDS_MAX, BONUS_CODES, BONUS_LIMIT_MAX_FEN, BONUS_RATE_MAX_BP, bandsProblem, bonusText, OP_BONUS_CODES } from '../domain/bonus';

export const bonusBandSchema = v.object({ from_fen: v.number(), to_fen: v.number(), rate_bp: v.number() });

export const bonusRuleSchema = v.object({
  effective_month: v.string(),
  bands: v.array(bonusBandSchema),
  updated_by_name: v.string(),
  /** unix seconds */
  updated_at: v.number(),
});
export type BonusRuleView = v.InferOutput<typeof bonusRuleSchema>;

/** A seller's running figures of a month not yet settled. */
export const bonusCurrentSchema = v.object({
  company_id: v.number(), company_name: v.string(),
  /** completed orders with flagged lines */
  order_count: v.number(),
  sales_fen: v.number(),
  /** 1-based; 0 without a rule */
  band: v.number(), rate_bp: v.number(), bonus_fen: v.number(),
  /** still to sell to reach the next band; 0 in the top band */
  to_next_fen: v.number(), next_rate_bp: v.number(),
});
export type BonusCurrentRow = v.InferOutput<typeof bonusCurrentSchema>;

/** A settled month of a seller: its figures recorded forever, and the bonus paid into its wallet. */
export const bonusSettlementSchema = v.object({
  id: v.number(), month: v.string(), company_id: v.number(), company_name: v.string(),
  order_count: v.number(), sales_fen: v.number(), band: v.number(), rate_bp: v.number(), bonus_fen: v.number(),
  bands: v.array(bonusBandSchema),
  /** the ledger transaction that paid it; 0 when the bonus was 0 */
  transaction_id: v.number(),
  /** who settled it; '' for the monthly sweep */
  settled_by_name: v.string(),
  /** unix seconds */
  settled_at: v.number(),
});
export type BonusSettlementRow = v.InferOutput<typeof bonusSettlementSchema>;

const month = (text: string) => v.pipe(v.string(text), v.trim(), v.regex(MONTH_PATTERN, text));
const band = v.object({
  from_fen: intOf('档位下限应为不小于0的整数（分）', 0, BONUS_LIMIT_MAX_FEN),
  to_fen: intOf('档位上限应为不小于0的整数（分），0 为不设上限', 0, BONUS_LIMIT_MAX_FEN),
  rate_bp: intOf(`奖励比例应为0至${BONUS_RATE_MAX_BP}的整数（万分之一）`, 0, BONUS_RATE_MAX_BP),
});

export const bonusEndpoints = {
  opBonusRules: defineEndpoint({
    method: 'get', path: '/operation/bonus/rules', tag: 'operation', access: 'operator', permissions: OP_BONUS_CODES.read,
    summary: '运营：业绩奖励规则（每个生效月份的奖励档位），以及本月（中国时间）',
    payload: v.optional(v.object({}), {}),
    answer: v.object({ current_month: v.string(), in_force: v.string(), rules: v.array(bonusRuleSchema) }),
  }),
  opBonusRuleSave: defineEndpoint({
    method: 'post', path: '/operation/bonus/rule', tag: 'operation', access: 'operator', permissions: OP_BONUS_CODES.manage, idempotent: true,
    summary: '运营：保存某月起生效的奖励档位（不早于本月；同一月份再次保存即替换）；档位从0起、首尾相接、不重叠、最后一档不设上限；记入操作日志',
    payload: v.object({
      effective_month: month(bonusText.effectiveMonth),
      bands: v.pipe(
        v.array(band, '请填写奖励档位'),
        v.minLength(1, '请至少设置一个奖励档位'), v.maxLength(BONUS_BANDS_MAX, `奖励档位最多${BONUS_BANDS_MAX}个`),
        v.check((b) => bandsProblem(b) === null, (issue) => bandsProblem(issue.input as Parameters<typeof bandsProblem>[0]) ?? bonusText.bands),
      ),
    }),
    answer: bonusRuleSchema,
  }),
  opBonusCurrentMonth: defineEndpoint({
    method: 'get', path: '/operation/bonus/current', tag: 'operation', access: 'operator', permissions: OP_BONUS_CODES.read,
    summary: '运营：本月业绩：各卖家本月（中国时间）已完成订单中参与业绩的商品销售额（扣除已完成的退款）、达到的档位、奖励、距下一档',
    payload: listPayload({ k: opKeyword('企业名称或ID') }),
    answer: listAnswer(bonusCurrentSchema, { month: v.string(), bands: v.nullable(v.array(bonusBandSchema)), sales_total_fen: v.number(), bonus_total_fen: v.number() }),
  }),
  opBonusHistory: defineEndpoint({
    method: 'get', path: '/operation/bonus/history', tag: 'operation', access: 'operator', permissions: OP_BONUS_CODES.read,
    summary: '运营：历史结算：已结算月份的各卖家业绩与奖励，按月份和企业筛选',
    payload: listPayload({
      month: v.optional(v.union([v.literal(''), month(bonusText.month)], bonusText.month), ''),
      k: opKeyword('企业名称或ID'),
    }),
    answer: listAnswer(bonusSettlementSchema, { bonus_total_fen: v.number(), last_month: v.string() }),
  }),
  opBonusSettle: defineEndpoint({
    method: 'post', path: '/operation/bonus/settle', tag: 'operation', access: 'operator', permissions: OP_BONUS_CODES.manage, idempotent: true,
    summary: '运营：结算已结束的月份：记下各卖家的业绩与奖励，奖励记入卖家钱包；每个卖家每月只结算一次；记入操作日志',
    payload: v.object({ month: month(bonusText.settleMonth) }),
    answer: v.object({ month: v.string(), settled: v.number(), already: v.number(), paid_fen: v.number() }),
  }),
  bonusMine: defineEndpoint({
    method: 'get', path: '/bonus/mine', tag: 'bonus', access: 'user', permissions: BONUS_CODES,
    summary: '本企业（卖家）的业绩奖励：本月业绩、达到的档位与奖励、距下一档，以及已结算的月份',
    payload: v.optional(v.object({}), {}),
    answer: v.object({ month: v.string(), bands: v.nullable(v.array(bonusBandSchema)), current: bonusCurrentSchema, history: v.array(bonusSettlementSchema) }),
  }),
};
