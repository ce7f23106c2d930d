import { describe, expect, it } from 'vitest';
import { dongText, sizeText, stockDetails, weightText } from './stock-details';
import type { StockRow } from '../../../shared/contracts';

const row: StockRow = {
  id: 1, company_id: 2, company_name: '恒通汽配', province: '广东省', city: '广州市', supplier_oe: '04465-33450', supplier_code: 'SP000123',
  default_code: 'K2-000045', name: '前刹车片', part_brand_name: '', custom_brand_name: '恒力', quality_name: '副厂件', is_original: false,
  make_name: '丰田', factory_make_name: '广汽丰田', generic_name: '制动系统', category_name: '易损件', supplier_vehicle: '丰田凯美瑞',
  product_specification: '加强型', producing_area: '德国', country_id: 2, country_name: '德国', uom_name: '套', quantity: 5, vn_quantity: 0,
  sale_state: 'normal', clean_state: 'clearance', spot: false, spot_cutoff: '', length_mm: 320, width_mm: 180, height_mm: 90, weight_g: 2600, volume_cm3: 5184,
  packing_count: 2, usage_per_car: null, note: '', vn_price: 1250000,
};

describe('stock row details', () => {
  it('formats size, weight and whole-dong prices', () => {
    expect(sizeText(row)).toBe('320×180×90 mm');
    expect(sizeText({ ...row, width_mm: null })).toBe('');
    expect(weightText(450)).toBe('450 g');
    expect(weightText(2600)).toBe('2.6 kg');
    expect(weightText(3000)).toBe('3 kg');
    expect(weightText(null)).toBe('');
    expect(dongText(1250000)).toBe('₫1,250,000');
    expect(dongText(undefined)).toBe('');
  });

  it('lists the columns the table leaves out, without the empty ones', () => {
    const d = Object.fromEntries(stockDetails(row));
    expect(d).toMatchObject({
      自编码: 'K2-000045', 通用名称: '制动系统', 配件分类: '易损件', 品牌: '恒力', 车型厂牌: '广汽丰田', 产地: '德国',
      尺寸: '320×180×90 mm', 重量: '2.6 kg', 体积: '5,184 cm³', 装箱数: '2 套', 越南价: '₫1,250,000',
    });
    // unknown usage, no Vietnamese stock and no note are left out rather than shown empty
    expect(Object.keys(d)).not.toContain('单车用量');
    expect(Object.keys(d)).not.toContain('越南库存');
    expect(Object.keys(d)).not.toContain('备注');
    // a Chinese producing area names its country beside it; a member's row has no Vietnamese price
    const cn = Object.fromEntries(stockDetails({ ...row, producing_area: '浙江瑞安', country_name: '中国', vn_price: undefined }));
    expect(cn.产地).toBe('浙江瑞安 · 中国');
    expect(Object.keys(cn)).not.toContain('越南价');
  });
});
