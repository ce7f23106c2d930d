import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import type { EpcSubgroup } from '../../../shared/contracts/vin';
import { msg } from '../../../shared/messages';
import { vehicleGroupsQuery, vehicleSubgroupsQuery } from './queries';
import { VehicleHeader } from './VehicleHeader';
import './vin.css';

export type ClassicBase = 'vin' | 'vehicle';

interface Props {
  base: ClassicBase;
  vin?: string;
  vehicleId: number;
  groupId?: number;
  subgroupId?: number;
  keyword?: string;
  children: ReactNode;
}

function GroupLink({ base, vin, vehicleId, groupId, active, children }: { base: ClassicBase; vin?: string; vehicleId: number; groupId: number; active: boolean; children: ReactNode }) {
  const cls = active ? 'active' : undefined;
  return base === 'vin'
    ? <Link to="/search/vin/subgroup" search={{ vin, vehicle_id: vehicleId, group_id: groupId }} className={cls}>{children}</Link>
    : <Link to="/search/vehicle/subgroup" search={{ vehicle_id: vehicleId, group_id: groupId }} className={cls}>{children}</Link>;
}

export function SubgroupLink({ base, vin, vehicleId, subgroupId, active, children }: { base: ClassicBase; vin?: string; vehicleId: number; subgroupId: number; active?: boolean; children: ReactNode }) {
  const cls = active ? 'active' : undefined;
  return base === 'vin'
    ? <Link to="/search/vin/parts" search={{ vin, vehicle_id: vehicleId, subgroup_id: subgroupId }} className={cls}>{children}</Link>
    : <Link to="/search/vehicle/parts" search={{ vehicle_id: vehicleId, subgroup_id: subgroupId }} className={cls}>{children}</Link>;
}

/**
 * The classic EPC view (/search/vin and /search/vehicle): the vehicle's whole catalogue as a tree of
 * main groups and subgroups on the left, the chosen group's subgroups or a subgroup's parts on the
 * right. The VIN flow adds the part-name search across the vehicle.
 */
export function ClassicCatalogue({ base, vin, vehicleId, groupId, subgroupId, keyword, children }: Props) {
  const navigate = useNavigate();
  const groups = useQuery(vehicleGroupsQuery(vehicleId));
  const subgroups = useQuery(vehicleSubgroupsQuery(vehicleId));
  const [k, setK] = useState(keyword ?? '');
  const [info, setInfo] = useState('');
  if (groups.isError) return <div className="card" role="alert">{groups.error.message}</div>;
  if (!groups.data || !subgroups.data) return <div className="card" aria-busy="true">正在加载车型目录…</div>;
  const byGroup = new Map<number, EpcSubgroup[]>();
  for (const s of subgroups.data.subgroups) byGroup.set(s.group_id, [...(byGroup.get(s.group_id) ?? []), s]);
  const search = () => {
    if (!k.trim()) {
      setInfo(msg.enterSearch);
      return;
    }
    setInfo('');
    void navigate({ to: '/search/vin/partsKeyword', search: { vin, vehicle_id: vehicleId, k: k.trim() } });
  };
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section className="card" style={{ display: 'grid', gap: '0.6rem' }}>
        <VehicleHeader vehicle={groups.data.vehicle} vin={vin} />
        {base === 'vin' && (
          <div>
            <div className="vin-box">
              <InputText name="parts-k" aria-label="在本车型中查找配件" value={k} placeholder="在本车型中按配件名称或OE号查找，如：刹车片、机油滤清器"
                onChange={(e) => { setK(e.target.value); setInfo(''); }} onKeyDown={(e) => { if (e.key === 'Enter') search(); }} />
              <Button label="查找配件" icon="pi pi-search" outlined onClick={search} />
            </div>
            {info && <p className="muted" role="status" style={{ color: '#1565c0', margin: '0.3rem 0 0' }}>{info}</p>}
          </div>
        )}
      </section>
      <div className="vin-layout">
        <nav className="card vin-tree" aria-label="配件目录">
          {groups.data.groups.map((g) => (
            <div key={g.id}>
              <h4>
                <GroupLink base={base} vin={vin} vehicleId={vehicleId} groupId={g.id} active={g.id === groupId && !subgroupId}>
                  <i className={`pi ${g.icon}`} style={{ fontSize: '0.7rem', marginRight: '0.3rem' }} />{g.name}
                </GroupLink>
              </h4>
              <ul>
                {(byGroup.get(g.id) ?? []).map((s) => (
                  <li key={s.id}>
                    <SubgroupLink base={base} vin={vin} vehicleId={vehicleId} subgroupId={s.id} active={s.id === subgroupId}>{s.name}</SubgroupLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div style={{ minWidth: 0 }}>{children}</div>
      </div>
    </div>
  );
}
