import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { NumberBox } from '../../ui/NumberBox';
import { PartBrandPicker, type PickedBrand } from './PartBrandPicker';
import { EmptyKeywordHelp } from './EmptySearchHelp';
import './search-extras.css';
import dayjs from 'dayjs';
import { keywordQuery, type KeywordParams } from './queries';
import { StockTable, type SortOrder } from './StockTable';
import { ResultViewControls } from './ResultViewControls';
import { useResultView } from './result-view';
import type { KeywordSearch } from './keyword-route';
import { endpoints, KEYWORD_MAX_ROWS, KEYWORD_SORT_FIELDS, PAGE_SIZES, type KeywordSortField } from '../../../shared/contracts';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { msg } from '../../../shared/messages';
import { OfflineError } from '../../api/request';

type Filters = Pick<KeywordSearch, 'pc' | 'pmin' | 'pmax' | 'smin' | 'smax'>;

/** The address of these results: every choice in it, so a reload or a shared link shows the same page. */
const searchOf = (p: KeywordParams, brandName: string | undefined) => ({
  k: p.k, mode: p.mode, page: p.page_number, size: PAGE_SIZES.find((n) => n === p.page_size) ?? 50,
  ...(p.brand_id ? { brand: p.brand_id, bn: brandName } : {}),
  ...(p.sort_field ? { sort: p.sort_field, order: p.sort_order ?? 'asc' } : {}),
  pc: p.price_column, pmin: p.min_price, pmax: p.max_price, smin: p.min_stock, smax: p.max_stock,
});

/** 价格 and 库存 ranges; checked here with the search's own schema (its messages) before anything is asked. */
function FilterBar({ params, priceColumns, onApply }: { params: KeywordParams; priceColumns: readonly string[]; onApply: (f: Filters) => void }) {
  const [pc, setPc] = useState<PriceColumn>(params.price_column ?? (priceColumns[0] as PriceColumn | undefined) ?? 'price99');
  const [pmin, setPmin] = useState<number | null>(params.min_price ?? null);
  const [pmax, setPmax] = useState<number | null>(params.max_price ?? null);
  const [smin, setSmin] = useState<number | null>(params.min_stock ?? null);
  const [smax, setSmax] = useState<number | null>(params.max_stock ?? null);
  const [error, setError] = useState('');
  const active = [params.min_price, params.max_price, params.min_stock, params.max_stock].some((x) => x !== undefined);
  const apply = () => {
    const found = fieldErrors(endpoints.keywordSearch.payload, {
      k: params.k, min_price: pmin ?? undefined, max_price: pmax ?? undefined, min_stock_qty: smin ?? undefined, max_stock_qty: smax ?? undefined,
    });
    const refused = found.min_price ?? found.max_price ?? found.min_stock_qty ?? found.max_stock_qty;
    if (refused) return setError(refused);
    setError('');
    const priced = pmin !== null || pmax !== null;
    onApply({ pc: priced ? pc : undefined, pmin: pmin ?? undefined, pmax: pmax ?? undefined, smin: smin ?? undefined, smax: smax ?? undefined });
  };
  return (
    <form className="result-filter" aria-label="价格和库存筛选" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      <span>价格：</span>
      <Dropdown aria-label="筛选的价格列" value={pc} options={priceColumns.map((c) => ({ value: c, label: PRICE_LABELS[c as PriceColumn] }))} onChange={(e) => setPc(e.value as PriceColumn)} />
      <NumberBox aria-label="最低价格（元）" placeholder="最低（元）" value={pmin} onValue={setPmin} max={9999999} decimals={2} />
      <span>—</span>
      <NumberBox aria-label="最高价格（元）" placeholder="最高（元）" value={pmax} onValue={setPmax} max={9999999} decimals={2} />
      <span>库存：</span>
      <NumberBox aria-label="最低库存" placeholder="最低" value={smin} onValue={setSmin} max={999999} />
      <span>—</span>
      <NumberBox aria-label="最高库存" placeholder="最高" value={smax} onValue={setSmax} max={999999} />
      <Button type="submit" label="筛选" icon="pi pi-search" size="small" />
      {active && <Button type="button" label="清除筛选" icon="pi pi-times" size="small" text onClick={() => onApply({})} />}
      {error && <p className="field-error" role="alert">{error}</p>}
    </form>
  );
}

