import { useState } from 'react';
import { CircleOffers } from '../circle/CircleOffers';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { NumberBox } from '../../ui/NumberBox';
import { PartBrandPicker, type PickedBrand } from './PartBrandPicker';
import { EmptyKeywordHelp } from './EmptySearchHelp';
import './search-extras.css';
import dayjs from 'dayjs';
import { keywordQuery, yuanFilterToFen, type KeywordParams } from './queries';
import { StockTable, type SortOrder } from './StockTable';
import { ResultViewControls } from './ResultViewControls';
import { useResultView } from './result-view';
import { useFold } from './results-fold';
import { UpgradeNote } from './UpgradeNote';
import type { KeywordSearch } from './keyword-route';
import { endpoints, KEYWORD_MAX_ROWS, KEYWORD_SORT_FIELDS, PAGE_SIZES, type KeywordSortField } from '../../../shared/contracts';
import { fieldErrors } from '../../../shared/domain/field-errors';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { OfflineError } from '../../api/request';
import { useT, t } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { dataSlot, withData } from '../../i18n/with-data';

type Filters = Pick<KeywordSearch, 'price_colum_name' | 'min_price' | 'max_price' | 'min_stock_qty' | 'max_stock_qty'>;
/** every filter field, cleared: spread under a patch of the address, a field the patch leaves out is removed */
const NO_FILTERS: Record<keyof Filters, undefined> = { price_colum_name: undefined, min_price: undefined, max_price: undefined, min_stock_qty: undefined, max_stock_qty: undefined };

/**
 * The address of these results: every choice in it (the fields under the same names), so a reload
 * or a shared link shows the same page. Not the nonce, nor the scope (the page is the scope).
 */
const searchOf = (p: KeywordParams, brandName: string | undefined): KeywordSearch => ({
  k: p.k, mode: p.mode, page_number: p.page_number, page_size: PAGE_SIZES.find((n) => n === p.page_size) ?? 50,
  ...(p.brand_id ? { brand_id: p.brand_id, bn: brandName } : {}),
  ...(p.sort_field ? { sort_field: p.sort_field, sort_order: p.sort_order ?? 'asc' } : {}),
  price_colum_name: p.price_colum_name, min_price: p.min_price, max_price: p.max_price, min_stock_qty: p.min_stock_qty, max_stock_qty: p.max_stock_qty,
  ...(p.spot ? { spot: 1 as const } : {}),
});

/** 价格 and 库存 ranges; checked here with the search's own schema (its messages) before anything is asked. */
function FilterBar({ params, priceColumns, onApply }: { params: KeywordParams; priceColumns: readonly string[]; onApply: (f: Filters) => void }) {
  const t = useT();
  // what is typed, under the fields' own names; applied only once it passes the search's schema
  const [price_colum_name, setPriceColumn] = useState<PriceColumn>(params.price_colum_name ?? (priceColumns[0] as PriceColumn | undefined) ?? 'price99');
  const [ranges, setRanges] = useState({ min_price: params.min_price, max_price: params.max_price, min_stock_qty: params.min_stock_qty, max_stock_qty: params.max_stock_qty });
  const box = (field: keyof typeof ranges) => ({ value: ranges[field] ?? null, onValue: (x: number | null) => setRanges((r) => ({ ...r, [field]: x ?? undefined })) });
  const [error, setError] = useState('');
  const active = [params.min_price, params.max_price, params.min_stock_qty, params.max_stock_qty].some((x) => x !== undefined);
  const apply = () => {
    const found = fieldErrors(endpoints.keywordSearch.payload, { k: params.k, ...ranges, min_price: yuanFilterToFen(ranges.min_price), max_price: yuanFilterToFen(ranges.max_price) });
    const refused = found.min_price ?? found.max_price ?? found.min_stock_qty ?? found.max_stock_qty;
    if (refused) return setError(refused);
    setError('');
    const priced = ranges.min_price !== undefined || ranges.max_price !== undefined;
    onApply({ ...ranges, price_colum_name: priced ? price_colum_name : undefined });
  };
  return (
    <form className="result-filter" id="result-filter" aria-label={t('价格和库存筛选')} onSubmit={(e) => { e.preventDefault(); apply(); }}>
      <span>{t('价格：')}</span>
      <Dropdown aria-label={t('筛选的价格列')} value={price_colum_name} options={priceColumns.map((c) => ({ value: c, label: t(PRICE_LABELS[c as PriceColumn]) }))} // i18n-dynamic: a shared table
        onChange={(e) => setPriceColumn(e.value as PriceColumn)} />
      <NumberBox aria-label={t('最低价格（元）')} placeholder={t('最低（元）')} {...box('min_price')} max={9999999} decimals={2} />
      <span>—</span>
      <NumberBox aria-label={t('最高价格（元）')} placeholder={t('最高（元）')} {...box('max_price')} max={9999999} decimals={2} />
      <span>{t('库存：')}</span>
      <NumberBox aria-label={t('最低库存')} placeholder={t('最低')} {...box('min_stock_qty')} max={999999} />
      <span>—</span>
      <NumberBox aria-label={t('最高库存')} placeholder={t('最高')} {...box('max_stock_qty')} max={999999} />
      <Button type="submit" label={t('筛选')} icon="pi pi-search" size="small" />
      {active && <Button type="button" label={t('清除筛选')} icon="pi pi-times" size="small" text onClick={() => onApply(NO_FILTERS)} />}
      {error && <p className="field-error" role="alert"><Refusal text={error} /></p>}
    </form>
  );
}

