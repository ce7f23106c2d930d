/**
 * 品牌 (/operation/product/brand) and 车型品牌 (/operation/product/carBrand), D04-01 to read and
 * D04-02 to change: the part brands and car makes that stock, search and import use. Each is a
 * declaration on the list block with add and edit in a dialog and 停用 / 启用 per row or in bulk.
 */
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type AnswerOf, type OpBrandRow, type OpMakeRow, type PayloadIn } from '../../../../shared/contracts';
import { OP_CATALOGUE_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { activeOf, pagingOf, text } from '../list-payload';
import { UploadButton } from '../../upload/UploadButton';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { brandListQuery, makeListQuery, prodKeys } from './queries';
import { useSaveBrand, useSaveMake, useSetBrandsActive, useSetMakesActive } from './mutations';
import '../operation.css';

const ACTIVE_FILTER = { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '停用', value: 'false' }] } as const;
const ActiveCell = ({ active }: { active: boolean }) => (active ? <>启用</> : <span className="op-tag danger">停用</span>);
type Status = { kind: 'ok' | 'error'; text: string } | null;
const StatusLine = ({ status }: { status: Status }) =>
  status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>;

const useCanWrite = () => {
  const { session } = useRouteContext({ from: '__root__' });
  return hasAnyPermission(session.user?.permissions ?? [], OP_CATALOGUE_CODES.productWrite);
};

