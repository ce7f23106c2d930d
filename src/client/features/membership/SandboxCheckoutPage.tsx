import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { formatFen } from '../../../shared/domain/prices';
import { dongText } from '../../../shared/domain/vn-mall';
import { formatChina } from '../../../shared/domain/china-time';
import { membershipMsg as m, msg } from '../../../shared/messages';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { checkoutQuery } from './queries';
import { DemoPaymentNotice } from './DemoPaymentNotice';
import { useSandboxConfirm } from './mutations';
import { sandboxBackLabel } from './sandbox-back';
import './membership.css';

/**
 * The sandbox provider's checkout (/pay/sandbox): stands where a real provider's page would. It
 * shows the signed amount; 确认支付 or 取消 sends the provider's notice, then returns to our site.
 * A number already paid or cancelled offers the way back to its own page (wallet, cash pledge,
 * paid service, order), which the server names.
 */
export function SandboxCheckoutPage({ token }: { token: string }) {
  const checkout = useQuery(checkoutQuery(token));
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState('');
  const confirm = useSandboxConfirm();

  const send = async (action: 'pay' | 'cancel') => {
    setBusy(action);
    setError('');
    try {
      const r = await confirm.mutateAsync({ token, action });
      nav.assign(r.return_url);
    } catch (e) {
      setError(e instanceof OfflineError ? '网络不可用，请联网后再试' : e instanceof ApiError ? e.message : msg.serverError);
      setBusy(null);
    }
  };

  const c = checkout.data;
  return (
    <div className="sandbox-page">
      <div className="card sandbox-box">
        <h1><i className="pi pi-shield" /> {m.sandboxTitle}</h1>
        <DemoPaymentNotice force />
        {checkout.isError && <div className="form-error" role="alert">{checkout.error instanceof ApiError ? checkout.error.message : msg.serverError}</div>}
        {c && (
          <>
            <div className="muted">{c.subject}</div>
            <div className="sandbox-amount" data-testid="sandbox-amount">{c.currency === 'VND' ? dongText(c.amount_fen) : `¥${formatFen(c.amount_fen)}`}</div>
            <table className="order-table" style={{ margin: '0 auto' }}>
              <tbody>
                <tr><th>收款方</th><td>汽配汇</td></tr>
                <tr><th>付款公司</th><td>{c.company_name}</td></tr>
                <tr><th>{m.orderNo}</th><td>{c.order_no}</td></tr>
                <tr><th>有效期至</th><td>{formatChina(c.expires_at, 'HH:mm:ss')}</td></tr>
              </tbody>
            </table>
            <div className="sandbox-note">{m.sandboxNote}</div>
            {error && <div className="form-error" role="alert">{error}</div>}
            {c.state === 'pending' ? (
              <div className="pay-actions">
                <Button label={m.confirmPay} icon="pi pi-check" onClick={() => send('pay')} loading={busy === 'pay'} disabled={busy !== null} />
                <Button label={msg.cancel} severity="secondary" outlined onClick={() => send('cancel')} loading={busy === 'cancel'} disabled={busy !== null} />
              </div>
            ) : (
              <div className="pay-actions">
                <span className="muted">{c.state === 'paid' ? m.alreadyPaid : m.orderCancelled}</span>
                <Button label={sandboxBackLabel(c.return_url)} outlined onClick={() => nav.assign(c.return_url)} />
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
