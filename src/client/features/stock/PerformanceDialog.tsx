/**
 * 业绩设置 of one stock row: whether it takes part in the platform's performance bonus, and in
 * which provinces (none chosen: the whole country). Always editable, price lock or not (requirements 001-6).
 */
import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { MultiSelect } from 'primereact/multiselect';
import type { SellerStockRow } from '../../../shared/contracts';
import { PROVINCES } from '../../../shared/domain/provinces';
import { errorText } from '../../ui/form/form';
import { useSavePerformance } from './mutations';

const OPTIONS = PROVINCES.map(([id, name]) => ({ id, name }));

export function PerformanceDialog({ row, onHide, onSaved }: { row: SellerStockRow; onHide: () => void; onSaved: (row: SellerStockRow) => void }) {
  const [on, setOn] = useState(row.performance);
  const [provinces, setProvinces] = useState<number[]>(row.province_ids);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const savePerformance = useSavePerformance();
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      // the spec's form: province codes joined by commas
      onSaved(await savePerformance.mutateAsync({ id: row.id, performance: on, province_ids: on ? provinces.join(',') : '' }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={`业绩设置 · ${row.supplier_oe} ${row.name}`} visible modal onHide={onHide} style={{ width: 'min(34rem, 96vw)' }}
      footer={<><Button type="button" label="取消" outlined onClick={onHide} /><Button type="button" label="保存" icon="pi pi-check" loading={busy} onClick={() => void save()} /></>}>
      <div className="stock-form performance-form">
        <div className="field">
          <label htmlFor="performance-on">参与平台业绩奖励</label>
          <InputSwitch inputId="performance-on" checked={on} onChange={(e) => setOn(!!e.value)} />
        </div>
        <div className="field" style={{ gridColumn: '1 / -1' }}>
          <label htmlFor="performance-provinces">业绩省份</label>
          <MultiSelect inputId="performance-provinces" value={provinces} options={OPTIONS} optionLabel="name" optionValue="id" filter display="chip"
            disabled={!on} placeholder="不选即全国" onChange={(e) => setProvinces(e.value as number[])} emptyFilterMessage="没有这个省份" style={{ width: '100%' }} />
          <div className="hint">只在所选省份的订单计入业绩；不选即全国。价格锁定不影响业绩设置。</div>
        </div>
        {error && <p role="alert" className="field-error" style={{ gridColumn: '1 / -1' }}>{error}</p>}
      </div>
    </Dialog>
  );
}
