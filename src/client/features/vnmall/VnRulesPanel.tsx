import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ApiError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { errorText } from '../../ui/form/form';
import { yuan, yuanToFen } from '../../../shared/domain/money';
import { parseMarkupPct, pctText, vnText } from '../../../shared/domain/vn-mall';
import { vnBrandsQuery, vnMakesQuery, vnRuleListQuery } from './queries';
import { useAddVnRule, useRemoveVnRule } from './mutations';

/**
 * 上架规则: every on-sale row of the company matching a brand, a make and / or a category is
 * offered at the markup over its 批发价(含税); a row offered on its own keeps its own terms.
 */
export function VnRulesPanel({ onStatus }: { onStatus: (s: { kind: 'ok' | 'error'; text: string }) => void }) {
  const rules = useQuery(vnRuleListQuery());
  const makes = useQuery(vnMakesQuery());
  const [brandKw, setBrandKw] = useState('');
  const brands = useQuery(vnBrandsQuery(brandKw));
  const [brandId, setBrandId] = useState('');
  const [makeId, setMakeId] = useState('');
  const [category, setCategory] = useState('');
  const [markup, setMarkup] = useState('10');
  const [floor, setFloor] = useState('');
  const [cap, setCap] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef(crypto.randomUUID());
  const add = useAddVnRule();
  const remove = useRemoveVnRule();

  const submit = async () => {
    const e: Record<string, string> = {};
    const bp = parseMarkupPct(markup);
    const floorFen = floor.trim() === '' ? 0 : yuanToFen(floor);
    const capN = cap.trim() === '' ? null : /^\d{1,6}$/.test(cap.trim()) && Number(cap) > 0 ? Number(cap) : NaN;
    if (!brandId && !makeId && !category.trim()) e.part_brand_id = vnText.ruleEmpty;
    if (bp === null) e.markup_bp = vnText.markup;
    if (floorFen === null) e.floor_fen = vnText.floor;
    if (Number.isNaN(capN)) e.quantity_cap = vnText.quantityCap;
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      await add.mutateAsync({
        payload: { part_brand_id: brandId ? Number(brandId) : null, make_id: makeId ? Number(makeId) : null, category_name: category.trim(), markup_bp: bp!, floor_fen: floorFen!, quantity_cap: capN },
        idempotencyKey: key.current,
      });
      key.current = crypto.randomUUID();
      setBrandId(''); setMakeId(''); setCategory('');
      onStatus({ kind: 'ok', text: '已新增上架规则' });
    } catch (err) {
      setErrors({ [err instanceof ApiError && err.field ? err.field : 'form']: errorText(err) });
    }
  };
  const drop = async (id: number) => {
    if (!window.confirm('删除这条规则？它匹配的行离开越南商城（单独上架的不受影响）。')) return;
    try {
      await remove.mutateAsync(id);
      onStatus({ kind: 'ok', text: '已删除上架规则' });
    } catch (err) {
      onStatus({ kind: 'error', text: errorText(err) });
    }
  };

  return (
    <section className="vn-rules" aria-labelledby="vn-rules-title">
      <h2 id="vn-rules-title">上架规则</h2>
      <p className="muted">按品牌、车型品牌、分类批量上架：批发价(含税) × (1 + 加价率) × 今日汇率，四舍五入到整数越南盾。单独上架的行以单独条件为准。</p>
      <div className="vn-rule-form">
        <Field id="vn-rule-brand" label="配件品牌" error={errors.part_brand_id}>
          <span className="vn-brand-pick">
            <InputText id="vn-rule-brand-kw" aria-label="查找配件品牌" placeholder="输入品牌查找" value={brandKw} onChange={(ev) => setBrandKw(ev.target.value)} />
            <select id="vn-rule-brand" value={brandId} onChange={(ev) => setBrandId(ev.target.value)}>
              <option value="">不限品牌</option>
              {(brands.data?.data ?? []).map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
            </select>
          </span>
        </Field>
        <Field id="vn-rule-make" label="车型品牌" error={errors.make_id}>
          <select id="vn-rule-make" value={makeId} onChange={(ev) => setMakeId(ev.target.value)}>
            <option value="">不限车型品牌</option>
            {(makes.data ?? []).map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
          </select>
        </Field>
        <Field id="vn-rule-category" label="分类" hint="如 保养件、易损件；留空不限">
          <InputText id="vn-rule-category" value={category} onChange={(ev) => setCategory(ev.target.value)} />
        </Field>
        <Field id="vn-rule-markup" label="加价率（%）" required error={errors.markup_bp}>
          <InputText id="vn-rule-markup" value={markup} inputMode="decimal" onChange={(ev) => setMarkup(ev.target.value)} />
        </Field>
        <Field id="vn-rule-floor" label="人民币底价（¥）" error={errors.floor_fen}>
          <InputText id="vn-rule-floor" value={floor} inputMode="decimal" onChange={(ev) => setFloor(ev.target.value)} />
        </Field>
        <Field id="vn-rule-cap" label="每行最多可售" error={errors.quantity_cap} hint="留空为全部库存">
          <InputText id="vn-rule-cap" value={cap} inputMode="numeric" onChange={(ev) => setCap(ev.target.value)} />
        </Field>
        <div className="vn-rule-submit"><Button type="button" label="新增规则" icon="pi pi-plus" loading={add.isPending} onClick={() => void submit()} /></div>
      </div>
      {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
      {rules.data && rules.data.length === 0 && <p className="muted" data-testid="vn-rules-empty">还没有规则。上面选好品牌、车型品牌或分类和加价率，点“新增规则”。</p>}
      {rules.data && rules.data.length > 0 && (
        <table className="vn-table">
          <thead><tr><th>条件</th><th>加价率</th><th>底价</th><th>每行最多</th><th>匹配在售行</th><th>操作</th></tr></thead>
          <tbody>
            {rules.data.map((r) => (
              <tr key={r.id}>
                <td>{[r.brand_name && `品牌 ${r.brand_name}`, r.make_name && `车型 ${r.make_name}`, r.category_name && `分类 ${r.category_name}`].filter(Boolean).join('，')}</td>
                <td>{pctText(r.markup_bp)}</td>
                <td>{r.floor_fen > 0 ? yuan(r.floor_fen) : '—'}</td>
                <td>{r.quantity_cap ?? '全部'}</td>
                <td>{r.rows}</td>
                <td><button type="button" className="linklike" onClick={() => void drop(r.id)} aria-label={`删除规则 ${r.id}`}>删除</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
