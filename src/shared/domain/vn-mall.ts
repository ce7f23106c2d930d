/**
 * The Vietnam mall's money rules (docs/overseas.md, "The Vietnam mall"): dong prices of offered
 * stock, the seller's CNY floor, the operators' service charge bands and the delivery terms. Every
 * sum is integer arithmetic (BigInt products, the rate in millionths): a price never picks up
 * float noise, and the page and the server compute the same dong.
 */

/** Rates as the database keeps them (numeric(18, 6)): dong per yuan. */
const RATE_SCALE = 1_000_000n;

/** A rate (number or the database's text) in millionths of a dong per yuan; null when it is not a positive rate. */
export const rateMicros = (rate: number | string): bigint | null => {
  const s = typeof rate === 'number' ? (Number.isFinite(rate) ? rate.toFixed(6) : '') : rate.trim();
  const m = /^(\d{1,12})(?:\.(\d{1,6})\d*)?$/.exec(s);
  if (!m) return null;
  const micro = BigInt(m[1]) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(6, '0'));
  return micro > 0n ? micro : null;
};

/** n / d rounded half up (n ≥ 0, d > 0): the mall's one rounding, to whole dong. */
const divHalfUp = (n: bigint, d: bigint): bigint => (n + d / 2n) / d;

/**
 * The dong price of a CNY price with a markup: fen × (1 + markup) × rate, markup in hundredths of
 * a percent (1250 = 12.5 %), rounded half up to whole dong once, at the end.
 */
export const markupDong = (fen: number, markupBp: number, rate: number | string): number | null => {
  const micro = rateMicros(rate);
  if (micro === null || !Number.isInteger(fen) || fen <= 0 || !Number.isInteger(markupBp) || markupBp < 0) return null;
  return Number(divHalfUp(BigInt(fen) * BigInt(10_000 + markupBp) * micro, 10_000n * 100n * RATE_SCALE));
};

/** Whole dong in fen at the rate, rounded half up (what a mall order's CNY side records). */
export const dongInFen = (dong: number, rate: number | string): number => {
  const micro = rateMicros(rate);
  if (micro === null) throw new Error('no rate');
  return Number(divHalfUp(BigInt(dong) * 100n * RATE_SCALE, micro));
};

/** Fen in whole dong at the rate, rounded half up (an after-sale's refund in dong, docs/overseas.md "After-sales (海外售后)"). */
export const fenInDong = (fen: number, rate: number | string): number => {
  const micro = rateMicros(rate);
  if (micro === null) throw new Error('no rate');
  return Number(divHalfUp(BigInt(fen) * micro, 100n * RATE_SCALE));
};

/**
 * What paying a mall order from the dong wallet moves, at the rate of the payment moment
 * (docs/money.md "Paying a mall order in dong"). The seller sold for the order's CNY side (its
 * amount due in fen, frozen at checkout): that is what the order is paid in fen. The buyer pays
 * its dong at the payment rate, fenInDong(due, rate), rounded half up; when the payment rate is
 * the order's own and nothing was deducted, exactly the goods dong the buyer confirmed at
 * checkout. The service charge stays the dong of the order (its bands are in dong) and is worth
 * dongInFen(service, rate) fen to the platform. Credited: the goods fen plus the service fen.
 */
export const dongPayment = (
  o: { due_fen: number; total_fen: number; goods_dong: number; service_dong: number; rate: number | string },
  payRate: number | string,
) => {
  const same = rateMicros(o.rate) !== null && rateMicros(o.rate) === rateMicros(payRate);
  const goodsDong = same && o.due_fen === o.total_fen ? o.goods_dong : fenInDong(o.due_fen, payRate);
  const serviceFen = o.service_dong > 0 ? dongInFen(o.service_dong, payRate) : 0;
  return {
    goods_dong: goodsDong, service_dong: o.service_dong, dong: goodsDong + o.service_dong,
    goods_fen: o.due_fen, service_fen: serviceFen, credited_fen: o.due_fen + serviceFen,
  };
};

/**
 * The goods dong a refund of `fen` from a dong-paid order gives back (docs/money.md "Paying a
 * mall order in dong"): the fen at the payment's rate, rounded half up, never more than the goods
 * dong not yet given back; the refund that brings the order's refunds up to all it was paid in fen
 * gives back exactly the rest, so refunds in full return every dong paid for the goods, whatever
 * the roundings on the way.
 */
export const dongRefund = (r: { fen: number; paid_fen: number; refunded_fen: number; goods_dong: number; refunded_dong: number; pay_rate: number | string }): number => {
  const left = Math.max(0, r.goods_dong - r.refunded_dong);
  if (r.refunded_fen + r.fen >= r.paid_fen) return left;
  return Math.min(left, fenInDong(r.fen, r.pay_rate));
};

