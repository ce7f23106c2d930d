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
import { mark, useLang, useT } from '../../i18n/lang';
import { formatDate, formatNumber } from '../../i18n/format';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData } from '../../i18n/with-data';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { PURCHASE_ORDER_CODES } from '../../../shared/domain/orders';

const MODES = [{ label: mark('精确'), value: 'exact' }, { label: mark('模糊'), value: 'fuzzy' }];

/** When what is on screen was fetched; offline, that it comes from the stored copy. */
export function FetchedAt({ at, offline, what = mark('结果') }: { at: number; offline: boolean; what?: string }) {
  const t = useT();
  const lang = useLang();
  // by Intl in Vietnamese (docs/i18n.md#numbers-money-and-dates)
  const when = (withDay: boolean) => (lang === 'vi' ? (withDay ? formatDate('vi', new Date(at), true) : VI_TIME.format(at)) : dayjs(at).format(withDay ? 'YYYY-MM-DD HH:mm:ss' : 'HH:mm:ss'));
  return <span className="m-muted" role="status">{offline ? t('离线：显示 {{at}} 获取的{{what}}', { at: when(true), what: t(what) }) : t('{{what}}获取于 {{at}}', { what: t(what), at: when(false) })}</span>;
}
const VI_TIME = new Intl.DateTimeFormat('vi-VN', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

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
  const t = useT();
  const lang = useLang();
  const q = useQuery(oeSearchQuery(codes, r));
  if (q.isPending) return <div className="m-card" aria-busy="true">{t('正在搜索…')}</div>;
  if (q.isError && !q.data) return <p className="m-alert" role="alert">{q.error instanceof OfflineError ? t('当前离线，且没有这次搜索的缓存结果') : <Refusal text={q.error.message} />}</p>;
  const data = q.data!;
  const rows = data.items.reduce((n, g) => n + g.rows.length, 0);
  return (
    <>
      <FetchedAt at={q.dataUpdatedAt} offline={q.isError || !navigator.onLine} />
      {!data.contacts_visible && <p className="m-note">{t(msg.registeredCannotQuote)}</p>}
      {rows === 0 && <div className="m-card m-empty">{t(msg.noResults)}</div>}
      {data.items.filter((g) => g.rows.length > 0).map((g) => (
        <section key={`${g.oe}-${g.oe_number}`} aria-label={`OE ${g.oe_number}`} style={{ display: 'grid', gap: 8 }}>
          <h2 style={{ margin: '4px 2px 0', fontSize: 15 }}>
            <span data-user-text>{g.oe_number}</span> <span className="m-muted"><span data-user-text>{g.name}</span> · {t('{{n}} 家报价', { n: formatNumber(lang, g.total) })}{g.relation !== 'exact' && ` ${g.relation === 'alias' ? t('（别名，查询 {{oe}}）', { oe: g.oe }) : t('（替换号，查询 {{oe}}）', { oe: g.oe })}`}</span>
          </h2>
          <StockCards rows={g.rows} priceColumns={data.price_columns} />
          {g.total > g.rows.length && <p className="m-muted">{t('另有 {{n}} 家，可在电脑版查看全部', { n: g.total - g.rows.length })}</p>}
        </section>
      ))}
    </>
  );
}

/** Keyword results as cards, a page at a time; `spot`: 只看现货 with 现货下单 on each card (/ofo/spotGoods, docs/spot-goods.md). */
export function KeywordResultCards({ search, spot, to }: { search: MobileSearch; spot?: boolean; to: '/ofo/search' | '/ofo/spotGoods' }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const params = mobileKeywordParams(search, spot);
  const q = useQuery(keywordQuery(params));
  if (q.isPending) return <div className="m-card" aria-busy="true">{t('正在搜索…')}</div>;
  if (q.isError && !q.data) return <p className="m-alert" role="alert">{q.error instanceof OfflineError ? t('当前离线，且没有这次搜索的缓存结果') : <Refusal text={q.error.message} />}</p>;
  const data = q.data!;
  const last = Math.ceil(Math.min(data.total, KEYWORD_MAX_ROWS) / MOBILE_PAGE_SIZE);
  const go = (p: number) => void navigate({ to, search: { ...search, page: p } });
  return (
    <>
      <span className="m-muted">{withData(t(spot ? '“{{k}}”（{{mode}}）现货共 {{total}} 条 · 第 {{page}} 页' : '“{{k}}”（{{mode}}）共 {{total}} 条 · 第 {{page}} 页', {
        k: dataSlot(0), mode: params.mode === 'exact' ? t('精确') : t('模糊'), total: data.total_capped ? `${formatNumber(lang, data.total)}+` : formatNumber(lang, data.total), page,
      }), [params.k])}</span>
      <FetchedAt at={q.dataUpdatedAt} offline={q.isError || !navigator.onLine} />
      {!data.contacts_visible && <p className="m-note">{t(msg.registeredCannotQuote)}</p>}
      {data.rows.length === 0 && <div className="m-card m-empty">{spot ? withData(t('没有“{{k}}”的现货。可换个词，或到“搜索”查看全部库存', { k: dataSlot(0) }), [params.k]) : t(msg.noResults)}</div>}
      <StockCards rows={data.rows} priceColumns={data.price_columns} spotOrder={spot} />
      {(page > 1 || page < last) && (
        <div className="m-spread">
          <Button type="button" outlined label={t('上一页')} icon="pi pi-angle-left" disabled={page <= 1} onClick={() => go(page - 1)} />
          <Button type="button" outlined label={t('下一页')} icon="pi pi-angle-right" iconPos="right" disabled={page >= last} onClick={() => go(page + 1)} />
        </div>
      )}
    </>
  );
}

