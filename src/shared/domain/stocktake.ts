/**
 * The rules of a stocktake count (盘点, docs/warehouse.md "Stocktake"), the same on the server (which
 * decides) and in the page (which shows what a count will mean): what the system expected at the
 * moment of the scan, the difference, and what approving a difference does to the location.
 */

/** 盘点审核: approves or rejects differences (a company's owner may always). */
export const STOCKTAKE_APPROVE_CODE = 'M03-01';

/** the largest count of one row at one location */
export const STOCKTAKE_MAX_COUNT = 999_999;

/**
 * What the system expected at the location when the part was scanned: its quantity now minus
 * every change logged there after the scan (orders taking stock after the scan are not missing).
 * Never below 0: a location's quantity never was.
 */
export const expectedAtScan = (quantityNow: number, movesAfterScan: readonly number[]): number =>
  Math.max(0, quantityNow - movesAfterScan.reduce((s, d) => s + d, 0));

export const countDelta = (counted: number, expected: number): number => counted - expected;

/**
 * Approving a difference: the location's quantity now plus the difference, but never below 0
 * (when orders after the scan took more than was counted, the shelf ends empty). `applied` is
 * the change actually made.
 */
export const applyDelta = (current: number, delta: number): { quantity: number; applied: number } => {
  const quantity = Math.max(0, current + delta);
  return { quantity, applied: quantity - current };
};

export type StocktakeCountState = 'matched' | 'pending' | 'approved' | 'rejected' | 'superseded';

export const STOCKTAKE_COUNT_STATE_TEXT: Record<StocktakeCountState, string> = {
  matched: '无差异', pending: '有差异', approved: '已调整', rejected: '已驳回', superseded: '已重盘',
};

export const stocktakeText = {
  warehouse: '请选择仓库',
  warehouseNotFound: '仓库不存在或不属于本公司',
  stocktake: '请选择盘点单',
  stocktakeNotFound: '盘点单不存在或不属于本公司',
  closed: '盘点单已结束，不能再录入盘点数量',
  location: '请扫描或选择库位',
  locationNotFound: '库位不存在或不属于本公司',
  locationOtherWarehouse: '该库位不在本次盘点的仓库中',
  stock: '请扫描配件标签或输入OE号',
  stockNotFound: '库存不存在或不属于本公司',
  counted: `盘点数量应为0到${STOCKTAKE_MAX_COUNT}之间的整数`,
  countedAt: '扫描时间无效',
  clientKey: '盘点记录的标识无效，请重新录入',
  note: '备注最多100个字符',
  ids: '请选择要处理的差异',
  approveOnly: '只有盘点审核人员（盘点审核权限）或主账号可以审核差异',
  oe: '请输入OE号（至少5个字母或数字）',
  rowGone: '该库存已被删除，不能调整',
} as const;
