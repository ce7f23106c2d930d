/**
 * The list-page building block of the back office and the operator platform (docs/architecture.md, "Back
 * office and operator pages"): a page declares its filters, columns, call, row key, bulk actions
 * empty text and, where the list can be downloaded, its XLSX export; the block owns the filter
 * form, the export button with its progress and failure, the address (list-search.ts), paging
 * (50/100/200/400/800), sorting by column, row selection, loading, empty and error states, and the
 * fit to the screen (docs/architecture.md, "Wide tables"): the rows are ListRows (columns of a low
 * priority fold into the row's expansion, the key column first, the action column pinned, a shadow
 * where it still clips, cards under 640 px); under 640 px the filters fold behind 筛选 but for the
 * primary one (filter-fold.ts), the toolbar keeps one row and the bulk actions wait at the
 * screen's foot until a row is ticked. The page never scrolls sideways.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Paginator } from 'primereact/paginator';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { OfflineError } from '../../api/request';
import { LIST_PAGE_SIZES, type ListPageSize, type ListSearch } from './list-search';
import { ListRows, type ListColumn } from './ListRows';
import { foldFilters, foldLabel, openWhenNarrowed } from './filter-fold';
import { Refusal } from '../../i18n/Refusal';
import { useNarrow } from './narrow';
import { useT } from '../../i18n/lang';
import './list.css';

export type { ListColumn } from './ListRows';

export interface ListFilter {
  name: string;
  label: string;
  type: 'text' | 'select' | 'date';
  options?: ReadonlyArray<{ label: string; value: string }>;
  /** shown only after 更多筛选 */
  more?: boolean;
  /** the one filter a phone shows before 筛选 (else the first that is not `more`) */
  primary?: boolean;
  width?: string;
}

export interface BulkAction {
  label: string;
  icon?: string;
  danger?: boolean;
  /** asked before running, with the number of rows */
  confirm?: (n: number) => string;
  run: (ids: number[]) => Promise<unknown>;
}

export interface ListDef<Row, K extends QueryKey = QueryKey, A extends { data: Row[]; total: number } = { data: Row[]; total: number }> {
  title: string;
  filters: readonly ListFilter[];
  /** the first column is the key column: it stays in view while the table scrolls sideways */
  columns: ReadonlyArray<ListColumn<Row>>;
  query: (search: ListSearch) => UseQueryOptions<A, Error, A, K>;
  rowKey: (row: Row) => number;
  rowLabel?: (row: Row) => string;
  bulkActions?: readonly BulkAction[];
  /** what an empty list says, and what to do next */
  empty: (filtered: boolean) => ReactNode;
  defaultSort?: { sort: string; order: 'asc' | 'desc' };
  /** downloads the rows the filters select as XLSX (the server builds the file with the call's own rules) */
  exportXlsx?: (search: ListSearch) => Promise<void>;
}

