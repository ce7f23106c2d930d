/**
 * 仓库设置 (/backend/product/warehouse, M03, docs/warehouse.md): the company's warehouses (add,
 * edit, stop or delete) and their shelf locations as a declaration of the list block, with a range
 * of labels created at once (A-01-01 至 A-01-20) and each location's rows and pieces.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Checkbox } from 'primereact/checkbox';
import type { PayloadIn, Warehouse, WarehouseLocation } from '../../../shared/contracts';
import { locationCodeProblem, LOCATION_NOTE_MAX, normalizeLocationCode, WAREHOUSE_ADDRESS_MAX, WAREHOUSE_NAME_MAX, WAREHOUSE_NOTE_MAX } from '../../../shared/domain/warehouse';
import { ListPage, type ListDef, type ListFilter } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { errorText, useForm } from '../../ui/form/form';
import { Field } from '../../ui/form/Field';
import { endpoints } from '../../../shared/contracts';
import { locationListQuery, warehouseKeys, warehousesQuery } from './queries';
import { useCreateLocations, useDeleteLocation, useDeleteWarehouse, useSaveWarehouse, useUpdateLocation } from './mutations';
import '../stock/stock.css';
import './warehouse.css';

const payloadOf = (s: ListSearch): PayloadIn<'locationList'> => ({
  warehouse_id: s.warehouse_id === undefined ? null : Number(s.warehouse_id),
  keyword: s.keyword === undefined ? '' : String(s.keyword),
  active: s.active === 'on' || s.active === 'off' ? s.active : '',
  page_number: s.page ?? 1,
  page_size: s.size ?? 100,
});

type Status = { kind: 'ok' | 'error'; text: string } | null;

function WarehouseDialog({ warehouse, onHide, onSaved }: { warehouse: Warehouse | null; onHide: () => void; onSaved: (w: Warehouse, created: boolean) => void }) {
  const form = useForm({ name: warehouse?.name ?? '', address: warehouse?.address ?? '', note: warehouse?.note ?? '', active: warehouse?.active ?? true }, { idPrefix: 'wh-' });
  const save = useSaveWarehouse();
  const [key] = useState(() => crypto.randomUUID());
  const submit = async () => {
    const payload = form.values;
    if (!form.check(endpoints.warehouseCreate.payload, payload)) return;
    try {
      onSaved(await save.mutateAsync({ id: warehouse?.id ?? null, payload, idempotencyKey: key }), warehouse === null);
    } catch (e) {
      form.refuse(e);
    }
  };
  return (
    <Dialog header={warehouse ? `编辑仓库 · ${warehouse.name}` : '新建仓库'} visible modal onHide={onHide} style={{ width: 'min(30rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="wh-form" label="保存" icon="pi pi-check" loading={save.isPending} /></>}>
      <form id="wh-form" className="wh-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field id={form.idOf('name')} label="仓库名称" required hint={`最多${WAREHOUSE_NAME_MAX}个字，如 主仓、二号仓；导入时写在库位码前：主仓/A-01-03`} error={form.errors.name}>
          <InputText {...form.text('name')} maxLength={WAREHOUSE_NAME_MAX} />
        </Field>
        <Field id={form.idOf('address')} label="地址" hint={`最多${WAREHOUSE_ADDRESS_MAX}个字`} error={form.errors.address}>
          <InputText {...form.text('address')} maxLength={WAREHOUSE_ADDRESS_MAX} />
        </Field>
        <Field id={form.idOf('note')} label="备注" hint={`最多${WAREHOUSE_NOTE_MAX}个字`} error={form.errors.note}>
          <InputText {...form.text('note')} maxLength={WAREHOUSE_NOTE_MAX} />
        </Field>
        {warehouse && (
          <div className="wh-check">
            <Checkbox inputId="wh-active" checked={form.values.active} onChange={(e) => form.set('active', !!e.checked)} />
            <label htmlFor="wh-active">启用（停用的仓库不能再放入库存，已有的库存不受影响）</label>
          </div>
        )}
        {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
      </form>
    </Dialog>
  );
}

function LocationsDialog({ warehouses, location, onHide, onSaved }: {
  warehouses: Warehouse[]; location: WarehouseLocation | null; onHide: () => void; onSaved: (text: string) => void;
}) {
  const usable = warehouses.filter((w) => w.active || w.id === location?.warehouse_id);
  const form = useForm({
    warehouse_id: location?.warehouse_id ?? usable[0]?.id ?? 0, code: location?.code ?? '', to_code: '', note: location?.note ?? '', active: location?.active ?? true,
  }, { idPrefix: 'loc-' });
  const create = useCreateLocations();
  const update = useUpdateLocation();
  const [key] = useState(() => crypto.randomUUID());
  const submit = async () => {
    const v = form.values;
    try {
      if (location) {
        const payload = { code: v.code, note: v.note, active: v.active };
        if (!form.check(endpoints.locationUpdate.payload, payload)) return;
        const saved = await update.mutateAsync({ id: location.id, payload });
        onSaved(`已保存库位 ${saved.warehouse_name}/${saved.code}`);
      } else {
        const payload = { warehouse_id: v.warehouse_id, code: v.code, to_code: v.to_code, note: v.note };
        if (!form.check(endpoints.locationCreate.payload, payload)) return;
        const r = await create.mutateAsync({ payload, idempotencyKey: key });
        onSaved(`已新建 ${r.created} 个库位${r.skipped.length ? `，${r.skipped.length} 个已存在而跳过（${r.skipped.slice(0, 5).join('、')}${r.skipped.length > 5 ? ' …' : ''}）` : ''}`);
      }
    } catch (e) {
      form.refuse(e);
    }
  };
  const from = normalizeLocationCode(form.values.code);
  const to = normalizeLocationCode(form.values.to_code);
  return (
    <Dialog header={location ? `编辑库位 · ${location.warehouse_name}/${location.code}` : '新建库位'} visible modal onHide={onHide} style={{ width: 'min(32rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="submit" form="loc-form" label="保存" icon="pi pi-check" loading={create.isPending || update.isPending} /></>}>
      <form id="loc-form" className="wh-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {!location && (
          <Field id={form.idOf('warehouse_id')} label="仓库" required error={form.errors.warehouse_id}>
            <Dropdown inputId={form.idOf('warehouse_id')} value={form.values.warehouse_id} options={usable.map((w) => ({ label: w.name, value: w.id }))}
              onChange={(e) => form.set('warehouse_id', Number(e.value))} placeholder="请选择仓库" />
          </Field>
        )}
        <Field id={form.idOf('code')} label={location ? '库位码' : '库位码（或开始库位码）'} required hint="字母、数字和 - _ .，如 A-01-03；小写自动转为大写" error={form.errors.code}>
          <InputText {...form.text('code')} maxLength={20} placeholder="A-01-01" />
        </Field>
        {!location && (
          <Field id={form.idOf('to_code')} label="结束库位码（批量新建时填写）"
            hint={to && from && !locationCodeProblem(to) ? `将新建 ${from} 至 ${to}，只有最后一段数字递增；已有的跳过` : '如 A-01-20：一次新建 A-01-01 至 A-01-20 共20个，最多500个'}
            error={form.errors.to_code}>
            <InputText {...form.text('to_code')} maxLength={20} placeholder="A-01-20" />
          </Field>
        )}
        <Field id={form.idOf('note')} label="备注" hint={`最多${LOCATION_NOTE_MAX}个字，如 货架第二层`} error={form.errors.note}>
          <InputText {...form.text('note')} maxLength={LOCATION_NOTE_MAX} />
        </Field>
        {location && (
          <div className="wh-check">
            <Checkbox inputId="loc-active" checked={form.values.active} onChange={(e) => form.set('active', !!e.checked)} />
            <label htmlFor="loc-active">启用（停用的库位不能再放入库存）</label>
          </div>
        )}
        {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
      </form>
    </Dialog>
  );
}

export function WarehousePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const warehouses = useQuery(warehousesQuery());
  const [status, setStatus] = useState<Status>(null);
  const [editingWarehouse, setEditingWarehouse] = useState<Warehouse | 'new' | null>(null);
  const [editingLocation, setEditingLocation] = useState<WarehouseLocation | 'new' | null>(null);
  const removeWarehouse = useDeleteWarehouse();
  const removeLocation = useDeleteLocation();
  const list = useMemo(() => warehouses.data?.data ?? [], [warehouses.data]);
  const ok = (text: string) => setStatus({ kind: 'ok', text });

  const dropWarehouse = async (w: Warehouse) => {
    if (!window.confirm(w.quantity > 0 ? `仓库“${w.name}”中还有 ${w.quantity} 件库存，将改为停用。继续？` : `确定删除仓库“${w.name}”及其 ${w.location_count} 个库位？`)) return;
    try {
      const r = await removeWarehouse.mutateAsync(w.id);
      ok(r.outcome === 'deleted' ? `已删除仓库 ${w.name}` : `仓库 ${w.name} 中还有库存，已改为停用`);
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const filters: ListFilter[] = useMemo(() => [
    { name: 'warehouse_id', label: '仓库', type: 'select', options: list.map((w) => ({ label: w.name, value: String(w.id) })) },
    { name: 'keyword', label: '库位码', type: 'text', primary: true },
    { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'on' }, { label: '停用', value: 'off' }] },
  ], [list]);

  const def: ListDef<WarehouseLocation, ReturnType<typeof warehouseKeys.locations>> = {
    title: '库位',
    filters,
    query: (s) => locationListQuery(payloadOf(s)),
    rowKey: (l) => l.id,
    rowLabel: (l) => `${l.warehouse_name}/${l.code}`,
    columns: [
      { key: 'code', header: '库位码', width: '8rem', cell: (l) => <strong className="wh-code">{l.code}</strong> },
      { key: 'warehouse', header: '仓库', width: '7rem', cell: (l) => l.warehouse_name },
      { key: 'rows', header: '配件种数', width: '5rem', num: true, cell: (l) => l.row_count },
      { key: 'quantity', header: '库存件数', width: '5rem', num: true, cell: (l) => l.quantity },
      { key: 'note', header: '备注', width: '8rem', priority: 2, cell: (l) => l.note || <span className="muted">—</span> },
      { key: 'active', header: '状态', width: '4rem', cell: (l) => <span className={l.active ? '' : 'muted'}>{l.active ? '启用' : '停用'}</span> },
      {
        key: 'actions', header: '操作', width: '4rem', actions: true,
        cell: (l) => <button type="button" className="linklike" onClick={() => setEditingLocation(l)} aria-label={`编辑库位 ${l.code}`}>编辑</button>,
      },
    ],
    bulkActions: [
      {
        label: '删除', icon: 'pi pi-trash', danger: true, confirm: (n) => `确定删除所选的 ${n} 个库位？还有库存的库位不会删除。`,
        run: async (ids) => {
          let done = 0;
          const refused: string[] = [];
          for (const id of ids) {
            try {
              await removeLocation.mutateAsync(id);
              done++;
            } catch (e) {
              refused.push(errorText(e));
            }
          }
          setStatus(refused.length ? { kind: 'error', text: `已删除 ${done} 个库位；${refused.length} 个没有删除：${refused[0]}${refused.length > 1 ? ' …' : ''}` } : { kind: 'ok', text: `已删除 ${done} 个库位` });
        },
      },
    ],
    empty: (filtered) => filtered
      ? <>没有符合条件的库位。<button type="button" className="linklike" onClick={() => onSearch({})}>清除筛选</button>后查看全部。</>
      : list.length === 0
        ? <>还没有仓库。先点上方“新建仓库”，再新建库位（可一次新建一排货架，如 A-01-01 至 A-01-20）。</>
        : <>还没有库位。点右上角“新建库位”，可一次新建一排货架的库位（如 A-01-01 至 A-01-20），再到“库存与价格”中为配件设置库位。</>,
  };

  return (
    <>
      <section className="card wh-warehouses" aria-label="仓库">
        <div className="list-head">
          <h2>仓库</h2>
          <div className="list-toolbar">
            <Button type="button" label="新建仓库" icon="pi pi-plus" onClick={() => setEditingWarehouse('new')} />
            <Link to="/backend/product/stockAndPrice" className="p-button p-button-outlined p-component">库存与价格</Link>
          </div>
        </div>
        {warehouses.isError && <p role="alert" className="field-error">{errorText(warehouses.error)}</p>}
        {list.length === 0 && warehouses.data && <p className="muted">还没有仓库。新建一个仓库（如“主仓”），再为它新建库位，配件的库存就能按库位管理，销售订单可打印按库位排序的拣货单。</p>}
        {list.length > 0 && (
          <ul className="wh-cards">
            {list.map((w) => (
              <li key={w.id} className={w.active ? 'wh-card' : 'wh-card off'} data-testid="warehouse-card">
                <div className="wh-card-head">
                  <strong>{w.name}</strong>{!w.active && <span className="stock-tag">已停用</span>}
                </div>
                <small className="muted">{w.address || '未填地址'}</small>
                <span>{w.location_count} 个库位 · {w.quantity} 件</span>
                <span className="wh-card-actions">
                  <button type="button" className="linklike" onClick={() => onSearch({ warehouse_id: String(w.id) })} aria-label={`查看库位 ${w.name}`}>库位</button>
                  <button type="button" className="linklike" onClick={() => setEditingWarehouse(w)} aria-label={`编辑仓库 ${w.name}`}>编辑</button>
                  <button type="button" className="linklike danger" onClick={() => void dropWarehouse(w)} aria-label={`删除仓库 ${w.name}`}>{w.quantity > 0 ? '停用' : '删除'}</button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<Button type="button" label="新建库位" icon="pi pi-plus" disabled={!list.some((w) => w.active)} onClick={() => setEditingLocation('new')} />}
        status={status && <p className={status.kind === 'ok' ? 'stock-status ok' : 'stock-status error'} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="warehouse-status">{status.text}</p>} />
      {editingWarehouse && (
        <WarehouseDialog warehouse={editingWarehouse === 'new' ? null : editingWarehouse} onHide={() => setEditingWarehouse(null)}
          onSaved={(w, created) => { setEditingWarehouse(null); ok(`${created ? '已新建仓库' : '已保存仓库'} ${w.name}`); }} />
      )}
      {editingLocation && (
        <LocationsDialog warehouses={list} location={editingLocation === 'new' ? null : editingLocation} onHide={() => setEditingLocation(null)}
          onSaved={(text) => { setEditingLocation(null); ok(text); }} />
      )}
    </>
  );
}
