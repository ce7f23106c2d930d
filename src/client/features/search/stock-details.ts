import type { StockRow } from '../../../shared/contracts';
import { mark } from '../../i18n/lang';

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
    [mark('自编码'), r.default_code],
    [mark('供应商编码'), r.supplier_code],
    [mark('通用名称'), r.generic_name],
    [mark('配件分类'), r.category_name],
    [mark('品牌'), r.part_brand_name || r.custom_brand_name],
    [mark('车型品牌'), r.make_name],
    [mark('车型厂牌'), r.factory_make_name],
    [mark('适用车型'), r.supplier_vehicle],
    [mark('规格'), r.product_specification],
    [mark('产地'), origin],
    [mark('尺寸'), sizeText(r)],
    [mark('重量'), weightText(r.weight_g)],
    [mark('体积'), r.volume_cm3 ? `${group(r.volume_cm3)} cm³` : ''],
    [mark('装箱数'), count(r.packing_count, r.uom_name)],
    [mark('单车用量'), count(r.usage_per_car, r.uom_name)],
    [mark('越南库存'), r.vn_quantity > 0 ? `${r.vn_quantity} ${r.uom_name}` : ''],
    [mark('越南价'), dongText(r.vn_price)],
    [mark('备注'), r.note],
  ];
  return rows.filter(([, v]) => v !== '');
};
