/** The payment module's own messages (provider-side refusals); shown to whoever's call led to them. */
export const paymentText = {
  refundNotPaid: '该交易尚未支付成功，不能退款',
  refundTooMuch: (paidFen: number, refundedFen: number) => `退款金额超过可退金额：已付 ¥${(paidFen / 100).toFixed(2)}，已退 ¥${(refundedFen / 100).toFixed(2)}`,
  refundAmount: '退款金额应为正整数（单位：分）',
  refundNoReused: '同一个退款单号已用于另一笔不同的退款',
  refundTradeMismatch: '退款的交易号与订单的支付交易不符',
  providerUnavailable: '支付渠道暂时无法访问，请稍后再试',
  providerRefused: (why: string) => `支付渠道拒绝了请求：${why}`,
} as const;
