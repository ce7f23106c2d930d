/**
 * 积分商品 (/operation/points/product, D10-03; docs/points.md): the points mall's products — name,
 * description, image, points, stock, 上架 / 下架 — added and edited in a dialog, audited. A
 * product is taken off sale, never deleted (redemptions name it).
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, PayloadIn, PointsProduct } from '../../../../shared/contracts';
import { formatChina } from '../../../../shared/domain/china-time';
import { POINTS_PRODUCT_DESCRIPTION_MAX, POINTS_PRODUCT_NAME_MAX } from '../../../../shared/domain/points';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { Field } from '../../../ui/form/Field';
import { errorText, useForm } from '../../../ui/form/form';
import { opPointsProductsQuery, type opPointsKeys } from './queries';
import { useSavePointsProduct, useTogglePointsProduct } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opPointsProducts'> => ({ k: text(s, 'k'), enabled: oneOf(s, 'enabled', ['true', 'false'] as const), ...pagingOf(s) });

function ProductDialog({ product, onHide, onSaved }: { product: PointsProduct | null; onHide: () => void; onSaved: (p: PointsProduct) => void }) {
  const form = useForm({
    name: product?.name ?? '', description: product?.description ?? '', image: product?.image ?? '',
    points: product ? String(product.points) : '', stock: product ? String(product.stock) : '', enabled: product?.enabled ?? true,
  }, { idPrefix: 'pproduct-' });
  const { values, errors } = form;
  const save = useSavePointsProduct();
  const submit = () => form.submit(save, {
    id: product?.id ?? 0, name: values.name, description: values.description, image: values.image, points: values.points.trim(), stock: values.stock.trim(), enabled: values.enabled,
  }, onSaved);
  return (
    <Dialog header={product ? '编辑积分商品' : '新增积分商品'} visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="保存" loading={form.busy} onClick={() => void submit()} /></>}>
      <div className="op-form">
        <Field id="pproduct-name" label="商品名称" error={errors.name} required><InputText {...form.text('name')} maxLength={POINTS_PRODUCT_NAME_MAX} /></Field>
        <Field id="pproduct-points" label="所需积分" error={errors.points} required><InputText {...form.text('points')} inputMode="numeric" /></Field>
        <Field id="pproduct-stock" label="库存" hint="兑换时扣减，取消兑换时退回" error={errors.stock} required><InputText {...form.text('stock')} inputMode="numeric" /></Field>
        <Field id="pproduct-image" label="商品图片地址" hint="上传后的图片地址（/api/uploads/…）或 https 地址；可不填" error={errors.image}><InputText {...form.text('image')} /></Field>
        <Field id="pproduct-description" label="商品说明" error={errors.description}>
          <InputTextarea id="pproduct-description" value={values.description} rows={3} maxLength={POINTS_PRODUCT_DESCRIPTION_MAX} onChange={(e) => form.set('description', e.target.value)} />
        </Field>
        <label className="op-product-enabled"><Checkbox inputId="pproduct-enabled" checked={values.enabled} onChange={(e) => form.set('enabled', e.checked === true)} /> 上架</label>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

export function PointsProductPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const [editing, setEditing] = useState<PointsProduct | 'new' | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const toggle = useTogglePointsProduct();
  const flip = async (p: PointsProduct) => {
    try {
      const { id, name, description, image, points, stock } = p;
      await toggle.mutateAsync({ payload: { id, name, description, image, points, stock, enabled: !p.enabled }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已${p.enabled ? '下架' : '上架'}：${p.name}` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const def: ListDef<PointsProduct, ReturnType<typeof opPointsKeys.products>, AnswerOf<'opPointsProducts'>> = {
    title: '积分商品',
    filters: [
      { name: 'k', label: '商品名称', type: 'text', width: '12rem', primary: true },
      { name: 'enabled', label: '状态', type: 'select', options: [{ label: '上架', value: 'true' }, { label: '下架', value: 'false' }] },
    ],
    query: (s) => opPointsProductsQuery(payloadOf(s)),
    rowKey: (p) => p.id,
    rowLabel: (p) => p.name,
    columns: [
      { key: 'name', header: '商品名称', width: '12rem', cell: (p) => <strong>{p.name}</strong> },
      { key: 'points', header: '所需积分', width: '6rem', num: true, cell: (p) => p.points },
      { key: 'stock', header: '库存', width: '5rem', num: true, cell: (p) => (p.stock === 0 ? <span className="op-tag danger">0</span> : p.stock) },
      { key: 'enabled', header: '状态', width: '4rem', cell: (p) => (p.enabled ? '上架' : <span className="op-tag danger">下架</span>) },
      { key: 'description', header: '商品说明', width: '14rem', priority: 2, cell: (p) => p.description || <span className="muted">—</span> },
      { key: 'updated', header: '最后修改', width: '9rem', priority: 3, cell: (p) => formatChina(p.updated_at, 'YYYY-MM-DD HH:mm') },
      {
        key: 'actions', actions: true, header: '操作', width: '6rem',
        cell: (p) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(p)} aria-label={`编辑 ${p.name}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => void flip(p)} aria-label={`${p.enabled ? '下架' : '上架'} ${p.name}`}>{p.enabled ? '下架' : '上架'}</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的积分商品，换个条件试试。' : '还没有积分商品。点“新增”填写名称、所需积分和库存，上架后企业即可在积分商城兑换。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button label="新增" icon="pi pi-plus" onClick={() => setEditing('new')} />}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {editing && <ProductDialog product={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
        onSaved={(p) => { setEditing(null); setStatus({ kind: 'ok', text: `已保存：${p.name}（${p.points} 积分，库存 ${p.stock}）` }); }} />}
    </>
  );
}
