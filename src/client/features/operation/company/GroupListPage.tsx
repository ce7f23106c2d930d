/**
 * 企业分组 (/operation/company/group, D02-01; changes D02-02): the operations team's named groups of
 * companies (重点客户, 华南经销商 …), newest change first. A name opens the group, where companies are
 * added and removed and a notice is sent to all of them; companies also join a group from the
 * company list's batch selection. A declaration on the list block; new and edit in GroupDialog.
 */
import { useState } from 'react';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, OpGroupRow, PayloadIn } from '../../../../shared/contracts';
import { OP_GROUP_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { pagingOf, textsOf } from '../list-payload';
import { companyGroupListQuery, type opCompanyKeys } from './queries';
import { useSaveGroup } from './mutations';
import { when } from '../format';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opGroupList'> => ({ ...textsOf(s, ['k']), ...pagingOf(s) });

export function GroupListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_GROUP_CODES.write);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const def: ListDef<OpGroupRow, ReturnType<typeof opCompanyKeys.companyGroupList>, AnswerOf<'opGroupList'>> = {
    title: '企业分组',
    filters: [{ name: 'k', label: '分组名称 / 说明', type: 'text', width: '12rem' }],
    query: (s) => companyGroupListQuery(payloadOf(s)),
    rowKey: (g) => g.id,
    columns: [
      {
        key: 'name', header: '分组', width: '10rem',
        cell: (g) => <Link to="/operation/company/group/edit" search={{ id: g.id }}><strong>{g.name}</strong></Link>,
      },
      { key: 'description', priority: 3, header: '说明', width: '13rem', cell: (g) => <span className="op-wrap">{g.description || <span className="muted">—</span>}</span> },
      { key: 'members', priority: 2, header: '企业数', width: '4.5rem', num: true, cell: (g) => g.member_count },
      { key: 'messages', priority: 3, header: '群发', width: '7.5rem', cell: (g) => (g.message_count ? <>{g.message_count} 次<br /><small className="muted">最近 {when(g.last_message_at)}</small></> : <span className="muted">未群发</span>) },
      { key: 'updated', priority: 3, header: '最近修改', width: '8.5rem', cell: (g) => when(g.updated_at) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的分组，换个名称试试。'
      : canWrite ? '还没有企业分组。点“新建分组”建一个（如“重点客户”），再在企业列表勾选企业加入。' : '还没有企业分组。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={canWrite ? <Button label="新建分组" icon="pi pi-plus" onClick={() => setCreating(true)} /> : undefined} />
      {creating && (
        <GroupDialog group={null} onHide={() => setCreating(false)} onSaved={(g) => {
          setCreating(false);
          void navigate({ to: '/operation/company/group/edit', search: { id: g.id } });
        }} />
      )}
    </>
  );
}

/** New (group null) or edit a group's name and description. */
export function GroupDialog({ group, onHide, onSaved }: { group: OpGroupRow | null; onHide: () => void; onSaved: (g: OpGroupRow) => void | Promise<void> }) {
  const form = useForm({ name: group?.name ?? '', description: group?.description ?? '' });
  const { values, set, errors } = form;
  const saveGroup = useSaveGroup();
  const save = () => form.submit(saveGroup, { id: group?.id ?? 0, ...values }, onSaved);
  return (
    <Dialog header={group ? `编辑分组（${group.name}）` : '新建企业分组'} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void save()} /></>}>
      <Field id="name" label="分组名称" hint="2–20个字符，不能与其他分组重复；只有运营看得到，企业看不到" error={errors.name} required>
        <InputText id="name" value={values.name} maxLength={20} invalid={!!errors.name} style={{ width: '100%' }} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id="description" label="说明" hint="这个分组是哪些企业、做什么用，最多200个字符" error={errors.description}>
        <InputTextarea id="description" value={values.description} rows={3} maxLength={200} autoResize invalid={!!errors.description} style={{ width: '100%' }}
          onChange={(e) => set('description', e.target.value)} />
      </Field>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
