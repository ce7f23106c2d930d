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
import { useLang, useT } from '../../i18n/lang';
import { formatDate, formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
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
  const t = useT();
  const q = useQuery(orderDetailQuery(orderNo));
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在加载订单…')}</div>;
  // a failed refetch keeps the order: the form and what was typed stay (only a first load that failed shows the error)
  if (q.isError && !q.data) return <div className="card" role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可申请售后') : <Refusal text={q.error.message} />}</div>;
  return <ApplyForm order={q.data} lineId={lineId} />;
}

function ApplyForm({ order: o, lineId }: { order: OrderDetail; lineId?: number }) {
  const t = useT();
  const lang = useLang();
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
  const back = <Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>← {t('订单 {{no}}', { no: o.order_no })}</Link>;
  if (refusal) return <section className="card" role="alert"><p><Refusal text={refusal} /></p>{back}</section>;
  const picked = lines.filter((l) => chosen[l.line.id] !== undefined);
  const refund = picked.reduce((s, l) => s + (chosen[l.line.id] || 0) * l.line.unit_price_fen, 0);
  const end = afterSaleWindowEnd(o.received_at);
  // a day by Intl in the page's language (docs/i18n.md#numbers-money-and-dates)
  const day = (s: number) => formatDate(lang, s);

  const submit = () => {
    const payload = { order_no: o.order_no, ...values, reason: values.reason as AfterSaleReason, lines: picked.map((l) => ({ order_line_id: l.line.id, qty: chosen[l.line.id] })) };
    if (!form.check(endpoints.afterSaleApply.payload, payload)) return;
    apply.mutate(payload, {
      onSuccess: (a) => void navigate({ to: '/backend/service/afterSale/detail/$asNo', params: { asNo: a.as_no } }),
      onError: (e) => form.refuse(e),
    });
  };

  return (
    <section className="card aftersale-apply account-form" aria-label={t('申请售后')}>
      {back}
      <h2 className="orders-title">{t('申请售后')}</h2>
      {warranty && <p className="aftersale-warranty" role="status">{t('已超过普通售后期限。卖家提供平台质保，{{date}} 前可就质量问题申请售后（质保售后）。', { date: day(o.warranty_aftersale_end) })}</p>}
      <p className="muted">{t('卖家')} <span data-user-text>{o.seller_company_name}</span> · {end ? t('确认收货后{{days}}天内可申请（至 {{date}}）', { days: AFTERSALE_WINDOW_DAYS, date: day(end) }) : t('确认收货后{{days}}天内均可申请', { days: AFTERSALE_WINDOW_DAYS })}</p>
      <Field id="lines" label={t('售后配件和数量')} required error={errors.lines}>
        <div className="table-scroll" id="lines" tabIndex={-1}>
          <table className="orders-table">
            <thead><tr><th style={{ width: '3rem' }}>{t('选择')}</th><th>{t('配件')}</th><th className="num" style={{ width: '6rem' }}>{t('单价')}</th><th className="num" style={{ width: '4.5rem' }}>{t('购买')}</th><th style={{ width: '8rem' }}>{t('售后数量')}</th></tr></thead>
            <tbody>
              {lines.map((l) => {
                const idx = picked.findIndex((p) => p.line.id === l.line.id);
                const blocked = l.openAsNo ? t('售后中（{{no}}）', { no: l.openAsNo }) : l.available === 0 ? t('已全部退回') : '';
                const qtyId = `lines-${idx}.qty`;
                return (
                  <tr key={l.line.id} data-testid="apply-line">
                    <td><input type="checkbox" aria-label={t('选择 {{row}}', { row: `${l.line.supplier_oe} ${l.line.name}` })} disabled={!!blocked} checked={idx >= 0}
                      onChange={(e) => setChosen((c) => { const n = { ...c }; if (e.target.checked) n[l.line.id] = l.available; else delete n[l.line.id]; return n; })} /></td>
                    <td className="orders-part" data-user-text>{l.line.supplier_oe} <span data-user-text>{l.line.name}</span><small className="muted" data-testid="line-brand">{l.line.brand_name || '—'}</small></td>
                    <td className="num"><Price fen={l.line.unit_price_fen} /></td>
                    <td className="num">{formatNumber(lang, l.line.qty)}</td>
                    <td>
                      {blocked ? <span className="muted">{blocked}</span> : idx >= 0 ? (
                        <>
                          <input id={qtyId} className="p-inputtext aftersale-qty" type="number" inputMode="numeric" min={1} max={l.available} aria-label={t('售后数量 {{oe}}', { oe: l.line.supplier_oe })}
                            value={chosen[l.line.id] || ''} onChange={(e) => setChosen((c) => ({ ...c, [l.line.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)) }))} />
                          <small className="muted"> {t('最多{{n}}', { n: l.available })}</small>
                          {errors[`lines.${idx}.qty`] && <div className="field-error" role="alert"><Refusal text={errors[`lines.${idx}.qty`]} /></div>}
                        </>
                      ) : <span className="muted">{t('可申请{{n}}件', { n: l.available })}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Field>
      <Field id="type" label={t('售后类型')} required error={errors.type}>
        <div className="aftersale-types" id="type" role="radiogroup" aria-label={t('售后类型')}>
          {AFTERSALE_TYPES.map((ty) => (
            <label key={ty}><input type="radio" name="as-type" checked={values.type === ty} onChange={() => set('type', ty)} />{t(AFTERSALE_TYPE_TEXT[ty])}
              <small className="muted">{ty === 'refund' ? t('（不寄回配件）') : t('（寄回配件后退款）')}</small></label>
          ))}
        </div>
      </Field>
      <Field id="reason" label={t('售后原因')} required error={errors.reason}>
        <Dropdown inputId="reason" value={values.reason} options={(warranty ? [WARRANTY_REASON] : [...AFTERSALE_REASONS]).map((r) => ({ label: t(r), value: r }))} placeholder={t('请选择')} onChange={(e) => set('reason', e.value as string)} />
      </Field>
      <Field id="description" label={t('问题描述')} hint={t('选填（原因选“其他”时必填），最多{{n}}字', { n: AFTERSALE_DESCRIPTION_MAX })} error={errors.description}>
        <InputTextarea id="description" rows={3} value={values.description} maxLength={AFTERSALE_DESCRIPTION_MAX} onChange={(e) => set('description', e.target.value)} />
      </Field>
      <Field id="img_infos" label={t('图片（最多{{n}}张）', { n: AFTERSALE_IMAGES_MAX })} error={errors.img_infos ?? Object.entries(errors).find(([k]) => k.startsWith('img_infos.'))?.[1]}>
        <div className="aftersale-images" id="img_infos" tabIndex={-1}>
          {values.img_infos.map((src) => (
            <span key={src} className="aftersale-image">
              <img src={src} alt={t('售后图片')} />
              <Button type="button" icon="pi pi-times" rounded severity="danger" size="small" aria-label={t('删除图片')} onClick={() => set('img_infos', values.img_infos.filter((x) => x !== src))} />
            </span>
          ))}
          {values.img_infos.length < AFTERSALE_IMAGES_MAX && (
            <UploadButton label={t('上传图片')} onUploaded={(url) => set('img_infos', [...values.img_infos, url])} onProblem={(text) => form.setErrors({ img_infos: text })} />
          )}
        </div>
      </Field>
      <div className="form-actions">
        <span>{t('退款金额')} <strong><Price fen={refund} /></strong></span>
        <Button type="button" label={t('提交申请')} icon="pi pi-check" loading={apply.isPending} onClick={submit} />
        {form.formError && <span className="field-error" role="alert"><Refusal text={form.formError} /></span>}
      </div>
    </section>
  );
}
