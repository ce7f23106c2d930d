/**
 * ERP 产品 (/operation/system/erps, D11-01; docs/open-platform.md, "ERP and the operator's pages"):
 * the ERP products a company can pick, one declaration on the list block, with add and edit in a
 * dialog and 停用 / 启用 per row or in bulk. Products are never deleted.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, ErpProduct, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { activeOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { erpProductsQuery, type opErpKeys } from './queries';
import { useSaveErpProduct, useSetErpProductsActive } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opErpList'> => ({ k: text(s, 'k'), active: activeOf(s), ...pagingOf(s) });

export function ErpsPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const setProductsActive = useSetErpProductsActive();
  const [editing, setEditing] = useState<ErpProduct | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const setActive = async (ids: number[], active: boolean) => {
    const r = await setProductsActive.mutateAsync({ ids, active });
    setStatus({ kind: 'ok', text: `已${active ? '启用' : '停用'} ${r.changed} 个 ERP 产品` });
  };
  const toggle = async (e: ErpProduct) => {
    try {
      await setActive([e.id], !e.active);
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
    }
  };
  const bulk: BulkAction[] = [
    { label: '停用', icon: 'pi pi-ban', danger: true, confirm: (n) => `停用选中的 ${n} 个 ERP 产品？已选用的企业保留其选择。`, run: (ids) => setActive(ids, false) },
    { label: '启用', icon: 'pi pi-check', run: (ids) => setActive(ids, true) },
  ];
  const def: ListDef<ErpProduct, ReturnType<typeof opErpKeys.products>, AnswerOf<'opErpList'>> = {
    title: 'ERP 产品',
    filters: [
      { name: 'k', label: '名称 / 厂商', type: 'text', width: '12rem' },
      { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] },
    ],
    query: (s) => erpProductsQuery(payloadOf(s)),
    rowKey: (e) => e.id,
    rowLabel: (e) => e.name,
    bulkActions: bulk,
    columns: [
      { key: 'name', header: '名称', width: '9rem', cell: (e) => <strong>{e.name}</strong> },
      { key: 'vendor', priority: 2, header: '厂商', width: '8rem', cell: (e) => e.vendor || '—' },
      { key: 'note', priority: 3, header: '说明', width: '14rem', cell: (e) => e.note || '—' },
      { key: 'companies', priority: 2, header: '选用企业', width: '5rem', num: true, cell: (e) => e.companies },
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
    empty: (filtered) => (filtered ? '没有符合条件的 ERP 产品，换个条件试试。' : '还没有 ERP 产品，点“新增”添加企业常用的 ERP（如管家婆、用友、金蝶）。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {editing && <ProductDialog product={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(e) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${e.name}` }); }} />}
    </>
  );
}

function ProductDialog({ product, onHide, onSaved }: { product: ErpProduct | null; onHide: () => void; onSaved: (e: ErpProduct) => void }) {
  const form = useForm({ name: product?.name ?? '', vendor: product?.vendor ?? '', note: product?.note ?? '', sort: String(product?.sort ?? 0) }, { idPrefix: 'erp-' });
  const { values, set, errors } = form;
  const save = useSaveErpProduct();
  return (
    <Dialog header={product ? '编辑 ERP 产品' : '新增 ERP 产品'} visible onHide={onHide} style={{ width: '36rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void form.submit(save, { id: product?.id ?? 0, ...values }, onSaved)} /></>}>
      <div className="op-form">
        <Field id="erp-name" label="名称" error={errors.name} required>
          <InputText id="erp-name" value={values.name} maxLength={30} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="erp-vendor" label="厂商" error={errors.vendor}>
          <InputText id="erp-vendor" value={values.vendor} maxLength={40} onChange={(e) => set('vendor', e.target.value)} />
        </Field>
        <Field id="erp-sort" label="排序（小的在前）" error={errors.sort}>
          <InputText id="erp-sort" inputMode="numeric" value={values.sort} onChange={(e) => set('sort', e.target.value)} />
        </Field>
        <Field id="erp-note" label="说明" hint="最多200个字符" error={errors.note}>
          <InputTextarea id="erp-note" value={values.note} rows={3} onChange={(e) => set('note', e.target.value)} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
