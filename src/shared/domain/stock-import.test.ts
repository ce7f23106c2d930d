import { describe, expect, it } from 'vitest';
import { buildImportRow, IMPORT_LABELS, mappingProblem, suggestMapping, type ImportReferences } from './stock-import';

const refs: ImportReferences = {
  brands: new Map([['博世', 3]]),
  qualities: new Map([['原厂件', 1], ['品牌件', 2]]),
  makes: new Map([['大众', 7]]),
};
const headers = ['OE号', '名称', '品牌', '品质', '车型品牌', '数量', '批发价(不含税)'];
const mapping = suggestMapping(headers);

describe('column mapping', () => {
  it('matches our labels and common aliases, ignoring case and spaces', () => {
    expect(mapping).toEqual({ supplier_oe: 'OE号', name: '名称', part_brand_name: '品牌', quality_name: '品质', make_name: '车型品牌', quantity: '数量', price0: '批发价(不含税)' });
    expect(suggestMapping([' oe ', 'Qty'])).toEqual({ supplier_oe: ' oe ', quantity: 'Qty' });
  });
  it('prefers the remembered mapping when its header is in the file', () => {
    expect(suggestMapping(['零件号', 'OE号'], { supplier_oe: '零件号' }).supplier_oe).toBe('零件号');
    expect(suggestMapping(['OE号'], { supplier_oe: '零件号' }).supplier_oe).toBe('OE号');
  });
  it('names the unmapped required fields and columns not in the file', () => {
    expect(mappingProblem({ name: '名称' }, headers)).toBe('请为以下字段选择文件中的列：OE号、品质');
    expect(mappingProblem({ ...mapping, note: '备注' }, headers)).toBe(`${IMPORT_LABELS.note}对应的列“备注”不在文件中`);
    expect(mappingProblem(mapping, headers)).toBeNull();
  });
});

describe('import row', () => {
  it('turns names into ids and yuan into fen', () => {
    const r = buildImportRow(['7L0 698 151 A', '前刹车片', '博世', '品牌件', '大众', '12', '¥35.5'], headers, mapping, refs);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.row).toMatchObject({ supplier_oe: '7L0 698 151 A', part_brand_id: 3, quality_id: 2, make_id: 7, quantity: 12, price0: 3550, custom_brand_name: '' });
  });
  it('reports every problem of a line in Chinese, naming the field', () => {
    const r = buildImportRow(['12', '', '无名', '假货', '火星', '-1', '-5'], headers, mapping, refs);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual(expect.arrayContaining([
        '配件品牌不存在：无名（自有品牌请填在“自有品牌”列）', '品质不存在：假货', '车型品牌不存在：火星',
        'OE号至少5位字母或数字', '请填写配件名称', '库存数量须为不小于0的整数', '批发价(不含税)须为不小于0的数字',
      ]));
      expect(r.errors.some((e) => e.startsWith('请选择配件品牌'))).toBe(false);
    }
  });
  it('asks for a brand or own brand, and a quality, when none is given', () => {
    const r = buildImportRow(['ABCDE1', '滤清器', '', '', '', '', ''], headers, mapping, refs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(['请选择品质', '请选择配件品牌或填写自有品牌']);
  });
});
