/**
 * 申请售后 (/backend/service/afterSale/apply?order_no=…&line=…): the buyer picks lines of its own
 * order and how many of each (at most what is left after completed after-sales; a line with an
 * after-sale still open is not offered), the type, the reason, a description and up to 5 photos.
 * The same rules as the server (shared/domain/aftersale), checked with the call's own schema
 * before sending; a refusal stays beside its field with everything typed kept.
 */
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { endpoints, type OrderDetail } from '../../../shared/contracts';
import {
  AFTERSALE_DESCRIPTION_MAX, AFTERSALE_IMAGES_MAX, AFTERSALE_REASONS, AFTERSALE_TYPE_TEXT, AFTERSALE_TYPES, AFTERSALE_WINDOW_DAYS,
  afterSaleWindowEnd, lineAvailability, orderAfterSaleRefusal, type AfterSaleReason, type AfterSaleType,
} from '../../../shared/domain/aftersale';
import { WARRANTY_REASON } from '../../../shared/domain/warranty';
import { OfflineError } from '../../api/request';
import { UploadButton } from '../upload/UploadButton';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { Price } from '../currency/Price';
import { orderDetailQuery } from '../orders/queries';
import { useAfterSaleApply } from './mutations';
import '../../ui/form/form.css';
import '../orders/orders.css';
import './aftersale.css';

/** Each line of the order with what may still be asked for, and the open after-sale that holds it. */
export const applicableLines = (o: OrderDetail) => {
  const taken = o.after_sales.flatMap((a) => a.lines.map((l) => ({ orderLineId: l.order_line_id, qty: l.qty, status: a.status, asNo: a.as_no })));
  return o.lines.map((l) => ({ line: l, ...lineAvailability({ id: l.id, qty: l.qty }, taken) }));
};

/** Past the ordinary window but within the seller's platform warranty: a quality problem only (docs/warranty.md). */
export const underWarranty = (o: OrderDetail) => {
  const now = Math.floor(Date.now() / 1000);
  const end = afterSaleWindowEnd(o.received_at);
  return end > 0 && now > end && now <= o.warranty_aftersale_end;
};

/** Why the order takes no after-sale now (state or window, unless under warranty), or null. */
export const orderRefusal = (o: OrderDetail) => {
  if (o.side !== 'buyer') return '只能对本公司采购的订单申请售后';
  const refusal = orderAfterSaleRefusal({ status: o.status, receivedAt: o.received_at }, Math.floor(Date.now() / 1000));
  return refusal && underWarranty(o) ? null : refusal;
};

export function AfterSaleApplyPage({ orderNo, lineId }: { orderNo: string; lineId?: number }) {
  const q = useQuery(orderDetailQuery(orderNo));
  if (q.isPending) return <div className="card" aria-busy="true">正在加载订单…</div>;
  // a failed refetch keeps the order: the form and what was typed stay (only a first load that failed shows the error)
  if (q.isError && !q.data) return <div className="card" role="alert">{q.error instanceof OfflineError ? '当前离线，联网后可申请售后' : q.error.message}</div>;
  return <ApplyForm order={q.data} lineId={lineId} />;
}

