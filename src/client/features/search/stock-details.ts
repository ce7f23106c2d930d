import type { StockRow } from '../../../shared/contracts';

const group = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 320×180×90 mm; empty when a dimension is unknown */
export const sizeText = (r: Pick<StockRow, 'length_mm' | 'width_mm' | 'height_mm'>) =>
  r.length_mm && r.width_mm && r.height_mm ? `${r.length_mm}×${r.width_mm}×${r.height_mm} mm` : '';

/** 450 g, 2.6 kg */
export const weightText = (g: number | null) => (g === null || g <= 0 ? '' : g < 1000 ? `${g} g` : `${(g / 1000).toFixed(1).replace(/\.0$/, '')} kg`);

/** A whole-dong price as sellers quote it for Vietnam. */
export const dongText = (dong: number | null | undefined) => (dong === null || dong === undefined ? '' : `₫${group(dong)}`);

const count = (n: number | null, unit: string) => (n === null ? '' : `${n} ${unit}`);

/** The stock-row columns that do not fit the results table, as label and text, the empty ones left out. */
export const stockDetails = (r: StockRow): Array<[string, string]> => {
  const origin = [r.producing_area, r.country_name && !r.producing_area.includes(r.country_name) ? r.country_name : ''].filter(Boolean).join(' · ');
  const rows: Array<[string, string]> = [
    ['自编码', r.default_code],
    ['供应商编码', r.supplier_code],
    ['通用名称', r.generic_name],
    ['配件分类', r.category_name],
    ['品牌', r.part_brand_name || r.custom_brand_name],
    ['车型品牌', r.make_name],
    ['车型厂牌', r.factory_make_name],
    ['适用车型', r.supplier_vehicle],
    ['规格', r.product_specification],
    ['产地', origin],
    ['尺寸', sizeText(r)],
    ['重量', weightText(r.weight_g)],
    ['体积', r.volume_cm3 ? `${group(r.volume_cm3)} cm³` : ''],
    ['装箱数', count(r.packing_count, r.uom_name)],
    ['单车用量', count(r.usage_per_car, r.uom_name)],
    ['越南库存', r.vn_quantity > 0 ? `${r.vn_quantity} ${r.uom_name}` : ''],
    ['越南价', dongText(r.vn_price)],
    ['备注', r.note],
  ];
  return rows.filter(([, v]) => v !== '');
};
