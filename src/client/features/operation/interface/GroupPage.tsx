/**
 * 接口权限组 (/operation/interface/group, D06; docs/open-platform.md, "Keys and signing"): the
 * scope bundles a company level may be given (interface/permission). A bundle in use cannot be
 * removed.
 */
import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { OPEN_SCOPE_LABELS, OPEN_SCOPES, type AnswerOf, type OpenBundle, type OpenScope } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { opOpenBundlesQuery, type opOpenKeys } from './queries';
import { useOpRemoveBundle, useOpSaveBundle } from './mutations';
import '../operation.css';

function BundleDialog({ bundle, onHide, onSaved }: { bundle: OpenBundle | null; onHide: () => void; onSaved: (b: OpenBundle) => void }) {
  const write = useOpSaveBundle();
  const form = useForm({ name: bundle?.name ?? '', scopes: (bundle?.scopes ?? []) as OpenScope[] }, { idPrefix: 'bundle-' });
  const toggle = (s: OpenScope) => form.set('scopes', form.values.scopes.includes(s) ? form.values.scopes.filter((x) => x !== s) : [...form.values.scopes, s]);
  const save = () => form.submit(write, { id: bundle?.id ?? 0, name: form.values.name.trim(), scopes: form.values.scopes }, onSaved);
  return (
    <Dialog header={bundle ? `修改权限组“${bundle.name}”` : '新增权限组'} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void save()} /></>}>
      <Field id="bundle-name" label="名称" required error={form.errors.name} hint="1–30 个字符">
        <InputText {...form.text('name')} maxLength={30} style={{ width: '100%' }} />
      </Field>
      <Field id="bundle-scopes" label="接口权限" required error={form.errors.scopes}>
        <div id="bundle-scopes" role="group" aria-label="接口权限" tabIndex={-1} style={{ display: 'grid', gap: '0.25rem' }}>
          {OPEN_SCOPES.map((s) => (
            <label key={s} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 44 }}>
              <input type="checkbox" checked={form.values.scopes.includes(s)} onChange={() => toggle(s)} /> {OPEN_SCOPE_LABELS[s]} <code>{s}</code>
            </label>
          ))}
        </div>
      </Field>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

export function GroupPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const remove = useOpRemoveBundle();
  const [editing, setEditing] = useState<OpenBundle | 'new' | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const doRemove = async (b: OpenBundle) => {
    if (!window.confirm(`删除权限组“${b.name}”？`)) return;
    try {
      await remove.mutateAsync({ id: b.id });
      setStatus({ ok: true, text: `已删除权限组“${b.name}”` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const def: ListDef<OpenBundle, ReturnType<typeof opOpenKeys.bundles>, AnswerOf<'opOpenBundleList'>> = {
    title: '接口权限组',
    filters: [],
    query: () => opOpenBundlesQuery(),
    rowKey: (r) => r.id,
    columns: [
      { key: 'name', header: '名称', width: '10rem', cell: (r) => r.name },
      { key: 'scopes', header: '接口权限', width: '22rem', cell: (r) => r.scopes.map((s) => OPEN_SCOPE_LABELS[s]).join('、') },
      { key: 'levels', priority: 2, header: '使用的会员等级', width: '12rem', cell: (r) => r.levels.join('、') || '—' },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (r) => (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`修改 ${r.name}`}>修改</button>
            {r.levels.length === 0 && <button type="button" className="linklike" onClick={() => void doRemove(r)} aria-label={`删除 ${r.name}`}>删除</button>}
          </span>
        ),
      },
    ],
    empty: () => '还没有权限组。点“新增权限组”，再到“等级权限”为会员等级选择。',
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch} toolbar={<Button label="新增权限组" icon="pi pi-plus" size="small" onClick={() => setEditing('new')} />}
        status={status && <p className={`op-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'}>{status.text}</p>} />
      {editing && (
        <BundleDialog bundle={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
          onSaved={(b) => { setEditing(null); setStatus({ ok: true, text: `已保存权限组“${b.name}”` }); }} />
      )}
    </>
  );
}
