import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { vinDecodeQuery } from './queries';
import { VinDecodeSummary } from './VinDecodeSummary';
import { ClassicCatalogue } from './ClassicCatalogue';
import { sessionKeys } from '../session/queries';
import { sessionStore } from '../../session/session-store';

/** The decode of one VIN; a counted decode makes the quota line beside the VIN box fetch again. */
function useDecode(vin: string) {
  const queryClient = useQueryClient();
  const q = useQuery(vinDecodeQuery(vin));
  const counted = q.data?.quota.counted;
  useEffect(() => {
    const companyId = sessionStore.user()?.company_id;
    if (counted && companyId) void queryClient.invalidateQueries({ queryKey: sessionKeys.quota('vin', companyId) });
  }, [counted, vin, queryClient]);
  return q;
}

/** A refusal (quota used up) is shown in the page, with the way to search without a VIN. */
function Refused({ text }: { text: string }) {
  return (
    <section className="card" role="alert">
      <p style={{ marginTop: 0, color: '#b91c1c' }}><i className="pi pi-ban" /> {text}</p>
      <p className="muted" style={{ marginBottom: 0 }}>不用VIN也可以找配件：<Link to="/search/vehicle">车型查询</Link> 或 <Link to="/search/parts">OE号搜索</Link>。</p>
    </section>
  );
}

/** /search/vin/detail: the decode, then the vehicle's whole catalogue as a tree (classic view). */
export function ClassicVinDetail({ vin, vehicleId }: { vin: string; vehicleId?: number }) {
  const q = useDecode(vin);
  if (q.isError) return <Refused text={q.error.message} />;
  if (!q.data) return <div className="card" aria-busy="true">正在解析VIN…</div>;
  const d = q.data;
  const chosen = d.vehicles.find((v) => v.id === vehicleId) ?? d.vehicles[0];
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <VinDecodeSummary d={d} action={(v) => (v.id === chosen?.id && d.vehicles.length > 1
        ? <span className="muted">当前车型</span>
        : d.vehicles.length > 1 ? <Link to="/search/vin/detail" search={{ vin, vehicle_id: v.id }}>选择此车型</Link> : null)} />
      {chosen && (
        <ClassicCatalogue base="vin" vin={vin} vehicleId={chosen.id}>
          <section className="card">
            <p style={{ margin: 0 }}><i className="pi pi-arrow-left" /> 从左侧目录选择主组或分组查看配件，或在上方按配件名称查找。</p>
          </section>
        </ClassicCatalogue>
      )}
    </div>
  );
}

/** /search/newvin/detail: the decode with a clear next step into the tile flow. */
export function NewVinDetail({ vin }: { vin: string }) {
  const q = useDecode(vin);
  if (q.isError) return <Refused text={q.error.message} />;
  if (!q.data) return <div className="card" aria-busy="true">正在解析VIN…</div>;
  return (
    <VinDecodeSummary d={q.data} action={(v) => (
      <Link to="/search/newvin/groups" search={{ vin, vehicle_id: v.id }} className="p-button p-component p-button-sm">
        <i className="pi pi-th-large" style={{ marginRight: '0.4rem' }} />查看配件目录
      </Link>
    )} />
  );
}

