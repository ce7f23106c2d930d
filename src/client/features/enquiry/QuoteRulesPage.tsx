/**
 * 报价规则 (/backend/quote/rules, M10 / M12): how the company's quotes start — validity, usual
 * delivery days, and the pre-filled price (a stock price column, a markup, a rounding), with an
 * example of what a 100.00 price becomes. The server checks every field; a refusal names it and
 * keeps what was typed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import { quoteRulePayload, type AnswerOf } from '../../../shared/contracts';
import { DEFAULT_QUOTE_RULE, QUOTE_ROUNDINGS, QUOTE_RULE_COLUMNS, suggestedQuoteFen, type QuoteRounding, type QuoteRuleColumn } from '../../../shared/domain/enquiry';
import { formatFen, PRICE_LABELS } from '../../../shared/domain/prices';
import * as v from 'valibot';
import { ApiError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { errorText } from '../../ui/form/form';
import '../../ui/form/form.css';
import { quoteRulesQuery } from './queries';
import { useSaveQuoteRules } from './mutations';

type Form = { valid_days: string; delivery_days: string; price_column: QuoteRuleColumn; markup_pct: string; round_to: QuoteRounding };
const formOf = (r: AnswerOf<'quoteRules'>): Form => ({ valid_days: String(r.valid_days), delivery_days: String(r.delivery_days), price_column: r.price_column, markup_pct: String(r.markup_pct), round_to: r.round_to });

export function QuoteRulesPage() {
  const q = useQuery(quoteRulesQuery());
  const saveRules = useSaveQuoteRules();
  const [f, setF] = useState<Form | null>(null);
  const [err, setErr] = useState<Partial<Record<keyof Form, string>>>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (q.data && !f) setF(formOf(q.data));
  }, [q.data, f]);
  if (q.isPending || !f) return <div className="card" aria-busy="true">正在加载报价规则…</div>;
  if (q.isError) return <div className="card" role="alert">{errorText(q.error)}</div>;
  const set = <K extends keyof Form>(k: K, value: Form[K]) => {
    setF({ ...f, [k]: value });
    setErr((e) => ({ ...e, [k]: undefined }));
    setStatus(null);
  };
  const parsed = v.safeParse(quoteRulePayload, f);
  const example = parsed.success ? suggestedQuoteFen({ price0: 10000, price1: 10000, price99: 10000, price2: 10000, price3: 10000 }, parsed.output) : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const key = (issue.path?.[0]?.key ?? '') as keyof Form;
      setErr({ [key]: issue.message });
      document.getElementById(`rule-${key}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await saveRules.mutateAsync(f);
      setF(formOf(saved));
      setStatus({ kind: 'ok', text: '报价规则已保存，之后的报价按此预填' });
    } catch (x) {
      if (x instanceof ApiError && x.field && x.field in f) setErr({ [x.field]: x.message });
      else setStatus({ kind: 'error', text: errorText(x) });
    } finally {
      setBusy(false);
    }
  };
  const columns = QUOTE_RULE_COLUMNS.map((c) => ({ value: c, label: PRICE_LABELS[c] }));
  return (
    <div className="settings-page card">
      <form className="account-form" onSubmit={(e) => void submit(e)} noValidate aria-label="报价规则">
        <h2>报价规则</h2>
        <p className="hint">
          打开询价单报价时，本公司有库存的配件按这里的规则预填价格、货期和有效期（报价前都可以修改）。
          {q.data.updated_at ? ` 最近保存：${dayjs.unix(q.data.updated_at).format('YYYY-MM-DD HH:mm')}` : ' 目前使用默认规则。'}
        </p>
        <div className="settings-grid">
          <Field id="rule-valid_days" label="报价有效天数" hint="1到30天，过期的报价买家不能采纳" error={err.valid_days} required>
            <InputText id="rule-valid_days" inputMode="numeric" value={f.valid_days} onChange={(e) => set('valid_days', e.target.value)} invalid={!!err.valid_days} />
          </Field>
          <Field id="rule-delivery_days" label="默认货期（天）" hint="0表示现货" error={err.delivery_days} required>
            <InputText id="rule-delivery_days" inputMode="numeric" value={f.delivery_days} onChange={(e) => set('delivery_days', e.target.value)} invalid={!!err.delivery_days} />
          </Field>
          <Field id="rule-price_column" label="预填价格取" hint="该列为空时取标准价" error={err.price_column} required>
            <Dropdown inputId="rule-price_column" value={f.price_column} options={columns} onChange={(e) => set('price_column', e.value as QuoteRuleColumn)} />
          </Field>
          <Field id="rule-markup_pct" label="加价（%）" hint="-50到200，可为负数表示让利" error={err.markup_pct} required>
            <InputText id="rule-markup_pct" inputMode="decimal" value={f.markup_pct} onChange={(e) => set('markup_pct', e.target.value)} invalid={!!err.markup_pct} />
          </Field>
          <Field id="rule-round_to" label="取整" error={err.round_to} required>
            <Dropdown inputId="rule-round_to" value={f.round_to} options={Object.entries(QUOTE_ROUNDINGS).map(([value, label]) => ({ value, label }))} onChange={(e) => set('round_to', e.value as QuoteRounding)} />
          </Field>
        </div>
        <p className="muted" data-testid="rule-example">示例：库存价 100.00 元 → 预填报价 {example === null ? '—' : `${formatFen(example)} 元`}</p>
        {status && <p className={status.kind === 'ok' ? 'account-ok' : 'form-error'} role={status.kind === 'ok' ? 'status' : 'alert'}>{status.text}</p>}
        <span style={{ display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
          <Button type="submit" label="保存" loading={busy} />
          <Button type="button" text label="恢复默认" onClick={() => setF(formOf({ ...DEFAULT_QUOTE_RULE, updated_at: 0 }))} />
          <Link to="/backend/quote">去报价中心</Link>
        </span>
      </form>
    </div>
  );
}
