/**
 * 图解查询 on a phone (/im/illustration, requirements 000-2): the desktop page's calls in one column — a VIN or
 * the vehicle list, then the subgroups, then the drawing across the screen. Tapping a number shows
 * that part under the drawing with the way to search its OE number (the phone's search page).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { vinSchema } from '../../../shared/contracts/vin';
import type { Illustration } from '../../../shared/contracts/illustration';
import { illustrationText as t } from '../../../shared/domain/illustration';
import { msg } from '../../../shared/messages';
import { MobilePage } from '../mobile/MobilePage';
import { vinDecodeQuery } from '../vin/queries';
import { DiagramView } from './DiagramView';
import { NoDiagram } from './IllustrationPage';
import { illustrationGroupsQuery, illustrationQuery, illustrationVehiclesQuery } from './queries';
import type { IllustrationSearch } from './search-params';
import './illustration.css';

const TO = '/im/illustration';

function VinForm({ initial }: { initial?: string }) {
  const navigate = useNavigate();
  const [vin, setVin] = useState(initial ?? '');
  const [error, setError] = useState('');
  const submit = () => {
    const r = v.safeParse(vinSchema, vin);
    if (!r.success) return setError(r.issues[0].message);
    setError('');
    void navigate({ to: TO, search: { vin: r.output } });
  };
  return (
    <form className="m-card" onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label="按VIN查图解">
      <label htmlFor="m-ill-vin" style={{ fontWeight: 600 }}>VIN（车架号）</label>
      <div className="m-ill-vin" style={{ marginTop: '0.4rem' }}>
        <input id="m-ill-vin" className="p-inputtext p-component" value={vin} maxLength={24} placeholder="17位VIN" autoCapitalize="characters"
          onChange={(e) => { setVin(e.target.value); setError(''); }} />
        <button type="submit" className="p-button p-component" style={{ minHeight: 44 }}>查询</button>
      </div>
      {error && <p role="alert" style={{ color: '#b91c1c', margin: '0.4rem 0 0' }}>{error}</p>}
    </form>
  );
}

function VinMatches({ vin }: { vin: string }) {
  const q = useQuery(vinDecodeQuery(vin));
  if (q.isError) return <div className="m-card" role="alert" style={{ color: '#b91c1c' }}>{q.error.message}</div>;
  if (!q.data) return <div className="m-card" aria-busy="true">正在解析VIN…</div>;
  return (
    <div className="m-card">
      <strong>{q.data.manufacturer ?? 'VIN'} {q.data.model_year ?? ''}</strong>
      {q.data.vehicles.length === 0 ? <p className="muted" style={{ marginBottom: 0 }}>{q.data.message ?? msg.vinNoVehicle}；可在下面的车型库中选择。</p> : (
        <ul className="m-ill-list">
          {q.data.vehicles.map((x) => (
            <li key={x.id}><Link to={TO} search={{ vin, vehicle_id: x.id }}><span>{x.model} {x.year_from}–{x.year_to} {x.displacement}</span><i className="pi pi-angle-right" /></Link></li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Vehicles() {
  const q = useQuery(illustrationVehiclesQuery());
  return (
    <div className="m-card">
      <strong>车型库</strong>
      {q.isError && <p role="alert">{q.error.message}</p>}
      <ul className="m-ill-list">
        {q.data?.map((x) => (
          <li key={x.id}>
            <Link to={TO} search={{ vehicle_id: x.id }}>
              <span>{x.make_name} {x.model}<br /><small className="muted">{x.year_from}–{x.year_to} {x.displacement} {x.engine_code}</small></span>
              <small className={`ill-count${x.diagram_count === 0 ? ' none' : ''}`}>{x.diagram_count > 0 ? `${x.diagram_count} 张图解` : '暂无图解'}</small>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Subgroups({ vehicleId, vin }: { vehicleId: number; vin?: string }) {
  const q = useQuery(illustrationGroupsQuery(vehicleId));
  if (q.isError) return <div className="m-card" role="alert">{q.error.message}</div>;
  if (!q.data) return <div className="m-card" aria-busy="true">正在加载分组…</div>;
  return (
    <>
      <div className="m-card"><strong>{q.data.vehicle.make_name} {q.data.vehicle.model}</strong> <span className="muted">{q.data.vehicle.year_from}–{q.data.vehicle.year_to} {q.data.vehicle.engine_code}</span></div>
      {q.data.groups.map((g) => (
        <div key={g.id} className="m-card">
          <strong>{g.name}</strong>
          <ul className="m-ill-list">
            {g.subgroups.map((s) => (
              <li key={s.id}>
                <Link to={TO} search={{ vin, vehicle_id: vehicleId, subgroup_id: s.id }}>
                  <span>{s.name}</span>
                  <small className={`ill-flag${s.has_diagram ? '' : ' none'}`}>{s.has_diagram ? '有图解' : '暂无图解'}</small>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function Drawing({ data }: { data: Illustration }) {
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => setSelected(null), [data.subgroup.id]);
  const nameOf = (pos: number) => data.parts.filter((p) => p.position === pos).map((p) => p.name).join('、');
  const chosen = data.parts.filter((p) => p.position === selected);
  return (
    <>
      <div className="m-card">
        <strong>{data.vehicle.model} · {data.subgroup.name}</strong>
        <div style={{ marginTop: '0.5rem' }}>
          {data.diagram
            ? <DiagramView imageUrl={data.diagram.image_url} alt={`${data.vehicle.model} ${data.subgroup.name} 图解`} hotspots={data.hotspots}
              selected={selected} onSelect={setSelected} nameOf={nameOf} />
            : <NoDiagram text={t.noDiagram} />}
        </div>
        {data.diagram && chosen.length === 0 && <p className="muted" style={{ margin: '0.4rem 0 0' }}>点图上的图号查看配件</p>}
      </div>
      {chosen.map((p) => (
        <div key={p.id} className="m-card m-ill-part" role="region" aria-label={`图号 ${p.position} 配件`} data-testid="m-ill-part">
          <strong>图号 {p.position} · {p.name}</strong>
          <span>OE号 <span className="oe">{p.oe_number}</span> · 用量 {p.qty}{p.note ? ` · ${p.note}` : ''}</span>
          <span className="muted">{p.seller_count > 0 ? msg.inStockSellers(p.seller_count) : msg.noStock}</span>
          <Link to="/ofo/search" search={{ code: p.oe_number }} className="p-button p-component" style={{ minHeight: 44, justifyContent: 'center' }}>
            <i className="pi pi-search" style={{ marginRight: '0.4rem' }} />搜索此OE号
          </Link>
        </div>
      ))}
      <div className="m-card">
        <strong>配件</strong>
        <ul className="m-ill-list" aria-label="配件列表">
          {data.parts.map((p) => (
            <li key={p.id}>
              <button type="button" aria-pressed={selected === p.position} onClick={() => setSelected(p.position)}>
                <span><b>{p.position}</b> {p.name}<br /><small className="muted oe">{p.oe_number}</small></span>
                <small className="muted">×{p.qty}</small>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function SubgroupDrawing({ subgroupId }: { subgroupId: number }) {
  const q = useQuery(illustrationQuery(subgroupId));
  if (q.isError) return <div className="m-card" role="alert">{q.error.message}</div>;
  if (!q.data) return <div className="m-card" aria-busy="true">正在加载图解…</div>;
  return <Drawing data={q.data} />;
}

export function MobileIllustrationPage({ search }: { search: IllustrationSearch }) {
  const { vin, vehicle_id: vehicleId, subgroup_id: subgroupId } = search;
  const back = subgroupId && vehicleId ? `${TO}?${new URLSearchParams({ ...(vin ? { vin } : {}), vehicle_id: String(vehicleId) })}`
    : vehicleId ? (vin ? `${TO}?vin=${vin}` : TO) : '/ofo/search';
  return (
    <MobilePage title="图解查询" back={back}>
      {subgroupId ? <SubgroupDrawing subgroupId={subgroupId} />
        : vehicleId ? <Subgroups vehicleId={vehicleId} vin={vin} />
        : (
          <>
            <VinForm initial={vin} />
            {vin && <VinMatches vin={vin} />}
            <Vehicles />
          </>
        )}
    </MobilePage>
  );
}
