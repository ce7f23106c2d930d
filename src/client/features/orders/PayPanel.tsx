/**
 * 付款 (docs/money.md, "Paying orders"): one payment of one or several unpaid orders, from the
 * wallet (钱包余额, paid at once) or through the provider (在线支付: its checkout, then back to the
 * order). The order's page and the checkout's success page open it in a dialog; the phone's
 * /ofo/purchase/payment shows it in the page.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import type { OrderPayment } from '../../../shared/contracts';
import type { OnlinePayMethod } from '../../../shared/domain/orders';
import { Price } from '../currency/Price';
import { useOrderPay } from './mutations';
import { payOptionsQuery } from './queries';
import { checkoutDevice } from '../mobile/counterparts';
import { useT } from '../../i18n/lang';

export function PayPanel({ orderNos, amountFen, onPaid, onCancel }: { orderNos: string[]; amountFen: number; onPaid: (p: OrderPayment) => void; onCancel?: () => void }) {
  const t = useT();
  const options = useQuery(payOptionsQuery());
  const pay = useOrderPay();
  const available = options.data?.wallet_available_fen ?? 0;
  const enough = available >= amountFen;
  const [method, setMethod] = useState<OnlinePayMethod | null>(null);
  const chosen = method ?? (options.data ? (enough ? 'wallet' : 'provider') : null);
  const submit = () => {
    if (!chosen) return;
    pay.mutate({ order_nos: orderNos, method: chosen, device: checkoutDevice() }, {
      onSuccess: (p) => {
        if (p.method === 'provider' && p.checkout_url) window.location.assign(p.checkout_url);
        else onPaid(p);
      },
    });
  };
  return (
    <div className="order-pay" data-testid="order-pay">
      <p>{t('应付金额：')}<strong className="order-pay-amount"><Price fen={amountFen} /></strong>（{t('{{n}} 个订单', { n: orderNos.length })}）</p>
      <fieldset className="order-pay-methods">
        <legend>{t('付款方式')}</legend>
        <label className="order-pay-method">
          <RadioButton inputId="pay-wallet" name="pay-method" value="wallet" checked={chosen === 'wallet'} disabled={!enough} onChange={() => setMethod('wallet')} />
          <span>{t('钱包余额（可用')} <Price fen={available} />）{options.data && !enough && <small className="field-error">{t('余额不足，请先充值或选择在线支付')}</small>}</span>
        </label>
        <label className="order-pay-method">
          <RadioButton inputId="pay-provider" name="pay-method" value="provider" checked={chosen === 'provider'} onChange={() => setMethod('provider')} />
          <span>{t('在线支付')}{options.data?.demo_payment && <small className="muted">{t('（演示支付，不会真实扣款）')}</small>}</span>
        </label>
      </fieldset>
      <p className="muted">{t('付款后款项由平台暂管，确认收货后结算给卖家；订单取消或售后退款原路退回。')}</p>
      {options.isError && <p className="field-error" role="alert">{options.error.message}</p>}
      {pay.isError && <p className="field-error" role="alert">{pay.error.message}</p>}
      <div className="order-pay-actions">
        {onCancel && <Button type="button" text label={t('返回')} onClick={onCancel} />}
        <Button type="button" label={chosen === 'provider' ? t('去支付') : t('确认付款')} icon="pi pi-wallet" disabled={!chosen} loading={pay.isPending} onClick={submit} />
      </div>
    </div>
  );
}

/** The same in a dialog (a bottom sheet on the phone with `sheetClass`). */
export function PayDialog({ orderNos, amountFen, onHide, sheetClass }: { orderNos: string[]; amountFen: number; onHide: () => void; sheetClass?: string }) {
  const t = useT();
  const [done, setDone] = useState<OrderPayment | null>(null);
  return (
    <Dialog header={`${t('付款')} · ${orderNos.length === 1 ? orderNos[0] : t('{{n}} 个订单', { n: orderNos.length })}`} visible onHide={onHide}
      {...(sheetClass ? { position: 'bottom' as const, className: sheetClass, draggable: false, style: { width: '100vw', maxWidth: '100vw', margin: 0 } } : { style: { width: 'min(32rem, 96vw)' } })}>
      {done ? (
        <div className="order-pay" role="status">
          <p><i className="pi pi-check-circle" /> {t('已付款')} <Price fen={done.amount_fen} />{t('（付款单')} {done.payment_no}）</p>
          <div className="order-pay-actions"><Button type="button" label={t('完成')} onClick={onHide} /></div>
        </div>
      ) : <PayPanel orderNos={orderNos} amountFen={amountFen} onPaid={setDone} onCancel={onHide} />}
    </Dialog>
  );
}
