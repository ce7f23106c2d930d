import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useRouteContext } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { oeSearchQuery, oeSellersQuery } from './queries';
import { StockTable } from './StockTable';
import { ResultViewControls } from './ResultViewControls';
import { UpgradeNote } from './UpgradeNote';
import { useResultView, type ResultView } from './result-view';
import { EnquiryButton } from '../enquiry/EnquiryButton';
import { EmptyOeHelp } from './EmptySearchHelp';
import { OfflineError } from '../../api/request';
import type { StockRow } from '../../../shared/contracts';
import { FollowButton } from '../basket/FollowButton';
import { useT, mark } from '../../i18n/lang';

/** sorted among the sellers shown, in the page */
const SORTABLE_HERE = ['name', 'quantity', 'price99', 'price0', 'price1', 'price2', 'price3', 'price5'];

const RELATION: Record<string, string> = { exact: '', supersession: mark('替换号'), alias: mark('别名') };

/** OE results grouped by OE: sellers, the caller's price columns, quantity, area; original parts labelled. */
export function OeResults({ codes, r }: { codes: string[]; r?: number }) {
  const t = useT();
  const q = useQuery(oeSearchQuery(codes, r));
  const { session } = useRouteContext({ from: '__root__' });
  const [view, setView] = useResultView(session.user?.uuid);
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在搜索…')}</div>;
  if (q.isError && !q.data) {
    return <div className="card">{q.error instanceof OfflineError ? t('当前离线，且没有这次搜索的缓存结果') : q.error.message}</div>;
  }
  const data = q.data!;
  const offline = q.isError && q.error instanceof OfflineError;
  return (
    <div className="oe-results">
      <div className="result-status">
      <div className="muted" role="status">
        {offline || !navigator.onLine ? t('离线：显示 {{v}} 获取的结果', { v: dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss') }) : t('结果获取于 {{v}}', { v: dayjs(q.dataUpdatedAt).format('HH:mm:ss') })}
        {' · '}{t('今日库存查询')} {data.quota.total_per_day === 9999 ? t('{{used}} 次（不限）', { used: data.quota.used }) : t('{{used}} / {{total_per_day}} 次', { used: data.quota.used, total_per_day: data.quota.total_per_day })}
        {' '}<EnquiryButton groups={data.items} />
      </div>
      <ResultViewControls view={view} onChange={setView} priceColumns={data.price_columns} />
      </div>
      {!data.contacts_visible && <UpgradeNote />}
      {data.items.map((g) => (
        <OeGroup key={`${g.oe}-${g.oe_number}`} group={g} priceColumns={data.price_columns} contactsVisible={data.contacts_visible} view={view} />
      ))}
    </div>
  );
}

interface Group { oe: string; oe_number: string; relation: string; brand_code: string; name: string; rows: StockRow[]; total: number }

/** One OE number with its sellers: the first page came with the search, 查看更多 pages the rest from the server. */
function OeGroup({ group: g, priceColumns, contactsVisible, view }: { group: Group; priceColumns: string[]; contactsVisible: boolean; view: ResultView }) {
  const t = useT();
  const [more, setMore] = useState(false);
  const pages = useInfiniteQuery({ ...oeSellersQuery(g.oe_number, g.rows.length), enabled: more });
  const seen = new Set(g.rows.map((r) => r.id));
  const rows = [...g.rows, ...(pages.data?.pages.flatMap((p) => p.rows) ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id))];
  const total = Math.max(pages.data?.pages.at(-1)?.total ?? g.total, rows.length);
  const left = total - rows.length;
  const loading = pages.isFetching;
  const showMore = () => (more ? void pages.fetchNextPage() : setMore(true));
  return (
    <section className="card results-card" aria-label={`OE ${g.oe_number}`}>
      <h3 className="oe-group-head">
        {g.oe_number} <span className="muted" style={{ fontWeight: 400 }} data-user-text>{g.brand_code} {g.name}</span>
        {g.relation !== 'exact' && <Tag value={t('{{v}}（查询 {{oe}}）', { v: t(RELATION[g.relation]), oe: g.oe })} severity="info" style={{ marginLeft: '0.5rem' }} />}
        <span className="muted" style={{ fontWeight: 400, marginLeft: '0.5rem' }}>
          {rows.length < total ? t('共 {{total}} 家报价，已显示 {{length}} 家', { total, length: rows.length }) : t('{{total}} 家报价', { total })}
        </span>
        <span className="oe-group-follow"><FollowButton kind="oe" oe={g.oe_number} name={g.name} /></span>
      </h3>
      {total === 0 ? <EmptyOeHelp oe={g.oe} oeNumber={g.oe_number} /> : (
        <StockTable rows={rows} priceColumns={priceColumns} contactsVisible={contactsVisible} view={view} label={t('{{oe_number}} 的卖家', { oe_number: g.oe_number })}
          sortable={SORTABLE_HERE} />
      )}
      {left > 0 && (
        <div className="oe-more">
          <Button type="button" label={t('查看更多（还有 {{left}} 家）', { left })} icon="pi pi-angle-down" size="small" outlined loading={loading} onClick={showMore} />
          {rows.length > 0 && <span className="muted">{t('排序只在已显示的')} {rows.length} {t('家之间')}</span>}
        </div>
      )}
      {pages.isError && <p className="field-error" role="alert">{pages.error instanceof OfflineError ? t('当前离线，无法加载更多卖家') : pages.error.message}</p>}
    </section>
  );
}