/** True when `dong` at the rate is worth less than the seller's floor in fen (exact, no rounding). */
export const belowFloor = (dong: number, floorFen: number, rate: number | string): boolean => {
  const micro = rateMicros(rate);
  if (micro === null) return true;
  return BigInt(dong) * 100n * RATE_SCALE < BigInt(floorFen) * micro;
};

/** The least whole dong at the rate that is not below the floor (for the message that names it). */
export const floorDong = (floorFen: number, rate: number | string): number => {
  const micro = rateMicros(rate);
  if (micro === null) return 0;
  const n = BigInt(floorFen) * micro;
  const d = 100n * RATE_SCALE;
  return Number((n + d - 1n) / d);
};

/** A dong price as typed: a whole number of dong, no decimals, no separators other than ',' or '.' groups of three. */
export const parseDong = (typed: string): number | null => {
  const s = typed.trim().replace(/[₫\s]/g, '');
  if (/^\d{1,13}$/.test(s)) return Number(s);
  // 1.250.000 (Vietnamese grouping) and 1,250,000 are whole dong; 1250.5 is not
  if (/^\d{1,3}([.,]\d{3})+$/.test(s) && new Set(s.replace(/\d/g, '')).size === 1) return Number(s.replace(/[.,]/g, ''));
  return null;
};

/** A markup percent as typed (0–1000, up to two decimals) → hundredths of a percent. */
export const parseMarkupPct = (typed: string): number | null => {
  const m = /^\s*(\d{1,4})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 100_000 ? bp : null;
};

/** Hundredths of a percent as a person reads them: 1250 → 12.5%. */
export const pctText = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** Whole dong as ₫1,250,000. */
/** Which rate an after-sale's dong is reckoned at (docs/overseas.md "After-sales (海外售后)"). */
export const VN_RATE_KIND_TEXT = { order: '下单汇率', payment: '支付汇率' } as const;

