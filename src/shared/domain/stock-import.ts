/**
 * Bulk stock import and export: the columns a file may carry, how a file's headers map
 * onto them, and how one line of text becomes a stock row (or the reasons it cannot). The export
 * writes exactly these headers, so an exported file imports back without any mapping.
 *
 * Brands, qualities and makes are given by NAME. A brand name we do not know is a row error
 * (配件品牌不存在), not silently a custom brand: a typo would otherwise create a second item next
 * to the real one. A seller's own brand goes in the 自有品牌 column.
 */
import * as v from 'valibot';
import { SPOT_LABEL, SPOT_NO, SPOT_YES, stockImportRowPayload, STOCK_FIELD_LABELS, type StockImportRow } from '../contracts/stock';
import { parseLocationCell, type LocationPart } from './warehouse';

export const IMPORT_FIELDS = [
  'supplier_oe', 'name', 'part_brand_name', 'custom_brand_name', 'quality_name', 'make_name', 'supplier_code', 'default_code',
  'supplier_vehicle', 'product_specification', 'producing_area', 'uom_name', 'category_name', 'note', 'quantity', 'vn_quantity',
  'price99', 'price0', 'price1', 'price2', 'price3', 'price5', 'vn_price', 'spot',
  // 库位 (docs/warehouse.md): not a column of the row; the row's quantity per location
  'location',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const L = STOCK_FIELD_LABELS;

/** The header each field is exported under (and recognised by on import). */
export const IMPORT_LABELS: Record<ImportField, string> = {
  supplier_oe: L.supplier_oe, name: L.name, part_brand_name: L.part_brand_id, custom_brand_name: L.custom_brand_name, quality_name: L.quality_id,
  make_name: L.make_id, supplier_code: L.supplier_code, default_code: L.default_code, supplier_vehicle: L.supplier_vehicle,
  product_specification: L.product_specification, producing_area: L.producing_area, uom_name: L.uom_name, category_name: L.category_name,
  note: L.note, quantity: L.quantity, vn_quantity: L.vn_quantity, price99: L.price99, price0: L.price0, price1: L.price1, price2: L.price2,
  price3: L.price3, price5: L.price5, vn_price: L.vn_price, spot: SPOT_LABEL, location: '库位',
};

/** Other headers people use for the same column (lower-cased, spaces removed when compared). */
const ALIASES: Partial<Record<ImportField, string[]>> = {
  supplier_oe: ['oe', 'oe号', 'oe码', 'oe编号', '原厂编号', 'supplier_oe'],
  name: ['名称', '配件名', '商品名称', 'name'],
  part_brand_name: ['品牌', '配件品牌名称', 'brand'],
  quality_name: ['品质名称', '配件品质', 'quality'],
  make_name: ['车型品牌名称', '汽车品牌', 'make'],
  quantity: ['数量', '库存', 'qty', 'quantity'],
  default_code: ['自编号', '自编码', 'default_code'],
  note: ['备注', 'note'],
  spot: ['是否现货', 'spot'],
  location: ['库位码', '货位', '仓库库位', 'location'],
};

/** The fields a file must map: without them no line can become a row. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['supplier_oe', 'name', 'quality_name'];

export const ERROR_COLUMN = '错误原因';
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const PREVIEW_ROWS = 20;

export const importText = {
  notTable: '只能导入 CSV 或 XLSX 文件，请检查文件内容',
  empty: '文件是空的，请选择有内容的文件',
  tooLarge: `文件不能超过 ${MAX_IMPORT_BYTES / 1024 / 1024} MB，请拆分后分批导入`,
  noRows: '文件中没有可导入的数据行（第一行应为表头，其下至少一行数据）',
  noHeader: '文件第一行应为表头（列名），请检查文件',
  unmapped: (labels: string[]) => `请为以下字段选择文件中的列：${labels.join('、')}`,
  unknownColumn: (label: string, header: string) => `${label}对应的列“${header}”不在文件中`,
  brandUnknown: (name: string) => `配件品牌不存在：${name}（自有品牌请填在“自有品牌”列）`,
  qualityUnknown: (name: string) => `品质不存在：${name}`,
  makeUnknown: (name: string) => `车型品牌不存在：${name}`,
  priceLocked: '该库存的价格已锁定，不能导入新价格',
  notFound: '导入记录不存在',
  running: '该文件正在导入，请稍候',
  finished: '该文件已导入完成；再次导入请重新上传',
};

export type ColumnMapping = Partial<Record<ImportField, string>>;

const squash = (s: string) => s.trim().toLowerCase().replace(/[\s_（）()]/g, '');

/**
 * The mapping to offer for these headers: the company's remembered one where its headers are in
 * the file, else a header equal to our label or one of its aliases.
 */
export const suggestMapping = (headers: readonly string[], saved: ColumnMapping = {}): ColumnMapping => {
  const out: ColumnMapping = {};
  const byKey = new Map(headers.filter((h) => h.trim() !== '').map((h) => [squash(h), h] as const));
  for (const f of IMPORT_FIELDS) {
    const remembered = saved[f];
    if (remembered && headers.includes(remembered)) {
      out[f] = remembered;
      continue;
    }
    for (const name of [IMPORT_LABELS[f], ...(ALIASES[f] ?? [])]) {
      const hit = byKey.get(squash(name));
      if (hit !== undefined) {
        out[f] = hit;
        break;
      }
    }
  }
  return out;
};

/** Why a mapping cannot be used with these headers, or null when it can. */
export const mappingProblem = (mapping: ColumnMapping, headers: readonly string[]): string | null => {
  const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !mapping[f]);
  if (missing.length > 0) return importText.unmapped(missing.map((f) => IMPORT_LABELS[f]));
  for (const f of IMPORT_FIELDS) {
    const h = mapping[f];
    if (h && !headers.includes(h)) return importText.unknownColumn(IMPORT_LABELS[f], h);
  }
  return null;
};

