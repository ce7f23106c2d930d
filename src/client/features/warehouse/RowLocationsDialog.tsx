/**
 * 库位 of one stock row (the stock page, docs/warehouse.md): where the row is and how many at
 * each location, each quantity edited in place, placed at another location, moved (调拨) between
 * two, or a location at 0 removed. Once a row has a location its quantity is the sum of them.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { RowLocation, SellerStockRow } from '../../../shared/contracts';
import { LOCATION_QUANTITY_MAX, warehouseText } from '../../../shared/domain/warehouse';
import { errorText } from '../../ui/form/form';
import { locationListQuery, rowLocationsQuery } from './queries';
import { useMoveRowLocation, useRemoveRowLocation, useSetRowLocation } from './mutations';
import './warehouse.css';

const wholeOf = (s: string, min: number, text: string): number | string => {
  const t = s.trim();
  if (!/^\d{1,7}$/.test(t) || Number(t) < min || Number(t) > LOCATION_QUANTITY_MAX) return text;
  return Number(t);
};

export function RowLocationsDialog({ row, onHide, onSaved }: { row: SellerStockRow; onHide: () => void; onSaved: (text: string) => void }) {
  const here = useQuery(rowLocationsQuery(row.id));
  const places = useQuery(locationListQuery({ active: 'on', page_size: 800 }));
  const setAt = useSetRowLocation();
  const remove = useRemoveRowLocation();
  const move = useMoveRowLocation();
  const [error, setError] = useState('');
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [addTo, setAddTo] = useState<number | null>(null);
  const [addQty, setAddQty] = useState('');
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [moveQty, setMoveQty] = useState('');
  const [moveKey, setMoveKey] = useState(() => crypto.randomUUID());
  const locs = here.data?.locations ?? [];
  const located = locs.length > 0;
  const label = (l: { warehouse_name: string; code: string }) => `${l.warehouse_name}/${l.code}`;
  const name = `${row.supplier_oe} ${row.name}`;

  const run = async (work: () => Promise<unknown>, text: string) => {
    setError('');
    try {
      await work();
      onSaved(text);
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };

  const saveAt = async (l: RowLocation) => {
    const n = wholeOf(drafts[l.location_id] ?? String(l.quantity), 0, warehouseText.quantityBad);
    if (typeof n === 'string') return setError(n);
    if (n === l.quantity) return;
    if (await run(() => setAt.mutateAsync({ stock_id: row.id, location_id: l.location_id, quantity: n }), `已保存：${row.supplier_oe} 在 ${label(l)} ${n} 件`)) {
      setDrafts((d) => { const { [l.location_id]: _gone, ...rest } = d; return rest; });
    }
  };

  const add = async () => {
    if (addTo === null) return setError('请选择库位');
    const n = wholeOf(addQty === '' && !located ? String(row.quantity) : addQty, 0, warehouseText.quantityBad);
    if (typeof n === 'string') return setError(n);
    const place = (places.data?.data ?? []).find((p) => p.id === addTo);
    if (await run(() => setAt.mutateAsync({ stock_id: row.id, location_id: addTo, quantity: n }), `已放入：${row.supplier_oe} 在 ${place ? label(place) : '库位'} ${n} 件`)) {
      setAddTo(null);
      setAddQty('');
    }
  };

  const transfer = async () => {
    if (from === null) return setError('请选择调出库位');
    if (to === null) return setError('请选择调入库位');
    if (from === to) return setError(warehouseText.moveSame);
    const n = wholeOf(moveQty, 1, warehouseText.moveQuantityBad);
    if (typeof n === 'string') return setError(n);
    const a = locs.find((l) => l.location_id === from);
    const b = (places.data?.data ?? []).find((p) => p.id === to);
    if (await run(() => move.mutateAsync({ payload: { stock_id: row.id, from_location_id: from, to_location_id: to, quantity: n }, idempotencyKey: moveKey }),
      `已调拨：${row.supplier_oe} ${n} 件 ${a ? label(a) : ''} → ${b ? label(b) : ''}`)) {
      setMoveKey(crypto.randomUUID());
      setMoveQty('');
    }
  };

  const placeOptions = (places.data?.data ?? []).map((p) => ({ label: label(p), value: p.id }));
  const newPlaces = placeOptions.filter((o) => !locs.some((l) => l.location_id === o.value));

  return (
    <Dialog header={`库位 · ${name}`} visible modal onHide={onHide} style={{ width: 'min(40rem, 96vw)' }}
      footer={<Button type="button" label="关闭" outlined onClick={onHide} />}>
      {here.isError && <p role="alert" className="field-error">{errorText(here.error)}</p>}
      {places.data && places.data.total === 0 && (
        <p className="muted">还没有库位。先到<Link to="/backend/product/warehouse">仓库设置</Link>新建仓库和库位。</p>
      )}
      {here.data && !located && (
        <p className="muted" data-testid="row-unlocated">这个配件还没有库位，库存 {here.data.quantity} 件记在配件上。放入库位后，库存数量等于各库位数量之和；下单从第一个库位扣减，取消订单退回第一个库位。</p>
      )}
      {located && (
        <table className="rl-table" aria-label={`${name} 的库位`}>
          <thead><tr><th>库位</th><th className="num">数量</th><th className="num">操作</th></tr></thead>
          <tbody>
            {locs.map((l) => {
              const draft = drafts[l.location_id] ?? String(l.quantity);
              const changed = draft.trim() !== String(l.quantity);
              return (
                <tr key={l.location_id} data-testid="row-location">
                  <td><span className="wh-code">{label(l)}</span></td>
                  <td className="num">
                    <InputText value={draft} inputMode="numeric" maxLength={7} aria-label={`${label(l)} 数量`}
                      onChange={(e) => setDrafts((d) => ({ ...d, [l.location_id]: e.target.value }))}
                      onKeyDown={(e) => { if (e.key === 'Enter') void saveAt(l); }} />
                  </td>
                  <td className="num">
                    <span className="rl-actions">
                      {changed && <button type="button" className="linklike" onClick={() => void saveAt(l)}>保存</button>}
                      {l.quantity === 0 && !changed && (
                        <button type="button" className="linklike" aria-label={`移除库位 ${label(l)}`}
                          onClick={() => void run(() => remove.mutateAsync({ stock_id: row.id, location_id: l.location_id }), `已移除：${row.supplier_oe} 不再放在 ${label(l)}`)}>移除</button>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot><tr><td>合计（库存数量）</td><td className="num rl-total" data-testid="row-total">{here.data?.quantity}</td><td /></tr></tfoot>
        </table>
      )}
      <div className="rl-add" role="group" aria-label="放入库位">
        <div className="field">
          <label htmlFor="rl-add-to">放入库位</label>
          <Dropdown inputId="rl-add-to" value={addTo} options={newPlaces} onChange={(e) => setAddTo(e.value as number)} filter placeholder="选择库位" emptyMessage="没有可选的库位" emptyFilterMessage="没有这个库位" />
        </div>
        <div className="field">
          <label htmlFor="rl-add-qty">数量</label>
          <InputText id="rl-add-qty" className="rl-qty" value={addQty} onChange={(e) => setAddQty(e.target.value)} inputMode="numeric" maxLength={7} placeholder={located ? '0' : String(row.quantity)} />
        </div>
        <Button type="button" label="放入" icon="pi pi-plus" onClick={() => void add()} loading={setAt.isPending} />
      </div>
      {located && (
        <div className="rl-move" role="group" aria-label="调拨">
          <div className="field">
            <label htmlFor="rl-from">调出库位</label>
            <Dropdown inputId="rl-from" value={from} options={locs.filter((l) => l.quantity > 0).map((l) => ({ label: `${label(l)}（${l.quantity}）`, value: l.location_id }))}
              onChange={(e) => setFrom(e.value as number)} placeholder="选择库位" emptyMessage="没有有库存的库位" />
          </div>
          <div className="field">
            <label htmlFor="rl-to">调入库位</label>
            <Dropdown inputId="rl-to" value={to} options={placeOptions.filter((o) => o.value !== from)} onChange={(e) => setTo(e.value as number)} filter placeholder="选择库位" emptyFilterMessage="没有这个库位" />
          </div>
          <div className="field">
            <label htmlFor="rl-move-qty">调拨数量</label>
            <InputText id="rl-move-qty" className="rl-qty" value={moveQty} onChange={(e) => setMoveQty(e.target.value)} inputMode="numeric" maxLength={7} />
          </div>
          <Button type="button" label="调拨" icon="pi pi-arrow-right-arrow-left" outlined onClick={() => void transfer()} loading={move.isPending} />
        </div>
      )}
      {error && <p role="alert" className="field-error" data-testid="row-location-error">{error}</p>}
    </Dialog>
  );
}
