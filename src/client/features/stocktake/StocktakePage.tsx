import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { normalizeOe } from '../../../shared/domain/oe';
import { STOCKTAKE_MAX_COUNT, stocktakeText } from '../../../shared/domain/stocktake';
import type { StocktakePart } from '../../../shared/contracts/stocktake';
import { ListRows, type ListColumn } from '../../ui/list/ListRows';
import { outbox } from '../../local/outbox';
import { stocktakeStore, type DeviceCount } from '../../local/stocktake-store';
import { ScanButton } from '../scan/ScanButton';
import { deviceStocktakesQuery, stocktakeCatalogQuery, stocktakeCountsQuery, stocktakeFindQuery, stocktakeHomeQuery } from './queries';
import { useKeepResults, useRefetchCountsAfterReplay, useStocktakeClose, useStocktakeCount, useStocktakeOpen } from './mutations';
import { StocktakeDiffs } from './StocktakeDiffs';
import './stocktake.css';

export interface StocktakeSearch { take?: number; view?: 'count' | 'diff' }

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);
const useUser = () => useRouteContext({ from: '__root__', select: (c) => c.session.user })!;

/**
 * 盘点 (/backend/product/stocktake, docs/warehouse.md "Stocktake"): on a warehouse tablet, choose
 * the warehouse, scan a shelf label, then each part's label (or type its OE number), type the
 * counted quantity. Counts are kept on the device and sent at once or, offline, when the network
 * returns; each shows 待同步, 已同步 or 有差异. A supervisor approves or rejects the differences.
 */
export function StocktakePage({ search, onSearch }: { search: StocktakeSearch; onSearch: (s: StocktakeSearch) => void }) {
  useRefetchCountsAfterReplay();
  if (!search.take) return <StocktakeHome onOpen={(take) => onSearch({ take })} />;
  if (search.view === 'diff') return <StocktakeDiffs id={search.take} onBack={() => onSearch({ take: search.take })} onHome={() => onSearch({})} />;
  return <StocktakeCounter id={search.take} onHome={() => onSearch({})} onDiffs={() => onSearch({ take: search.take, view: 'diff' })} />;
}

