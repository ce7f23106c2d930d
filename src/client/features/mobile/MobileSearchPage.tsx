import { useDeferredValue, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import { validateOeBatch } from '../../../shared/domain/oe';
import { msg } from '../../../shared/messages';
import { KEYWORD_MAX_ROWS } from '../../../shared/contracts/limits';
import { formatUnix } from '../../../shared/domain/membership';
import { OfflineError } from '../../api/request';
import { searchHistory } from '../../local/search-history';
import type { SearchHistoryRow } from '../../local/db';
import type { StockRow } from '../../../shared/contracts';
import { keywordQuery, oeSearchQuery } from '../search/queries';
import { useSearchHistory } from '../search/SearchHistoryPanel';
import { MobilePage } from './MobilePage';
import { StockCard } from './StockCard';
import { MOBILE_PAGE_SIZE, type MobileSearch } from './search-params';
import { mobileCodes, mobileKeywordParams } from './search-prefetch';
import { ScanButton } from '../scan/ScanButton';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { PURCHASE_ORDER_CODES } from '../../../shared/domain/orders';

const MODES = [{ label: '精确', value: 'exact' }, { label: '模糊', value: 'fuzzy' }];

/** When what is on screen was fetched; offline, that it comes from the stored copy. */
export function FetchedAt({ at, offline, what = '结果' }: { at: number; offline: boolean; what?: string }) {
  return <span className="m-muted" role="status">{offline ? `离线：显示 ${dayjs(at).format('YYYY-MM-DD HH:mm:ss')} 获取的${what}` : `${what}获取于 ${dayjs(at).format('HH:mm:ss')}`}</span>;
}

/** Cards that paint with the results; the rest follow in a background render. */
const FIRST_CARDS = 4;

/**
 * Result cards: the first few render with the results (the page's largest paint), the others in a
 * deferred render that React splits into short slices, so a long list does not block the phone's
 * main thread in one piece (the phone's Lighthouse target: total blocking time).
 */
function StockCards({ rows, priceColumns, spotOrder }: { rows: StockRow[]; priceColumns: readonly string[]; spotOrder?: boolean }) {
  const shown = useDeferredValue(rows, rows.slice(0, FIRST_CARDS));
  return shown.map((row) => <StockCard key={row.id} row={row} priceColumns={priceColumns} spotOrder={spotOrder} />);
}

function OeResultCards({ codes, r }: { codes: string[]; r?: number }) {
  const q = useQuery(oeSearchQuery(codes, r));
  if (q.isPending) return <div className="m-card" aria-busy="true">正在搜索…</div>;
  if (q.isError && !q.data) return <p className="m-alert" role="alert">{q.error instanceof OfflineError ? '当前离线，且没有这次搜索的缓存结果' : q.error.message}</p>;
  const data = q.data!;
  const rows = data.items.reduce((n, g) => n + g.rows.length, 0);
  return (
    <>
      <FetchedAt at={q.dataUpdatedAt} offline={q.isError || !navigator.onLine} />
      {!data.contacts_visible && <p className="m-note">{msg.registeredCannotQuote}</p>}
      {rows === 0 && <div className="m-card m-empty">{msg.noResults}</div>}
      {data.items.filter((g) => g.rows.length > 0).map((g) => (
        <section key={`${g.oe}-${g.oe_number}`} aria-label={`OE ${g.oe_number}`} style={{ display: 'grid', gap: 8 }}>
          <h2 style={{ margin: '4px 2px 0', fontSize: 15 }}>
            {g.oe_number} <span className="m-muted">{g.name} · {g.total} 家报价{g.relation !== 'exact' ? `（${g.relation === 'alias' ? '别名' : '替换号'}，查询 ${g.oe}）` : ''}</span>
          </h2>
          <StockCards rows={g.rows} priceColumns={data.price_columns} />
          {g.total > g.rows.length && <p className="m-muted">另有 {g.total - g.rows.length} 家，可在电脑版查看全部</p>}
        </section>
      ))}
    </>
  );
}

/** Keyword results as cards, a page at a time; `spot`: 只看现货 with 现货下单 on each card (/ofo/spotGoods, docs/spot-goods.md). */
export function KeywordResultCards({ search, spot, to }: { search: MobileSearch; spot?: boolean; to: '/ofo/search' | '/ofo/spotGoods' }) {
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const params = mobileKeywordParams(search, spot);
  const q = useQuery(keywordQuery(params));
  if (q.isPending) return <div className="m-card" aria-busy="true">正在搜索…</div>;
  if (q.isError && !q.data) return <p className="m-alert" role="alert">{q.error instanceof OfflineError ? '当前离线，且没有这次搜索的缓存结果' : q.error.message}</p>;
  const data = q.data!;
  const last = Math.ceil(Math.min(data.total, KEYWORD_MAX_ROWS) / MOBILE_PAGE_SIZE);
  const go = (p: number) => void navigate({ to, search: { ...search, page: p } });
  return (
    <>
      <span className="m-muted">“{params.k}”（{params.mode === 'exact' ? '精确' : '模糊'}）{spot ? '现货' : ''}共 {data.total_capped ? `${data.total}+` : data.total} 条 · 第 {page} 页</span>
      <FetchedAt at={q.dataUpdatedAt} offline={q.isError || !navigator.onLine} />
      {!data.contacts_visible && <p className="m-note">{msg.registeredCannotQuote}</p>}
      {data.rows.length === 0 && <div className="m-card m-empty">{spot ? `没有“${params.k}”的现货。可换个词，或到“搜索”查看全部库存` : msg.noResults}</div>}
      <StockCards rows={data.rows} priceColumns={data.price_columns} spotOrder={spot} />
      {(page > 1 || page < last) && (
        <div className="m-spread">
          <Button type="button" outlined label="上一页" icon="pi pi-angle-left" disabled={page <= 1} onClick={() => go(page - 1)} />
          <Button type="button" outlined label="下一页" icon="pi pi-angle-right" iconPos="right" disabled={page >= last} onClick={() => go(page + 1)} />
        </div>
      )}
    </>
  );
}

const KIND_LABEL: Record<string, string> = { oe: 'OE号', keyword: '关键词', circle: '圈内', dismantle: '拆车件', company: '企业黄页' };

/** The last 10 searches (local at once, the server's merged in); OE and keyword ones search again here. */
function History({ onPick }: { onPick: (h: SearchHistoryRow) => void }) {
  const items = useSearchHistory();
  return (
    <section className="m-card" aria-label="搜索记录">
      <h2>搜索记录</h2>
      {items.length === 0 ? <p className="m-muted">暂无搜索记录</p> : (
        <ul className="m-convs">
          {items.map((h) => (
            <li key={h.search_value}>
              <a href="#" onClick={(e) => { e.preventDefault(); onPick(h); }} aria-label={`${KIND_LABEL[h.search_type]} ${h.search_value}`}>
                <span className="m-tag">{KIND_LABEL[h.search_type]}</span>
                <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{h.search_value}</span>
                <span className="m-muted">{formatUnix(h.create_time, 'MM-DD HH:mm')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The other searches (docs/search.md, the table of search pages) where a phone user looks for a
 * way to find a part: under the box, with the history. They have no phone counterpart: they lay
 * out at a phone's width as they are. 爆炸图 (/search/explosive) is the 图解 tab above.
 */
function MoreSearches() {
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const purchases = !!user && hasAnyPermission(user.permissions, PURCHASE_ORDER_CODES);
  return (
    <nav className="m-card m-more-search" aria-label="更多查询">
      <h2>更多查询</h2>
      <div className="m-tabs m-wrap">
        <Link to="/search/parts/myes" search={{}}>我的库存 / 曾采购</Link>
        {purchases && <Link to="/search/purchase">采购记录</Link>}
        <Link to="/search/oil" search={{}}>油品查询</Link>
        <Link to="/search/newvehicle" search={{}}>新车型</Link>
      </div>
    </nav>
  );
}

/**
 * 搜索 (/ofo/search): OE号 (up to 10 codes, one a line) or 关键词 (精确 / 模糊), the search history,
 * and the results as cards with price, seller, stock and 加入购物车. The same calls, quota and
 * offline copy as the desktop search.
 */
export function MobileSearchPage({ search }: { search: MobileSearch }) {
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: '__root__' });
  const tab = search.code ? 'oe' : search.k ? 'keyword' : search.tab ?? 'oe';
  const [oe, setOe] = useState(search.code ? search.code.split(',').join('\n') : '');
  const [k, setK] = useState(search.k ?? '');
  const [mode, setMode] = useState<'exact' | 'fuzzy'>(search.mode ?? 'fuzzy');
  const [error, setError] = useState('');
  const user = session.user;

  const runOe = (value: string) => {
    const r = validateOeBatch(value);
    if (!r.ok) return setError(r.message);
    setError('');
    if (user) for (const code of r.codes) void searchHistory.add(user.uuid, code, 'oe');
    void navigate({ to: '/ofo/search', search: { code: r.codes.join(','), r: Date.now() } });
  };
  const runKeyword = (value: string, m: 'exact' | 'fuzzy') => {
    if (!value.trim()) return setError(msg.enterSearch);
    setError('');
    if (user) void searchHistory.add(user.uuid, value.trim(), 'keyword', m);
    void navigate({ to: '/ofo/search', search: { k: value.trim(), mode: m, r: Date.now() } });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tab === 'oe') runOe(oe);
    else runKeyword(k, mode);
  };
  const pick = (h: SearchHistoryRow) => {
    if (h.search_type === 'oe') {
      setOe(h.search_value);
      runOe(h.search_value);
    } else {
      setK(h.search_value);
      setMode(h.search_mode ?? 'fuzzy');
      runKeyword(h.search_value, h.search_mode ?? 'fuzzy');
    }
  };
  const codes = mobileCodes(search);

  return (
    <MobilePage title="配件搜索">
      <nav className="m-tabs" aria-label="搜索方式">
        <Link to="/ofo/search" search={{ tab: 'oe' }} activeProps={{}} className={tab === 'oe' ? 'active' : ''} aria-current={tab === 'oe' ? 'page' : undefined}>OE号搜索</Link>
        <Link to="/ofo/search" search={{ tab: 'keyword' }} activeProps={{}} className={tab === 'keyword' ? 'active' : ''} aria-current={tab === 'keyword' ? 'page' : undefined}>关键词搜索</Link>
        <Link to="/ofo/spotGoods">现货</Link>
        <Link to="/im/illustration">图解</Link>
      </nav>
      <form className="m-card" onSubmit={submit} aria-label={tab === 'oe' ? 'OE号搜索' : '关键词搜索'} style={{ display: 'grid', gap: 8 }}>
        {tab === 'oe' ? (
          <span className="scan-field">
            {/* sized by its line count: autoResize measured the page (a forced layout) on every mount */}
            <InputTextarea name="oe" aria-label="OE号" value={oe} rows={Math.min(10, Math.max(2, oe.split('\n').length))} placeholder="输入OE号，一行一个，最多10个" style={{ width: '100%', fontFamily: 'monospace' }}
              onChange={(e) => { setOe(e.target.value); setError(''); }}
              onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); runOe(oe); } }} />
            {/* a scanned label joins the box as a line of its own, to edit before searching */}
            <ScanButton onScan={(code) => { setOe((t) => (t.trim() ? `${t.trimEnd()}\n${code}` : code)); setError(''); }} />
          </span>
        ) : (
          <>
            <SelectButton value={mode} options={MODES} onChange={(e) => e.value && setMode(e.value)} aria-label="搜索方式" allowEmpty={false} />
            <InputText name="k" aria-label="关键词" value={k} placeholder="配件名称、品牌、车型或OE号" style={{ width: '100%' }} onChange={(e) => { setK(e.target.value); setError(''); }} />
          </>
        )}
        {error && <p className="m-field-error" role="alert" style={{ margin: 0 }}>{error}</p>}
        <Button type="submit" label="搜索" icon="pi pi-search" />
      </form>
      {codes?.ok ? <OeResultCards codes={codes.codes} r={search.r} />
        : search.k ? <KeywordResultCards search={search} to="/ofo/search" />
        : <><MoreSearches /><History onPick={pick} /></>}
    </MobilePage>
  );
}
