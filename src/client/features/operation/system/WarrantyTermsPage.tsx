/**
 * 质保条款 (/operation/system/warranty, D11-01; docs/warranty.md): the platform warranty's terms as a
 * declaration on the list block — name, months, the parts categories covered (none: all parts), the
 * description, 启用 / 停用 — with add and edit in a dialog. Terms are switched off, never deleted.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, PayloadIn, WarrantyTerm } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { WARRANTY_DESCRIPTION_MAX, WARRANTY_MONTHS_MAX, WARRANTY_MONTHS_MIN, WARRANTY_NAME_MAX, warrantyText } from '../../../../shared/domain/warranty';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { sysKeys, warrantyTermsQuery } from './queries';
import { useSaveWarrantyTerm } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opWarrantyTerms'> => ({ k: text(s, 'k'), enabled: oneOf(s, 'enabled', ['true', 'false'] as const), ...pagingOf(s) });
/** 保养件、易损件 or 保养件,易损件 → the list; empty: all parts */
const categoriesOf = (typed: string) => [...new Set(typed.split(/[、,，;；\s]+/).map((c) => c.trim()).filter(Boolean))];
const coverText = (t: WarrantyTerm) => (t.categories.length === 0 ? '全部配件' : t.categories.join('、'));

export function WarrantyTermsPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const save = useSaveWarrantyTerm();
  const [editing, setEditing] = useState<WarrantyTerm | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const toggle = async (t: WarrantyTerm) => {
    try {
      const { name, months, categories, description } = t;
      await save.mutateAsync({ payload: { id: t.id, name, months, categories, description, enabled: !t.enabled }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已${t.enabled ? '停用' : '启用'}：${t.name}` });
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };
  const def: ListDef<WarrantyTerm, ReturnType<typeof sysKeys.warrantyTermList>, AnswerOf<'opWarrantyTerms'>> = {
    title: '质保条款',
    filters: [
      { name: 'k', label: '条款名称', type: 'text', width: '12rem', primary: true },
      { name: 'enabled', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] },
    ],
    query: (s) => warrantyTermsQuery(payloadOf(s)),
    rowKey: (t) => t.id,
    rowLabel: (t) => t.name,
    columns: [
      { key: 'name', header: '条款名称', width: '10rem', cell: (t) => <strong>{t.name}</strong> },
      { key: 'months', header: '质保月数', width: '5rem', num: true, cell: (t) => `${t.months}个月` },
      { key: 'cover', header: '适用配件', width: '9rem', cell: coverText },
      { key: 'enabled', header: '状态', width: '4rem', cell: (t) => (t.enabled ? '启用' : <span className="op-tag danger">停用</span>) },
      { key: 'description', header: '条款说明', width: '16rem', priority: 2, cell: (t) => t.description || <span className="muted">—</span> },
      { key: 'updated', header: '最后修改', width: '9rem', priority: 3, cell: (t) => `${formatChina(t.updated_at, 'YYYY-MM-DD HH:mm')} ${t.updated_by}` },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (t) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(t)} aria-label={`编辑 ${t.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(t)} aria-label={`${t.enabled ? '停用' : '启用'} ${t.name}`}>{t.enabled ? '停用' : '启用'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的质保条款，换个条件试试。' : '还没有质保条款。点“新增”设置质保月数和适用配件后，购买了平台质保的卖家的商品会带“质保”标记。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {editing && <TermDialog term={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(t) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${t.name}（${t.months}个月，${coverText(t)}）` }); }} />}
    </>
  );
}

function TermDialog({ term, onHide, onSaved }: { term: WarrantyTerm | null; onHide: () => void; onSaved: (t: WarrantyTerm) => void }) {
  const form = useForm({
    name: term?.name ?? '', months: String(term?.months ?? 12), categories: term?.categories.join('、') ?? '', description: term?.description ?? '', enabled: term?.enabled ?? true,
  }, { idPrefix: 'warranty-' });
  const { values, set, errors } = form;
  const save = useSaveWarrantyTerm();
  const submit = async () => {
    const months = /^\d{1,2}$/.test(values.months.trim()) ? Number(values.months.trim()) : 0;
    if (months < WARRANTY_MONTHS_MIN || months > WARRANTY_MONTHS_MAX) return form.setErrors({ months: warrantyText.months });
    await form.submit(save, { id: term?.id ?? 0, name: values.name, months, categories: categoriesOf(values.categories), description: values.description, enabled: values.enabled }, onSaved);
  };
  return (
    <Dialog header={term ? '编辑质保条款' : '新增质保条款'} visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <Field id="warranty-name" label="条款名称" error={errors.name} required>
          <InputText id="warranty-name" value={values.name} maxLength={WARRANTY_NAME_MAX} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="warranty-months" label={`质保月数（${WARRANTY_MONTHS_MIN}–${WARRANTY_MONTHS_MAX}）`} hint="买家确认收货后的这些月内，可就质量问题申请售后" error={errors.months} required>
          <InputText id="warranty-months" inputMode="numeric" value={values.months} onChange={(e) => set('months', e.target.value)} />
        </Field>
        <Field id="warranty-categories" label="适用配件分类" hint="商品的“配件分类”，如 保养件、易损件；多个用顿号或逗号分开；不填为全部配件" error={errors.categories}>
          <InputText id="warranty-categories" value={values.categories} onChange={(e) => set('categories', e.target.value)} />
        </Field>
        <Field id="warranty-description" label="条款说明" error={errors.description}>
          <InputTextarea id="warranty-description" value={values.description} rows={3} maxLength={WARRANTY_DESCRIPTION_MAX} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <label className="op-product-enabled">
          <Checkbox inputId="warranty-enabled" checked={values.enabled} onChange={(e) => set('enabled', e.checked === true)} /> 启用
        </label>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
