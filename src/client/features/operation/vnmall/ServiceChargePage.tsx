/**
 * 越南商城服务费 (/operation/foreign/serviceChargeRule, D09-03; docs/overseas.md "The Vietnam mall"):
 * the bands of an order's goods amount in dong, each charging a percent or a fixed sum. Bands are
 * [起始, 结束): they may touch, never overlap; a save that would overlap is refused under 起始金额.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ApiError } from '../../../api/request';
import { Field } from '../../../ui/form/Field';
import { errorText } from '../../../ui/form/form';
import {
  bandsOverlap, bandText, dongText, parseDong, parseMarkupPct, pctText, SERVICE_CHARGE_KIND_LABEL, vnText, type ServiceChargeKind,
} from '../../../../shared/domain/vn-mall';
import type { AnswerOf } from '../../../../shared/contracts';
import { when } from '../format';
import { opVnBandsQuery } from './queries';
import { useRemoveBand, useSaveBand } from './mutations';
import '../operation.css';
import './vn-op.css';

type Band = AnswerOf<'opServiceChargeList'>[number];

export function ServiceChargePage() {
  const bands = useQuery(opVnBandsQuery());
  const save = useSaveBand();
  const remove = useRemoveBand();
  const [editing, setEditing] = useState<number | null>(null);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [kind, setKind] = useState<ServiceChargeKind>('percent');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const key = useRef(crypto.randomUUID());

  const edit = (b: Band | null) => {
    setEditing(b?.id ?? null);
    setMin(b ? String(b.min_dong) : '');
    setMax(b?.max_dong ? String(b.max_dong) : '');
    setKind(b?.kind ?? 'percent');
    setValue(b ? (b.kind === 'percent' ? String(b.value / 100) : String(b.value)) : '');
    setErrors({});
    key.current = crypto.randomUUID();
  };

  const submit = async () => {
    const e: Record<string, string> = {};
    const minD = parseDong(min);
    const maxD = max.trim() === '' ? null : parseDong(max);
    const v = kind === 'percent' ? parseMarkupPct(value) : parseDong(value);
    if (minD === null) e.min_dong = vnText.bandMin;
    if (max.trim() !== '' && (maxD === null || (minD !== null && maxD <= minD))) e.max_dong = vnText.bandMax;
    if (v === null || (kind === 'percent' && v > 10_000)) e.value = kind === 'percent' ? vnText.bandValuePercent : vnText.bandValueFixed;
    if (!e.min_dong && !e.max_dong) {
      const other = (bands.data ?? []).find((b) => b.id !== editing && bandsOverlap(b, { min_dong: minD!, max_dong: maxD }));
      if (other) e.min_dong = vnText.bandOverlap(bandText(other));
    }
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      await save.mutateAsync({ payload: { id: editing, min_dong: minD!, max_dong: maxD, kind, value: v! }, idempotencyKey: key.current });
      setStatus({ kind: 'ok', text: editing ? '已修改服务费规则' : '已新增服务费规则' });
      edit(null);
    } catch (err) {
      setErrors({ [err instanceof ApiError && err.field ? err.field : 'form']: errorText(err) });
    }
  };
  const drop = async (b: Band) => {
    if (!window.confirm(`删除服务费规则 ${bandText(b)}？`)) return;
    try {
      await remove.mutateAsync(b.id);
      setStatus({ kind: 'ok', text: '已删除服务费规则' });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };

  return (
    <div className="op-page vn-bands">
      <h1>越南商城服务费</h1>
      <p className="muted">每张越南订单按货款（越南盾）所在区间收服务费：按比例四舍五入到整数越南盾，或固定金额；不在任何区间的订单不收。区间为 [起始, 结束)，可以相接，不能重叠。</p>
      {status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>}
      <div className="vn-rule-form">
        <Field id="band-min" label="起始金额（₫）" required error={errors.min_dong}>
          <InputText id="band-min" value={min} inputMode="numeric" onChange={(e) => setMin(e.target.value)} aria-invalid={!!errors.min_dong} />
        </Field>
        <Field id="band-max" label="结束金额（₫，不含）" error={errors.max_dong} hint="留空为不限">
          <InputText id="band-max" value={max} inputMode="numeric" onChange={(e) => setMax(e.target.value)} aria-invalid={!!errors.max_dong} />
        </Field>
        <Field id="band-kind" label="收费方式">
          <select id="band-kind" value={kind} onChange={(e) => setKind(e.target.value as ServiceChargeKind)}>
            <option value="percent">{SERVICE_CHARGE_KIND_LABEL.percent}</option>
            <option value="fixed">{SERVICE_CHARGE_KIND_LABEL.fixed}</option>
          </select>
        </Field>
        <Field id="band-value" label={kind === 'percent' ? '比例（%）' : '固定金额（₫）'} required error={errors.value}>
          <InputText id="band-value" value={value} inputMode="decimal" onChange={(e) => setValue(e.target.value)} aria-invalid={!!errors.value} />
        </Field>
        <div className="vn-rule-submit">
          <Button type="button" label={editing ? '保存修改' : '新增规则'} icon="pi pi-check" loading={save.isPending} onClick={() => void submit()} />
          {editing && <Button type="button" label="取消" text onClick={() => edit(null)} />}
        </div>
      </div>
      {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
      {bands.data && bands.data.length === 0 && <p className="muted">还没有服务费规则，越南订单不收服务费。在上面填写金额区间和收费方式后点“新增规则”。</p>}
      {bands.data && bands.data.length > 0 && (
        <div className="vn-op-table-wrap">
        <table className="vn-table">
          <thead><tr><th>货款区间（₫）</th><th>收费</th><th>修改人</th><th>修改时间</th><th>操作</th></tr></thead>
          <tbody>
            {bands.data.map((b) => (
              <tr key={b.id}>
                <td>{dongText(b.min_dong)} – {b.max_dong === null ? '不限' : dongText(b.max_dong)}</td>
                <td>{b.kind === 'percent' ? pctText(b.value) : `固定 ${dongText(b.value)}`}</td>
                <td>{b.username || '—'}</td>
                <td>{when(b.updated_at)}</td>
                <td>
                  <button type="button" className="linklike" onClick={() => edit(b)} aria-label={`修改 ${bandText(b)}`}>修改</button>{' '}
                  <button type="button" className="linklike" onClick={() => void drop(b)} aria-label={`删除 ${bandText(b)}`}>删除</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