function StocktakeHome({ onOpen }: { onOpen: (take: number) => void }) {
  const user = useUser();
  const home = useQuery(stocktakeHomeQuery());
  const device = useQuery(deviceStocktakesQuery(user.uuid));
  const open = useStocktakeOpen();
  const [problem, setProblem] = useState('');

  const start = async (warehouseId: number) => {
    setProblem('');
    try {
      const t = await open.mutateAsync({ payload: { warehouse_id: warehouseId, note: '' }, idempotencyKey: crypto.randomUUID() });
      onOpen(t.id);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  if (home.isPending) return <div className="st-page card" aria-busy="true">正在加载…</div>;
  if (home.isError) return <div className="st-page card" role="alert">{home.error.message}</div>;
  const data = home.data;
  return (
    <div className="st-page card">
      <header className="st-head"><h2>盘点</h2></header>
      {data === null ? (
        <section className="st-section" aria-label="本机的盘点单">
          <p className="st-offline" role="status"><i className="pi pi-wifi" aria-hidden="true" /> 离线：可继续本机已下载的盘点单，盘点数量联网后自动同步</p>
          {(device.data ?? []).filter((t) => t.state === 'open').length === 0
            ? <p className="st-empty">本机没有下载过盘点单。请联网后选择仓库开始盘点。</p>
            : (
              <div className="st-choices">
                {(device.data ?? []).filter((t) => t.state === 'open').map((t) => (
                  <button key={t.stocktakeId} type="button" className="st-choice" onClick={() => onOpen(t.stocktakeId)}>
                    <strong>{t.warehouseName}</strong><span>继续盘点（盘点单 {t.stocktakeId}）</span>
                  </button>
                ))}
              </div>
            )}
        </section>
      ) : (
        <>
          <section className="st-section" aria-label="选择仓库">
            <h3>选择仓库</h3>
            {data.warehouses.length === 0
              ? <p className="st-empty">还没有仓库。请先在 <Link to="/backend/product/stockAndPrice">库存与价格</Link> 的仓库设置中添加仓库和库位，并把库存放到库位上。</p>
              : (
                <div className="st-choices">
                  {data.warehouses.map((w) => (
                    <button key={w.id} type="button" className="st-choice" disabled={open.isPending}
                      onClick={() => (w.openStocktakeId ? onOpen(w.openStocktakeId) : void start(w.id))}>
                      <strong>{w.name}</strong><span>{w.openStocktakeId ? `继续盘点（盘点单 ${w.openStocktakeId}）` : '开始盘点'}</span>
                    </button>
                  ))}
                </div>
              )}
            {problem && <p className="field-error" role="alert">{problem}</p>}
          </section>
          {data.stocktakes.length > 0 && (
            <section className="st-section" aria-label="最近的盘点单">
              <h3>最近的盘点单</h3>
              <ul className="st-takes">
                {data.stocktakes.map((t) => (
                  <li key={t.id}>
                    <span><strong>{t.warehouseName}</strong> 盘点单 {t.id} · {t.state === 'open' ? '进行中' : '已结束'} · {dayjs.unix(t.openedAt).format('MM-DD HH:mm')} {t.openedBy}</span>
                    <span>{t.counts} 条记录{t.pending > 0 && <>，<b className="st-diff">{t.pending} 条差异待审核</b></>}</span>
                    <span className="st-take-links">
                      {t.state === 'open' && <button type="button" className="p-button p-button-text" onClick={() => onOpen(t.id)}>继续盘点</button>}
                      {data.canApprove && <Link to="/backend/product/stocktake" search={{ take: t.id, view: 'diff' }} className="p-button p-button-text">审核差异</Link>}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

type Shown = DeviceCount & { status: 'queued' | 'synced' | 'diff' | 'refused'; why: string };

/** the label's text as a 库位码: 仓库名/库位码 or the code alone, upper case */
const labelCode = (text: string) => text.slice(text.lastIndexOf('/') + 1).trim().toUpperCase();

function StocktakeCounter({ id, onHome, onDiffs }: { id: number; onHome: () => void; onDiffs: () => void }) {
  const user = useUser();
  const online = useOnline();
  const queryClient = useQueryClient();
  const catalog = useQuery(stocktakeCatalogQuery(user.uuid, id));
  const server = useQuery(stocktakeCountsQuery(id, false));
  const home = useQuery(stocktakeHomeQuery());
  const record = useStocktakeCount();
  const keep = useKeepResults();
  const close = useStocktakeClose();
  const [mine, setMine] = useState<DeviceCount[]>([]);
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const [locText, setLocText] = useState('');
  const [location, setLocation] = useState<{ id: number; code: string } | null>(null);
  const [oeText, setOeText] = useState('');
  const [choices, setChoices] = useState<StocktakePart[]>([]);
  const [part, setPart] = useState<(StocktakePart & { scannedAt: number }) | null>(null);
  const [qty, setQty] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const oeRef = useRef<HTMLInputElement>(null);
  const qtyRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const sub = stocktakeStore.counts$(user.uuid, id).subscribe({ next: setMine, error: () => setMine([]) });
    return () => sub.unsubscribe();
  }, [user.uuid, id]);
  useEffect(() => {
    const sub = outbox.failed$(user.uuid).subscribe({
      next: (rows) => setRefused(new Map(rows.filter((r) => r.name === 'stocktakeCount').map((r) => [String((r.payload as { client_key?: unknown }).client_key), r.lastError ?? '']))),
      error: () => setRefused(new Map()),
    });
    return () => sub.unsubscribe();
  }, [user.uuid]);
  // counts replayed from the queue: the server's answers kept with the device's records
  useEffect(() => {
    if (server.data) void keep(mine, server.data.data);
  }, [server.data, mine, keep]);

  const copy = catalog.data?.copy;
  const rows: Shown[] = useMemo(() => mine.map((c) => {
    const r = c.result;
    if (r) return { ...c, status: r.delta === 0 ? 'synced' : 'diff', why: '' };
    if (refused.has(c.clientKey)) return { ...c, status: 'refused', why: refused.get(c.clientKey) ?? '' };
    return { ...c, status: 'queued', why: '' };
  }), [mine, refused]);
  const waiting = rows.filter((r) => r.status === 'queued').length;

  if (catalog.isPending) return <div className="st-page card" aria-busy="true">正在下载盘点单…</div>;
  if (catalog.isError) return <div className="st-page card" role="alert">{catalog.error.message}</div>;
  if (!copy) {
    return (
      <div className="st-page card" role="alert">
        离线：本机没有这张盘点单的资料，请联网后再打开。 <button type="button" className="p-button p-button-text" onClick={onHome}>返回</button>
      </div>
    );
  }

  const chooseLocation = (text: string) => {
    const code = labelCode(text);
    setLocText(code);
    const found = copy.locations.find((l) => l.code === code);
    if (!found) {
      setErrors({ location: code ? `${copy.warehouseName}没有库位 ${code}` : stocktakeText.location });
      return;
    }
    setErrors({});
    setLocation(found);
    setPart(null);
    setChoices([]);
    setStatus('');
    setTimeout(() => oeRef.current?.focus());
  };

  const pick = (p: StocktakePart) => {
    setPart({ ...p, scannedAt: Math.floor(Date.now() / 1000) });
    setChoices([]);
    setQty('');
    setErrors({});
    setTimeout(() => qtyRef.current?.focus());
  };

  const findPart = async (text: string) => {
    const oe = normalizeOe(text);
    setOeText(text.trim());
    setStatus('');
    if (oe.length < 5) {
      setErrors({ oe: stocktakeText.oe });
      return;
    }
    let found = copy.rows.filter((r) => r.oeNorm === oe);
    if (found.length === 0) {
      if (!online) {
        setErrors({ oe: `离线：本机没有OE号 ${text.trim()} 的库存资料，请联网后再盘这个配件` });
        return;
      }
      try {
        found = (await queryClient.fetchQuery(stocktakeFindQuery(id, oe))).data;
      } catch (e) {
        setErrors({ oe: e instanceof Error ? e.message : String(e) });
        return;
      }
      if (found.length === 0) {
        setErrors({ oe: `本公司没有OE号为 ${text.trim()} 的库存` });
        return;
      }
    }
    const here = location ? [...found].sort((a, b) => Number(b.locationIds.includes(location.id)) - Number(a.locationIds.includes(location.id))) : found;
    if (here.length === 1) pick(here[0]);
    else {
      setErrors({});
      setChoices(here);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!location || !part) return;
    const n = qty.trim();
    if (!/^\d{1,7}$/.test(n) || Number(n) > STOCKTAKE_MAX_COUNT) {
      setErrors({ counted: stocktakeText.counted });
      qtyRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await record({
        clientKey: crypto.randomUUID(), stocktakeId: id, locationId: location.id, locationCode: location.code, stockId: part.stockId, oe: part.oe,
        name: part.name, brand: part.brand, counted: Number(n), countedAt: part.scannedAt, typedAtMs: Date.now(),
      });
      setStatus(`${location.code} · ${part.oe} 盘点数量 ${n} ${outcome === 'sent' ? '已同步' : '已记在本机，联网后自动同步'}`);
      setPart(null);
      setQty('');
      setOeText('');
      setErrors({});
      setTimeout(() => oeRef.current?.focus());
    } catch (err) {
      setErrors({ counted: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const step = (d: number) => setQty((q) => String(Math.max(0, Math.min(STOCKTAKE_MAX_COUNT, (Number(q) || 0) + d))));
  const closed = copy.state === 'closed';
  const canApprove = home.data?.canApprove ?? false;
  const stateText = { queued: '待同步', synced: '已同步', diff: '有差异', refused: '未通过' } as const;

  const columns: ListColumn<Shown>[] = [
    { key: 'part', header: '配件', width: '14rem', cell: (r) => <span className="st-part"><strong>{r.oe}</strong><small>{[r.brand, r.name].filter(Boolean).join(' · ')}</small></span> },
    { key: 'loc', header: '库位', width: '7rem', cell: (r) => r.locationCode },
    { key: 'counted', header: '盘点数量', width: '6rem', num: true, cell: (r) => r.counted },
    {
      key: 'state', header: '状态', width: '9rem', cell: (r) => (
        <span className={`st-state st-${r.status}`} data-state={r.status} title={r.why || undefined}>
          {stateText[r.status]}{r.status === 'diff' && r.result && ` ${r.result.delta > 0 ? '+' : ''}${r.result.delta}`}{r.status === 'refused' && r.why && `：${r.why}`}
        </span>
      ),
    },
    { key: 'at', header: '扫描时间', width: '6rem', priority: 3, cell: (r) => dayjs.unix(r.countedAt).format('HH:mm:ss') },
  ];

  return (
    <div className="st-page card">
      <header className="st-head">
        <h2>盘点 · {copy.warehouseName} <small>盘点单 {id}{closed ? '（已结束）' : ''}</small></h2>
        {!online && <span className="st-offline" role="status"><i className="pi pi-wifi" aria-hidden="true" /> 离线：盘点数量记在本机，联网后自动同步</span>}
        <span className="st-sync" aria-live="polite">{waiting > 0 ? `${waiting} 条待同步` : '已全部同步'}</span>
        <span className="st-head-links">
          {canApprove && <button type="button" className="p-button p-button-outlined" onClick={onDiffs}>审核差异</button>}
          <button type="button" className="p-button p-button-text" onClick={onHome}>换仓库</button>
        </span>
      </header>

      {closed ? <p className="st-empty">这张盘点单已结束，不能再录入。</p> : (
        <div className="st-steps">
          <section className="st-step" aria-label="1 库位">
            <h3><span className="st-no">1</span> 扫描库位标签</h3>
            <form className="st-line" onSubmit={(e) => { e.preventDefault(); chooseLocation(locText); }}>
              <input className="st-input" value={locText} onChange={(e) => setLocText(e.target.value)} placeholder="库位码，如 A-01-03" aria-label="库位码"
                aria-invalid={errors.location ? true : undefined} aria-describedby={errors.location ? 'st-err-location' : undefined} autoCapitalize="characters" />
              <ScanButton raw label="扫描库位标签" title="扫描库位标签" onScan={chooseLocation} />
              <button type="submit" className="p-button st-go">确定</button>
            </form>
            {errors.location && <small id="st-err-location" className="field-error" role="alert">{errors.location}</small>}
            {location && <p className="st-current" data-testid="st-location">当前库位 <strong>{location.code}</strong></p>}
          </section>

          <section className="st-step" aria-label="2 配件" aria-disabled={!location}>
            <h3><span className="st-no">2</span> 扫描配件标签</h3>
            <form className="st-line" onSubmit={(e) => { e.preventDefault(); void findPart(oeText); }}>
              <input ref={oeRef} className="st-input" value={oeText} onChange={(e) => setOeText(e.target.value)} placeholder="OE号" aria-label="配件OE号" disabled={!location}
                aria-invalid={errors.oe ? true : undefined} aria-describedby={errors.oe ? 'st-err-oe' : undefined} />
              <ScanButton label="扫描配件标签" title="扫描配件标签" onScan={(oe) => void findPart(oe)} />
              <button type="submit" className="p-button st-go" disabled={!location}>查找</button>
            </form>
            {errors.oe && <small id="st-err-oe" className="field-error" role="alert">{errors.oe}</small>}
            {choices.length > 0 && (
              <div className="st-choices" role="group" aria-label="选择配件">
                {choices.map((c) => (
                  <button key={c.stockId} type="button" className="st-choice" onClick={() => pick(c)}>
                    <strong>{c.oe}</strong><span>{[c.brand, c.quality, c.name].filter(Boolean).join(' · ')}</span>
                    {location && c.locationIds.includes(location.id) && <small>在本库位</small>}
                  </button>
                ))}
              </div>
            )}
          </section>

          <section className="st-step" aria-label="3 数量">
            <h3><span className="st-no">3</span> 输入盘点数量</h3>
            {part && location ? (
              <form className="st-count" onSubmit={(e) => void submit(e)} noValidate>
                <p className="st-current" data-testid="st-part">
                  <strong>{part.oe}</strong> {[part.brand, part.quality, part.name].filter(Boolean).join(' · ')}
                  {!part.locationIds.includes(location.id) && <small className="st-note">系统中不在 {location.code}，按新放入此库位记录</small>}
                </p>
                <div className="st-qty">
                  <button type="button" className="p-button p-button-outlined st-step-btn" aria-label="减一" onClick={() => step(-1)}>−</button>
                  <input ref={qtyRef} className="st-input st-qty-input" value={qty} onChange={(e) => setQty(e.target.value)} inputMode="numeric" aria-label="盘点数量"
                    aria-invalid={errors.counted ? true : undefined} aria-describedby={errors.counted ? 'st-err-counted' : undefined} />
                  <button type="button" className="p-button p-button-outlined st-step-btn" aria-label="加一" onClick={() => step(1)}>+</button>
                  <button type="submit" className="p-button st-save" disabled={busy}>确认，下一个</button>
                </div>
                {errors.counted && <small id="st-err-counted" className="field-error" role="alert">{errors.counted}</small>}
              </form>
            ) : <p className="st-hint">先扫描库位，再扫描配件标签或输入OE号。</p>}
          </section>
        </div>
      )}
      {status && <p className="st-status" role="status">{status}</p>}

      <section className="st-section" aria-label="本机的盘点记录">
        <h3>本机的盘点记录 <small>（{rows.length}）</small></h3>
        <ListRows<Shown, string> title="盘点记录" columns={columns} rows={rows} rowKey={(r) => r.clientKey} rowLabel={(r) => `${r.locationCode} ${r.oe}`}
          rowAttrs={(r) => ({ 'data-testid': 'st-count', 'data-state': r.status })}
          status={{ busy: false, empty: rows.length === 0 ? <p className="st-empty">还没有盘点记录。扫描库位和配件后输入数量，记录会显示在这里。</p> : null }} />
      </section>
      {!closed && online && (
        <p className="st-foot">
          <button type="button" className="p-button p-button-text p-button-danger" disabled={close.isPending || waiting > 0}
            title={waiting > 0 ? '还有待同步的记录' : undefined}
            onClick={() => { if (window.confirm('结束后不能再录入盘点数量，确定结束？')) close.mutate({ stocktake_id: id }); }}>结束盘点</button>
          {close.isError && <small className="field-error" role="alert">{close.error.message}</small>}
        </p>
      )}
    </div>
  );
}
