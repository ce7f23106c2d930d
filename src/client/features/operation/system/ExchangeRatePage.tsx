/**
 * 汇率 (/operation/system/exchangerate, D11-02): how many units of each currency one yuan buys
 * (越南盾 for the Vietnamese prices), set by an operator, with its history. The storefront's dong
 * prices follow the next time a page reads the rate.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { AnswerOf } from '../../../../shared/contracts';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { ratesQuery } from '../queries';
import { useSetRate } from './mutations';
import { when } from '../format';
import '../operation.css';

type Rate = AnswerOf<'opRateHistory'>['rates'][number];

export function ExchangeRatePage() {
  const q = useQuery(ratesQuery());
  const [status, setStatus] = useState('');
  if (q.isError) return <section className="card" role="alert">{errorText(q.error)}</section>;
  if (!q.data) return <section className="card" aria-busy="true">正在加载…</section>;
  return (
    <div className="op-detail">
      <section className="card">
        <h2 style={{ marginTop: 0 }}>汇率</h2>
        <p className="muted">1 人民币可兑换的目标币种数额，最多6位小数。前台越南盾价格按此换算。</p>
        {status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>}
        {q.data.rates.map((r) => <RateForm key={r.to_curr_code} rate={r} onEdit={() => setStatus('')} onSaved={setStatus} />)}
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

/**
 * One currency's new rate, a form of the form kit (docs/architecture.md, "Forms"): the call's
 * schema before sending, the refusal under the field (`rate-<code>`), what was typed kept.
 */
function RateForm({ rate: r, onEdit, onSaved }: { rate: Rate; onEdit: () => void; onSaved: (text: string) => void }) {
  const setRate = useSetRate();
  const form = useForm({ rate_value: '' }, { idOf: (field) => (field === 'rate_value' ? `rate-${r.to_curr_code}` : `rate-${r.to_curr_code}-${field}`) });
  const save = () => form.submit(setRate, { to_curr_code: r.to_curr_code, rate_value: form.values.rate_value }, (saved) => {
    form.reset({ rate_value: '' });
    onSaved(`已设置：1 人民币 = ${saved.rate_value} ${r.to_curr_code}`);
  });
  return (
    <form className="op-param" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Field id={form.idOf('rate_value')} label={<><strong>{r.to_curr_txt}（{r.to_curr_code}）</strong><br /><small className="muted">当前 1 CNY = <span data-testid={`rate-${r.to_curr_code}-now`}>{r.rate_value}</span> · {when(r.updated_at)}</small></>}
        error={form.errors.rate_value || form.formError || undefined}>
        <div className="op-param-input">
          <InputText {...form.text('rate_value')} inputMode="decimal" placeholder={String(r.rate_value)} onChange={(e) => { form.set('rate_value', e.target.value); onEdit(); }} />
          <Button type="submit" label="设置汇率" loading={form.busy} />
        </div>
      </Field>
    </form>
  );
}
