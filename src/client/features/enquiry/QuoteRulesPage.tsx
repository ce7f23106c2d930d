/**
 * 报价规则 (/backend/quote/rules, M10 / M12): how the company's quotes start — validity, usual
 * delivery days, and the pre-filled price (a stock price column, a markup, a rounding), with an
 * example of what a 100.00 price becomes. The server checks every field; a refusal names it and
 * keeps what was typed.
 */
import { useState } from 'react';
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
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { quoteRulesQuery } from './queries';
import { useQuoteRulesWrite } from './mutations';

type Form = { valid_days: string; delivery_days: string; price_column: QuoteRuleColumn; markup_pct: string; round_to: QuoteRounding };
const formOf = (r: AnswerOf<'quoteRules'>): Form => ({ valid_days: String(r.valid_days), delivery_days: String(r.delivery_days), price_column: r.price_column, markup_pct: String(r.markup_pct), round_to: r.round_to });

export function QuoteRulesPage() {
  const q = useQuery(quoteRulesQuery());
  if (q.isError) return <div className="card" role="alert">{errorText(q.error)}</div>;
  if (q.isPending) return <div className="card" aria-busy="true">正在加载报价规则…</div>;
  return <RulesForm rules={q.data} />;
}

/** The rules as a form of the form kit (docs/architecture.md, "Forms"), from the saved rules. */
function RulesForm({ rules }: { rules: AnswerOf<'quoteRules'> }) {
  const saveRules = useQuoteRulesWrite();
  const form = useForm<Form>(() => formOf(rules), { idPrefix: 'rule-' });
  const { values: f, errors: err } = form;
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof Form>(k: K, value: Form[K]) => {
    form.set(k, value);
    form.setFormError('');
    setSaved(false);
  };
  const parsed = v.safeParse(quoteRulePayload, f);
  const example = parsed.success ? suggestedQuoteFen({ price0: 10000, price1: 10000, price99: 10000, price2: 10000, price3: 10000 }, parsed.output) : null;
  const submit = () => {
    setSaved(false);
    void form.submit(saveRules, f, (answer) => {
      form.reset(formOf(answer));
      setSaved(true);
    });
  };
  const text = (k: 'valid_days' | 'delivery_days' | 'markup_pct') => ({ ...form.text(k), onChange: (e: { target: { value: string } }) => set(k, e.target.value) });
  const columns = QUOTE_RULE_COLUMNS.map((c) => ({ value: c, label: PRICE_LABELS[c] }));
  return (
    <div className="settings-page card">
      <form className="account-form" onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate aria-label="报价规则">
        <h2>报价规则</h2>
        <p className="hint">
          打开询价单报价时，本公司有库存的配件按这里的规则预填价格、货期和有效期（报价前都可以修改）。
          {rules.updated_at ? ` 最近保存：${dayjs.unix(rules.updated_at).format('YYYY-MM-DD HH:mm')}` : ' 目前使用默认规则。'}
        </p>
        <div className="settings-grid">
          <Field id="rule-valid_days" label="报价有效天数" hint="1到30天，过期的报价买家不能采纳" error={err.valid_days} required>
            <InputText {...text('valid_days')} inputMode="numeric" />
          </Field>
          <Field id="rule-delivery_days" label="默认货期（天）" hint="0表示现货" error={err.delivery_days} required>
            <InputText {...text('delivery_days')} inputMode="numeric" />
          </Field>
          <Field id="rule-price_column" label="预填价格取" hint="该列为空时取标准价" error={err.price_column} required>
            <Dropdown inputId="rule-price_column" value={f.price_column} options={columns} onChange={(e) => set('price_column', e.value as QuoteRuleColumn)} />
          </Field>
          <Field id="rule-markup_pct" label="加价（%）" hint="-50到200，可为负数表示让利" error={err.markup_pct} required>
            <InputText {...text('markup_pct')} inputMode="decimal" />
          </Field>
          <Field id="rule-round_to" label="取整" error={err.round_to} required>
            <Dropdown inputId="rule-round_to" value={f.round_to} options={Object.entries(QUOTE_ROUNDINGS).map(([value, label]) => ({ value, label }))} onChange={(e) => set('round_to', e.value as QuoteRounding)} />
          </Field>
        </div>
        <p className="muted" data-testid="rule-example">示例：库存价 100.00 元 → 预填报价 {example === null ? '—' : `${formatFen(example)} 元`}</p>
        {saved && <p className="account-ok" role="status">报价规则已保存，之后的报价按此预填</p>}
        {form.formError && <p className="form-error" role="alert">{form.formError}</p>}
        <span style={{ display: 'flex', gap: '0.6rem', alignItems: 'center' }}>
          <Button type="submit" label="保存" loading={form.busy} />
          <Button type="button" text label="恢复默认" onClick={() => { form.reset(formOf({ ...DEFAULT_QUOTE_RULE, updated_at: 0 })); setSaved(false); }} />
          <Link to="/backend/quote">去报价中心</Link>
        </span>
      </form>
    </div>
  );
}
