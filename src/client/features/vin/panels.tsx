import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import type { EpcSubgroup } from '../../../shared/contracts/vin';
import { msg } from '../../../shared/messages';
import { vehiclePartSearchQuery, vehiclePartsQuery, vehicleSubgroupsQuery } from './queries';
import { PartsTable } from './PartsTable';

const Loading = ({ what }: { what: string }) => <div className="card" aria-busy="true">正在加载{what}…</div>;

/** The subgroups of one main group as a table; `link` renders the way into a subgroup's parts. */
export function SubgroupTable({ vehicleId, groupId, link }: { vehicleId: number; groupId: number; link: (s: EpcSubgroup, label: ReactNode) => ReactNode }) {
  const q = useQuery(vehicleSubgroupsQuery(vehicleId, groupId));
  if (q.isError) return <div className="card" role="alert">{q.error.message}</div>;
  if (!q.data) return <Loading what="分组" />;
  const rows = q.data.subgroups;
  return (
    <section className="card" aria-label="分组列表">
      <h3 style={{ marginTop: 0 }}>{rows[0]?.group_name ?? ''} · {rows.length} 个分组</h3>
      <DataTable value={rows} dataKey="id" size="small" stripedRows emptyMessage={msg.noResults}>
        <Column field="code" header="编号" style={{ width: '6rem' }} />
        <Column header="分组名称" body={(s: EpcSubgroup) => link(s, s.name)} />
        <Column field="part_count" header="配件数" style={{ width: '6rem' }} />
        <Column header="" style={{ width: '7rem' }} body={(s: EpcSubgroup) => link(s, '查看配件 ›')} />
      </DataTable>
    </section>
  );
}

/** The parts of one subgroup, with stock and the jump to the OE search. */
export function SubgroupParts({ subgroupId }: { subgroupId: number }) {
  const q = useQuery(vehiclePartsQuery(subgroupId));
  if (q.isError) return <div className="card" role="alert">{q.error.message}</div>;
  if (!q.data) return <Loading what="配件" />;
  const { subgroup, parts } = q.data;
  const stocked = parts.filter((p) => p.seller_count > 0).length;
  return (
    <section className="card" aria-label="配件">
      <h3 style={{ marginTop: 0 }}>
        {subgroup.group_name} / {subgroup.name}
        <span className="muted" style={{ fontWeight: 400, marginLeft: '0.6rem' }}>{parts.length} 种配件，{stocked} 种有货</span>
      </h3>
      <PartsTable parts={parts} />
    </section>
  );
}

/** Parts of the whole vehicle whose name contains the words or whose OE number starts with the term. */
export function VehiclePartSearch({ vehicleId, k }: { vehicleId: number; k: string }) {
  const q = useQuery(vehiclePartSearchQuery(vehicleId, k));
  if (q.isError) return <div className="card" role="alert">{q.error.message}</div>;
  if (!q.data) return <Loading what="配件" />;
  return (
    <section className="card" aria-label="车型内配件查找结果">
      <h3 style={{ marginTop: 0 }}>“{k}” 在本车型中找到 {q.data.parts.length} 种配件</h3>
      <PartsTable parts={q.data.parts} showGroup empty={msg.vehiclePartsNone} />
    </section>
  );
}
