import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import type { Vehicle } from '../../../shared/contracts/vin';
import { msg } from '../../../shared/messages';
import { vehicleBrandsQuery, vehicleModelsQuery } from './queries';
import './vin.css';

const chip = (active: boolean) => `p-button p-component p-button-sm${active ? '' : ' p-button-outlined'}`;

/** 车型查询 without a VIN: make → model → year and engine, then the vehicle's catalogue. */
export function VehiclePicker({ make, model }: { make?: string; model?: string }) {
  const brands = useQuery(vehicleBrandsQuery());
  const models = useQuery({ ...vehicleModelsQuery(make ?? ''), enabled: Boolean(make) });
  const names = [...new Set((models.data ?? []).map((v) => v.model))];
  const chosenModel = model && names.includes(model) ? model : names.length === 1 ? names[0] : undefined;
  const vehicles = (models.data ?? []).filter((v) => v.model === chosenModel);
  return (
    <section className="card" aria-label="按车型选择" style={{ display: 'grid', gap: '0.8rem' }}>
      <div>
        <strong>1. 品牌</strong>
        <div className="vin-brands" style={{ marginTop: '0.4rem' }}>
          {brands.data?.map((b) => (
            <Link key={b.make_name} to="/search/vehicle" search={{ make: b.make_name }} className={chip(b.make_name === make)}>
              {b.make_name}<span style={{ marginLeft: '0.3rem', opacity: 0.7 }}>{b.vehicle_count}</span>
            </Link>
          ))}
        </div>
        {!make && <p className="muted" style={{ marginBottom: 0 }}>{msg.chooseCarBrand}</p>}
      </div>
      {make && (
        <div>
          <strong>2. 车型</strong>
          <div className="vin-brands" style={{ marginTop: '0.4rem' }}>
            {names.map((n) => <Link key={n} to="/search/vehicle" search={{ make, model: n }} className={chip(n === chosenModel)}>{n}</Link>)}
          </div>
        </div>
      )}
      {chosenModel && (
        <div>
          <strong>3. 年款与发动机</strong>
          <DataTable value={vehicles} dataKey="id" size="small" stripedRows style={{ marginTop: '0.4rem' }} emptyMessage={msg.noResults}>
            <Column field="factory_name" header="厂商" />
            <Column header="年款" body={(v: Vehicle) => `${v.year_from}–${v.year_to}`} />
            <Column field="chassis" header="底盘" />
            <Column header="发动机" body={(v: Vehicle) => `${v.displacement} ${v.engine_code} · ${v.power_kw} kW`} />
            <Column field="transmission" header="变速箱" />
            <Column header="" body={(v: Vehicle) => <Link to="/search/vehicle/subgroup" search={{ vehicle_id: v.id }}>查看配件目录 ›</Link>} />
          </DataTable>
        </div>
      )}
    </section>
  );
}
