/**
 * 邀请客户 (/backend/customer/invitation, M04, docs/customers.md): the seller makes an invitation
 * link with a random code (used once, valid 1 to 90 days), shown as text to copy and as a QR code
 * to scan; a repair shop that registers through it becomes the seller's customer. The list of the
 * company's invitations is a declaration of the list block, with 作废 for an unused one.
 */
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { endpoints, type CustomerInvitation, type PayloadIn } from '../../../shared/contracts';
import { INVITATION_DAYS_DEFAULT, INVITATION_DAYS_MAX, INVITATION_NOTE_MAX, INVITATION_STATE_TEXT, invitationPath } from '../../../shared/domain/customer';
import { formatChina } from '../../../shared/domain/china-time';
import { msg } from '../../../shared/messages';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { QrCode } from '../../ui/QrCode';
import '../stock/stock.css';
import './customer.css';
import { customerKeys, invitationListQuery } from './queries';
import { useCreateInvitation, useRevokeInvitation } from './mutations';

const linkOf = (code: string) => `${window.location.origin}${invitationPath(code)}`;
const when = (seconds: number) => (seconds ? formatChina(seconds, 'YYYY-MM-DD HH:mm') : '—');

export function InvitationPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [shown, setShown] = useState<CustomerInvitation | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const form = useForm({ note: '', days: String(INVITATION_DAYS_DEFAULT) }, { idPrefix: 'invite-' });
  const key = useRef(crypto.randomUUID());
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const payload: PayloadIn<'customerInvitationCreate'> = { note: form.values.note, days: form.values.days.trim() === '' ? INVITATION_DAYS_DEFAULT : form.values.days.trim() };
    if (!form.check(endpoints.customerInvitationCreate.payload, payload)) return;
    setBusy(true);
    try {
      const inv = await create.mutateAsync({ payload, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      setShown(inv);
      form.setValues({ note: '', days: form.values.days });
      setStatus({ kind: 'ok', text: '邀请链接已生成：复制链接或让对方扫二维码注册' });
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };

  const revokeOne = async (inv: CustomerInvitation) => {
    if (!window.confirm(`作废这个邀请链接${inv.note ? `（${inv.note}）` : ''}？作废后不能再用它注册。`)) return;
    try {
      await revoke.mutateAsync({ id: inv.id });
      if (shown?.id === inv.id) setShown(null);
      setStatus({ kind: 'ok', text: '邀请链接已作废' });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const copy = async (inv: CustomerInvitation) => {
    try {
      await navigator.clipboard.writeText(linkOf(inv.code));
      setStatus({ kind: 'ok', text: msg.copySuccess });
    } catch {
      setStatus({ kind: 'error', text: '浏览器不允许复制，请长按或选中链接手动复制' });
    }
  };

  const def: ListDef<CustomerInvitation, ReturnType<typeof customerKeys.invitations>> = {
    title: '邀请记录',
    filters: [],
    query: (s) => invitationListQuery({ page_number: s.page ?? 1, page_size: s.size ?? 50 }),
    rowKey: (i) => i.id,
    rowLabel: (i) => i.note || `邀请 ${i.id}`,
    columns: [
      { key: 'note', header: '邀请备注', width: '10rem', cell: (i) => <div className="stock-key"><strong>{i.note || '（无备注）'}</strong><small className="muted">{i.created_by_name}</small></div> },
      { key: 'state', header: '状态', width: '5rem', cell: (i) => <span className={`invite-state-${i.state}`}>{INVITATION_STATE_TEXT[i.state]}</span> },
      { key: 'used_company', header: '注册企业', width: '11rem', cell: (i) => (i.used_company_name ? `${i.used_company_name} · ${when(i.used)}` : '—') },
      { key: 'created', header: '生成时间', width: '8.5rem', priority: 3, cell: (i) => when(i.created) },
      { key: 'expires', header: '有效期至', width: '8.5rem', priority: 2, cell: (i) => when(i.expires) },
      {
        key: 'actions', actions: true, header: '操作', width: '8rem',
        cell: (i) => i.state !== 'open' ? '—' : (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setShown(i)} aria-label={`查看邀请链接 ${i.note}`}>链接</button>
            <button type="button" className="linklike" onClick={() => void revokeOne(i)} aria-label={`作废邀请 ${i.note}`}>作废</button>
          </span>
        ),
      },
    ],
    empty: () => '还没有邀请链接。填上备注（如对方的店名）后点“生成邀请链接”，把链接或二维码发给修理厂，对方注册后就成为您的客户。',
  };

  return (
    <>
      <form className="invite-new" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-label="生成邀请链接">
        <p className="invite-new-title"><strong>邀请客户</strong><span className="muted">生成邀请链接或二维码发给修理厂，对方注册后即成为您的客户</span></p>
        <Field id={form.idOf('note')} label="邀请备注" hint={`如对方店名，最多${INVITATION_NOTE_MAX}个字`} error={form.errors.note}>
          <InputText {...form.text('note')} maxLength={INVITATION_NOTE_MAX} />
        </Field>
        <Field id={form.idOf('days')} label="有效天数" hint={`1至${INVITATION_DAYS_MAX}天`} error={form.errors.days}>
          <InputText {...form.text('days')} inputMode="numeric" maxLength={2} style={{ width: '6rem' }} />
        </Field>
        <Button type="submit" label="生成邀请链接" icon="pi pi-link" loading={busy} />
        {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
      </form>
      {shown && (
        <section className="invite-link" aria-label="邀请链接" data-testid="invite-link">
          <QrCode text={linkOf(shown.code)} size={132} label={`扫码注册：${shown.note || '邀请链接'}`} />
          <div className="invite-link-text">
            <strong>{shown.note || '邀请链接'}</strong> · 有效期至 {when(shown.expires)}，只能注册一家企业
            <code data-testid="invite-url">{linkOf(shown.code)}</code>
            <span className="stock-actions">
              <Button type="button" size="small" label="复制链接" icon="pi pi-copy" onClick={() => void copy(shown)} />
              <Button type="button" size="small" label="收起" outlined onClick={() => setShown(null)} />
            </span>
          </div>
        </section>
      )}
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="invite-status">{status.text}</p>} />
    </>
  );
}
