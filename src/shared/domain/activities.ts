/**
 * Activities (活动, docs/activities.md): the operator's time-boxed events sellers apply their stock
 * rows to. 秒杀 (seckill): a row sells at its activity price from a reserve taken
 * out of the row when the application is approved; what is unsold goes back to the row when the
 * activity ends. 满减 (full_reduction): see full-reduction.ts; 组合套装 (bundle): see bundles.ts. The rules both sides run, pure.
 */
import type { PriceColumn } from './prices';
import { yuan } from './money';

export const ACTIVITY_KINDS = ['seckill', 'full_reduction', 'bundle'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/**
 * 秒杀: rows sell at an activity price from a reserve; 满减: a seller order of the rows takes a tier off (shared/domain/full-reduction);
 * 组合套装: 2–5 rows sell together at one bundle price from a reserve of bundles (shared/domain/bundles)
 */
export const ACTIVITY_KIND_NAMES: Readonly<Record<ActivityKind, string>> = { seckill: '秒杀', full_reduction: '满减', bundle: '组合套装' };
/** the kinds that sell from a reserve through /activity/order/getinfo and complete, with a per-company limit */
export const reservedKind = (k: ActivityKind) => k === 'seckill' || k === 'bundle';
/** what a buyer counts of an item: pieces of a 秒杀 part, bundles of a 组合套装 */
export const activityUnit = (k: ActivityKind) => (k === 'bundle' ? '套' : '件');

/** an application (报名) of one stock row: waiting for the operator, approved (its reserve taken), rejected, or closed unaudited when the activity ended */
export const ITEM_STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
export const ITEM_STATE_NAMES: Readonly<Record<ItemState, string>> = { pending: '待审核', approved: '已通过', rejected: '已驳回', expired: '未审核（活动已结束）' };

export const ACTIVITY_NAME_MAX = 30;
export const ACTIVITY_DESCRIPTION_MAX = 200;
export const ACTIVITY_REASON_MAX = 100;
/** the most pieces one row may put into an activity, and one buyer company may buy of one row */
export const ACTIVITY_QTY_MAX = 99_999;
export const ACTIVITY_PER_BUYER_MAX = 9_999;
/** the longest an activity may run: 31 days */
export const ACTIVITY_MAX_DAYS = 31;

export const activityText = {
  name: `请填写活动名称（1到${ACTIVITY_NAME_MAX}个字）`,
  kind: '活动类型只能是 seckill（秒杀）、full_reduction（满减）或 bundle（组合套装）',
  kindFixed: '活动类型不能修改',
  description: `活动说明最多${ACTIVITY_DESCRIPTION_MAX}个字`,
  startAt: '请选择活动开始时间',
  endAt: '请选择活动结束时间',
  window: '结束时间应晚于开始时间',
  ended: '结束时间已过，请选择以后的时间',
  tooLong: `活动时间最长${ACTIVITY_MAX_DAYS}天`,
  perBuyer: `每家企业限购应为1到${ACTIVITY_PER_BUYER_MAX}之间的整数`,
  activityId: '请选择活动',
  itemId: '请选择活动商品',
  stockId: '请选择库存',
  activityPrice: '请填写活动价（以分为单位的整数）',
  activityQty: `活动数量应为1到${ACTIVITY_QTY_MAX}之间的整数`,
  qty: `购买数量应为1到${ACTIVITY_PER_BUYER_MAX}之间的整数`,
  reason: `请填写驳回原因（1到${ACTIVITY_REASON_MAX}个字）`,
  state: '状态只能是 pending（待审核）、approved（已通过）、rejected（已驳回）或 expired（未审核）',
  activityState: '状态只能是 upcoming（未开始）、running（进行中）或 ended（已结束）',
  page: '页码应为正整数',
  // refusals of the service
  notFound: '活动不存在',
  itemNotFound: '活动商品不存在',
  activityEnded: '活动已结束',
  started: '活动已开始，不能再修改开始时间、结束时间、限购和满减档位',
  notSeller: '只有卖家可以报名活动，请先申请成为卖家',
  notYourStock: '只能用本公司的库存报名',
  stockOff: '这条库存已下架，不能报名',
  noPrice: '这条库存没有价格，不能报名',
  priceNotBelow: (ordinaryFen: string) => `活动价应低于日常价（${ordinaryFen}）`,
  qtyOverStock: (n: number) => `活动数量不能超过当前库存（${n}件）`,
  overlapping: (name: string) => `这条库存已报名时间重叠的活动“${name}”，同一条库存不能同时参加两个活动`,
  notPending: '这个报名已审核过',
  approveShort: (n: number) => `库存不足，不能通过：当前库存${n}件，少于活动数量`,
  notRunning: '活动不在进行中',
  notStarted: '活动还没有开始',
  soldOut: '活动商品已抢光',
  notEnough: (n: number, unit = '件') => `活动剩余数量不足，只剩${n}${unit}`,
  overLimit: (limit: number, bought: number, unit = '件') => `每家企业限购${limit}${unit}，贵公司已购${bought}${unit}`,
  ownStock: '不能购买本公司的库存',
  totalChanged: (fen: string) => `应付金额已变为${fen}，请确认后再提交`,
} as const;

/** what a row sells at every day: its lowest price above 0 among the columns buyers are charged at, or null */
export const ORDINARY_COLUMNS: readonly PriceColumn[] = ['price99', 'price0', 'price1', 'price2', 'price3'];
export const ordinaryPriceFen = (prices: Partial<Record<PriceColumn, number | null>>): number | null => {
  let low: number | null = null;
  for (const c of ORDINARY_COLUMNS) {
    const p = prices[c];
    if (p !== null && p !== undefined && p > 0 && (low === null || p < low)) low = p;
  }
  return low;
};

/** An activity price must be above 0 and below every price a buyer pays on other days; '' when it is. */
export const activityPriceRefusal = (activityFen: number, prices: Partial<Record<PriceColumn, number | null>>): string => {
  const ordinary = ordinaryPriceFen(prices);
  if (ordinary === null) return activityText.noPrice;
  if (!Number.isInteger(activityFen) || activityFen < 1) return activityText.activityPrice;
  return activityFen < ordinary ? '' : activityText.priceNotBelow(yuan(ordinary));
};

/** Two windows [start, end) share a moment. */
export const windowsOverlap = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

export type ActivityPhase = 'upcoming' | 'running' | 'ended';
export const ACTIVITY_PHASE_NAMES: Readonly<Record<ActivityPhase, string>> = { upcoming: '未开始', running: '进行中', ended: '已结束' };

/** Where an activity stands at `now` (unix seconds); one ended by the operator has ended whatever its window says. */
export const activityPhase = (a: { start_at: number; end_at: number; ended: boolean }, now: number): ActivityPhase =>
  a.ended || now >= a.end_at ? 'ended' : now < a.start_at ? 'upcoming' : 'running';

/** A window's refusal ('' when fine): after its start, not past, at most ACTIVITY_MAX_DAYS long. Field and text. */
export const windowRefusal = (startAt: number, endAt: number, now: number): { field: 'end_at'; text: string } | null => {
  if (endAt <= startAt) return { field: 'end_at', text: activityText.window };
  if (endAt <= now) return { field: 'end_at', text: activityText.ended };
  if (endAt - startAt > ACTIVITY_MAX_DAYS * 86_400) return { field: 'end_at', text: activityText.tooLong };
  return null;
};

/**
 * Why a buyer company may not buy `qty` pieces of an item now ('' when it may): the activity
 * running, the reserve left, the per-company limit with what it bought already.
 */
export const buyRefusal = (p: { phase: ActivityPhase; left: number; qty: number; perBuyer: number; bought: number; own: boolean; unit?: string }): string => {
  if (p.own) return activityText.ownStock;
  if (p.phase === 'upcoming') return activityText.notStarted;
  if (p.phase === 'ended') return activityText.activityEnded;
  if (p.left <= 0) return activityText.soldOut;
  if (p.bought + p.qty > p.perBuyer) return activityText.overLimit(p.perBuyer, p.bought, p.unit);
  if (p.qty > p.left) return activityText.notEnough(p.left, p.unit);
  return '';
};
