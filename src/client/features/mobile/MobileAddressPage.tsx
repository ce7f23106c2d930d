import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import * as v from 'valibot';
import { ADDRESS_LIMIT, checkoutPayload, type Address } from '../../../shared/contracts';
import { OfflineError } from '../../api/request';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { addressListQuery } from '../address/queries';
import { MobilePage } from './MobilePage';
import { useAddressWrite, useDeleteAddress, useSaveAddress } from '../address/mutations';
import { mark, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';

type FieldName = 'contact_name' | 'contact_phone' | 'address';
const FIELDS: FieldName[] = ['contact_name', 'contact_phone', 'address'];
const LABEL: Record<FieldName, string> = { contact_name: mark('收货人'), contact_phone: mark('联系电话'), address: mark('收货地址') };
const fieldError = (name: FieldName, value: string) => {
  const r = v.safeParse(checkoutPayload.entries[name], value);
  return r.success ? '' : r.issues[0].message;
};
const OFFLINE = mark('当前离线，联网后再试；填写的内容还在');
const problem = (e: unknown) => (e instanceof OfflineError ? OFFLINE : e instanceof Error ? e.message : String(e));

type Form = { id?: number; contact_name: string; contact_phone: string; address: string; is_default: boolean };

/**
 * Add or edit one address with the order form's rules, a form of the form kit (docs/architecture.md,
 * "Forms"): the call's schema before sending, the server's refusal under its field, nothing typed lost.
 */
function AddressForm({ initial, onDone, onCancel }: { initial: Form; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const saveAddress = useAddressWrite();
  const form = useForm<Form>(initial, { idPrefix: 'm-address-', offline: OFFLINE });
  const { values: f, errors } = form;
  // a field says what is wrong as soon as it is left, with the same rule
  const blurred = (k: FieldName) => () => {
    const text = fieldError(k, f[k]);
    form.setErrors((x) => {
      const { [k]: _was, ...rest } = x;
      return text ? { ...rest, [k]: text } : rest;
    });
  };
  return (
    <form className="m-card" onSubmit={(e) => { e.preventDefault(); void form.submit(saveAddress, f, onDone); }} aria-label={f.id ? t('修改地址') : t('新增地址')} noValidate>
      <h2>{f.id ? t('修改地址') : t('新增地址')}</h2>
      {FIELDS.map((k) => (
        <div key={k} className="m-field">
          <Field id={form.idOf(k)} label={t(LABEL[k])} required error={errors[k]}>
            <InputText {...form.text(k)} inputMode={k === 'contact_phone' ? 'tel' : undefined} onBlur={blurred(k)} />
          </Field>
        </div>
      ))}
      <label className="m-row" style={{ marginBottom: 10 }}>
        <Checkbox checked={f.is_default} onChange={(e) => form.set('is_default', !!e.checked)} aria-label={t('设为默认地址')} /> {t('设为默认地址')}
      </label>
      {form.formError && <p className="m-alert" role="alert"><Refusal text={form.formError} /></p>}
      <div className="m-actions">
        <Button type="button" outlined label={t('取消')} onClick={onCancel} />
        <Button type="submit" label={t('保存')} loading={form.busy} />
      </div>
    </form>
  );
}

function AddressItem({ a, onEdit }: { a: Address; onEdit: () => void }) {
  const t = useT();
  const saveAddress = useSaveAddress();
  const deleteAddress = useDeleteAddress();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setFailure('');
    try {
      await fn();
    } catch (e) {
      setFailure(problem(e));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <article className="m-card" data-testid="address-item" aria-label={`${a.contact_name} ${a.address}`}>
      <div><strong data-user-text>{a.contact_name}</strong> <span data-user-text>{a.contact_phone}</span>{a.is_default && <span className="m-tag">{t('默认')}</span>}</div>
      <p className="m-muted" style={{ margin: '4px 0 8px', overflowWrap: 'anywhere' }} data-user-text>{a.address}</p>
      {failure && <p className="m-alert" role="alert"><Refusal text={failure} /></p>}
      <div className="m-actions">
        {!a.is_default && <Button type="button" size="small" outlined label={t('设为默认')} disabled={busy}
          onClick={() => void act(() => saveAddress.mutateAsync({ id: a.id, contact_name: a.contact_name, contact_phone: a.contact_phone, address: a.address, is_default: true }))} />}
        <Button type="button" size="small" outlined label={t('编辑')} onClick={onEdit} aria-label={t('编辑 {{name}} {{address}}', { name: a.contact_name, address: a.address })} />
        {confirming
          ? <Button type="button" size="small" severity="danger" label={t('确认删除')} loading={busy} onClick={() => void act(() => deleteAddress.mutateAsync({ id: a.id }))} />
          : <Button type="button" size="small" severity="danger" outlined label={t('删除')} onClick={() => setConfirming(true)} aria-label={t('删除 {{name}} {{address}}', { name: a.contact_name, address: a.address })} />}
      </div>
    </article>
  );
}

/** 收货地址 (/ofo/address): the company's address book — add, edit, set the default, delete — used at checkout. */
export function MobileAddressPage() {
  const t = useT();
  const q = useQuery(addressListQuery());
  const [editing, setEditing] = useState<Form | null>(null);
  const list = q.data ?? [];
  return (
    <MobilePage title={t('收货地址')} back="/im/profile">
      {editing ? (
        <AddressForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
      ) : (
        <Button type="button" icon="pi pi-plus" label={t('新增地址')} disabled={list.length >= ADDRESS_LIMIT}
          onClick={() => setEditing({ contact_name: '', contact_phone: '', address: '', is_default: list.length === 0 })} />
      )}
      {list.length >= ADDRESS_LIMIT && <p className="m-note">{t('地址簿最多 {{n}} 个地址', { n: ADDRESS_LIMIT })}</p>}
      {q.isPending && <div className="m-card" aria-busy="true">{t('正在加载…')}</div>}
      {q.isError && !q.data && <p className="m-alert" role="alert"><Refusal text={problem(q.error)} /></p>}
      {q.data && list.length === 0 && !editing && <div className="m-card m-empty"><i className="pi pi-map-marker" />{t('还没有收货地址。点“新增地址”填写收货人、电话和地址，结算时选用。')}</div>}
      {list.map((a) => <AddressItem key={a.id} a={a} onEdit={() => setEditing({ ...a })} />)}
    </MobilePage>
  );
}
