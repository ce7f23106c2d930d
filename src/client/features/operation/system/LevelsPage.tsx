/**
 * 会员等级 (/operation/system/companyLevel, D11-01): the company levels with their price and
 * duration (the storefront's packages), employee limit, daily stock queries and quotes and VIN decodes. These
 * rows are what the storefront and the quota checks read, so a saved edit shows on their next read.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { UNLIMITED_QUOTA, type OpLevel } from '../../../../shared/contracts';
import { formatFen } from '../../../../shared/domain/prices';
import { parseYuan } from '../../../../shared/domain/stock';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { levelsQuery } from './queries';
import { useSaveLevel } from './mutations';
import '../operation.css';

const quota = (n: number) => (n === UNLIMITED_QUOTA ? '不限' : String(n));
const levelKind = (l: OpLevel) => (l.platform ? '平台' : l.level_type === 'paid' ? '付费' : l.is_trial ? '试用' : '免费');

export function LevelsPage() {
  const q = useQuery(levelsQuery());
  const [editing, setEditing] = useState<OpLevel | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  return (
    <section className="card">
      <div className="op-detail-head"><h2>会员等级</h2></div>
      <p className="muted">价格和时长即前台“会员套餐”出售的内容，两项都留空则不出售；每日库存查询填 {UNLIMITED_QUOTA} 为不限，每日报价次数留空为不限。保存后前台下次读取即按新值。</p>
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      {q.isError ? <p role="alert">{errorText(q.error)}</p> : !q.data ? <p aria-busy="true">正在加载…</p> : (
        <div className="op-table-wrap">
          <table className="op-table">
            <thead><tr><th>等级</th><th>类型</th><th>价格（元）</th><th>时长</th><th>员工上限</th><th>每日库存查询</th><th>每日报价</th><th>VIN 解析</th><th>企业数</th><th>操作</th></tr></thead>
            <tbody>
              {q.data.map((l) => (
                <tr key={l.id} data-testid="level-row">
                  <td><strong>{l.name}</strong></td>
                  <td><span className="op-tag">{levelKind(l)}</span></td>
                  <td>{l.price_fen === null ? <span className="muted">不出售</span> : formatFen(l.price_fen)}</td>
                  <td>{l.duration_months === null ? '—' : `${l.duration_months}个月`}</td>
                  <td>{l.employee_limit}</td>
                  <td>{quota(l.stock_per_day)}</td>
                  <td>{l.quote_per_day === null ? '不限' : l.quote_per_day}</td>
                  <td>{l.vin_type === 'date' ? '会员期内不限' : `注册赠送 ${l.vin_count} 次`}</td>
                  <td>{l.companies}</td>
                  <td><button type="button" className="linklike" onClick={() => setEditing(l)} aria-label={`编辑等级 ${l.name}`}>编辑</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <LevelDialog level={editing} onHide={() => setEditing(null)}
        onSaved={(l) => {
          setEditing(null);
          setStatus({ kind: 'ok', text: `“${l.name}”已保存，前台会员套餐和配额下次读取即按新值` });
        }} />}
    </section>
  );
}

function LevelDialog({ level, onHide, onSaved }: { level: OpLevel; onHide: () => void; onSaved: (l: OpLevel) => void }) {
  const sellable = level.level_type === 'paid' && !level.platform;
  const form = useForm({
    name: level.name, price: level.price_fen === null ? '' : formatFen(level.price_fen),
    duration_months: level.duration_months === null ? '' : String(level.duration_months),
    employee_limit: String(level.employee_limit), stock_per_day: String(level.stock_per_day), vin_count: String(level.vin_count),
    quote_per_day: level.quote_per_day === null ? '' : String(level.quote_per_day),
  });
  const { values, set, errors } = form;
  const saveLevel = useSaveLevel();
  const save = () => {
    // typed in yuan, sent in whole fen (docs/api.md, "Money")
    const typed = values.price.trim();
    const price = typed === '' ? null : parseYuan(typed, '价格');
    if (price && !price.ok) return form.setErrors({ price: price.message });
    return form.submit(saveLevel, { id: level.id, ...values, price: price ? price.value : null, duration_months: values.duration_months.trim() === '' ? '' as const : values.duration_months }, onSaved);
  };
  return (
    <Dialog header={`编辑会员等级（${level.name}）`} visible onHide={onHide} style={{ width: '44rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存等级" loading={form.busy} onClick={() => void save()} /></>}>
      <div className="op-form">
        <Field id="name" label="等级名称" error={errors.name} required>
          <InputText id="name" value={values.name} maxLength={30} onChange={(e) => set('name', e.target.value)} />
        </Field>
        {sellable && <>
          <Field id="price" label="价格（元）" hint="留空则不出售" error={errors.price}>
            <InputText id="price" inputMode="decimal" value={values.price} onChange={(e) => set('price', e.target.value)} />
          </Field>
          <Field id="duration_months" label="时长（月）" hint="1 到 120；不出售则留空" error={errors.duration_months}>
            <InputText id="duration_months" inputMode="numeric" value={values.duration_months} onChange={(e) => set('duration_months', e.target.value)} />
          </Field>
        </>}
        <Field id="employee_limit" label="员工上限" error={errors.employee_limit} required>
          <InputText id="employee_limit" inputMode="numeric" value={values.employee_limit} onChange={(e) => set('employee_limit', e.target.value)} />
        </Field>
        <Field id="stock_per_day" label="每日库存查询次数" hint={`${UNLIMITED_QUOTA} 为不限`} error={errors.stock_per_day} required>
          <InputText id="stock_per_day" inputMode="numeric" value={values.stock_per_day} onChange={(e) => set('stock_per_day', e.target.value)} />
        </Field>
        <Field id="quote_per_day" label="每日报价次数" hint="留空为不限；用完后企业可购买报价包" error={errors.quote_per_day}>
          <InputText id="quote_per_day" inputMode="numeric" value={values.quote_per_day} onChange={(e) => set('quote_per_day', e.target.value)} />
        </Field>
        {level.vin_type === 'count' && (
          <Field id="vin_count" label="注册赠送 VIN 解析次数" hint="新企业在此等级开户时获得" error={errors.vin_count} required>
            <InputText id="vin_count" inputMode="numeric" value={values.vin_count} onChange={(e) => set('vin_count', e.target.value)} />
          </Field>
        )}
      </div>
      {!sellable && <p className="muted">{level.platform ? '平台运营公司的等级不出售。' : '免费等级不出售，没有价格和时长。'}</p>}
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