export function ListPage<Row, K extends QueryKey, A extends { data: Row[]; total: number }>({ def, search, onSearch, toolbar, status }: {
  def: ListDef<Row, K, A>;
  search: ListSearch;
  onSearch: (next: ListSearch) => void;
  /** buttons beside the title (新增 …); on a phone they stay in one row, compact */
  toolbar?: ReactNode;
  /** a line the page writes outcomes to (saved, refused) */
  status?: ReactNode;
}) {
  const t = useT();
  // keyed by the names, not by the filters array: pages declare their list inside the component,
  // so def.filters is a new array at every render, and the draft below was reset to the applied
  // values at every render (the list's answer arriving wiped what had just been typed; operation.e2e)
  const namesKey = JSON.stringify(def.filters.map((f) => f.name));
  const names = useMemo(() => JSON.parse(namesKey) as string[], [namesKey]);
  // keyed by the values, not by the search object: a re-render that hands the same search as a new
  // object (the router revalidating after the signed-in start-up) must not wipe what is being typed
  const appliedKey = JSON.stringify(names.map((n) => (search[n] === undefined ? '' : String(search[n]))));
  const applied = useMemo(() => Object.fromEntries(names.map((n, i) => [n, (JSON.parse(appliedKey) as string[])[i]])), [names, appliedKey]);
  const [draft, setDraft] = useState<Record<string, string>>(applied);
  const [more, setMore] = useState(() => def.filters.some((f) => f.more && applied[f.name]));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [bulkError, setBulkError] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  useEffect(() => setDraft(applied), [applied]);

  // phones (docs/architecture.md, "Wide tables"): the primary filter and 筛选, the rest folded. The
  // fields are drawn from the draft, so folding, opening and turning the phone lose nothing typed;
  // a field being typed in when the screen turns narrow opens 筛选 rather than vanish
  const narrow = useNarrow();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [focused, setFocused] = useState<string | null>(null);
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    if (narrow && openWhenNarrowed(def.filters, focused)) setFiltersOpen(true);
  }
  const fold = foldFilters(def.filters, { narrow, open: filtersOpen, more }, applied);
  const bulkMenu = useRef<Menu>(null);

  const q = useQuery({ ...def.query(search), placeholderData: keepPreviousData });
  const rows = q.data?.data ?? [];
  const size: ListPageSize = search.size ?? 50;
  const page = search.page ?? 1;
  const sort = search.sort ?? def.defaultSort?.sort;
  const order = search.order ?? def.defaultSort?.order ?? 'desc';
  const filtered = names.some((n) => applied[n] !== '');
  // a selection is of the rows on screen: another page, filter or sort starts a new one
  const shownKey = rows.map(def.rowKey).join(',');
  useEffect(() => setSelected(new Set()), [shownKey]);

  const apply = (values: Record<string, string>) =>
    onSearch({ ...Object.fromEntries(Object.entries(values).map(([k, val]) => [k, val.trim() === '' ? undefined : val.trim()])), size: search.size, sort: search.sort, order: search.order, page: undefined });
  const sortBy = (field: string, dir?: 'asc' | 'desc') =>
    onSearch({ ...search, page: undefined, sort: field, order: dir ?? (sort === field && order === 'desc' ? 'asc' : 'desc') });
  const toggle = (id: number) => setSelected((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const runBulk = async (a: BulkAction) => {
    const ids = [...selected];
    if (a.confirm && !window.confirm(a.confirm(ids.length))) return;
    setBusy(true);
    setBulkError('');
    try {
      await a.run(ids);
      setSelected(new Set());
    } catch (e) {
      setBulkError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const exportNow = async (run: (search: ListSearch) => Promise<void>) => {
    setExporting(true);
    setExportError('');
    try {
      await run(search);
    } catch (e) {
      setExportError(e instanceof OfflineError ? t('当前离线，联网后可导出') : e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  const field = (f: ListFilter) => {
    const id = `filter-${f.name}`;
    const value = draft[f.name] ?? '';
    const set = (val: string) => setDraft((d) => ({ ...d, [f.name]: val }));
    return (
      <label key={f.name} className="list-filter" htmlFor={id} style={f.width ? { width: f.width } : undefined}
        onFocus={() => setFocused(f.name)} onBlur={() => setFocused((n) => (n === f.name ? null : n))}>
        <span>{f.label}</span>
        {f.type === 'select' ? (
          <Dropdown inputId={id} ariaLabel={f.label} value={value} options={[{ label: t('全部'), value: '' }, ...(f.options ?? [])]} onChange={(e) => set(e.value as string)} filter={(f.options?.length ?? 0) > 12} />
        ) : (
          <InputText id={id} name={f.name} type={f.type === 'date' ? 'date' : 'text'} value={value} onChange={(e) => set(e.target.value)} maxLength={60} />
        )}
      </label>
    );
  };

  // on a phone the bulk actions wait until a row is ticked, then sit at the screen's foot as one
  // 批量操作 menu, so they never push the rows off the first screen
  const bulkBar = def.bulkActions && (narrow ? selected.size > 0 || bulkError !== '' : true) && (
    <div className={narrow ? 'list-bulk list-bulk-float' : 'list-bulk'} role="group" aria-label={t('批量操作')}>
      <span className="muted">{selected.size > 0 ? t('已选 {{n}} 行', { n: selected.size }) : t('勾选行后可批量操作')}</span>
      {narrow ? (
        <>
          <Menu popup ref={bulkMenu} model={def.bulkActions.map((a) => ({
            label: a.label, icon: a.icon, disabled: selected.size === 0 || busy, className: a.danger ? 'list-bulk-danger' : undefined,
            command: () => void runBulk(a),
          }))} />
          <Button type="button" size="small" label={t('批量操作')} icon="pi pi-angle-up" iconPos="right" disabled={selected.size === 0 || busy} aria-haspopup
            onClick={(e) => bulkMenu.current?.toggle(e)} />
          <Button type="button" size="small" text label={t('取消')} onClick={() => { setSelected(new Set()); setBulkError(''); }} />
        </>
      ) : def.bulkActions.map((a) => (
        <Button key={a.label} type="button" size="small" outlined severity={a.danger ? 'danger' : undefined} icon={a.icon} label={a.label}
          disabled={selected.size === 0 || busy} onClick={() => void runBulk(a)} />
      ))}
      {bulkError && <span className="list-error" role="alert">{bulkError}</span>}
    </div>
  );

  return (
    <section className="card list-page" aria-label={def.title}>
      <div className="list-head">
        <h2>{def.title}</h2>
        <div className="list-toolbar">
          {toolbar}
          {def.exportXlsx && <Button type="button" label={t('导出XLSX')} icon="pi pi-download" outlined loading={exporting} onClick={() => void exportNow(def.exportXlsx!)} />}
        </div>
      </div>
      {/* a list with nothing to filter (a short list of the company's own) has no search form */}
      {def.filters.length > 0 && (
        <form className={fold.foldToggle ? 'list-filters list-filters-folding' : 'list-filters'} role="search" aria-label={t('{{title}}筛选', { title: def.title })}
          onSubmit={(e) => { e.preventDefault(); apply(draft); setFiltersOpen(false); }}>
          {fold.shown.map(field)}
          <div className="list-filter-actions">
            <Button type="submit" label={t('搜索')} icon="pi pi-search" />
            <Button type="button" label={t('重置')} outlined onClick={() => { const empty = Object.fromEntries(names.map((n) => [n, ''])); setDraft(empty); apply(empty); }} />
            {fold.foldToggle && (
              <Button type="button" outlined={!filtersOpen} label={foldLabel(fold.active)} icon={filtersOpen ? 'pi pi-angle-up' : 'pi pi-filter'}
                aria-expanded={filtersOpen} onClick={() => setFiltersOpen(!filtersOpen)} className="list-fold-toggle" />
            )}
            {fold.moreToggle && (
              <Button type="button" text label={more ? t('收起筛选') : t('更多筛选')} icon={more ? 'pi pi-angle-up' : 'pi pi-angle-down'} onClick={() => setMore(!more)} />
            )}
          </div>
        </form>
      )}
      {bulkBar}
      {status}
      {exportError && <p className="list-error" role="alert">{t('导出失败：{{reason}}', { reason: exportError })}</p>}
      {q.isError && !q.data ? (
        <div className="list-state" role="alert">
          <p>{q.error instanceof OfflineError ? t('当前离线，联网后可查看') : <Refusal text={q.error.message} />}</p>
          <Button type="button" label={t('重试')} icon="pi pi-refresh" onClick={() => void q.refetch()} />
        </div>
      ) : (
        <ListRows title={def.title} columns={def.columns} rows={rows} rowKey={def.rowKey} rowLabel={def.rowLabel}
          selection={def.bulkActions ? { selected, toggle, setAll: (ids) => setSelected(new Set(ids)) } : undefined}
          sort={{ field: sort, order, by: sortBy }}
          status={{
            busy: !q.data && q.fetchStatus !== 'idle',
            // a call the page holds back until a filter is given (enabled: false) has nothing to load: say what to enter
            empty: (q.data ? rows.length === 0 : q.fetchStatus === 'idle' && !q.isError) ? def.empty(filtered) : null,
          }} />
      )}
      <div className="list-foot">
        <span className="muted" data-testid="list-total">{t('共 {{n}} 条', { n: q.data?.total ?? 0 })}</span>
        {(q.data?.total ?? 0) > LIST_PAGE_SIZES[0] && (
          <Paginator first={(page - 1) * size} rows={size} totalRecords={q.data?.total ?? 0} rowsPerPageOptions={[...LIST_PAGE_SIZES]}
            onPageChange={(e) => onSearch({ ...search, page: e.page + 1, size: e.rows as ListPageSize })} />
        )}
      </div>
    </section>
  );
}
