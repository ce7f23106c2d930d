/**
 * Warehouses and shelf locations (仓库与库位, back office M03, docs/warehouse.md): the rules and words
 * the server and the pages share. A location code is what the shelf label says (A-01-03); a range
 * A-01-01 … A-01-20 is the labels of one shelf. The import's 库位 column names a location as
 * 仓库名/库位码 (or the code alone when one warehouse has it), several as 主仓/A-01-03:30;主仓/B-02-01:20.
 */
import { STOCK_CODES, MAX_QUANTITY } from './stock';

/** 仓库设置 is a page of 产品管理 (M03), like the stock page it serves. */
export const WAREHOUSE_CODES = STOCK_CODES;

export const WAREHOUSE_NAME_MAX = 20;
export const WAREHOUSE_ADDRESS_MAX = 100;
export const WAREHOUSE_NOTE_MAX = 100;
export const LOCATION_CODE_MAX = 20;
export const LOCATION_NOTE_MAX = 50;
/** the most labels one range creates */
export const LOCATION_RANGE_MAX = 500;
/** the most sales orders one pick list takes */
export const PICK_ORDERS_MAX = 100;
export const LOCATION_QUANTITY_MAX = MAX_QUANTITY;

/** letters, digits and - _ . (no / : ; which the import's 库位 column uses as separators) */
const CODE_RE = /^[A-Z0-9][A-Z0-9._-]*$/;
/** a warehouse name: anything but the import's separators / : ; */
const NAME_BAD_RE = /[/:;：；]/;

export const warehouseText = {
  nameNeeded: '请填写仓库名称',
  nameLong: `仓库名称最多${WAREHOUSE_NAME_MAX}个字`,
  nameBad: '仓库名称不能含有 / : ; 这几个符号（导入时用来分隔仓库、库位和数量）',
  nameTaken: (name: string) => `仓库名称“${name}”已被本企业的另一个仓库使用，请换一个名称`,
  addressLong: `仓库地址最多${WAREHOUSE_ADDRESS_MAX}个字`,
  noteLong: `备注最多${WAREHOUSE_NOTE_MAX}个字`,
  warehouseNotFound: '仓库不存在或不属于本企业',
  warehouseInactive: (name: string) => `仓库“${name}”已停用，请先启用再添加库位或放入库存`,
  codeNeeded: '请填写库位码',
  codeLong: `库位码最多${LOCATION_CODE_MAX}个字符`,
  codeBad: '库位码只能包含字母、数字和 - _ . （如 A-01-03）',
  codeTaken: (warehouse: string, code: string) => `仓库“${warehouse}”已有库位 ${code}`,
  rangeBad: '结束库位码须与开始库位码只有最后一段数字不同，且不小于它（如 A-01-01 至 A-01-20）',
  rangeTooMany: `一次最多新建${LOCATION_RANGE_MAX}个库位`,
  locationNoteLong: `库位备注最多${LOCATION_NOTE_MAX}个字`,
  locationNotFound: '库位不存在或不属于本企业',
  locationInactive: (code: string) => `库位 ${code} 已停用，请先启用再放入库存`,
  locationHoldsStock: (code: string, qty: number) => `库位 ${code} 中还有 ${qty} 件库存，请先移走或清零再删除`,
  rowHoldsStock: (code: string, qty: number) => `该配件在库位 ${code} 还有 ${qty} 件，请先移到别的库位或清零再移除`,
  notAtLocation: (code: string) => `该配件不在库位 ${code}`,
  quantityBad: `库位数量应为0到${LOCATION_QUANTITY_MAX}之间的整数`,
  moveQuantityBad: `调拨数量应为1到${LOCATION_QUANTITY_MAX}之间的整数`,
  moveSame: '调入库位须与调出库位不同',
  moveShort: (code: string, has: number, n: number) => `库位 ${code} 只有 ${has} 件，不能调出 ${n} 件`,
  totalTooBig: `库存数量不能超过 ${MAX_QUANTITY}`,
  pickNone: '请先勾选要拣货的销售订单',
  pickTooMany: `一次最多为${PICK_ORDERS_MAX}个订单生成拣货单`,
  pickNotOurs: (no: string) => `订单 ${no} 不存在或不是本企业的销售订单`,
  pickNotToShip: (no: string, status: string) => `订单 ${no} 当前为${status}，只有待确认和已确认（待发货）的订单可以拣货`,
} as const;