export const dongText = (dong: number) => `₫${String(Math.round(dong)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

// ---- service charge bands ----

export const SERVICE_CHARGE_KINDS = ['percent', 'fixed'] as const;
export type ServiceChargeKind = (typeof SERVICE_CHARGE_KINDS)[number];
export const SERVICE_CHARGE_KIND_LABEL: Record<ServiceChargeKind, string> = { percent: '按比例', fixed: '固定金额' };

/** A band of an order's goods amount in dong: min ≤ amount < max (max null: no upper end). */
export interface ChargeBand { id?: number; min_dong: number; max_dong: number | null; kind: ServiceChargeKind; value: number }

/** True when two bands share an amount. */
export const bandsOverlap = (a: Pick<ChargeBand, 'min_dong' | 'max_dong'>, b: Pick<ChargeBand, 'min_dong' | 'max_dong'>) =>
  a.min_dong < (b.max_dong ?? Number.POSITIVE_INFINITY) && b.min_dong < (a.max_dong ?? Number.POSITIVE_INFINITY);

/** The band an amount falls in, if any. */
export const bandOf = <B extends ChargeBand>(bands: readonly B[], goodsDong: number): B | undefined =>
  bands.find((b) => goodsDong >= b.min_dong && (b.max_dong === null || goodsDong < b.max_dong));

/**
 * The service charge of an order's goods amount: its band's fixed dong, or the band's percent
 * (hundredths of a percent) of the amount rounded half up to whole dong; no band, no charge.
 */
export const serviceCharge = (bands: readonly ChargeBand[], goodsDong: number): number => {
  const b = bandOf(bands, goodsDong);
  if (!b) return 0;
  if (b.kind === 'fixed') return b.value;
  return Number(divHalfUp(BigInt(goodsDong) * BigInt(b.value), 10_000n));
};

/** A band in words: ₫0 – ₫1,000,000：1.5% / 固定 ₫30,000. */
export const bandText = (b: ChargeBand) =>
  `${dongText(b.min_dong)} – ${b.max_dong === null ? '不限' : dongText(b.max_dong)}：${b.kind === 'percent' ? pctText(b.value) : `固定 ${dongText(b.value)}`}`;

// ---- delivery terms ----

export const DELIVERY_TERMS = ['border', 'forwarder', 'door'] as const;
export type DeliveryTerm = (typeof DELIVERY_TERMS)[number];
/** The three delivery terms, in Chinese and Vietnamese (the buyer chooses; the seller reads the Chinese). */
export const DELIVERY_TERM_LABEL: Record<DeliveryTerm, string> = {
  border: '卖家送到边境 · Giao tới cửa khẩu',
  forwarder: '送到货代 · Giao tới đơn vị vận chuyển',
  door: '送货上门 · Giao tận nơi',
};
export const DELIVERY_TERM_ZH: Record<DeliveryTerm, string> = { border: '卖家送到边境', forwarder: '送到货代', door: '送货上门' };

/** The CNY price a markup offer starts from: the row's 批发价(含税). */
export const MARKUP_BASE_COLUMN = 'price1' as const;

/** Most pieces of one row in one cart line. */
export const VN_CART_QTY_MAX = 9_999;

/** The words of the mall's calls; what a Vietnamese buyer reads is in Chinese and Vietnamese. */
export const vnText = {
  noRate: '今日越南盾汇率尚未公布，越南商城暂停销售 · Tỷ giá hôm nay chưa được công bố, tạm dừng bán',
  noRateSeller: '今日越南盾汇率尚未公布：按加价率定价的商品暂无越南盾价格，越南商城暂停销售',
  notVnBuyer: '越南商城只对越南企业开放',
  vnBuyerOnlyMall: '越南企业请在越南商城购买 · Doanh nghiệp Việt Nam vui lòng mua tại Vietnam Mall',
  notOffered: '该商品未在越南商城销售 · Sản phẩm không bán tại Vietnam Mall',
  vnPriceWhole: '越南盾价格须为正整数（越南盾没有小数）',
  vnPriceRequired: '请填写越南盾价格',
  markupRequired: '请填写加价率',
  markup: '加价率须为0到1000之间的数，最多两位小数',
  floor: '人民币底价须为不小于0的金额，最多两位小数',
  vnQuantity: '越南可售数量须为0到999999之间的整数',
  quantityCap: '每行最多可售数量须为正整数，留空为全部库存',
  belowFloor: (oe: string, dong: number, min: number) => `${oe} 的越南盾价格 ${dongText(dong)} 低于您设置的人民币底价（按今日汇率至少 ${dongText(min)}）`,
  noBasePrice: (oe: string) => `${oe} 没有批发价(含税)，不能按加价率定价`,
  notOwnStock: '只能在越南商城上架本公司的库存',
  stockNotOn: (oe: string) => `${oe} 不在售，不能上架越南商城`,
  removedByPlatform: (oe: string, reason: string) => `${oe} 已被平台移出越南商城（${reason}），不能再上架`,
  ruleEmpty: '规则至少选择品牌、车型品牌或分类中的一项',
  ruleSame: '已有相同条件的规则，请先删除原规则',
  ruleNotFound: '规则不存在',
  brandUnknown: '配件品牌不存在',
  makeUnknown: '车型品牌不存在',
  offerNotFound: '该库存没有在越南商城上架',
  removeReason: '移出原因',
  bandMin: '起始金额须为不小于0的整数越南盾',
  bandMax: '结束金额须为大于起始金额的整数越南盾，留空为不限',
  bandValuePercent: '比例须为0到100之间的数，最多两位小数',
  bandValueFixed: '固定金额须为不小于0的整数越南盾',
  bandOverlap: (other: string) => `金额区间与已有规则重叠（${other}）`,
  bandNotFound: '服务费规则不存在',
  qty: '数量须为1到9999之间的整数 · Số lượng từ 1 đến 9999',
  notEnough: (oe: string, qty: number) => `${oe} 越南可售数量只有 ${qty} · Chỉ còn ${qty}`,
  cartEmpty: '购物车是空的 · Giỏ hàng trống',
  cartLineNotFound: '购物车中没有这一行 · Không tìm thấy dòng trong giỏ hàng',
  ownStock: '不能购买本公司的库存',
  rateChanged: (total: number) => `汇率或价格已变化，新的应付总额为 ${dongText(total)}，请确认后再下单 · Tỷ giá đã thay đổi, tổng mới ${dongText(total)}, vui lòng xác nhận`,
  deliveryTerm: '请选择交货方式 · Vui lòng chọn phương thức giao hàng',
  partOe: '请填写配件的OE号',
  partNotOffered: (oe: string, brand: string) => `${oe}${brand ? `（${brand}）` : ''} 没有卖家在越南商城上架`,
  partRemoved: (oe: string, brand: string) => `${oe}${brand ? `（${brand}）` : ''} 已整件移出越南商城`,
  partNotRemoved: (oe: string, brand: string) => `${oe}${brand ? `（${brand}）` : ''} 没有被整件移出越南商城，请刷新后重试`,
  rowInPartRemoval: '所选商品中有未被单独移出的行（整件移出的配件请在 海外商品 撤销），请刷新后重试',
  notMallAfterSale: '该售后不是越南商城订单的售后',
  notMallOrder: '该订单不是越南商城订单',
  payTotalChanged: (total: number) => `汇率已变化，新的应付金额为 ${dongText(total)}，请确认后再付款`,
} as const;
