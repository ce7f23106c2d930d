/**
 * 保养套餐 (maintenance packages, back office M03, docs/maintenance.md): a seller's set of its own
 * stock rows for one service interval (小保养 every 5,000 km or 6 months, …), shown to buyers on
 * its shop page and added to the cart whole. Limits, texts and the package's price, shared by the
 * server and the pages.
 */
import { STOCK_CODES } from './stock';

/** Who keeps packages: whoever keeps the company's stock. */
export const MAINTENANCE_CODES = STOCK_CODES;

export const PACKAGE_NAME_MIN = 2;
export const PACKAGE_NAME_MAX = 30;
export const PACKAGE_VEHICLE_MAX = 50;
export const PACKAGE_NOTE_MAX = 200;
export const PACKAGE_KM_MIN = 1_000;
export const PACKAGE_KM_MAX = 100_000;
export const PACKAGE_MONTHS_MIN = 1;
export const PACKAGE_MONTHS_MAX = 48;
export const PACKAGE_LINES_MIN = 1;
export const PACKAGE_LINES_MAX = 30;
export const PACKAGE_QTY_MIN = 1;
export const PACKAGE_QTY_MAX = 99;

/** Why a line of a package cannot be bought now, in the cart's words plus 库存不足 (fewer pieces than the line needs). */
export const LINE_UNAVAILABLE = ['已下架', '无货', '暂无报价', '库存不足'] as const;
export type LineUnavailable = (typeof LINE_UNAVAILABLE)[number];

export const maintenanceText = {
  sellersOnly: '只有卖家企业可以设置保养套餐',
  notFound: '保养套餐不存在或不属于本企业',
  intervalNeeded: '请填写保养间隔：公里数或月数至少填一项',
  duplicateLine: (oe: string) => `配件 ${oe} 在套餐中出现了两次，请合并为一行并填写数量`,
  notOwnStock: (stockId: number) => `配件（库存编号 ${stockId}）不是本企业的库存，不能加入保养套餐`,
  unknownMake: '车型品牌不存在，请从列表中选择',
  shopNotSeller: '该企业不是卖家，没有保养套餐',
  noneForBuyer: '该店铺还没有保养套餐',
} as const;

/** The interval as people say it: 每5,000公里或6个月. */
export const intervalText = (km: number | null, months: number | null) => {
  const parts = [km !== null ? `${String(km).replace(/\B(?=(\d{3})+$)/g, ',')}公里` : '', months !== null ? `${months}个月` : ''].filter(Boolean);
  return parts.length === 0 ? '—' : `每${parts.join('或')}`;
};

/**
 * Whether a line can be bought as the cart would sell it: the cart's reasons in its order
 * (off sale, none in stock, no price for the caller), then fewer pieces in stock than the line needs.
 */
export const lineAvailability = (l: { state: string; quantity: number; qty: number; unitFen: number | null }): LineUnavailable | '' =>
  l.state !== 'on' ? '已下架' : l.quantity <= 0 ? '无货' : l.unitFen === null ? '暂无报价' : l.quantity < l.qty ? '库存不足' : '';

/**
 * A package's price: each line's unit price times its quantity, summed over the lines that can be
 * bought (integer fen); the others are counted apart so the page can say the total leaves them out.
 */
export const packageTotal = (lines: ReadonlyArray<{ qty: number; unitFen: number | null; unavailable: string }>) => {
  let totalFen = 0;
  let available = 0;
  for (const l of lines) {
    if (l.unavailable || l.unitFen === null) continue;
    totalFen += l.unitFen * l.qty;
    available += 1;
  }
  return { totalFen, available, unavailable: lines.length - available };
};