const KIND_LABEL: Record<string, string> = { oe: mark('OE号'), keyword: mark('关键词'), circle: mark('圈内'), dismantle: mark('拆车件'), company: mark('企业黄页') };

/** The last 10 searches (local at once, the server's merged in); OE and keyword ones search again here. */
function History({ onPick }: { onPick: (h: SearchHistoryRow) => void }) {
  const t = useT();
  const lang = useLang();
  const items = useSearchHistory();
  return (
    <section className="m-card" aria-label={t('搜索记录')}>
      <h2>{t('搜索记录')}</h2>
      {items.length === 0 ? <p className="m-muted">{t('暂无搜索记录')}</p> : (
        <ul className="m-convs">
          {items.map((h) => (
            <li key={h.search_value}>
              <a href="#" onClick={(e) => { e.preventDefault(); onPick(h); }} aria-label={`${t(KIND_LABEL[h.search_type])} ${h.search_value}`}>
                <span className="m-tag">{t(KIND_LABEL[h.search_type])}</span>
                <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-user-text>{h.search_value}</span>
                <span className="m-muted">{lang === 'vi' ? formatDate('vi', h.create_time, true) : formatUnix(h.create_time, 'MM-DD HH:mm')}</span>
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
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  const purchases = !!user && hasAnyPermission(user.permissions, PURCHASE_ORDER_CODES);
  return (
    <nav className="m-card m-more-search" aria-label={t('更多查询')}>
      <h2>{t('更多查询')}</h2>
      <div className="m-tabs m-wrap">
        <Link to="/search/parts/myes" search={{}}>{t('我的库存 / 曾采购')}</Link>
        {purchases && <Link to="/search/purchase">{t('采购记录')}</Link>}
        <Link to="/search/oil" search={{}}>{t('油品查询')}</Link>
        <Link to="/search/newvehicle" search={{}}>{t('新车型')}</Link>
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
  const t = useT();
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
    <MobilePage title={t('配件搜索')}>
      <nav className="m-tabs" aria-label={t('搜索方式')}>
        <Link to="/ofo/search" search={{ tab: 'oe' }} activeProps={{}} className={tab === 'oe' ? 'active' : ''} aria-current={tab === 'oe' ? 'page' : undefined}>{t('OE号搜索')}</Link>
        <Link to="/ofo/search" search={{ tab: 'keyword' }} activeProps={{}} className={tab === 'keyword' ? 'active' : ''} aria-current={tab === 'keyword' ? 'page' : undefined}>{t('关键词搜索')}</Link>
        <Link to="/ofo/spotGoods">{t('现货')}</Link>
        <Link to="/im/illustration">{t('图解')}</Link>
      </nav>
      <form className="m-card" onSubmit={submit} aria-label={tab === 'oe' ? t('OE号搜索') : t('关键词搜索')} style={{ display: 'grid', gap: 8 }}>
        {tab === 'oe' ? (
          <span className="scan-field">
            {/* sized by its line count: autoResize measured the page (a forced layout) on every mount */}
            <InputTextarea name="oe" aria-label={t('OE号')} value={oe} rows={Math.min(10, Math.max(2, oe.split('\n').length))} placeholder={t('输入OE号，一行一个，最多10个')} style={{ width: '100%', fontFamily: 'monospace' }}
              onChange={(e) => { setOe(e.target.value); setError(''); }}
              onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); runOe(oe); } }} />
            {/* a scanned label joins the box as a line of its own, to edit before searching */}
            <ScanButton onScan={(code) => { setOe((was) => (was.trim() ? `${was.trimEnd()}\n${code}` : code)); setError(''); }} />
          </span>
        ) : (
          <>
            <SelectButton value={mode} options={MODES.map((m) => ({ ...m, label: t(m.label) }))} onChange={(e) => e.value && setMode(e.value)} aria-label={t('搜索方式')} allowEmpty={false} />
            <InputText name="k" aria-label={t('关键词')} value={k} placeholder={t('配件名称、品牌、车型或OE号')} style={{ width: '100%' }} onChange={(e) => { setK(e.target.value); setError(''); }} />
          </>
        )}
        {error && <p className="m-field-error" role="alert" style={{ margin: 0 }}><Refusal text={error} /></p>}
        <Button type="submit" label={t('搜索')} icon="pi pi-search" />
      </form>
      {codes?.ok ? <OeResultCards codes={codes.codes} r={search.r} />
        : search.k ? <KeywordResultCards search={search} to="/ofo/search" />
        : <><MoreSearches /><History onPick={pick} /></>}
    </MobilePage>
  );
}