/** Keyword results, paged, sorted and filtered on the server (50/100/200/400/800 a page). */
export function KeywordResults({ params, brandName }: { params: KeywordParams; brandName?: string }) {
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: '__root__' });
  const [view, setView] = useResultView(session.user?.uuid);
  const [picking, setPicking] = useState(false);
  const q = useQuery({ ...keywordQuery(params), placeholderData: keepPreviousData });
  const to = params.dismantled ? '/search/dismantle/result' : params.circle ? '/search/parts/circle' : '/search/parts/keyword';
  // any change but paging starts again at page 1
  const go = (patch: Partial<ReturnType<typeof searchOf>>) => void navigate({ to, search: { ...searchOf(params, brandName), page: 1, ...patch } });
  const withBrand = (b: PickedBrand | null) => go(b ? { brand: b.id, bn: b.name } : { brand: undefined, bn: undefined });
  const brandBar = (
    <div className="brand-filter" role="group" aria-label="配件品牌筛选">
      <span>配件品牌：</span>
      <strong>{params.brand_id ? brandName ?? `#${params.brand_id}` : '全部'}</strong>
      <Button type="button" label="选择品牌" icon="pi pi-filter" size="small" outlined onClick={() => setPicking(true)} />
      {params.brand_id !== undefined && <Button type="button" label="清除品牌" icon="pi pi-times" size="small" text onClick={() => withBrand(null)} />}
      <PartBrandPicker visible={picking} selected={params.brand_id} onHide={() => setPicking(false)} onPick={(b) => { setPicking(false); withBrand(b); }} />
    </div>
  );
  const filterKey = [params.price_column, params.min_price, params.max_price, params.min_stock, params.max_stock].join('|');
  const filterBar = (columns: readonly string[]) => (
    <FilterBar key={filterKey} params={params} priceColumns={columns} onApply={(f) => go({ pc: f.pc, pmin: f.pmin, pmax: f.pmax, smin: f.smin, smax: f.smax })} />
  );
  if (q.isPending) return <div className="card" aria-busy="true">正在搜索…</div>;
  if (q.isError && !q.data) {
    return (
      <div className="card">
        {brandBar}
        {filterBar(params.price_column ? [params.price_column] : ['price99'])}
        <p role="alert">{q.error instanceof OfflineError ? '当前离线，且没有这次搜索的缓存结果' : q.error.message}</p>
      </div>
    );
  }
  const data = q.data!;
  const offline = (q.isError && q.error instanceof OfflineError) || !navigator.onLine;
  const sortable = KEYWORD_SORT_FIELDS.filter((f) => !f.startsWith('price') || data.price_columns.includes(f));
  const onSort = (sortField: string | undefined, order: SortOrder | undefined) => {
    const field = KEYWORD_SORT_FIELDS.find((f) => f === sortField);
    go(field && order ? { sort: field, order } : { sort: undefined, order: undefined });
  };
  return (
    <section className="card results-card" aria-label="关键词搜索结果">
      <div className="result-toolbar">
        {brandBar}
        {filterBar(data.price_columns)}
      </div>
      <div className="result-status">
      <p className="muted" role="status">
        {params.circle ? '圈内 ' : params.dismantled ? '拆车件 ' : ''}“{params.k}”（{params.mode === 'exact' ? '精确' : '模糊'}）共 {data.total_capped ? `${data.total}+` : data.total} 条
        {data.total > KEYWORD_MAX_ROWS && `，可翻阅前 ${KEYWORD_MAX_ROWS} 条`}
        {params.sort_field && ` · 按${sortLabel(params.sort_field)}${params.sort_order === 'desc' ? '从高到低' : '从低到高'}`}
        {' · '}{offline ? `离线：显示 ${dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss')} 获取的结果` : `结果获取于 ${dayjs(q.dataUpdatedAt).format('HH:mm:ss')}`}
        {!data.contacts_visible && <> · {msg.registeredCannotQuote}</>}
      </p>
      {data.total > 0 && <ResultViewControls view={view} onChange={setView} priceColumns={data.price_columns} />}
      </div>
      {data.total === 0 && !q.isPlaceholderData ? (
        <EmptyKeywordHelp k={params.k} mode={params.mode} help={data.empty_help}
          filtered={params.brand_id !== undefined || [params.min_price, params.max_price, params.min_stock, params.max_stock].some((x) => x !== undefined)}
          go={(p) => go({
            ...(p.k !== undefined ? { k: p.k } : {}), ...(p.mode ? { mode: p.mode } : {}),
            ...(p.clearFilters ? { brand: undefined, bn: undefined, pc: undefined, pmin: undefined, pmax: undefined, smin: undefined, smax: undefined } : {}),
          })} />
      ) : (
        <StockTable rows={data.rows} priceColumns={data.price_columns} contactsVisible={data.contacts_visible} view={view} label={`“${params.k}”的配件`} showOe
          loading={q.isFetching && q.isPlaceholderData} sortable={sortable}
          sort={{ field: params.sort_field, order: params.sort_field ? params.sort_order ?? 'asc' : undefined, onSort }}
          paging={{
            first: (params.page_number - 1) * params.page_size, rows: params.page_size, total: Math.min(data.total, KEYWORD_MAX_ROWS),
            onPage: (first, rows) => void navigate({ to, search: { ...searchOf(params, brandName), page: Math.floor(first / rows) + 1, size: PAGE_SIZES.find((n) => n === rows) ?? 50 } }),
          }} />
      )}
    </section>
  );
}

const sortLabel = (f: KeywordSortField) => (f === 'quantity' ? '数量' : f === 'name' ? '名称' : PRICE_LABELS[f]);

export const KeywordResultsPage = ({ search, scope }: { search: KeywordSearch; scope: { circle: boolean; dismantled: boolean } }) => (
  <KeywordResults
    params={{
      k: search.k ?? '', mode: search.mode ?? 'fuzzy', page_number: search.page ?? 1, page_size: search.size ?? 50, brand_id: search.brand, r: search.r, ...scope,
      sort_field: search.sort, sort_order: search.order, price_column: search.pc,
      min_price: search.pmin, max_price: search.pmax, min_stock: search.smin, max_stock: search.smax,
    }}
    brandName={search.bn} />
);