/** 停用 / 启用 of brands or makes, per row or in bulk, saying what happened. */
const useToggle = (write: ReturnType<typeof useSetBrandsActive | typeof useSetMakesActive>, what: string, setStatus: (s: Status) => void) => {
  const setActive = async (ids: number[], active: boolean) => {
    const r = await write.mutateAsync({ ids, active });
    setStatus({ kind: 'ok', text: `已${active ? '启用' : '停用'} ${r.changed} 个${what}` });
  };
  const toggle = async (id: number, active: boolean) => {
    try {
      await setActive([id], active);
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const bulk: BulkAction[] = [
    { label: '停用', icon: 'pi pi-ban', danger: true, confirm: (n) => `停用选中的 ${n} 个${what}？卖家选择和导入时不再出现，已有库存不变。`, run: (ids) => setActive(ids, false) },
    { label: '启用', icon: 'pi pi-check', run: (ids) => setActive(ids, true) },
  ];
  return { toggle, bulk };
};

const brandPayload = (s: ListSearch): PayloadIn<'opBrandList'> => ({ k: text(s, 'k'), active: activeOf(s), ...pagingOf(s) });

export function BrandListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<OpBrandRow | 'new' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const setBrandsActive = useSetBrandsActive();
  const { toggle, bulk } = useToggle(setBrandsActive, '配件品牌', setStatus);
  const def: ListDef<OpBrandRow, ReturnType<typeof prodKeys.brandList>, AnswerOf<'opBrandList'>> = {
    title: '配件品牌',
    filters: [{ name: 'k', label: '品牌名称 / ID', type: 'text', width: '12rem' }, ACTIVE_FILTER],
    query: (s) => brandListQuery(brandPayload(s)),
    rowKey: (b) => b.id,
    rowLabel: (b) => b.name,
    bulkActions: canWrite ? bulk : undefined,
    columns: [
      { key: 'id', header: 'ID', width: '2.5rem', num: true, cell: (b) => b.id },
      { key: 'name', header: '品牌名称', width: '8rem', cell: (b) => <strong>{b.name}</strong> },
      { key: 'merged', priority: 3, header: '已合并的写法', width: '8rem', cell: (b) => (b.merged_names.length ? b.merged_names.join('、') : <span className="muted">—</span>) },
      { key: 'rows', priority: 2, header: '库存条数', width: '5rem', num: true, cell: (b) => b.stock_rows },
      { key: 'on', priority: 2, header: '在售', width: '3.5rem', num: true, cell: (b) => b.stock_on },
      { key: 'active', header: '状态', width: '4rem', cell: (b) => <ActiveCell active={b.active} /> },
      ...(canWrite ? [{
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (b: OpBrandRow) => (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => setEditing(b)} aria-label={`编辑 ${b.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(b.id, !b.active)} aria-label={`${b.active ? '停用' : '启用'} ${b.name}`}>{b.active ? '停用' : '启用'}</button>
          </span>
        ),
      }] : []),
    ],
    empty: (filtered) => (filtered ? '没有符合条件的品牌，换个条件试试。' : '还没有配件品牌，点“新增”添加。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch} status={<StatusLine status={status} />}
        toolbar={canWrite ? <Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} /> : undefined} />
      {editing && <BrandDialog brand={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(b) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${b.name}` }); }} />}
    </>
  );
}

function BrandDialog({ brand, onHide, onSaved }: { brand: OpBrandRow | null; onHide: () => void; onSaved: (b: OpBrandRow) => void }) {
  const form = useForm({ name: brand?.name ?? '' }, { idPrefix: 'brand-' });
  const saveBrand = useSaveBrand();
  const save = () => form.submit(saveBrand, { id: brand?.id ?? 0, name: form.values.name }, onSaved);
  return (
    <Dialog header={brand ? '编辑配件品牌' : '新增配件品牌'} visible onHide={onHide} style={{ width: '28rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void save()} /></>}>
      <Field id="brand-name" label="品牌名称" hint="不分大小写和首尾空格，不能与已有品牌或已合并的写法重复" error={form.errors.name} required>
        <InputText id="brand-name" value={form.values.name} maxLength={40} onChange={(e) => form.set('name', e.target.value)} />
      </Field>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

const makePayload = (s: ListSearch): PayloadIn<'opMakeList'> => ({
  k: text(s, 'k'), initial: /^[A-Za-z]$/.test(text(s, 'initial')) ? text(s, 'initial').toUpperCase() : '', active: activeOf(s), ...pagingOf(s),
});
const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

export function MakeListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<OpMakeRow | 'new' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const setMakesActive = useSetMakesActive();
  const { toggle, bulk } = useToggle(setMakesActive, '车型品牌', setStatus);
  const def: ListDef<OpMakeRow, ReturnType<typeof prodKeys.makeList>, AnswerOf<'opMakeList'>> = {
    title: '车型品牌',
    filters: [
      { name: 'k', label: '品牌名称', type: 'text', width: '10rem' },
      { name: 'initial', label: '首字母', type: 'select', options: LETTERS.map((l) => ({ label: l, value: l })) },
      ACTIVE_FILTER,
    ],
    query: (s) => makeListQuery(makePayload(s)),
    rowKey: (m) => m.id,
    rowLabel: (m) => m.name,
    bulkActions: canWrite ? bulk : undefined,
    columns: [
      { key: 'logo', priority: 3, header: '标志', width: '3.5rem', cell: (m) => (m.logo ? <img src={m.logo} alt={`${m.name} 标志`} className="op-make-logo" /> : <span className="muted">—</span>) },
      { key: 'initial', priority: 2, header: '首字母', width: '3.5rem', cell: (m) => m.initial },
      { key: 'name', header: '车型品牌', width: '8rem', cell: (m) => <strong>{m.name}</strong> },
      { key: 'country', priority: 3, header: '国家', width: '5rem', cell: (m) => m.country || '—' },
      { key: 'rows', priority: 2, header: '库存条数', width: '5rem', num: true, cell: (m) => m.stock_rows },
      { key: 'active', header: '状态', width: '4rem', cell: (m) => <ActiveCell active={m.active} /> },
      ...(canWrite ? [{
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (m: OpMakeRow) => (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => setEditing(m)} aria-label={`编辑 ${m.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void toggle(m.id, !m.active)} aria-label={`${m.active ? '停用' : '启用'} ${m.name}`}>{m.active ? '停用' : '启用'}</button>
          </span>
        ),
      }] : []),
    ],
    empty: (filtered) => (filtered ? '没有符合条件的车型品牌，换个条件试试。' : '还没有车型品牌，点“新增”添加。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch} status={<StatusLine status={status} />}
        toolbar={canWrite ? <Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} /> : undefined} />
      {editing && <MakeDialog make={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(m) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${m.name}` }); }} />}
    </>
  );
}

function MakeDialog({ make, onHide, onSaved }: { make: OpMakeRow | null; onHide: () => void; onSaved: (m: OpMakeRow) => void }) {
  const form = useForm({ name: make?.name ?? '', initial: make?.initial ?? '', logo: make?.logo ?? '', country: make?.country ?? '' }, { idPrefix: 'make-' });
  const { values, set, errors } = form;
  const saveMake = useSaveMake();
  const save = () => form.submit(saveMake, { id: make?.id ?? 0, ...values }, onSaved);
  return (
    <Dialog header={make ? '编辑车型品牌' : '新增车型品牌'} visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void save()} /></>}>
      <div className="op-form">
        <Field id="make-name" label="车型品牌名称" error={errors.name} required>
          <InputText id="make-name" value={values.name} maxLength={30} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="make-initial" label="首字母" hint="A–Z，车型选择按它分组" error={errors.initial} required>
          <InputText id="make-initial" value={values.initial} maxLength={2} onChange={(e) => set('initial', e.target.value)} />
        </Field>
        <Field id="make-country" label="国家" error={errors.country}>
          <InputText id="make-country" value={values.country} maxLength={20} onChange={(e) => set('country', e.target.value)} />
        </Field>
        <Field id="make-logo" label="标志" hint="JPG 或 PNG" error={errors.logo}>
          <span className="op-upload">
            {values.logo && <img src={values.logo} alt="标志预览" className="op-make-logo" />}
            <UploadButton label={values.logo ? '更换标志' : '上传标志'} onUploaded={(url) => set('logo', url)} onProblem={(t) => form.setErrors({ logo: t })} />
            {values.logo && <button type="button" className="linklike" onClick={() => set('logo', '')}>移除</button>}
          </span>
          <input id="make-logo" type="hidden" value={values.logo} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
