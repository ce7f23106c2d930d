import type { Vehicle } from '../../../shared/contracts/vin';

export const vehicleTitle = (v: Vehicle) => `${v.factory_name} ${v.model} ${v.displacement} ${v.engine_code}`;

/** One line naming the vehicle (and the VIN it came from), above every catalogue page. */
export function VehicleHeader({ vehicle, vin }: { vehicle: Vehicle; vin?: string }) {
  return (
    <div aria-label="车型" style={{ display: 'flex', gap: '1rem', alignItems: 'baseline', flexWrap: 'wrap' }}>
      <strong style={{ fontSize: '0.9rem' }}>{vehicleTitle(vehicle)}</strong>
      <span className="muted">
        {vehicle.model_en} · {vehicle.chassis} · {vehicle.year_from}–{vehicle.year_to}款 · {vehicle.power_kw} kW · {vehicle.transmission} · {vehicle.body}
      </span>
      {vin && <span className="muted">VIN <span className="vin-code">{vin}</span></span>}
    </div>
  );
}
