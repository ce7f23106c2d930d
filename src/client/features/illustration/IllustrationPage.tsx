/**
 * 图解查询 (/search/parts/illustration, requirements 000-2): the vehicle by VIN (the VIN search's decode) or
 * from the catalogue's vehicle list, then its groups and subgroups, then the subgroup's drawing
 * with numbered hotspots beside the part list. A hotspot and its row highlight each other; every
 * row leads to the OE search, where the sellers' stock is.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EpcPart } from '../../../shared/contracts/vin';
import type { Illustration, IllustrationVehicle } from '../../../shared/contracts/illustration';
import { illustrationText as t } from '../../../shared/domain/illustration';
import { msg } from '../../../shared/messages';
import { vinDecodeQuery } from '../vin/queries';
import { VinDecodeSummary } from '../vin/VinDecodeSummary';
import { sessionKeys } from '../session/queries';
import { sessionStore } from '../../session/session-store';
import { DiagramView } from './DiagramView';
import { illustrationGroupsQuery, illustrationQuery, illustrationVehiclesQuery } from './queries';
import type { IllustrationSearch } from './search-params';
import './illustration.css';

const TO = '/search/parts/illustration';
const vehicleName = (v: { make_name: string; model: string; year_from: number; year_to: number; displacement: string; engine_code: string }) =>
  `${v.make_name} ${v.model} ${v.year_from}–${v.year_to} ${v.displacement} ${v.engine_code}`;

/** The catalogue's vehicles by make, each saying how many subgroups have a drawing. */
export function VehicleList({ vehicles, link }: { vehicles: IllustrationVehicle[]; link: (v: IllustrationVehicle) => ReactNode }) {
  const makes = [...new Set(vehicles.map((v) => v.make_name))];
  return (
    <div style={{ display: 'grid', gap: '0.8rem' }}>
      {makes.map((m) => (
        <section key={m} aria-label={m}>
          <h4 style={{ margin: '0 0 0.4rem' }}>{m}</h4>
          <div className="ill-vehicles">{vehicles.filter((v) => v.make_name === m).map(link)}</div>
        </section>
      ))}
    </div>
  );
}

export const diagramCount = (v: IllustrationVehicle) => (
  <span className={`ill-count${v.diagram_count === 0 ? ' none' : ''}`}>{v.diagram_count > 0 ? `${v.diagram_count}/${v.subgroup_count} 个分组有图解` : '暂无图解'}</span>
);

function ChooseVehicle({ vin }: { vin?: string }) {
  const vehicles = useQuery(illustrationVehiclesQuery());
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {vin && <VinVehicles vin={vin} />}
      <section className="card" aria-label="从车型库选择">
        <h3 style={{ marginTop: 0 }}>从车型库选择车型</h3>
        <p className="muted" style={{ marginTop: 0 }}>没有VIN时，在下面选车型；有VIN时，在上方“图解查询”输入17位VIN。</p>
        {vehicles.isError ? <p role="alert">{vehicles.error.message}</p>
          : !vehicles.data ? <p aria-busy="true">正在加载车型…</p>
          : <VehicleList vehicles={vehicles.data} link={(v) => (
            <Link key={v.id} to={TO} search={{ vehicle_id: v.id }} className="ill-vehicle" aria-label={vehicleName(v)}>
              <strong>{v.model}</strong>
              <small>{v.factory_name} · {v.year_from}–{v.year_to} · {v.displacement} {v.engine_code}</small>
              {diagramCount(v)}
            </Link>
          )} />}
      </section>
    </div>
  );
}

/** The VIN's decode (counted like the VIN search: once per VIN and day) and the vehicles it matched. */
function VinVehicles({ vin }: { vin: string }) {
  const queryClient = useQueryClient();
  const q = useQuery(vinDecodeQuery(vin));
  const counted = q.data?.quota.counted;
  useEffect(() => {
    const companyId = sessionStore.user()?.company_id;
    if (counted && companyId) void queryClient.invalidateQueries({ queryKey: sessionKeys.quota('vin', companyId) });
  }, [counted, vin, queryClient]);
  if (q.isError) return <section className="card" role="alert"><p style={{ margin: 0, color: '#b91c1c' }}>{q.error.message}</p></section>;
  if (!q.data) return <section className="card" aria-busy="true">正在解析VIN…</section>;
  return (
    <VinDecodeSummary d={q.data} action={(v) => (
      <Link to={TO} search={{ vin, vehicle_id: v.id }} className="p-button p-component p-button-sm">
        <i className="pi pi-image" style={{ marginRight: '0.4rem' }} />查看图解
      </Link>
    )} />
  );
}

