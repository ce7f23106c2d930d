/**
 * 联系人 (/backend/organization/contact, M06): the people buyers see on the company's card and shop
 * (name, phone, QQ, WeChat, position), in the order of their sort value. A declaration of the list
 * block with add, edit and delete; the server holds the limit and every rule, the page shows its words.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import * as v from 'valibot';
import { endpoints, type CompanyContact, type PayloadIn } from '../../../shared/contracts';
import { CONTACT_LIMIT } from '../../../shared/domain/organisation';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import '../stock/stock.css';
import { contactListQuery, enterpriseKeys } from './queries';
import { useCreateContact, useDeleteContact, useUpdateContact } from './mutations';


const keywordOf = (s: ListSearch) => (s.keyword === undefined ? '' : String(s.keyword).trim());

export function ContactPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const current = useQuery(contactListQuery(keywordOf(search)));
  const [editing, setEditing] = useState<CompanyContact | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const deleteContact = useDeleteContact();

  const remove = async (c: CompanyContact) => {
    if (!window.confirm(`删除联系人 ${c.name}（${c.phone}）？买家将不再看到这个联系方式。`)) return;
    try {
      await deleteContact.mutateAsync({ id: c.id });
      setStatus({ kind: 'ok', text: `已删除：${c.name}` });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };

  const def: ListDef<CompanyContact, ReturnType<typeof enterpriseKeys.contactList>, { data: CompanyContact[]; total: number; all: number }> = {
    title: '联系人',
    filters: [{ name: 'keyword', label: '姓名 / 电话 / QQ / 微信', type: 'text', width: '13rem' }],
    query: (s) => contactListQuery(keywordOf(s)),
    rowKey: (c) => c.id,
    columns: [
      { key: 'name', header: '姓名', width: '7rem', cell: (c) => <div className="stock-key"><strong>{c.name}</strong>{c.position && <small className="muted">{c.position}</small>}</div> },
      { key: 'phone', header: '联系电话', width: '9rem', cell: (c) => c.phone },
      { key: 'qq', priority: 3, header: 'QQ', width: '7rem', cell: (c) => c.qq || '—' },
      { key: 'wechat', priority: 3, header: '微信', width: '9rem', cell: (c) => c.wechat || '—' },
      { key: 'sort', priority: 3, header: '排序', width: '4rem', num: true, cell: (c) => c.sort },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (c) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(c)} aria-label={`编辑 ${c.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void remove(c)} aria-label={`删除 ${c.name}`}>删除</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => filtered
      ? '没有符合条件的联系人，换个关键词试试。'
      : '还没有联系人。点右上角“添加联系人”，填上销售的电话、QQ或微信，买家在店铺和名片上就能找到您。',
  };

  const all = current.data?.all;
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<>
          {all !== undefined && <span className="muted employee-limit" data-testid="contact-limit">联系人 {all} / {CONTACT_LIMIT} 个</span>}
          <Button type="button" label="添加联系人" icon="pi pi-plus" onClick={() => setEditing('new')} />
        </>}
        status={status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="contact-status">{status.text}</p>} />
      {editing && (
        <ContactDialog contact={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
          onSaved={(c, created) => { setEditing(null); setStatus({ kind: 'ok', text: `${created ? '已添加' : '已保存'}：${c.name}` }); }} />
      )}
    </>
  );
}

type ContactForm = { name: string; phone: string; qq: string; wechat: string; position: string; sort: string };

function ContactDialog({ contact, onHide, onSaved }: { contact: CompanyContact | null; onHide: () => void; onSaved: (c: CompanyContact, created: boolean) => void }) {
  const form = useForm<ContactForm>({
    name: contact?.name ?? '', phone: contact?.phone ?? '', qq: contact?.qq ?? '', wechat: contact?.wechat ?? '',
    position: contact?.position ?? '', sort: String(contact?.sort ?? 0),
  });
  const { values, set, errors } = form;
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const submit = async () => {
    // the sort value travels as typed; the shared schema turns digits into a number and names a bad one
    const body = { ...values, sort: values.sort.trim() === '' ? 0 : values.sort.trim() };
    const payload = contact ? { id: contact.id, ...body } : body;
    if (!form.check((contact ? endpoints.contactUpdate.payload : endpoints.contactCreate.payload) as v.GenericSchema, payload)) return;
    setBusy(true);
    try {
      const saved = contact
        ? await updateContact.mutateAsync(payload as PayloadIn<'contactUpdate'>)
        : await createContact.mutateAsync({ payload: payload as PayloadIn<'contactCreate'>, idempotencyKey: key.current });
      onSaved(saved, !contact);
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };
  const input = (id: keyof ContactForm, props: Record<string, unknown> = {}) => (
    <InputText id={id} value={values[id]} onChange={(e) => set(id, e.target.value)} invalid={!!errors[id]} {...props} />
  );
  return (
    <Dialog header={contact ? `编辑联系人 · ${contact.name}` : '添加联系人'} visible modal onHide={onHide} style={{ width: 'min(40rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="contact-form" label="保存" icon="pi pi-check" loading={busy} /></>}>
      <form id="contact-form" className="stock-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id="name" label="姓名" required error={errors.name}>{input('name', { maxLength: 20 })}</Field>
        <Field id="phone" label="联系电话" required hint="手机或座机，5到20位" error={errors.phone}>{input('phone', { maxLength: 20, type: 'tel' })}</Field>
        <Field id="position" label="职务" hint="如 销售、仓库" error={errors.position}>{input('position', { maxLength: 20 })}</Field>
        <Field id="qq" label="QQ" error={errors.qq}>{input('qq', { maxLength: 12, inputMode: 'numeric' })}</Field>
        <Field id="wechat" label="微信号" error={errors.wechat}>{input('wechat', { maxLength: 20 })}</Field>
        <Field id="sort" label="排序" hint="数字小的排在前面" error={errors.sort}>{input('sort', { maxLength: 4, inputMode: 'numeric' })}</Field>
        {form.formError && <p role="alert" className="field-error" style={{ gridColumn: '1 / -1' }}>{form.formError}</p>}
      </form>
    </Dialog>
  );
}
