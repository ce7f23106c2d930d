import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { InputText } from 'primereact/inputtext';
import { formatFen } from '../../../shared/domain/prices';
import { ORDER_STATE_LABELS, type OrderState } from '../../../shared/domain/membership';
import { formatChina } from '../../../shared/domain/china-time';
import { membershipMsg as m } from '../../../shared/messages';
import type { PackageOrder } from '../../../shared/contracts';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { membershipKeys, orderQuery } from './queries';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { useApplyPromotionWrite, useCancelPackageOrder, usePackagePromotion, usePayPackageOrder } from './mutations';
import { PaySteps } from './PaySteps';
import { DemoPaymentNotice } from './DemoPaymentNotice';
import './membership.css';

const SEVERITY: Record<OrderState, 'warning' | 'success' | 'secondary'> = { pending: 'warning', paid: 'success', cancelled: 'secondary' };

export const OrderStateTag = ({ state }: { state: OrderState }) => <Tag value={ORDER_STATE_LABELS[state]} severity={SEVERITY[state]} />;

export const OrderTable = ({ order }: { order: PackageOrder }) => (
  <table className="order-table">
    <tbody>
      <tr><th>{m.orderNo}</th><td data-testid="order-no">{order.order_no}</td></tr>
      <tr><th>套餐</th><td>{order.level_name}（{m.packageDuration(order.duration_months)}）</td></tr>
      <tr><th>开通公司</th><td>{order.company_name}</td></tr>
      <tr><th>下单时间</th><td>{formatChina(order.created_at)}</td></tr>
      <tr><th>{m.orderState}</th><td><OrderStateTag state={order.state} /></td></tr>
      {order.discount_fen > 0 && <>
        <tr><th>套餐原价</th><td>¥{formatFen(order.amount_fen + order.discount_fen)}</td></tr>
        <tr><th>优惠码</th><td data-testid="order-discount">{order.promotion_code}（{order.promotion_name}）立减 ¥{formatFen(order.discount_fen)}</td></tr>
      </>}
      <tr><th>{m.orderAmount}</th><td className="order-amount" data-testid="order-amount">¥{formatFen(order.amount_fen)}</td></tr>
    </tbody>
  </table>
);

/** /pay/package/order: the order, paid through the configured provider's checkout, or cancelled. */
export function PackageOrderPage({ orderNo }: { orderNo: string }) {
  const qc = useQueryClient();
  const order = useQuery(orderQuery(orderNo));
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState('');
  const cancelKey = useRef(crypto.randomUUID());
  const payOrder = usePayPackageOrder();
  const cancelOrder = useCancelPackageOrder();

  const fail = (e: unknown) => setError(e instanceof OfflineError ? '网络不可用，请联网后再试' : e instanceof ApiError ? e.message : '操作失败，请稍后再试');

  const pay = async () => {
    setBusy('pay');
    setError('');
    try {
      const { checkout_url } = await payOrder.mutateAsync(orderNo);
      // the checkout belongs to the payment provider: a full page change, as with a real one
      nav.assign(checkout_url);
    } catch (e) {
      fail(e);
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    setError('');
    try {
      await cancelOrder.mutateAsync({ orderNo, idempotencyKey: cancelKey.current });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  if (order.isError) {
    return <div className="card form-error" role="alert">{order.error instanceof ApiError ? order.error.message : m.orderNotFound}</div>;
  }
  const o = order.data;
  return (
    <div className="pay-page">
      <div className="card">
        <h2 style={{ marginTop: 0 }}>{m.orderTitle}</h2>
        <PaySteps active={o?.state === 'paid' ? 3 : 1} />
      </div>
      <DemoPaymentNotice />
      <div className="card">
        {o ? <OrderTable order={o} /> : <span className="muted" aria-busy>加载中…</span>}
        {error && <div className="form-error" role="alert">{error}</div>}
        {o?.state === 'pending' && <PromotionForm order={o} onChanged={(next) => qc.setQueryData(membershipKeys.order(orderNo), next)} />}
        {o?.state === 'pending' && (
          <div className="pay-actions">
            <Button label={m.payNow} icon="pi pi-wallet" onClick={pay} loading={busy === 'pay'} disabled={busy !== null} />
            <Button label={m.cancelOrder} severity="secondary" outlined onClick={cancel} loading={busy === 'cancel'} disabled={busy !== null} />
          </div>
        )}
        {o?.state === 'paid' && (
          <div className="pay-actions"><Link to="/pay/package/complete" search={{ order_no: o.order_no }} className="p-button p-component member-link">查看开通结果</Link></div>
        )}
        {o?.state === 'cancelled' && (
          <div className="pay-actions"><span className="muted">{m.orderCancelled}</span><Link to="/pay/package" className="p-button p-component p-button-outlined member-link">重新选择套餐</Link></div>
        )}
      </div>
    </div>
  );
}

/**
 * 优惠码 on a pending order: applied, the amount to pay changes at once; a checkout started before
 * is void (the server forgets it), so 去支付 starts a new one at the new amount. A form of the form
 * kit (docs/architecture.md, "Forms"): an empty code or the server's refusal under the field.
 */
function PromotionForm({ order, onChanged }: { order: PackageOrder; onChanged: (o: PackageOrder) => void }) {
  const form = useForm({ code: '' }, { idPrefix: 'promotion-' });
  const [removing, setRemoving] = useState(false);
  const removeKey = useRef(crypto.randomUUID());
  const applyWrite = useApplyPromotionWrite();
  const promotion = usePackagePromotion();
  const apply = () => form.submit(applyWrite, { order_no: order.order_no, code: form.values.code }, (next) => {
    onChanged(next);
    form.reset({ code: '' });
  });
  const remove = async () => {
    setRemoving(true);
    form.setErrors({});
    form.setFormError('');
    try {
      onChanged(await promotion.mutateAsync({ orderNo: order.order_no, code: null, idempotencyKey: removeKey.current }));
      removeKey.current = crypto.randomUUID();
    } catch (e) {
      form.refuse(e, 'code');
    } finally {
      setRemoving(false);
    }
  };
  return (
    <form className="promotion-form" onSubmit={(e) => { e.preventDefault(); void apply(); }} noValidate>
      <Field id={form.idOf('code')} label={order.discount_fen > 0 ? '换一个优惠码' : '优惠码'} error={form.errors.code || form.formError || undefined}>
        <div className="promotion-row">
          <InputText {...form.text('code')} onChange={(e) => { form.set('code', e.target.value); form.setFormError(''); }} maxLength={20} autoCapitalize="characters" placeholder="输入优惠码" />
          <Button type="submit" label="使用" outlined loading={form.busy} disabled={removing} />
          {order.discount_fen > 0 && (
            <Button type="button" label="不使用优惠码" text loading={removing} disabled={form.busy} onClick={() => void remove()} />
          )}
        </div>
      </Field>
    </form>
  );
}
