/**
 * 海外 · 快捷回复 (/operation/foreign/quickReply): every company's quick replies in Chinese and
 * Vietnamese. A company writes its own (聊天设置); the operators fill in or correct the Vietnamese a
 * company left out, so a Vietnamese buyer reads every reply in its language. docs/overseas.md.
 */
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, ForeignQuickReply, PayloadIn } from '../../../../shared/contracts';
import { OP_FOREIGN_CODES } from '../../../../shared/domain/overseas';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { foreignQuickReplyListQuery, type foreignKeys } from './queries';
import { useSaveQuickReplyVn } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'foreignQuickReplyList'> => ({ ...textsOf(s, ['k', 'company']), missing_vn: oneOf(s, 'missing_vn', ['true'] as const), ...pagingOf(s) });

export function QuickReplyVnPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_FOREIGN_CODES.write);
  const [editing, setEditing] = useState<ForeignQuickReply | null>(null);
  const [status, setStatus] = useState('');
  const def: ListDef<ForeignQuickReply, ReturnType<typeof foreignKeys.quickReplyList>, AnswerOf<'foreignQuickReplyList'>> = {
    title: '海外快捷回复',
    filters: [
      { name: 'k', label: '内容', type: 'text', width: '12rem', primary: true },
      { name: 'company', label: '企业名称', type: 'text', width: '10rem' },
      { name: 'missing_vn', label: '越南语', type: 'select', options: [{ label: '未填越南语', value: 'true' }] },
    ],
    query: (s) => foreignQuickReplyListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'cn', header: '中文', width: '14rem', cell: (r) => r.cn_message },
      { key: 'vn', header: '越南语', width: '14rem', cell: (r) => r.vn_message || <span className="op-tag danger">未填</span> },
      { key: 'company', priority: 2, header: '企业', width: '10rem', cell: (r) => r.company_name },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (r) => (!canWrite ? '—' : <button type="button" className="linklike" aria-label={`填写越南语 ${r.id}`} onClick={() => setEditing(r)}>{r.vn_message ? '修改越南语' : '填写越南语'}</button>),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的快捷回复，换个条件试试。' : '还没有企业设置快捷回复（卖家在“聊天设置”中添加）。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch} status={status && <p className="op-status ok" role="status" data-testid="op-status">{status}</p>} />
      {editing && <VnDialog reply={editing} onClose={() => setEditing(null)} onSaved={(r) => { setStatus(`已保存越南语：${r.cn_message}`); setEditing(null); }} />}
    </>
  );
}

function VnDialog({ reply, onClose, onSaved }: { reply: ForeignQuickReply; onClose: () => void; onSaved: (r: ForeignQuickReply) => void }) {
  const f = useForm({ vn_message: reply.vn_message }, { idPrefix: 'qr-' });
  const write = useSaveQuickReplyVn();
  const save = () => {
    const payload = { id: reply.id, vn_message: f.values.vn_message };
    void f.submit(write, payload, () => onSaved({ ...reply, vn_message: payload.vn_message.trim() }));
  };
  return (
    <Dialog header="快捷回复的越南语" visible onHide={onClose} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" text onClick={onClose} /><Button label="保存" loading={f.busy} onClick={save} /></>}>
      <p><strong>{reply.company_name}</strong>：{reply.cn_message}</p>
      <form className="account-form" noValidate onSubmit={(e) => { e.preventDefault(); save(); }}>
        <Field id={f.idOf('vn_message')} label="越南语 · Tiếng Việt" required hint="最多200个字" error={f.errors.vn_message}>
          <InputTextarea {...f.text('vn_message')} rows={3} style={{ width: '100%' }} autoFocus />
        </Field>
        {f.formError && <p className="form-error" role="alert">{f.formError}</p>}
      </form>
    </Dialog>
  );
}
