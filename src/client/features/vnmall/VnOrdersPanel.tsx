/**
 * 我的越南商城订单 on /vnmall (docs/money.md "Paying a mall order in dong"): the buyer's mall orders
 * in its language, each unpaid one with what paying it from the dong wallet takes at today's rate
 * and a 支付 button; the wallet's balance above, and a way to /vnwallet when it is short. The server
 * decides: another rate since the page read it, 余额不足 or another tab's payment come back as a
 * refusal shown in the page's language, and the list is read again.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { ORDER_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { dongText } from '../../../shared/domain/vn-mall';
import { ApiError } from '../../api/request';
import { useLang, useT, type Lang } from '../../i18n/lang';
import { formatVnd } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { vnWalletQuery } from '../vnwallet/queries';
import { vnMyOrdersQuery } from './queries';
import { useVnOrderPay } from './mutations';

const dong = (lang: Lang, n: number) => (lang === 'vi' ? formatVnd(n) : dongText(n));

export function VnOrdersPanel() {
  const t = useT();
  const lang = useLang();
  const orders = useQuery(vnMyOrdersQuery({ page_number: 1, page_size: 50 }));
  const wallet = useQuery(vnWalletQuery());
  const pay = useVnOrderPay();
  const keys = useRef(new Map<string, string>());
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const o = orders.data;
  if (!o || o.data.length === 0) return null;
  const balance = wallet.data?.balance_dong ?? null;

  const run = async (orderNo: string, amount: number) => {
    const k = keys.current.get(orderNo) ?? crypto.randomUUID();
    keys.current.set(orderNo, k);
    try {
      const r = await pay.mutateAsync({ payload: { order_no: orderNo, expected_dong: amount }, idempotencyKey: k });
      keys.current.delete(orderNo);
      setNote({ ok: true, text: t('已支付 {{amount}}（订单 {{no}}），越南盾钱包余额 {{balance}}', { amount: dong(lang, r.order.paid_dong), no: orderNo, balance: dong(lang, r.balance_dong) }) });
    } catch (e) {
      // a refusal changes nothing: the next try is a new payment
      keys.current.delete(orderNo);
      setNote({ ok: false, text: e instanceof ApiError ? e.message : String(e) });
      void orders.refetch();
    }
  };

  return (
    <section className="vn-orders" aria-label={t('我的越南商城订单')} data-testid="vn-orders">
      <h2>{t('我的越南商城订单')}</h2>
      <p className="vn-orders-top">
        {o.rate === null ? <span className="vn-problem">{t('今日汇率尚未公布，暂不能付款')}</span>
          : <span data-testid="vn-pay-rate">{t('付款汇率（{{day}}）：1 CNY = {{rate}} VND', { day: o.day, rate: o.rate })}</span>}
        {balance !== null && <span data-testid="vn-pay-balance">{t('越南盾钱包余额')} <strong>{dong(lang, balance)}</strong></span>}
        {wallet.isError && <span className="muted"><Refusal text={wallet.error instanceof ApiError ? wallet.error.message : ''} /></span>}
      </p>
      {note && <p className={`op-status ${note.ok ? 'ok' : 'error'}`} role={note.ok ? 'status' : 'alert'} data-testid="vn-pay-note">{note.ok ? note.text : <Refusal text={note.text} />}</p>}
      <div className="vn-table-wrap">
        <table className="vn-table">
          <thead>
            <tr>
              <th>{t('订单号')}</th><th className="vn-hide-narrow">{t('卖家')}</th><th className="vn-hide-narrow">{t('状态')}</th>
              <th className="num vn-hide-narrow">{t('订单总额')}</th><th>{t('付款')}</th>
            </tr>
          </thead>
          <tbody>
            {o.data.map((r) => {
              const short = r.pay_now_dong !== null && balance !== null && balance < r.pay_now_dong;
              return (
                <tr key={r.order_no} data-testid={`vn-order-${r.order_no}`}>
                  <td className="vn-order-no" data-user-text>{r.order_no}</td>
                  <td className="vn-hide-narrow" data-user-text>{r.seller_company_name}</td>
                  <td className="vn-hide-narrow">{t(ORDER_STATUS_TEXT[r.status as OrderStatus])}</td>
                  <td className="num vn-hide-narrow">{dong(lang, r.total_dong)}</td>
                  <td>
                    {r.pay_status === 'paid' && r.paid_dong > 0 && (
                      <span data-testid="vn-order-paid">{t('已付 {{amount}}（汇率 {{rate}}）', { amount: dong(lang, r.paid_dong), rate: r.pay_rate })}
                        {r.refunded_dong > 0 && <small className="muted"> · {t('已退 {{amount}}', { amount: dong(lang, r.refunded_dong) })}</small>}</span>
                    )}
                    {r.pay_status === 'paid' && r.paid_dong === 0 && t('已付款')}
                    {r.pay_status !== 'paid' && r.payable && r.pay_now_dong !== null && (
                      <div className="vn-pay">
                        <Button type="button" size="small" icon="pi pi-wallet" disabled={short || pay.isPending} loading={pay.isPending && pay.variables?.payload.order_no === r.order_no}
                          label={t('支付 {{amount}}', { amount: dong(lang, r.pay_now_dong) })} onClick={() => void run(r.order_no, r.pay_now_dong!)} />
                        {short && <small className="vn-problem">{t('余额不足')} · <Link to="/vnwallet">{t('去充值')}</Link></small>}
                      </div>
                    )}
                    {r.pay_status !== 'paid' && !r.payable && <span className="muted">{t('未付款')}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
