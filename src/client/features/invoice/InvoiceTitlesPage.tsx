/**
 * 发票抬头 (/backend/accounting/invoiceTitle, /ofo/invoice/info): the buyer company's invoice titles —
 * add, edit, set the default, remove — with the rules of domain/invoice (docs/money.md#invoices),
 * checked in the page before sending and again by the server, each message under its field.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Checkbox } from 'primereact/checkbox';
import type { InvoiceTitle, PayloadIn } from '../../../shared/contracts';
import {
  INVOICE_TITLE_KIND_TEXT, INVOICE_TITLE_KINDS, INVOICE_TYPE_LONG_TEXT, INVOICE_TYPE_TEXT, INVOICE_TYPES, invoiceTitleProblems,
  type InvoiceTitleKind, type InvoiceType,
} from '../../../shared/domain/invoice';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { invoiceTitlesQuery } from './queries';
import { useInvoiceTitleDefault, useInvoiceTitleRemove, useInvoiceTitleSave } from './mutations';
import { mark, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData } from '../../i18n/with-data';
import './invoice.css';

type Form = { id: number; kind: InvoiceTitleKind; invoice_type: InvoiceType; name: string; tax_no: string; address: string; phone: string; bank: string; account: string; is_default: boolean };
const EMPTY: Form = { id: 0, kind: 'company', invoice_type: 'normal', name: '', tax_no: '', address: '', phone: '', bank: '', account: '', is_default: false };
const COMPANY_FIELDS = [
  ['tax_no', mark('税号（统一社会信用代码）')], ['address', mark('注册地址')], ['phone', mark('注册电话')], ['bank', mark('开户银行')], ['account', mark('银行账号')],
] as const;

function TitleForm({ initial, onDone, onCancel }: { initial: Form; onDone: (t: InvoiceTitle) => void; onCancel: () => void }) {
  const t = useT();
  const save = useInvoiceTitleSave();
  const form = useForm<Form>(initial, { idPrefix: 'iv-title-' });
  const { values: f, errors } = form;
  const special = f.invoice_type === 'special';
  const send = () => {
    // the same rules as the server's, each under its field, before anything is sent
    const problems = invoiceTitleProblems(f);
    if (problems.length > 0) {
      form.setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      document.getElementById(form.idOf(problems[0].field))?.focus();
      return;
    }
    void form.submit(save, f as PayloadIn<'invoiceTitleSave'>, onDone);
  };
  return (
    <form className="iv-card" aria-label={f.id ? t('修改发票抬头') : t('新增发票抬头')} noValidate onSubmit={(e) => { e.preventDefault(); send(); }}>
      <h3>{f.id ? t('修改发票抬头') : t('新增发票抬头')}</h3>
      <div className="iv-form">
        <Field id={form.idOf('kind')} label={t('抬头类型')} required error={errors.kind}>
          <Dropdown inputId={form.idOf('kind')} value={f.kind} options={INVOICE_TITLE_KINDS.map((value) => ({ value, label: t(INVOICE_TITLE_KIND_TEXT[value]) }))}
            onChange={(e) => { form.set('kind', e.value as InvoiceTitleKind); if (e.value === 'personal') form.set('invoice_type', 'normal'); }} />
        </Field>
        <Field id={form.idOf('invoice_type')} label={t('发票类型')} required error={errors.invoice_type} hint={f.kind === 'personal' ? t('个人抬头只能开普票') : t('专票需填写全部开票信息')}>
          <Dropdown inputId={form.idOf('invoice_type')} value={f.invoice_type}
            options={INVOICE_TYPES.map((value) => ({ value, label: t('{{type}}（{{long}}）', { type: t(INVOICE_TYPE_TEXT[value]), long: t(INVOICE_TYPE_LONG_TEXT[value]) }), disabled: f.kind === 'personal' && value === 'special' }))}
            onChange={(e) => form.set('invoice_type', e.value as InvoiceType)} />
        </Field>
        <Field id={form.idOf('name')} label={f.kind === 'personal' ? t('个人姓名') : t('单位名称')} required error={errors.name} wide>
          <InputText {...form.text('name')} maxLength={100} />
        </Field>
        {f.kind === 'company' && COMPANY_FIELDS.map(([name, label]) => (
          <Field key={name} id={form.idOf(name)} label={t(label)} required={name === 'tax_no' || special} error={errors[name]} wide={name === 'address'}
            hint={name === 'tax_no' ? t('18位，数字和大写字母') : special ? undefined : t('选填')}>
            <InputText {...form.text(name)} inputMode={name === 'phone' || name === 'account' ? 'numeric' : undefined} />
          </Field>
        ))}
      </div>
      <label style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Checkbox inputId={form.idOf('is_default')} checked={f.is_default} onChange={(e) => form.set('is_default', !!e.checked)} /> {t('设为默认抬头')}
      </label>
      {form.formError && <p className="iv-alert" role="alert"><Refusal text={form.formError} /></p>}
      <div className="iv-actions">
        <Button type="submit" label={t('保存')} loading={form.busy} />
        <Button type="button" label={t('取消')} outlined onClick={onCancel} />
      </div>
    </form>
  );
}

export function InvoiceTitlesPage({ mobile = false }: { mobile?: boolean }) {
  const t = useT();
  const titles = useQuery(invoiceTitlesQuery());
  const remove = useInvoiceTitleRemove();
  const makeDefault = useInvoiceTitleDefault();
  const [editing, setEditing] = useState<Form | null>(null);
  const [status, setStatus] = useState<{ text: string; name?: string } | null>(null);
  const list = titles.data ?? [];
  const act = async (fn: () => Promise<unknown>, done: { text: string; name: string }) => {
    try {
      await fn();
      setStatus(done);
    } catch (e) {
      setStatus({ text: errorText(e) });
    }
  };
  return (
    <section className="iv-page" aria-labelledby="iv-titles-h">
      <div className="iv-head">
        {mobile ? <h2 id="iv-titles-h">{t('发票抬头')}</h2> : <h1 id="iv-titles-h">{t('发票抬头')}</h1>}
        <div className="iv-links">
          <Link to={mobile ? '/ofo/invoice' : '/backend/accounting/invoice'}>{t('申请开票')}</Link>
          <Link to={mobile ? '/ofo/invoice/record' : '/backend/accounting/invoiceHistory'}>{t('开票记录')}</Link>
          {!editing && <Button type="button" size="small" icon="pi pi-plus" label={t('新增抬头')} onClick={() => { setStatus(null); setEditing({ ...EMPTY, is_default: list.length === 0 }); }} />}
        </div>
      </div>
      {status && <p className="iv-status" role="status">{status.name === undefined ? <Refusal text={status.text} /> : withData(t(status.text, { name: dataSlot(0) }), [status.name])}</p>}
      {editing && <TitleForm key={editing.id} initial={editing} onCancel={() => setEditing(null)} onDone={(x) => { setEditing(null); setStatus({ text: mark('已保存抬头：{{name}}'), name: x.name }); }} />}
      {titles.isError && <p className="iv-alert" role="alert"><Refusal text={errorText(titles.error)} /></p>}
      {titles.isSuccess && list.length === 0 && !editing && (
        <div className="iv-empty">{t('还没有发票抬头。点“新增抬头”填写单位名称和税号（或个人姓名），申请开票时选用。')}</div>
      )}
      <div className="iv-cards">
        {list.map((x) => (
          <article key={x.id} className="iv-card" aria-label={x.name}>
            <h3><span data-user-text>{x.name}</span> {x.is_default && <span className="iv-tag">{t('默认')}</span>}</h3>
            <dl>
              <dt>{t('类型')}</dt><dd>{t(INVOICE_TITLE_KIND_TEXT[x.kind])} · {t(INVOICE_TYPE_TEXT[x.invoice_type])}</dd>
              {x.kind === 'company' && <><dt>{t('税号')}</dt><dd>{x.tax_no}</dd></>}
              {x.address && <><dt>{t('地址电话')}</dt><dd data-user-text>{x.address} {x.phone}</dd></>}
              {x.bank && <><dt>{t('开户行账号')}</dt><dd data-user-text>{x.bank} {x.account}</dd></>}
            </dl>
            <div className="iv-actions">
              <Button type="button" size="small" outlined label={t('修改')} onClick={() => { setStatus(null); setEditing({ ...x }); }} />
              {!x.is_default && <Button type="button" size="small" outlined label={t('设为默认')} onClick={() => void act(() => makeDefault.mutateAsync({ id: x.id }), { text: mark('已将“{{name}}”设为默认'), name: x.name })} />}
              <Button type="button" size="small" outlined severity="danger" label={t('删除')}
                onClick={() => { if (window.confirm(t('删除抬头“{{name}}”？已提交的开票申请不受影响。', { name: x.name }))) void act(() => remove.mutateAsync({ id: x.id }), { text: mark('已删除抬头：{{name}}'), name: x.name }); }} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