/** Keyword results, paged, sorted and filtered on the server (50/100/200/400/800 a page). */
export function KeywordResults({ params, brandName }: { params: KeywordParams; brandName?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: '__root__' });
  const [view, setView] = useResultView(session.user?.uuid);
  const [picking, setPicking] = useState(false);
  const [filtersFolded, setFiltersFolded] = useFold('filters');
  const q = useQuery({ ...keywordQuery(params), placeholderData: keepPreviousData });
  const to = params.dismantled ? '/search/dismantle/result' : params.circle ? '/search/parts/circle' : '/search/parts/keyword';
  // any change but paging starts again at page 1
  const go = (patch: Partial<KeywordSearch>) => void navigate({ to, search: { ...searchOf(params, brandName), page_number: 1, ...patch } });
  const withBrand = (b: PickedBrand | null) => go(b ? { brand_id: b.id, bn: b.name } : { brand_id: undefined, bn: undefined });
  const activeFilters = [params.min_price, params.max_price, params.min_stock_qty, params.max_stock_qty].filter((x) => x !== undefined).length;
  const brandBar = (
    <div className="brand-filter" role="group" aria-label={t('配件品牌筛选')}>
      <span>{t('配件品牌：')}</span>
      <strong>{params.brand_id ? brandName ?? `#${params.brand_id}` : t('全部')}</strong>
      <Button type="button" label={t('选择品牌')} icon="pi pi-filter" size="small" outlined onClick={() => setPicking(true)} />
      {params.brand_id !== undefined && <Button type="button" label={t('清除品牌')} icon="pi pi-times" size="small" text onClick={() => withBrand(null)} />}
      {/* 只看现货 (docs/spot-goods.md): rows the seller marked ready to ship, in stock */}
      <label className="spot-filter" title={t('只看卖家标记为现货、有库存、可当天发货的配件')}>
        <input type="checkbox" checked={params.spot === true} onChange={(e) => go({ spot: e.target.checked ? 1 : undefined })} />
        {t('只看现货')}
      </label>
      {/* the price / stock filters fold away (results-fold.ts); folded, the button says how many apply */}
      <Button type="button" className="filter-toggle" size="small" text aria-expanded={!filtersFolded} aria-controls="result-filter"
        icon={filtersFolded ? 'pi pi-angle-down' : 'pi pi-angle-up'} iconPos="right"
        label={filtersFolded ? (activeFilters > 0 ? t('价格/库存筛选（{{n}}）', { n: activeFilters }) : t('价格/库存筛选')) : t('收起筛选')} onClick={() => setFiltersFolded(!filtersFolded)} />
      <PartBrandPicker visible={picking} selected={params.brand_id} onHide={() => setPicking(false)} onPick={(b) => { setPicking(false); withBrand(b); }} />
    </div>
  );
  const filterKey = [params.price_colum_name, params.min_price, params.max_price, params.min_stock_qty, params.max_stock_qty].join('|');
  const filterBar = (columns: readonly string[]) => !filtersFolded && (
    <FilterBar key={filterKey} params={params} priceColumns={columns} onApply={(f) => go({ ...NO_FILTERS, ...f })} />
  );
  if (q.isPending) return <div className="card" aria-busy="true">{t('正在搜索…')}</div>;
  if (q.isError && !q.data) {
    return (
      <div className="card">
        {brandBar}
        {filterBar(params.price_colum_name ? [params.price_colum_name] : ['price99'])}
        <p role="alert">{q.error instanceof OfflineError ? t('当前离线，且没有这次搜索的缓存结果') : <Refusal text={q.error.message} />}</p>
      </div>
    );
  }
  const data = q.data!;
  const offline = (q.isError && q.error instanceof OfflineError) || !navigator.onLine;
  const sortable = KEYWORD_SORT_FIELDS.filter((f) => !f.startsWith('price') || data.price_columns.includes(f));
  const onSort = (sortField: string | undefined, order: SortOrder | undefined) => {
    const field = KEYWORD_SORT_FIELDS.find((f) => f === sortField);
    go(field && order ? { sort_field: field, sort_order: order } : { sort_field: undefined, sort_order: undefined });
  };
  return (
    <section className="card results-card" aria-label={t('关键词搜索结果')}>
      <div className="result-toolbar">
        {brandBar}
        {filterBar(data.price_columns)}
      </div>
      <div className="result-status">
      <p className="muted" role="status">
        {params.circle ? t('圈内 ') : params.dismantled ? t('拆车件 ') : ''}{params.spot ? t('现货 ') : ''}{withData(t('“{{k}}”（{{mode}}）', { k: dataSlot(0), mode: params.mode === 'exact' ? t('精确') : t('模糊') }), [params.k])}{t('共 {{n}} 条', { n: data.total_capped ? `${data.total}+` : data.total })}
        {data.total > KEYWORD_MAX_ROWS && t('，可翻阅前 {{KEYWORD_MAX_ROWS}} 条', { KEYWORD_MAX_ROWS })}
        {params.sort_field && ` · ${params.sort_order === 'desc' ? t('按{{field}}从高到低', { field: sortLabel(params.sort_field) }) : t('按{{field}}从低到高', { field: sortLabel(params.sort_field) })}`}
        {' · '}{offline ? t('离线：显示 {{v}} 获取的结果', { v: dayjs(q.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss') }) : t('结果获取于 {{v}}', { v: dayjs(q.dataUpdatedAt).format('HH:mm:ss') })}
      </p>
      {data.total > 0 && <ResultViewControls view={view} onChange={setView} priceColumns={data.price_columns} />}
      </div>
      {!data.contacts_visible && <UpgradeNote />}
      {data.total === 0 && !q.isPlaceholderData ? (
        <EmptyKeywordHelp k={params.k} mode={params.mode} help={data.empty_help}
          filtered={params.brand_id !== undefined || params.spot === true || [params.min_price, params.max_price, params.min_stock_qty, params.max_stock_qty].some((x) => x !== undefined)}
          go={(p) => go({
            ...(p.k !== undefined ? { k: p.k } : {}), ...(p.mode ? { mode: p.mode } : {}),
            ...(p.clearFilters ? { brand_id: undefined, bn: undefined, spot: undefined, ...NO_FILTERS } : {}),
          })} />
      ) : (
        <>
        {data.circle_offers && data.circle_offers.length > 0 && <CircleOffers offers={data.circle_offers} rows={data.rows} />}
        <StockTable rows={data.rows} priceColumns={data.price_columns} contactsVisible={data.contacts_visible} view={view} label={t('“{{k}}”的配件', { k: params.k })} showOe
          loading={q.isFetching && q.isPlaceholderData} sortable={sortable}
          sort={{ field: params.sort_field, order: params.sort_field ? params.sort_order ?? 'asc' : undefined, onSort }}
          paging={{
            first: (params.page_number - 1) * params.page_size, rows: params.page_size, total: Math.min(data.total, KEYWORD_MAX_ROWS),
            onPage: (first, rows) => void navigate({ to, search: { ...searchOf(params, brandName), page_number: Math.floor(first / rows) + 1, page_size: PAGE_SIZES.find((n) => n === rows) ?? 50 } }),
          }} />
        </>
      )}
    </section>
  );
}

// i18n-dynamic: PRICE_LABELS is one of the shared tables catalogue.test.ts reads
const sortLabel = (f: KeywordSortField) => (f === 'quantity' ? t('数量') : f === 'name' ? t('名称') : t(PRICE_LABELS[f]));

/** The page of an address: its fields as they are named there, the defaults filled in. */
export const KeywordResultsPage = ({ search: { bn, k, mode, page_number, page_size, spot, ...fields }, scope }: { search: KeywordSearch; scope: { circle: boolean; dismantled: boolean } }) => (
  <KeywordResults
    params={{ ...fields, k: k ?? '', mode: mode ?? 'fuzzy', page_number: page_number ?? 1, page_size: page_size ?? 50, ...(spot ? { spot: true } : {}), ...scope }}
    brandName={bn} />
);
