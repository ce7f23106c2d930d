/**
 * 优惠码 for operators (requirements 001-2-2 pay/promotionCode and promotionUse): issue, edit, stop
 * and restart codes that take a percentage or an amount off a membership package, and see how
 * often each was used and what it gave away. The rules are in domain/promotion.ts.
 */
import * as v from 'valibot';
import { defineEndpoint } from './endpoint';
import { listAnswer, listPayload, opIdsField, opKeyword } from './operation-list';
import { OP_CATALOGUE_CODES } from '../domain/operation-codes';
import { fenText } from './money-field';
import { normalizePromotionCode, PERCENT_MAX, PROMOTION_CODE_RE, PROMOTION_STATES, promotionText } from '../domain/promotion';
import { rangeRule } from '../domain/ranges';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const requiredDay = (label: string) =>
  v.pipe(v.string(`请选择${label}`), v.trim(), v.nonEmpty(`请选择${label}`),
    v.check((s) => DAY_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label}应为 YYYY-MM-DD 格式的日期`));

export const opPromotionRowSchema = v.object({
  id: v.number(), code: v.string(), name: v.string(), kind: v.picklist(['percent', 'amount']),
  /** percent off, or fen off */
  value: v.number(),
  /** 0: every package */
  level_id: v.number(), level_name: v.string(),
  /** China days, both included */
  start_day: v.string(), end_day: v.string(),
  /** 0: no limit */
  max_uses: v.number(),
  active: v.boolean(), state: v.picklist(Object.keys(PROMOTION_STATES) as [keyof typeof PROMOTION_STATES, ...(keyof typeof PROMOTION_STATES)[]]),
  /** orders not cancelled that carry it, and of those the paid ones with what they were given */
  uses: v.number(), paid_uses: v.number(), paid_discount_fen: v.number(),
  created_at: v.number(), created_by: v.string(),
});
export type OpPromotionRow = v.InferOutput<typeof opPromotionRowSchema>;

const promotionValueText = '优惠额度应为整数：按比例为百分数，减固定金额为以分为单位的金额';

const promotionFields = v.object({
  /** 0 issues a new code */
  id: v.optional(v.pipe(v.number('编号无效'), v.integer('编号无效'), v.minValue(0, '编号无效')), 0),
  code: v.pipe(v.string('请填写优惠码'), v.transform(normalizePromotionCode), v.nonEmpty('请填写优惠码'), v.regex(PROMOTION_CODE_RE, promotionText.codeFormat)),
  name: v.pipe(v.string('请填写名称'), v.trim(), v.nonEmpty('请填写名称'), v.maxLength(40, '名称最多40个字符')),
  kind: v.picklist(['percent', 'amount'], '请选择优惠方式'),
  /** a whole percent for `percent`, whole fen for `amount` (docs/api.md, "Money") */
  value: v.pipe(v.number(promotionValueText), v.integer(promotionValueText)),
  level_id: v.optional(v.pipe(v.number('适用套餐无效'), v.integer('适用套餐无效'), v.minValue(0, '适用套餐无效')), 0),
  start_day: requiredDay('开始日期'),
  end_day: requiredDay('结束日期'),
  max_uses: v.optional(v.pipe(v.string('总次数应为整数'), v.trim(), v.regex(/^$|^[1-9]\d{0,5}$/, '总次数应为1到999999的整数，不限则留空')), ''),
});

const percentOk = (n: number) => n >= 1 && n <= PERCENT_MAX;
/** The largest amount off: 9999999.99 元 in fen. */
const PROMOTION_AMOUNT_MAX_FEN = 999_999_999;

export const promotionSavePayload = v.pipe(
  promotionFields,
  v.forward(v.check((p) => p.kind !== 'percent' || percentOk(p.value), promotionText.percentRange), ['value']),
  v.forward(v.check((p) => p.kind !== 'amount' || (p.value >= 1 && p.value <= PROMOTION_AMOUNT_MAX_FEN), fenText('优惠金额', 1, PROMOTION_AMOUNT_MAX_FEN)), ['value']),
  rangeRule('start_day', 'end_day', promotionText.endBeforeStart),
  v.transform((p) => ({
    ...p,
    max_uses: p.max_uses === '' ? null : Number(p.max_uses),
    level_id: p.level_id === 0 ? null : p.level_id,
  })),
);

export const opPayPromotionEndpoints = {
  opPromotionList: defineEndpoint({
    method: 'get', path: '/operation/promotion-codes', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.promotionRead,
    summary: '运营：优惠码：按码或名称、状态筛选，含使用次数、已支付次数和已优惠金额',
    payload: listPayload({
      q: opKeyword('优惠码或名称', 40),
      state: v.optional(v.picklist(['', ...Object.keys(PROMOTION_STATES)] as ['', ...string[]], '状态无效'), ''),
    }),
    answer: listAnswer(opPromotionRowSchema),
  }),
  opPromotionSave: defineEndpoint({
    method: 'post', path: '/operation/promotion-codes/save', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.promotion, idempotent: true,
    summary: '运营：新增或修改优惠码（码一经发放不可改；总次数不能少于已使用次数）；已下单的优惠不变；记入操作日志',
    payload: promotionSavePayload,
    answer: opPromotionRowSchema,
  }),
  opPromotionActive: defineEndpoint({
    method: 'post', path: '/operation/promotion-codes/active', tag: 'operation', access: 'operator', permissions: OP_CATALOGUE_CODES.promotion, idempotent: true,
    summary: '运营：停用或重新启用优惠码（一次最多200个，一个事务）；停用后不能再用于新订单，已下单的不变；记入操作日志',
    payload: v.object({ ids: opIdsField('优惠码'), active: v.boolean('请选择启用或停用') }),
    answer: v.object({ changed: v.number() }),
  }),
} as const;
