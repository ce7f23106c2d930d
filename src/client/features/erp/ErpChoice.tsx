/**
 * 我们使用的 ERP: the company says which ERP product it runs, with an optional version
 * (docs/open-platform.md, "ERP and the operator's pages"). Self-contained: its own query and
 * write, no props; the open platform's control panel renders it. Everyone of the company reads it;
 * the owner or an M07 holder changes it (the server decides: `editable`).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { ErpChoice as Choice } from '../../../shared/contracts';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import '../../ui/form/form.css';
import { erpChoiceQuery } from './queries';
import { useSaveErpChoice } from './mutations';
import './erp.css';

export function ErpChoice() {
  const q = useQuery(erpChoiceQuery());
  // kept here: the saved choice read again takes the form anew (its key), the word 已保存 stays
  const [saved, setSaved] = useState('');
  return (
    <section className="erp-choice card" aria-labelledby="erp-choice-title" data-testid="erp-choice">
      <h3 id="erp-choice-title">我们使用的 ERP</h3>
      <p className="hint">告诉平台贵公司用哪款 ERP 对接，平台可据此提供对接说明和排查帮助。</p>
      {q.data ? <ChoiceForm key={`${q.data.erp_product_id}-${q.data.updated_at}`} choice={q.data} saved={saved} setSaved={setSaved} />
        : q.isError ? <p className="field-error" role="alert">{errorText(q.error)}</p>
          : <p className="muted">正在读取…</p>}
    </section>
  );
}

function ChoiceForm({ choice, saved, setSaved }: { choice: Choice; saved: string; setSaved: (s: string) => void }) {
  const form = useForm({ erp_product_id: choice.erp_product_id, version: choice.version }, { idPrefix: 'erp-choice-' });
  const { values, set, errors } = form;
  const save = useSaveErpChoice();
  const current = choice.products.some((p) => p.id === choice.erp_product_id) || choice.erp_product_id === 0
    ? [] : [{ label: `${choice.erp_name}（已停用）`, value: choice.erp_product_id }];
  const options = [
    { label: '未填写', value: 0 },
    ...choice.products.map((p) => ({ label: p.vendor ? `${p.name}（${p.vendor}）` : p.name, value: p.id })),
    ...current,
  ];
  const note = choice.products.find((p) => p.id === values.erp_product_id)?.note;
  if (!choice.editable) {
    return (
      <p data-testid="erp-choice-readonly">
        {choice.erp_product_id ? <><strong>{choice.erp_name}</strong>{choice.version && ` ${choice.version}`}</> : '尚未填写。'}
        <span className="muted">（只有企业负责人或有“企业设置”权限的员工可以修改）</span>
      </p>
    );
  }
  return (
    <form className="erp-choice-form" noValidate aria-label="我们使用的 ERP"
      onSubmit={(e) => { e.preventDefault(); setSaved(''); void form.submit(save, values, () => setSaved('已保存')); }}>
      <div className="erp-choice-grid">
        <Field id="erp-choice-erp_product_id" label="ERP 产品" error={errors.erp_product_id} hint={note}>
          <Dropdown inputId="erp-choice-erp_product_id" value={values.erp_product_id} options={options}
            onChange={(e) => { setSaved(''); set('erp_product_id', Number(e.value)); if (Number(e.value) === 0) set('version', ''); }}
            invalid={!!errors.erp_product_id} aria-describedby={errors.erp_product_id ? 'erp-choice-erp_product_id-error' : undefined} />
        </Field>
        <Field id="erp-choice-version" label="版本（可选）" error={errors.version}>
          <InputText {...form.text('version')} maxLength={40} placeholder="如 辉煌版 12.5、U8 V16" disabled={values.erp_product_id === 0} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
      <div className="erp-choice-actions">
        <Button type="submit" label="保存" loading={form.busy} />
        {saved && <span role="status" className="erp-choice-saved">{saved}</span>}
      </div>
    </form>
  );
}
