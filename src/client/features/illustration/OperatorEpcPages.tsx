/**
 * EPC图解 (/operation/product/epc, D04-04): the catalogue's vehicles as a list-block declaration
 * with how many subgroups have a drawing; a vehicle opens its editor (/operation/product/epc/<id>):
 * pick a subgroup, upload or replace its drawing (fileUpload: JPG/PNG, size checked), choose a
 * number and click the picture to place it, drag a number to move it, remove it, save.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { AnswerOf, PayloadIn } from '../../../shared/contracts';
import type { Hotspot, Illustration, IllustrationVehicle } from '../../../shared/contracts/illustration';
import { illustrationText as t } from '../../../shared/domain/illustration';
import { ApiError, OfflineError } from '../../api/request';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { UploadButton } from '../upload/UploadButton';
import { oneOf, pagingOf, text } from '../operation/list-payload';
import { DiagramView } from './DiagramView';
import { NoDiagram } from './IllustrationPage';
import { illKeys, illustrationGroupsQuery, illustrationQuery, opIllustrationVehiclesQuery } from './queries';
import { useRemoveEpcImage, useSaveEpcHotspots, useSaveEpcImage } from './mutations';
import '../operation/operation.css';
import './illustration.css';

const DIAGRAM_FILTERS = ['none', 'some', 'all'] as const;

type Status = { kind: 'ok' | 'error'; text: string } | null;
const StatusLine = ({ status }: { status: Status }) =>
  status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>;
const problem = (e: unknown) => (e instanceof ApiError || e instanceof OfflineError ? e.message : String(e));

const payloadOf = (s: ListSearch): PayloadIn<'opIllustrationVehicles'> => ({ k: text(s, 'k'), diagram: oneOf(s, 'diagram', DIAGRAM_FILTERS), ...pagingOf(s) });

export function EpcVehicleListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<IllustrationVehicle, ReturnType<typeof illKeys.opVehicles>, AnswerOf<'opIllustrationVehicles'>> = {
    title: 'EPC图解',
    filters: [
      { name: 'k', label: '品牌或车型', type: 'text', width: '10rem' },
      { name: 'diagram', label: '图解', type: 'select', options: [{ label: '没有图解', value: 'none' }, { label: '部分或全部有图解', value: 'some' }, { label: '全部有图解', value: 'all' }] },
    ],
    query: (s) => opIllustrationVehiclesQuery(payloadOf(s)),
    rowKey: (v) => v.id,
    rowLabel: (v) => `${v.make_name} ${v.model}`,
    columns: [
      {
        key: 'model', header: '车型', width: '12rem',
        cell: (v) => <><Link to="/operation/product/epc/$vehicleId" params={{ vehicleId: String(v.id) }}><strong>{v.make_name} {v.model}</strong></Link><br /><small className="muted">{v.factory_name}</small></>,
      },
      { key: 'years', priority: 2, header: '年款', width: '5rem', cell: (v) => `${v.year_from}–${v.year_to}` },
      { key: 'engine', priority: 2, header: '发动机', width: '8rem', cell: (v) => `${v.displacement} ${v.engine_code}` },
      { key: 'subgroups', priority: 3, header: '分组', width: '3.5rem', num: true, cell: (v) => v.subgroup_count },
      { key: 'diagrams', header: '有图解', width: '4rem', num: true, cell: (v) => (v.diagram_count === 0 ? <span className="op-tag danger">0</span> : v.diagram_count) },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (v) => <Link to="/operation/product/epc/$vehicleId" params={{ vehicleId: String(v.id) }} aria-label={`编辑图解 ${v.make_name} ${v.model}`}>编辑图解</Link>,
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的车型，换个条件试试。' : '车型库还没有车型：车型随配件目录一起导入。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}

/** The numbers being edited: the server's until the first change, then the page's own until saved. */
function Editor({ vehicleId, data, onSaved }: { vehicleId: number; data: Illustration; onSaved: (d: Illustration, text: string) => void }) {
  const saveEpcImage = useSaveEpcImage(vehicleId);
  const removeEpcImage = useRemoveEpcImage(vehicleId);
  const saveEpcHotspots = useSaveEpcHotspots(vehicleId);
  const [spots, setSpots] = useState<Hotspot[] | null>(null);
  const [placing, setPlacing] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const current = spots ?? data.hotspots;
  const placed = new Set(current.map((h) => h.position));
  const positions = useMemo(() => [...new Set(data.parts.map((p) => p.position))].sort((a, b) => a - b), [data]);
  // a new subgroup or a saved answer starts the editing again
  useEffect(() => {
    setSpots(null);
    setConfirmRemove(false);
    setStatus(null);
    setPlacing(positions.find((p) => !data.hotspots.some((h) => h.position === p)) ?? null);
  }, [data, positions]);
  const nameOf = (pos: number) => data.parts.filter((p) => p.position === pos).map((p) => p.name).join('、');
  const setSpot = (position: number, x: number, y: number) =>
    setSpots([...current.filter((h) => h.position !== position), { position, x, y }].sort((a, b) => a.position - b.position));

  const run = async (fn: () => Promise<Illustration>, done: string) => {
    setBusy(true);
    try {
      onSaved(await fn(), done);
    } catch (e) {
      setStatus({ kind: 'error', text: problem(e) });
    } finally {
      setBusy(false);
    }
  };
  const saveImage = (url: string) => run(() => saveEpcImage.mutateAsync({ subgroup_id: data.subgroup.id, image_url: url }), '图解图片已保存');
  const remove = () => run(() => removeEpcImage.mutateAsync({ subgroup_id: data.subgroup.id }), '图解已删除');
  const save = () => run(() => saveEpcHotspots.mutateAsync({ subgroup_id: data.subgroup.id, hotspots: current }), `图号已保存：已标注 ${current.length} / ${positions.length}`);

  return (
    <section className="card" aria-label={`编辑图解 ${data.subgroup.name}`}>
      <h3 style={{ marginTop: 0 }}>{data.vehicle.model} · {data.subgroup.group_name} / {data.subgroup.name}</h3>
      <div className="op-ill-tools">
        <UploadButton label={data.diagram ? '更换图片' : '上传图解图片'} onUploaded={(url) => void saveImage(url)} onProblem={(text) => setStatus({ kind: 'error', text })} />
        {data.diagram && (confirmRemove
          ? <><Button label="确认删除图解和全部图号" severity="danger" loading={busy} onClick={() => void remove()} /><Button label="取消" outlined onClick={() => setConfirmRemove(false)} /></>
          : <Button label="删除图解" severity="danger" outlined onClick={() => setConfirmRemove(true)} />)}
        {data.diagram && <>
          <Button label="保存图号" icon="pi pi-check" loading={busy} disabled={spots === null} onClick={() => void save()} />
          <Button label="撤销修改" outlined disabled={spots === null} onClick={() => setSpots(null)} />
          {spots !== null && <span className="muted" role="status">有未保存的修改</span>}
        </>}
      </div>
      <StatusLine status={status} />
      <div className="ill-view">
        {data.diagram ? (
          <div>
            <p className="muted" style={{ margin: '0 0 0.4rem' }}>
              {placing !== null ? <>点击图片放置 <strong>图号 {placing}</strong>（{nameOf(placing)}）；拖动图号可移动。</> : '在右侧选择一个图号，再点击图片放置；拖动图号可移动。'}
            </p>
            <DiagramView imageUrl={data.diagram.image_url} alt={`${data.subgroup.name} 图解`} hotspots={current} selected={placing}
              onSelect={setPlacing} nameOf={nameOf}
              edit={{
                onPlace: (x, y) => {
                  if (placing === null) return setStatus({ kind: 'error', text: '请先在右侧选择要放置的图号' });
                  setSpot(placing, x, y);
                  setStatus(null);
                  const next = positions.find((p) => p !== placing && !placed.has(p));
                  if (next !== undefined) setPlacing(next);
                },
                onMove: setSpot,
              }} />
          </div>
        ) : <NoDiagram text={t.noDiagramOperator} />}
        <table className="ill-parts op-ill-parts" aria-label="图号">
          <thead><tr><th>图号</th><th>配件</th><th>图上</th><th>操作</th></tr></thead>
          <tbody>
            {positions.map((pos) => (
              <tr key={pos} data-position={pos} className={placing === pos ? 'selected' : ''} aria-selected={placing === pos} onClick={() => setPlacing(pos)}>
                <td><span className="pos">{pos}</span></td>
                <td>{nameOf(pos)}<br /><small className="muted vin-code">{data.parts.filter((p) => p.position === pos).map((p) => p.oe_number).join(' ')}</small></td>
                <td>{placed.has(pos) ? '已标注' : <span className="muted">未标注</span>}</td>
                <td>
                  {data.diagram && <button type="button" className="linklike" aria-pressed={placing === pos} onClick={(e) => { e.stopPropagation(); setPlacing(pos); }}>放置</button>}
                  {placed.has(pos) && <> <button type="button" className="linklike" aria-label={`删除图号 ${pos}`}
                    onClick={(e) => { e.stopPropagation(); setSpots(current.filter((h) => h.position !== pos)); }}>删除</button></>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function EpcEditorPage({ vehicleId, subgroupId }: { vehicleId: number; subgroupId?: number }) {
  const groups = useQuery(illustrationGroupsQuery(vehicleId));
  const sub = useQuery({ ...illustrationQuery(subgroupId ?? 0), enabled: Boolean(subgroupId) });
  const [saved, setSaved] = useState<Status>(null);
  useEffect(() => setSaved(null), [subgroupId]);
  const v = groups.data?.vehicle;
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section className="card ill-head">
        <span><Link to="/operation/product/epc">EPC图解</Link> › <strong>{v ? `${v.make_name} ${v.model} ${v.year_from}–${v.year_to} ${v.engine_code}` : '…'}</strong></span>
        <StatusLine status={saved} />
      </section>
      {groups.isError && <section className="card" role="alert">{groups.error.message}</section>}
      <div className="ill-layout">
        <nav className="card ill-tree" aria-label="分组">
          {groups.data?.groups.map((g) => (
            <div key={g.id}>
              <h4>{g.name}</h4>
              <ul>
                {g.subgroups.map((s) => (
                  <li key={s.id}>
                    <Link to="/operation/product/epc/$vehicleId" params={{ vehicleId: String(vehicleId) }} search={{ subgroup_id: s.id }}
                      className={s.id === subgroupId ? 'active' : ''} aria-current={s.id === subgroupId ? 'page' : undefined}>
                      <span>{s.name}</span>
                      <span className={`ill-flag${s.has_diagram ? '' : ' none'}`}>{s.has_diagram ? `${s.hotspot_count}/${s.part_count}` : '无图'}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {!subgroupId ? <section className="card"><p style={{ margin: 0 }}><i className="pi pi-arrow-left" /> 选择一个分组：上传图解图片，再在图上放置图号（“3/5”为已标注的图号数 / 配件图号数）。</p></section>
          : sub.isError ? <section className="card" role="alert">{sub.error.message}</section>
          : !sub.data ? <section className="card" aria-busy="true">正在加载…</section>
          : <Editor vehicleId={vehicleId} data={sub.data} onSaved={(d, text) => {
            setSaved({ kind: 'ok', text: `${d.subgroup.name}：${text}` });
          }} />}
      </div>
    </div>
  );
}
