/**
 * 聊天设置 (/backend/quote/chat, M11-01): the company's quick replies (快捷回复), each in Chinese
 * and Vietnamese; the chat window's 快捷回复 menu inserts the one for the chat's language. A
 * declaration of the list block with add, edit and delete; the server holds the rules and the
 * limit, the page shows its words.
 */
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import * as v from 'valibot';
import { endpoints, IM_QUICK_REPLY_MAX, IM_QUICK_REPLY_PAGE, type QuickReply } from '../../../shared/contracts';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { quickRepliesQuery, socialKeys } from './queries';
import { useDeleteQuickReply, useSaveQuickReply } from './mutations';
import '../stock/stock.css';

export function QuickReplyPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const deleteQuickReply = useDeleteQuickReply();
  const [editing, setEditing] = useState<QuickReply | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const remove = async (r: QuickReply) => {
    if (!window.confirm(`删除快捷回复“${r.cn_message}”？`)) return;
    try {
      await deleteQuickReply.mutateAsync({ id: r.id });
      setStatus({ kind: 'ok', text: `已删除：${r.cn_message}` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<QuickReply, typeof socialKeys.quickReplies> = {
    title: '聊天设置 · 快捷回复',
    filters: [],
    query: () => quickRepliesQuery(),
    rowKey: (r) => r.id,
    columns: [
      { key: 'cn', header: '中文', width: '18rem', cell: (r) => r.cn_message },
      { key: 'vn', priority: 2, header: '越南语', width: '18rem', cell: (r) => r.vn_message || <span className="muted">（未填写，越南语聊天中插入中文）</span> },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (r) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.cn_message}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void remove(r)} aria-label={`删除 ${r.cn_message}`}>删除</button>
          </span>
        ),
      },
    ],
    empty: () => '还没有快捷回复。点右上角“添加快捷回复”，写下常用的话（中文和越南语），聊天时在“快捷回复”里一点就能插入。',
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<><span className="muted">最多 {IM_QUICK_REPLY_PAGE} 条</span><Button type="button" label="添加快捷回复" icon="pi pi-plus" onClick={() => setEditing('new')} /></>}
        status={status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'}>{status.text}</p>} />
      {editing && (
        <QuickReplyDialog reply={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
          onSaved={(r, created) => { setEditing(null); setStatus({ kind: 'ok', text: `${created ? '已添加' : '已保存'}：${r.cn_message}` }); }} />
      )}
    </>
  );
}

type Form = { cn_message: string; vn_message: string };

function QuickReplyDialog({ reply, onHide, onSaved }: { reply: QuickReply | null; onHide: () => void; onSaved: (r: QuickReply, created: boolean) => void }) {
  const form = useForm<Form>({ cn_message: reply?.cn_message ?? '', vn_message: reply?.vn_message ?? '' });
  const { values, set, errors } = form;
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const saveQuickReply = useSaveQuickReply();
  const submit = async () => {
    const payload = reply ? { id: reply.id, ...values } : values;
    if (!form.check(endpoints.quickReplySave.payload as v.GenericSchema, payload)) return;
    setBusy(true);
    try {
      onSaved(await saveQuickReply.mutateAsync({ payload, idempotencyKey: key.current }), !reply);
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={reply ? '编辑快捷回复' : '添加快捷回复'} visible modal onHide={onHide} style={{ width: 'min(36rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="quick-reply-form" label="保存" icon="pi pi-check" loading={busy} /></>}>
      <form id="quick-reply-form" className="stock-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id="cn_message" label="中文" required hint={`最多${IM_QUICK_REPLY_MAX}字`} error={errors.cn_message}>
          <InputTextarea id="cn_message" rows={3} value={values.cn_message} onChange={(e) => set('cn_message', e.target.value)} invalid={!!errors.cn_message} />
        </Field>
        <Field id="vn_message" label="越南语" hint="和越南客户聊天时插入这一句" error={errors.vn_message}>
          <InputTextarea id="vn_message" rows={3} value={values.vn_message} onChange={(e) => set('vn_message', e.target.value)} invalid={!!errors.vn_message} />
        </Field>
        {form.formError && <p role="alert" className="field-error" style={{ gridColumn: '1 / -1' }}>{form.formError}</p>}
      </form>
    </Dialog>
  );
}
