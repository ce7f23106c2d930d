/**
 * 汇率 (/operation/system/exchangerate, D11-02): how many units of each currency one yuan buys
 * (越南盾 for the Vietnamese prices), set by an operator, with its history. The storefront's dong
 * prices follow the next time a page reads the rate.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { endpoints } from '../../../../shared/contracts';
import { fieldErrors } from '../../../../shared/domain/field-errors';
import { errorText } from '../../../ui/form/form';
import { ratesQuery } from '../queries';
import { useSetRate } from './mutations';
import { when } from '../format';
import '../operation.css';

export function ExchangeRatePage() {
  const setRate = useSetRate();
  const q = useQuery(ratesQuery());
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  const save = async (code: string) => {
    const payload = { to_curr_code: code, rate_value: (drafts[code] ?? '').trim() };
    const found = fieldErrors(endpoints.opRateSet.payload, payload);
    if (found.rate_value) return setErrors({ [code]: found.rate_value });
    try {
      const r = await setRate.mutateAsync(payload);
      setStatus(`已设置：1 人民币 = ${r.rate_value} ${code}`);
      setDrafts({});
    } catch (e) {
      setErrors({ [code]: errorText(e) });
    }
  };
  return (
    <div className="op-detail">
      <section className="card">
        <h2 style={{ marginTop: 0 }}>汇率</h2>
        <p className="muted">1 人民币可兑换的目标币种数额，最多6位小数。前台越南盾价格按此换算。</p>
        {status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>}
        {q.data.rates.map((r) => (
          <form key={r.to_curr_code} className="op-param" onSubmit={(e) => { e.preventDefault(); void save(r.to_curr_code); }}>
            <label htmlFor={`rate-${r.to_curr_code}`}><strong>{r.to_curr_txt}（{r.to_curr_code}）</strong><br /><small className="muted">当前 1 CNY = <span data-testid={`rate-${r.to_curr_code}-now`}>{r.rate_value}</span> · {when(r.updated_at)}</small></label>
            <div>
              <InputText id={`rate-${r.to_curr_code}`} inputMode="decimal" placeholder={String(r.rate_value)} value={drafts[r.to_curr_code] ?? ''}
                onChange={(e) => { setDrafts({ ...drafts, [r.to_curr_code]: e.target.value }); setErrors({}); setStatus(''); }} />
              {errors[r.to_curr_code] && <div className="field-error" role="alert">{errors[r.to_curr_code]}</div>}
            </div>
            <Button type="submit" label="设置汇率" />
          </form>
        ))}
      </section>
      <section className="card">
        <h3 style={{ marginTop: 0 }}>设置记录</h3>
        <div className="op-table-wrap">
          <table className="op-table" data-testid="rate-history">
            <thead><tr><th>时间</th><th>币种</th><th>原汇率</th><th>新汇率</th><th>操作人</th></tr></thead>
            <tbody>
              {q.data.history.map((h) => (
                <tr key={h.id}><td>{when(h.set_at)}</td><td>{h.to_curr_code}</td><td>{h.old_value ?? '—'}</td><td>{h.rate_value}</td><td>{h.username}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