function ApplyForm({ order: o, lineId }: { order: OrderDetail; lineId?: number }) {
  const navigate = useNavigate();
  const apply = useAfterSaleApply();
  const lines = applicableLines(o);
  const [chosen, setChosen] = useState<Record<number, number>>(() => {
    const pre = lines.find((l) => l.line.id === lineId && l.available > 0 && !l.openAsNo);
    return pre ? { [pre.line.id]: pre.available } : {};
  });
  const warranty = underWarranty(o);
  const form = useForm({ type: 'return' as AfterSaleType, reason: warranty ? WARRANTY_REASON : '', description: '', img_infos: [] as string[] });
  const { values, set, errors } = form;
  const refusal = orderRefusal(o);
  const back = <Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>← 订单 {o.order_no}</Link>;
  if (refusal) return <section className="card" role="alert"><p>{refusal}</p>{back}</section>;
  const picked = lines.filter((l) => chosen[l.line.id] !== undefined);
  const refund = picked.reduce((s, l) => s + (chosen[l.line.id] || 0) * l.line.unit_price_fen, 0);
  const end = afterSaleWindowEnd(o.received_at);

  const submit = () => {
    const payload = { order_no: o.order_no, ...values, reason: values.reason as AfterSaleReason, lines: picked.map((l) => ({ order_line_id: l.line.id, qty: chosen[l.line.id] })) };
    if (!form.check(endpoints.afterSaleApply.payload, payload)) return;
    apply.mutate(payload, {
      onSuccess: (a) => void navigate({ to: '/backend/service/afterSale/detail/$asNo', params: { asNo: a.as_no } }),
      onError: (e) => form.refuse(e),
    });
  };

  return (
    <section className="card aftersale-apply account-form" aria-label="申请售后">
      {back}
      <h2 className="orders-title">申请售后</h2>
      {warranty && <p className="aftersale-warranty" role="status">已超过普通售后期限。卖家提供平台质保，{new Date(o.warranty_aftersale_end * 1000).toLocaleDateString('zh-CN')} 前可就质量问题申请售后（质保售后）。</p>}
      <p className="muted">卖家 {o.seller_company_name} · {end ? `确认收货后${AFTERSALE_WINDOW_DAYS}天内可申请（至 ${new Date(end * 1000).toLocaleDateString('zh-CN')}）` : `确认收货后${AFTERSALE_WINDOW_DAYS}天内均可申请`}</p>
      <Field id="lines" label="售后配件和数量" required error={errors.lines}>
        <div className="table-scroll" id="lines" tabIndex={-1}>
          <table className="orders-table">
            <thead><tr><th style={{ width: '3rem' }}>选择</th><th>配件</th><th className="num" style={{ width: '6rem' }}>单价</th><th className="num" style={{ width: '4.5rem' }}>购买</th><th style={{ width: '8rem' }}>售后数量</th></tr></thead>
            <tbody>
              {lines.map((l) => {
                const idx = picked.findIndex((p) => p.line.id === l.line.id);
                const blocked = l.openAsNo ? `售后中（${l.openAsNo}）` : l.available === 0 ? '已全部退回' : '';
                const qtyId = `lines-${idx}.qty`;
                return (
                  <tr key={l.line.id} data-testid="apply-line">
                    <td><input type="checkbox" aria-label={`选择 ${l.line.supplier_oe} ${l.line.name}`} disabled={!!blocked} checked={idx >= 0}
                      onChange={(e) => setChosen((c) => { const n = { ...c }; if (e.target.checked) n[l.line.id] = l.available; else delete n[l.line.id]; return n; })} /></td>
                    <td className="orders-part">{l.line.supplier_oe} {l.line.name}<small className="muted" data-testid="line-brand">{l.line.brand_name || '—'}</small></td>
                    <td className="num"><Price fen={l.line.unit_price_fen} /></td>
                    <td className="num">{l.line.qty}</td>
                    <td>
                      {blocked ? <span className="muted">{blocked}</span> : idx >= 0 ? (
                        <>
                          <input id={qtyId} className="p-inputtext aftersale-qty" type="number" inputMode="numeric" min={1} max={l.available} aria-label={`售后数量 ${l.line.supplier_oe}`}
                            value={chosen[l.line.id] || ''} onChange={(e) => setChosen((c) => ({ ...c, [l.line.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)) }))} />
                          <small className="muted"> 最多{l.available}</small>
                          {errors[`lines.${idx}.qty`] && <div className="field-error" role="alert">{errors[`lines.${idx}.qty`]}</div>}
                        </>
                      ) : <span className="muted">可申请{l.available}件</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Field>
      <Field id="type" label="售后类型" required error={errors.type}>
        <div className="aftersale-types" id="type" role="radiogroup" aria-label="售后类型">
          {AFTERSALE_TYPES.map((t) => (
            <label key={t}><input type="radio" name="as-type" checked={values.type === t} onChange={() => set('type', t)} />{AFTERSALE_TYPE_TEXT[t]}
              <small className="muted">{t === 'refund' ? '（不寄回配件）' : '（寄回配件后退款）'}</small></label>
          ))}
        </div>
      </Field>
      <Field id="reason" label="售后原因" required error={errors.reason}>
        <Dropdown inputId="reason" value={values.reason} options={warranty ? [WARRANTY_REASON] : [...AFTERSALE_REASONS]} placeholder="请选择" onChange={(e) => set('reason', e.value as string)} />
      </Field>
      <Field id="description" label="问题描述" hint={`选填（原因选“其他”时必填），最多${AFTERSALE_DESCRIPTION_MAX}字`} error={errors.description}>
        <InputTextarea id="description" rows={3} value={values.description} maxLength={AFTERSALE_DESCRIPTION_MAX} onChange={(e) => set('description', e.target.value)} />
      </Field>
      <Field id="img_infos" label={`图片（最多${AFTERSALE_IMAGES_MAX}张）`} error={errors.img_infos ?? Object.entries(errors).find(([k]) => k.startsWith('img_infos.'))?.[1]}>
        <div className="aftersale-images" id="img_infos" tabIndex={-1}>
          {values.img_infos.map((src) => (
            <span key={src} className="aftersale-image">
              <img src={src} alt="售后图片" />
              <Button type="button" icon="pi pi-times" rounded severity="danger" size="small" aria-label="删除图片" onClick={() => set('img_infos', values.img_infos.filter((x) => x !== src))} />
            </span>
          ))}
          {values.img_infos.length < AFTERSALE_IMAGES_MAX && (
            <UploadButton onUploaded={(url) => set('img_infos', [...values.img_infos, url])} onProblem={(text) => form.setErrors({ img_infos: text })} />
          )}
        </div>
      </Field>
      <div className="form-actions">
        <span>退款金额 <strong><Price fen={refund} /></strong></span>
        <Button type="button" label="提交申请" icon="pi pi-check" loading={apply.isPending} onClick={submit} />
        {form.formError && <span className="field-error" role="alert">{form.formError}</span>}
      </div>
    </section>
  );
}