/** The subgroups of a vehicle by group, each marked with whether it has a drawing. */
function SubgroupTree({ vehicleId, subgroupId, vin }: { vehicleId: number; subgroupId?: number; vin?: string }) {
  const groups = useQuery(illustrationGroupsQuery(vehicleId));
  return (
    <nav className="card ill-tree" aria-label="分组">
      {groups.isError && <p role="alert">{groups.error.message}</p>}
      {groups.data?.groups.map((g) => (
        <div key={g.id}>
          <h4><i className={`pi ${g.icon}`} /> {g.name}</h4>
          <ul>
            {g.subgroups.map((s) => (
              <li key={s.id}>
                <Link to={TO} search={{ vin, vehicle_id: vehicleId, subgroup_id: s.id }} className={s.id === subgroupId ? 'active' : ''}
                  aria-current={s.id === subgroupId ? 'page' : undefined}>
                  <span>{s.name}</span>
                  <span className={`ill-flag${s.has_diagram ? '' : ' none'}`}>{s.has_diagram ? <><i className="pi pi-image" /> 图解</> : '无图'}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The part list beside the drawing: the selected position's row is marked and scrolled into view. */
export function IllustrationParts({ parts, selected, onSelect, placed }: { parts: EpcPart[]; selected: number | null; onSelect: (p: number) => void; placed: Set<number> }) {
  const table = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (selected === null) return;
    table.current?.querySelector(`tr[data-position="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <table className="ill-parts" aria-label="配件列表">
      <thead><tr><th>图号</th><th>OE号</th><th>配件名称</th><th>用量</th><th>卖家报价</th></tr></thead>
      <tbody ref={table}>
        {parts.map((p) => (
          <tr key={p.id} data-position={p.position} className={selected === p.position ? 'selected' : ''} aria-selected={selected === p.position}
            onClick={() => onSelect(p.position)}>
            <td><span className="pos" title={placed.has(p.position) ? undefined : '图上未标注'}>{p.position}</span></td>
            <td className="vin-code"><Link to="/search/parts/oe" search={{ code: p.oe_number }} onClick={(e) => e.stopPropagation()}>{p.oe_number}</Link></td>
            <td>{p.name}{p.note && <small className="muted"> （{p.note}）</small>}</td>
            <td>{p.qty}</td>
            <td className="nowrap">
              <Link to="/search/parts/oe" search={{ code: p.oe_number }} onClick={(e) => e.stopPropagation()} aria-label={`查看报价 ${p.oe_number}`}
                className={p.seller_count > 0 ? 'ill-stock' : 'ill-stock none'}>
                {p.seller_count > 0 ? msg.inStockSellers(p.seller_count) : msg.noStock} ›
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** No drawing: said plainly in the drawing's place, with the parts still there to search. */
export const NoDiagram = ({ text = t.noDiagram }: { text?: string }) => (
  <div className="ill-empty" role="note" data-testid="ill-no-diagram"><i className="pi pi-image" aria-hidden="true" /><strong>{text}</strong></div>
);

function IllustrationView({ data }: { data: Illustration }) {
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => setSelected(null), [data.subgroup.id]);
  const nameOf = (pos: number) => data.parts.filter((p) => p.position === pos).map((p) => p.name).join('、');
  return (
    <section className="card" aria-label={`${data.subgroup.group_name} / ${data.subgroup.name}`}>
      <div className="ill-head">
        <h3 style={{ margin: 0 }}>{data.subgroup.group_name} / {data.subgroup.name}</h3>
        {data.diagram && <span className="muted">{data.diagram.schematic ? `${t.schematic} · ` : ''}点图上的图号查看配件，点配件行在图上标出</span>}
      </div>
      <div className="ill-view" style={{ marginTop: '0.6rem' }}>
        {data.diagram
          ? <DiagramView imageUrl={data.diagram.image_url} alt={`${data.vehicle.model} ${data.subgroup.name} 图解`} hotspots={data.hotspots}
            selected={selected} onSelect={setSelected} nameOf={nameOf} />
          : <NoDiagram />}
        <IllustrationParts parts={data.parts} selected={selected} onSelect={setSelected} placed={new Set(data.hotspots.map((h) => h.position))} />
      </div>
    </section>
  );
}

function VehicleIllustrations({ vehicleId, subgroupId, vin }: { vehicleId: number; subgroupId?: number; vin?: string }) {
  const groups = useQuery(illustrationGroupsQuery(vehicleId));
  const sub = useQuery({ ...illustrationQuery(subgroupId ?? 0), enabled: Boolean(subgroupId) });
  const v = groups.data?.vehicle;
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section className="card ill-head" aria-label="车型">
        <span><strong>{v ? vehicleName(v) : '…'}</strong>{v && <span className="muted"> · {v.factory_name} · {v.transmission}</span>}</span>
        <Link to={TO} search={vin ? { vin } : {}}>更换车型</Link>
      </section>
      {groups.isError && <section className="card" role="alert">{groups.error.message}</section>}
      <div className="ill-layout">
        <SubgroupTree vehicleId={vehicleId} subgroupId={subgroupId} vin={vin} />
        {!subgroupId ? (
          <section className="card"><p style={{ margin: 0 }}><i className="pi pi-arrow-left" /> 从左侧选择分组查看图解；标“图解”的分组有图，其他分组可按 OE 号搜索配件。</p></section>
        ) : sub.isError ? <section className="card" role="alert">{sub.error.message}</section>
          : !sub.data ? <section className="card" aria-busy="true">正在加载图解…</section>
          : <IllustrationView data={sub.data} />}
      </div>
    </div>
  );
}

export function IllustrationPage({ search }: { search: IllustrationSearch }) {
  if (!search.vehicle_id) return <ChooseVehicle vin={search.vin} />;
  return <VehicleIllustrations vehicleId={search.vehicle_id} subgroupId={search.subgroup_id} vin={search.vin} />;
}
