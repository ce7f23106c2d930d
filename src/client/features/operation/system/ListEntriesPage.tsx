/**
 * 数据字典 (/operation/system/dictionary), 商圈 (/operation/system/tradeArea) and 企业标签
 * (/operation/system/label), D11-01: one declaration on the list block per kind, with search,
 * add and edit in a dialog, and 停用 / 启用 per row or in bulk. Entries are never deleted.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type AnswerOf, type ListEntry, type PayloadIn } from '../../../../shared/contracts';
import { PLATFORM_LISTS, type PlatformListKind } from '../../../../shared/domain/platform-lists';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { activeOf, pagingOf, textsOf } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { entriesQuery, sysKeys } from './queries';
import { useSaveListEntry, useSetListEntriesActive } from './mutations';
import '../operation.css';


const payloadOf = (kind: PlatformListKind, s: ListSearch): PayloadIn<'opListEntries'> => ({
  kind, ...textsOf(s, ['k', 'group_name']), active: activeOf(s), ...pagingOf(s),
});

export function ListEntriesPage({ kind, search, onSearch }: { kind: PlatformListKind; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const w = PLATFORM_LISTS[kind];
  const setEntriesActive = useSetListEntriesActive();
  const [editing, setEditing] = useState<ListEntry | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const setActive = async (ids: number[], active: boolean) => {
    const r = await setEntriesActive.mutateAsync({ kind, ids, active });
    setStatus({ kind: 'ok', text: `已${active ? '启用' : '停用'} ${r.changed} 个${w.title === '数据字典' ? '字典项' : w.title}` });
  };
  const toggle = async (e: ListEntry) => {
    try {
      await setActive([e.id], !e.active);
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };
  const bulk: BulkAction[] = [
    { label: '停用', icon: 'pi pi-ban', danger: true, confirm: (n) => `停用选中的 ${n} 项？`, run: (ids) => setActive(ids, false) },
    { label: '启用', icon: 'pi pi-check', run: (ids) => setActive(ids, true) },
  ];
  const def: ListDef<ListEntry, ReturnType<typeof sysKeys.listEntries>, AnswerOf<'opListEntries'>> = {
    title: w.title,
    filters: [
      { name: 'k', label: w.code ? `${w.name} / ${w.code}` : w.name, type: 'text', width: '12rem' },
      ...(w.group ? [{ name: 'group_name', label: w.group, type: 'text' as const, width: '9rem' }] : []),
      { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] },
    ],
    query: (s) => entriesQuery(payloadOf(kind, s)),
    rowKey: (e) => e.id,
    rowLabel: (e) => e.name,
    bulkActions: bulk,
    columns: [
      { key: 'name', header: w.name, width: '10rem', cell: (e) => <strong>{e.name}</strong> },
      ...(w.group ? [{ key: 'group', priority: 2 as const, header: w.group, width: '7rem', cell: (e: ListEntry) => e.group_name }] : []),
      ...(w.code ? [{ key: 'code', priority: 2 as const, header: w.code, width: '6rem', cell: (e: ListEntry) => <code>{e.code}</code> }] : []),
      { key: 'sort', priority: 3, header: '排序', width: '3rem', num: true, cell: (e) => e.sort },
      { key: 'active', header: '状态', width: '4rem', cell: (e) => (e.active ? '启用' : <span className="op-tag danger">停用</span>) },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (e) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(e)} aria-label={`编辑 ${e.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(e)} aria-label={`${e.active ? '停用' : '启用'} ${e.name}`}>{e.active ? '停用' : '启用'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的条目，换个条件试试。' : `还没有${w.title}，点“新增”添加。`),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {editing && <EntryDialog kind={kind} entry={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(e) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${e.name}` }); }} />}
    </>
  );
}

function EntryDialog({ kind, entry, onHide, onSaved }: { kind: PlatformListKind; entry: ListEntry | null; onHide: () => void; onSaved: (e: ListEntry) => void }) {
  const w = PLATFORM_LISTS[kind];
  const form = useForm({ group_name: entry?.group_name ?? '', code: entry?.code ?? '', name: entry?.name ?? '', sort: String(entry?.sort ?? 0) });
  const { values, set, errors } = form;
  const saveEntry = useSaveListEntry(kind);
  const save = async () => {
    // the kind's own required fields, which the call's schema (one for every kind) leaves optional
    if (w.group && !values.group_name.trim()) return form.setErrors({ group_name: `请填写${w.group}` });
    if (w.code && !values.code.trim()) return form.setErrors({ code: `请填写${w.code}` });
    await form.submit(saveEntry, { id: entry?.id ?? 0, kind, ...values }, onSaved);
  };
  return (
    <Dialog header={`${entry ? '编辑' : '新增'}${w.title === '数据字典' ? '字典项' : w.title}`} visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void save()} /></>}>
      <div className="op-form">
        {w.group && (
          <Field id="group_name" label={w.group} error={errors.group_name} required>
            <InputText id="group_name" value={values.group_name} maxLength={30} onChange={(e) => set('group_name', e.target.value)} />
          </Field>
        )}
        {w.code && (
          <Field id="code" label={w.code} hint="字母、数字、下划线、点或短横线" error={errors.code} required>
            <InputText id="code" value={values.code} maxLength={30} onChange={(e) => set('code', e.target.value)} />
          </Field>
        )}
        <Field id="name" label={w.name} error={errors.name} required>
          <InputText id="name" value={values.name} maxLength={40} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="sort" label="排序（小的在前）" error={errors.sort}>
          <InputText id="sort" inputMode="numeric" value={values.sort} onChange={(e) => set('sort', e.target.value)} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