/** The code as stored: trimmed and upper case (a-01-03 and A-01-03 are one label). */
export const normalizeLocationCode = (raw: string) => raw.trim().toUpperCase();

/** '' when the (normalised) code is acceptable, else why not. */
export const locationCodeProblem = (code: string): string =>
  code === '' ? warehouseText.codeNeeded : code.length > LOCATION_CODE_MAX ? warehouseText.codeLong : CODE_RE.test(code) ? '' : warehouseText.codeBad;

export const warehouseNameProblem = (name: string): string =>
  name === '' ? warehouseText.nameNeeded : name.length > WAREHOUSE_NAME_MAX ? warehouseText.nameLong : NAME_BAD_RE.test(name) ? warehouseText.nameBad : '';

/**
 * The codes of a range: `from` and `to` differ only in their last group of digits, which counts up
 * with `from`'s width (A-01-01 … A-01-20 → 20 codes). Null when the pair is not such a range.
 */
export const locationRange = (from: string, to: string): string[] | null => {
  const a = /^(.*?)(\d+)$/.exec(from);
  const b = /^(.*?)(\d+)$/.exec(to);
  if (!a || !b || a[1] !== b[1]) return null;
  const start = Number(a[2]);
  const end = Number(b[2]);
  if (end < start) return null;
  if (end - start + 1 > LOCATION_RANGE_MAX) return [];
  const width = a[2].length;
  const codes: string[] = [];
  for (let n = start; n <= end; n++) codes.push(`${a[1]}${String(n).padStart(width, '0')}`);
  return codes;
};

/** One part of an import's 库位 cell: a location (仓库名/库位码, or 库位码 alone) and its quantity when given. */
export interface LocationPart { warehouse: string; code: string; quantity: number | null }

/**
 * The import's 库位 cell: `主仓/A-01-03:30;主仓/B-02-01:20`, or one location without a quantity
 * (`A-01-03`: the line's whole quantity goes there). Separators may be ; ； , or a new line; : or ：
 * before a quantity. Returns the parts or the reason it cannot be read.
 */
export const parseLocationCell = (cell: string): { ok: true; parts: LocationPart[] } | { ok: false; message: string } => {
  const pieces = cell.split(/[;；,，\n]/).map((p) => p.trim()).filter(Boolean);
  const parts: LocationPart[] = [];
  for (const piece of pieces) {
    const m = /^(?:([^/]+)\/)?([^:：]+?)\s*(?:[:：]\s*(\S+))?$/.exec(piece);
    if (!m) return { ok: false, message: `库位“${piece}”看不懂，应写成 仓库名/库位码:数量，多个用分号隔开` };
    const warehouse = (m[1] ?? '').trim();
    const code = normalizeLocationCode(m[2]);
    const codeProblem = locationCodeProblem(code);
    if (codeProblem) return { ok: false, message: `库位“${piece}”：${codeProblem}` };
    let quantity: number | null = null;
    if (m[3] !== undefined) {
      if (!/^\d{1,7}$/.test(m[3]) || Number(m[3]) > LOCATION_QUANTITY_MAX) return { ok: false, message: `库位“${piece}”的数量应为0到${LOCATION_QUANTITY_MAX}之间的整数` };
      quantity = Number(m[3]);
    }
    parts.push({ warehouse, code, quantity });
  }
  if (parts.length > 1 && parts.some((p) => p.quantity === null)) return { ok: false, message: '填写多个库位时，每个库位都要写数量，如 主仓/A-01-03:30;主仓/B-02-01:20' };
  const keys = parts.map((p) => `${p.warehouse}/${p.code}`);
  if (new Set(keys).size !== keys.length) return { ok: false, message: '同一个库位在库位列中出现了两次' };
  return { ok: true, parts };
};

/** The location as people write it: 主仓/A-01-03. */
export const locationLabel = (warehouse: string, code: string) => `${warehouse}/${code}`;
