/**
 * 活动下单 (/activity/order/getinfo, docs/activities.md, "Buying"): what the buyer pays at the
 * activity price for the pieces chosen, what it saves, the per-company limit and what the
 * company bought already, the delivery address (the company's default filled in); 提交订单
 * places the order (/activity/order/complete) under one Idempotency-Key and opens its result.
 * A refusal (sold out, over the limit, a new total) shows under its field or above the button.
 * A 组合套装 is bought by the bundle: its rows × pieces each, the bundle price, the saving
 * (docs/activities.md "组合套装").
 */
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf } from '../../../shared/contracts';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { activityUnit } from '../../../shared/domain/activities';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { addressListQuery } from '../address/queries';
import { activityOrderInfoQuery } from './queries';
import { useActivityOrderComplete } from './mutations';
import '../../ui/form/form.css';
import './activity.css';

export function ActivityOrderPage({ item, qty, onQty, onPlaced }: {
  item: number; qty: number; onQty: (q: number) => void; onPlaced: (a: AnswerOf<'activityOrderComplete'>) => void;
}) {
  const info = useQuery(activityOrderInfoQuery({ item_id: item, qty }));
  const book = useQuery(addressListQuery());
  const complete = useActivityOrderComplete();
  const form = useForm({ contact_name: '', contact_phone: '', address: '', remark: '' }, { idPrefix: 'activity-order-' });
  const { values, errors } = form;
  const first = book.data?.[0];
  useEffect(() => {
    if (first && !values.contact_name && !values.contact_phone && !values.address) {
      form.setValues((v) => ({ ...v, contact_name: first.contact_name, contact_phone: first.contact_phone, address: first.address }));
    }
    // the default address once, when it arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first]);

  if (info.isPending) return <div className="activity-page"><p aria-busy="true">正在加载…</p></div>;
  if (info.isError) return <div className="activity-page"><p role="alert">{errorText(info.error)}</p><Link to="/activity">返回活动</Link></div>;
  const d = info.data;
  const i = d.item;
  const maxQty = Math.max(1, d.may_buy);
  const unit = activityUnit(d.activity.kind);
  const bundle = d.activity.kind === 'bundle';
  return (
    <div className="activity-page activity-order">
      <h1 className="activity-title">确认活动订单</h1>
      <section className="card activity-section" aria-label="活动商品">
        <p>{d.activity.kind_name} · {d.activity.name}（{formatChina(d.activity.end_at, 'MM-DD HH:mm')} 结束）</p>
        {bundle ? (
          <ul className="bundle-rows" aria-label="套装配件">
            {i.lines.map((l) => <li key={l.stock_id}><strong data-user-text>{l.supplier_oe}</strong> <span data-user-text>{l.name}</span> <span className="muted" data-user-text>{l.brand_name}</span> ×{l.qty}（日常价{yuan(l.ordinary_fen)}）</li>)}
          </ul>
        ) : <div className="activity-part"><strong data-user-text>{i.supplier_oe}</strong> <span data-user-text>{i.name}</span> <span className="muted" data-user-text>{i.brand_name}</span></div>}
        <div className="muted">卖家：<span data-user-text>{i.company_name}</span></div>
        <div className="activity-prices"><span className="activity-price">{yuan(d.unit_price_fen)}</span> <s className="muted">{yuan(i.ordinary_fen)}</s></div>
        <Field id="activity-order-qty" label={bundle ? '购买套数' : '购买数量'} hint={`每家企业限购${d.per_buyer}${unit}，贵公司已购${d.bought}${unit}；活动剩余${i.left}${unit}`}>
          <span className="activity-qty">
            <Button type="button" icon="pi pi-minus" text aria-label="减少" disabled={qty <= 1} onClick={() => onQty(qty - 1)} />
            <InputText id="activity-order-qty" value={String(qty)} inputMode="numeric" style={{ width: '4rem', textAlign: 'center' }}
              onChange={(ev) => { const n = Number(ev.target.value); if (Number.isInteger(n) && n >= 1 && n <= 9999) onQty(n); }} />
            <Button type="button" icon="pi pi-plus" text aria-label="增加" disabled={qty >= maxQty} onClick={() => onQty(qty + 1)} />
          </span>
        </Field>
        <dl className="activity-sum">
          <dt>日常价合计</dt><dd><s>{yuan(d.ordinary_total_fen)}</s></dd>
          <dt>{bundle ? '套装节省' : '活动优惠'}</dt><dd data-testid="activity-saved">−{yuan(d.saved_fen)}</dd>
          <dt>应付总额</dt><dd className="activity-price" data-testid="activity-total">{yuan(d.total_fen)}</dd>
        </dl>
        {d.reason && <p className="activity-refusal" role="alert">{d.reason}</p>}
      </section>
      <section className="card activity-section op-form" aria-label="收货信息">
        <h2>收货信息</h2>
        {form.formError && <p className="activity-refusal" role="alert">{form.formError}</p>}
        <Field id={form.idOf('contact_name')} label="收货人" required error={errors.contact_name}><InputText {...form.text('contact_name')} maxLength={20} /></Field>
        <Field id={form.idOf('contact_phone')} label="联系电话" required error={errors.contact_phone}><InputText {...form.text('contact_phone')} inputMode="tel" /></Field>
        <Field id={form.idOf('address')} label="收货地址" required error={errors.address}><InputText {...form.text('address')} /></Field>
        <Field id={form.idOf('remark')} label="备注" error={errors.remark}><InputText {...form.text('remark')} maxLength={200} /></Field>
        <div className="activity-submit">
          <span>应付 <strong className="activity-price">{yuan(d.total_fen)}</strong></span>
          <Button label="提交订单" icon="pi pi-check" loading={form.busy} disabled={!!d.reason}
            onClick={() => void form.submit(complete, {
              item_id: item, qty, expected_total_fen: d.total_fen, contact_name: values.contact_name.trim(), contact_phone: values.contact_phone.trim(),
              address: values.address.trim(), remark: values.remark.trim(),
            }, onPlaced, { refused: () => void info.refetch() })} />
        </div>
      </section>
      <p><Link to="/activity">返回活动</Link></p>
    </div>
  );
}
