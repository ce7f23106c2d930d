import type { ReactNode } from 'react';
import type { Vehicle, VinDecoded } from '../../../shared/contracts/vin';
import { msg } from '../../../shared/messages';
import { vehicleTitle } from './VehicleHeader';
import './vin.css';

/** What the VIN says: manufacturer, country, model, body and plant (vPIC), year, check digit (a warning, never a refusal), quota, matched vehicles. */
export function VinDecodeSummary({ d, action }: { d: VinDecoded; action: (v: Vehicle) => ReactNode }) {
  const q = d.quota;
  return (
    <section className="card" aria-label="VIN解析结果">
      <h3 style={{ margin: 0 }}>VIN <span className="vin-code">{d.vin}</span></h3>
      <dl className="vin-facts">
        <div><dt>制造商 (WMI {d.wmi})</dt><dd>{d.manufacturer ?? '未知'}</dd></div>
        <div><dt>国家/地区</dt><dd>{d.country ?? '未知'}</dd></div>
        {d.model && <div><dt>车型</dt><dd>{d.make && !d.manufacturer?.includes(d.make) ? `${d.make} ` : ''}{d.model}</dd></div>}
        {d.body && <div><dt>车身</dt><dd>{d.body}</dd></div>}
        {d.plant && <div><dt>装配工厂</dt><dd>{d.plant}</dd></div>}
        <div><dt>车型年款</dt><dd>{d.model_year ?? '未知'}</dd></div>
        <div><dt>校验位</dt><dd>{d.check_digit.ok ? `${d.check_digit.actual}（正确）` : `${d.check_digit.actual}（应为 ${d.check_digit.expected}）`}</dd></div>
      </dl>
      {d.warnings.map((w) => <p key={w} className="vin-warning" role="alert"><i className="pi pi-exclamation-triangle" /> {w}</p>)}
      <p className="muted" role="status" style={{ margin: '0.3rem 0' }}>
        {q.counted ? '本次查询已计次' : msg.vinRepeatFree}
        {' · '}{q.unlimited ? msg.vinQuotaUnlimited : msg.vinQuotaLeft(q.available ?? 0)}
      </p>
      {d.message && <p className="vin-nomatch" role="status"><i className="pi pi-info-circle" /> {d.message}</p>}
      {d.vehicles.length > 0 && (
        <div style={{ display: 'grid', gap: '0.5rem', marginTop: '0.6rem' }}>
          <strong>匹配车型{d.vehicles.length > 1 ? `（${d.vehicles.length}个，请选择）` : ''}</strong>
          {d.vehicles.map((v) => (
            <div key={v.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', border: '1px solid #e5e7eb', borderRadius: 6, padding: '0.5rem 0.8rem' }}>
              <span><strong>{vehicleTitle(v)}</strong> <span className="muted">{v.chassis} · {v.year_from}–{v.year_to}款 · {v.transmission}</span></span>
              {action(v)}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
