import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { msg } from '../../../shared/messages';
import { vehicleGroupsQuery, vehicleSubgroupsQuery } from './queries';
import { VehicleHeader } from './VehicleHeader';
import './vin.css';

/**
 * The newer VIN flow (/search/newvin): one step per page with large tiles, as on a workshop
 * tablet: decode → main groups → subgroups → parts, with breadcrumbs back and the part search
 * across the vehicle on every page. The classic tree view stays at /search/vin.
 */
export function NewvinFrame({ vin, vehicleId, groupId, groupName, subgroupName, keyword, children }: {
  vin?: string; vehicleId: number; groupId?: number; groupName?: string; subgroupName?: string; keyword?: string; children: ReactNode;
}) {
  const navigate = useNavigate();
  const groups = useQuery(vehicleGroupsQuery(vehicleId));
  const [k, setK] = useState(keyword ?? '');
  const [info, setInfo] = useState('');
  if (groups.isError) return <div className="card" role="alert">{groups.error.message}</div>;
  if (!groups.data) return <div className="card" aria-busy="true">正在加载车型目录…</div>;
  const search = () => {
    if (!k.trim()) {
      setInfo(msg.enterSearch);
      return;
    }
    setInfo('');
    void navigate({ to: '/search/newvin/partsKeyword', search: { vin, vehicle_id: vehicleId, k: k.trim() } });
  };
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section className="card" style={{ display: 'grid', gap: '0.6rem' }}>
        <nav className="vin-crumbs" aria-label="位置">
          {vin && <><Link to="/search/newvin/detail" search={{ vin }}>VIN {vin}</Link><span className="muted">›</span></>}
          <Link to="/search/newvin/groups" search={{ vin, vehicle_id: vehicleId }}>全部主组</Link>
          {groupId && groupName && <><span className="muted">›</span><Link to="/search/newvin/subgroup" search={{ vin, vehicle_id: vehicleId, group_id: groupId }}>{groupName}</Link></>}
          {subgroupName && <><span className="muted">›</span><span>{subgroupName}</span></>}
          {keyword && <><span className="muted">›</span><span>查找“{keyword}”</span></>}
        </nav>
        <VehicleHeader vehicle={groups.data.vehicle} vin={vin} />
        <div className="vin-box">
          <InputText name="parts-k" aria-label="在本车型中查找配件" value={k} placeholder="按配件名称或OE号在本车型全部配件中查找，如：火花塞"
            onChange={(e) => { setK(e.target.value); setInfo(''); }} onKeyDown={(e) => { if (e.key === 'Enter') search(); }} />
          <Button label="查找配件" icon="pi pi-search" outlined onClick={search} />
        </div>
        {info && <p className="muted" role="status" style={{ color: '#1565c0', margin: 0 }}>{info}</p>}
      </section>
      {children}
    </div>
  );
}

export function GroupGrid({ vin, vehicleId }: { vin?: string; vehicleId: number }) {
  const q = useQuery(vehicleGroupsQuery(vehicleId));
  if (!q.data) return null;
  return (
    <section className="card" aria-label="主组">
      <h3 style={{ marginTop: 0 }}>选择主组</h3>
      <div className="vin-grid">
        {q.data.groups.map((g) => (
          <Link key={g.id} className="vin-tile" to="/search/newvin/subgroup" search={{ vin, vehicle_id: vehicleId, group_id: g.id }}>
            <i className={`pi ${g.icon}`} />
            <strong>{g.name}</strong>
            <span className="muted">{g.subgroup_count} 个分组 · {g.part_count} 种配件</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

export function SubgroupGrid({ vin, vehicleId, groupId }: { vin?: string; vehicleId: number; groupId: number }) {
  const q = useQuery(vehicleSubgroupsQuery(vehicleId, groupId));
  if (q.isError) return <div className="card" role="alert">{q.error.message}</div>;
  if (!q.data) return <div className="card" aria-busy="true">正在加载分组…</div>;
  return (
    <section className="card" aria-label="分组">
      <h3 style={{ marginTop: 0 }}>选择分组</h3>
      {q.data.subgroups.length === 0 && <p>{msg.noResults}</p>}
      <div className="vin-grid">
        {q.data.subgroups.map((s) => (
          <Link key={s.id} className="vin-tile" to="/search/newvin/parts" search={{ vin, vehicle_id: vehicleId, subgroup_id: s.id }}>
            <span className="muted">{s.code}</span>
            <strong>{s.name}</strong>
            <span className="muted">{s.part_count} 种配件</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