/** Names of the reference lists, lower-cased and trimmed, to their ids. */
export interface ImportReferences {
  brands: ReadonlyMap<string, number>;
  qualities: ReadonlyMap<string, number>;
  makes: ReadonlyMap<string, number>;
}

export const refKey = (name: string) => name.trim().toLowerCase();

/** A line's row, with its 库位 cell read (null when the file has none or the cell is empty). */
export type ImportLine = { ok: true; row: StockImportRow & { locations: LocationPart[] | null } } | { ok: false; errors: string[] };

/** A line whose every cell is empty: skipped, neither imported nor an error. */
export const isBlankLine = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * One line of the file (cells by header position) as a stock row, validated by the same schema as
 * the add form (stockImportRowPayload: stockCreatePayload with yuan prices), so a refusal reads the same in both places. Every problem of
 * the line is reported, not only the first.
 */
export const buildImportRow = (cells: readonly string[], headers: readonly string[], mapping: ColumnMapping, refs: ImportReferences): ImportLine => {
  const index = new Map(headers.map((h, i) => [h, i] as const));
  const cell = (f: ImportField) => {
    const h = mapping[f];
    if (!h) return undefined;
    const i = index.get(h);
    return i === undefined ? undefined : (cells[i] ?? '').trim();
  };
  const errors: string[] = [];
  const lookup = (f: ImportField, map: ReadonlyMap<string, number>, unknown: (n: string) => string) => {
    const name = cell(f);
    if (!name) return null;
    const id = map.get(refKey(name));
    if (id === undefined) errors.push(unknown(name));
    return id ?? null;
  };
  const part_brand_id = lookup('part_brand_name', refs.brands, importText.brandUnknown);
  const qualityName = cell('quality_name');
  const quality_id = lookup('quality_name', refs.qualities, importText.qualityUnknown);
  const make_id = lookup('make_name', refs.makes, importText.makeUnknown);
  const raw: Record<string, unknown> = { part_brand_id, make_id };
  // an unknown quality is said once, by the lookup; an empty one by the schema (请选择品质)
  raw.quality_id = quality_id ?? (qualityName ? 1 : '');
  for (const f of IMPORT_FIELDS) {
    if (f === 'part_brand_name' || f === 'quality_name' || f === 'make_name' || f === 'location') continue;
    const value = cell(f);
    if (value !== undefined) raw[f] = value;
  }
  if (raw.supplier_oe === undefined) raw.supplier_oe = '';
  if (raw.name === undefined) raw.name = '';
  const parsed = v.safeParse(stockImportRowPayload, raw);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      // the brand check says 请选择配件品牌…; when a brand name was given but unknown, that was said already
      if (v.getDotPath(issue) === 'part_brand_id' && cell('part_brand_name')) continue;
      if (!errors.includes(issue.message)) errors.push(issue.message);
    }
  }
  const locationCell = cell('location');
  let locations: LocationPart[] | null = null;
  if (locationCell) {
    const read = parseLocationCell(locationCell);
    if (read.ok) locations = read.parts;
    else errors.push(read.message);
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, row: { ...parsed.output, locations } };
};

/** 现货 as a cell of the exported file (docs/spot-goods.md, "Marking rows"). */
export const spotText = (spot: boolean) => (spot ? SPOT_YES : SPOT_NO);

/** A stock value as a cell of the exported file: prices in yuan with two decimals, empty for none. */
export const yuanText = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));

/** A row's locations as the 库位 cell of the exported file: 主仓/A-01-03:30;主仓/B-02-01:20 ('' for none). */
export const locationsText = (locations: ReadonlyArray<{ warehouse_name: string; code: string; quantity: number }>) =>
  locations.map((l) => `${l.warehouse_name}/${l.code}:${l.quantity}`).join(';');
