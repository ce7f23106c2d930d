import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { STOCKTAKE_COUNT_STATE_TEXT } from '../../../shared/domain/stocktake';
import type { StocktakeCount } from '../../../shared/contracts/stocktake';
import { ListRows, type ListColumn } from '../../ui/list/ListRows';
import { stocktakeCountsQuery, stocktakeHomeQuery } from './queries';
import { useStocktakeDecide } from './mutations';

/**
 * 审核差异: the stocktake's counts that differ from what the system expected at the scan. Approving
 * adds the difference to what the location holds now (never below 0); rejecting leaves the stock.
 * Only 盘点审核 (M03-01) or the owner sees the buttons; the server decides either way.
 */
export function StocktakeDiffs({ id, onBack, onHome }: { id: number; onBack: () => void; onHome: () => void }) {
  const q = useQuery(stocktakeCountsQuery(id, true));
  const home = useQuery(stocktakeHomeQuery());
  const decide = useStocktakeDecide();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const canApprove = home.data?.canApprove ?? false;
  const rows = q.data?.data ?? [];
  const pending = rows.filter((r) => r.state === 'pending');
  const take = home.data?.stocktakes.find((t) => t.id === id);

  const run = async (approve: boolean, which: { ids?: number[]; all?: boolean }) => {
    setProblem('');
    setStatus('');
    try {
      const r = await decide.mutateAsync({ payload: { stocktake_id: id, ids: which.ids ?? [], all: which.all ?? false, approve }, idempotencyKey: crypto.randomUUID() });
      setStatus(`${approve ? '已通过' : '已驳回'} ${r.changed} 条差异`);
      setPicked(new Set());
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  const columns: ListColumn<StocktakeCount>[] = [
    { key: 'part', header: '配件', width: '13rem', cell: (r) => <span className="st-part"><strong>{r.oe}</strong><small>{[r.brand, r.quality, r.name].filter(Boolean).join(' · ')}</small></span> },
    { key: 'loc', header: '库位', width: '6rem', cell: (r) => r.locationCode },
    { key: 'counted', header: '盘点数量', width: '5.5rem', num: true, cell: (r) => r.counted },
    { key: 'expected', header: '扫描时应有', width: '6rem', num: true, priority: 2, cell: (r) => r.expected },
    { key: 'delta', header: '差异', width: '5rem', num: true, cell: (r) => <b className={r.delta < 0 ? 'st-minus' : 'st-plus'}>{r.delta > 0 ? '+' : ''}{r.delta}</b> },
    {
      key: 'state', header: '状态', width: '6.5rem', cell: (r) => (
        <span className={`st-state st-d-${r.state}`} data-state={r.state}>
          {STOCKTAKE_COUNT_STATE_TEXT[r.state] === '有差异' ? '待审核' : STOCKTAKE_COUNT_STATE_TEXT[r.state]}
          {r.state === 'approved' && r.applied !== null && r.applied !== r.delta && <small>（实调 {r.applied}）</small>}
        </span>
      ),
    },
    { key: 'who', header: '盘点人', width: '8rem', priority: 3, cell: (r) => `${r.countedBy} ${dayjs.unix(r.countedAt).format('MM-DD HH:mm')}` },
    {
      key: 'act', header: '操作', width: '9rem', actions: true, cell: (r) => (r.state === 'pending' && canApprove ? (
        <span className="st-acts">
          <button type="button" className="p-button p-button-sm" disabled={decide.isPending} onClick={() => void run(true, { ids: [r.id] })} aria-label={`通过 ${r.locationCode} ${r.oe}`}>通过</button>
          <button type="button" className="p-button p-button-sm p-button-outlined" disabled={decide.isPending} onClick={() => void run(false, { ids: [r.id] })} aria-label={`驳回 ${r.locationCode} ${r.oe}`}>驳回</button>
        </span>
      ) : r.decidedBy ? <small>{r.decidedBy}</small> : null),
    },
  ];

  return (
    <div className="st-page card">
      <header className="st-head">
        <h2>审核差异 <small>{take ? `${take.warehouseName} · 盘点单 ${id}` : `盘点单 ${id}`}</small></h2>
        <span className="st-head-links">
          {take?.state === 'open' && <button type="button" className="p-button p-button-text" onClick={onBack}>返回盘点</button>}
          <button type="button" className="p-button p-button-text" onClick={onHome}>全部盘点单</button>
        </span>
      </header>
      {!canApprove && home.data && <p className="st-empty">只有盘点审核人员（盘点审核权限）或主账号可以审核差异，请联系主账号在“员工”中授予。</p>}
      {canApprove && pending.length > 0 && (
        <div className="st-bulk">
          <button type="button" className="p-button" disabled={decide.isPending} onClick={() => void run(true, { all: true })}>全部通过（{pending.length}）</button>
          <button type="button" className="p-button p-button-outlined" disabled={decide.isPending || picked.size === 0} onClick={() => void run(true, { ids: [...picked] })}>通过所选</button>
          <button type="button" className="p-button p-button-outlined p-button-danger" disabled={decide.isPending || picked.size === 0} onClick={() => void run(false, { ids: [...picked] })}>驳回所选</button>
        </div>
      )}
      {status && <p className="st-status" role="status">{status}</p>}
      {problem && <p className="field-error" role="alert">{problem}</p>}
      {q.data === null && <p className="st-offline" role="status">离线：联网后才能审核差异</p>}
      <ListRows<StocktakeCount> title="盘点差异" columns={columns} rows={rows} rowKey={(r) => r.id} rowLabel={(r) => `${r.locationCode} ${r.oe}`}
        rowAttrs={(r) => ({ 'data-testid': 'st-diff', 'data-state': r.state })}
        selection={canApprove ? {
          selected: picked,
          toggle: (rid) => setPicked((old) => { const next = new Set(old); if (next.has(rid)) next.delete(rid); else next.add(rid); return next; }),
          setAll: (ids) => setPicked(new Set(ids.filter((i) => pending.some((p) => p.id === i)))),
        } : undefined}
        status={{ busy: q.isPending, empty: !q.isPending && rows.length === 0 ? <p className="st-empty">没有差异：盘点数量都与系统一致。有差异的记录会在这里等待审核。</p> : null }} />
    </div>
  );
}
