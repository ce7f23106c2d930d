/**
 * The list-page building block of the back office and the operator platform (docs/architecture.md, "Back
 * office and operator pages"): a page declares its filters, columns, call, row key, bulk actions
 * empty text and, where the list can be downloaded, its XLSX export; the block owns the filter
 * form, the export button with its progress and failure, the address (list-search.ts), paging
 * (50/100/200/400/800), sorting by column, row selection, loading, empty and error states, and the
 * fit to the screen (docs/architecture.md, "Wide tables"): columns of a low priority fold into the
 * row's expansion when the table's container is too narrow for them (measured by one
 * ResizeObserver, decided by fit.ts), the key column stays first and the action column stays
 * pinned at the right; what still scrolls shows a shadow at its clipped edges; under 640 px the
 * rows are cards. The page never scrolls sideways.
 */
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Paginator } from 'primereact/paginator';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { OfflineError } from '../../api/request';
import { LIST_PAGE_SIZES, type ListPageSize, type ListSearch } from './list-search';
import { fitColumns, type ColumnPriority } from './fit';
import './list.css';

export interface ListFilter {
  name: string;
  label: string;
  type: 'text' | 'select' | 'date';
  options?: ReadonlyArray<{ label: string; value: string }>;
  /** shown only after 更多筛选 */
  more?: boolean;
  width?: string;
}

export interface ListColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** the call's sort field; the header then sorts */
  sort?: string;
  width?: string;
  num?: boolean;
  /**
   * 1 (the default) never folds; 2 folds into the row's expansion when the table is too narrow;
   * 3 folds first. The first column (the key column) never folds.
   */
  priority?: ColumnPriority;
  /** the row's actions (编辑, 记录, 详情 …): pinned at the table's right edge, never folded */
  actions?: boolean;
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
  /** buttons beside the title (新增 …) */
  toolbar?: ReactNode;
  /** a line the page writes outcomes to (saved, refused) */
  status?: ReactNode;
}) {
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

  // the fit (docs/architecture.md, "Wide tables"): under 640 px cards; otherwise the table's container
  // is measured and the columns that do not fit fold into each row's expansion
  const cards = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const natural = useRef(new Map<string, number>());
  const [avail, setAvail] = useState(0);
  const [foldedKey, setFoldedKey] = useState('');
  const [clip, setClip] = useState({ left: false, right: false });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setOpen(new Set()), [shownKey]);
  const folding = def.columns.some((c, i) => i > 0 && !c.actions && (c.priority ?? 1) > 1);
  const folded = useMemo(() => new Set(folding && foldedKey ? foldedKey.split(',') : []), [folding, foldedKey]);
  const shownCols = def.columns.filter((c) => !folded.has(c.key));
  const foldedCols = def.columns.filter((c) => folded.has(c.key));
  const width = shownCols.length + (def.bulkActions ? 1 : 0) + (foldedCols.length > 0 ? 1 : 0);
  const sortable = def.columns.filter((c) => c.sort);
  const toggleOpen = (id: number) => setOpen((old) => {
    const next = new Set(old);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const updateClip = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setClip((c) => (c.left === left && c.right === right ? c : { left, right }));
  }, []);
  // one observer on the table's container, for every list page
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setAvail(el.clientWidth));
    observer.observe(el);
    return () => {
      observer.disconnect();
      scrollRef.current = null;
    };
  }, []);
  const columnsKey = def.columns.map((c) => `${c.key}:${c.priority ?? 1}:${c.actions ? 1 : 0}`).join(',');
  useLayoutEffect(() => {
    const table = tableRef.current;
    const box = scrollRef.current;
    if (!table || !box) return;
    if (folding) {
      // each shown column's natural width (its widest cell): the table laid out at its content's width
      table.style.width = 'max-content';
      for (const th of Array.from(table.tHead?.rows[0]?.cells ?? [])) {
        const key = th.dataset.col;
        if (key) natural.current.set(key, th.getBoundingClientRect().width);
      }
      const fixed = table.tHead?.querySelector('.list-check')?.getBoundingClientRect().width ?? 0;
      table.style.width = '';
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const next = fitColumns(
        def.columns.map((c, i) => ({ key: c.key, priority: c.priority ?? 1, width: natural.current.get(c.key) ?? 0, pinned: i === 0 || c.actions === true })),
        box.clientWidth, fixed, TOGGLE_REM * rem,
      ).folded.join(',');
      if (next !== foldedKey) setFoldedKey(next);
    }
    updateClip();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured again when what is drawn or the room changes
  }, [q.data, columnsKey, avail, foldedKey, cards, folding, updateClip]);

  const apply = (values: Record<string, string>) =>
    onSearch({ ...Object.fromEntries(Object.entries(values).map(([k, val]) => [k, val.trim() === '' ? undefined : val.trim()])), size: search.size, sort: search.sort, order: search.order, page: undefined });
  const sortBy = (field: string) =>
    onSearch({ ...search, page: undefined, sort: field, order: sort === field && order === 'desc' ? 'asc' : 'desc' });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(def.rowKey(r)));
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
      setExportError(e instanceof OfflineError ? '当前离线，联网后可导出' : e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  const field = (f: ListFilter) => {
    const id = `filter-${f.name}`;
    const value = draft[f.name] ?? '';
    const set = (val: string) => setDraft((d) => ({ ...d, [f.name]: val }));
    return (
      <label key={f.name} className="list-filter" htmlFor={id} style={f.width ? { width: f.width } : undefined}>
        <span>{f.label}</span>
        {f.type === 'select' ? (
          <Dropdown inputId={id} ariaLabel={f.label} value={value} options={[{ label: '全部', value: '' }, ...(f.options ?? [])]} onChange={(e) => set(e.value as string)} filter={(f.options?.length ?? 0) > 12} />
        ) : (
          <InputText id={id} name={f.name} type={f.type === 'date' ? 'date' : 'text'} value={value} onChange={(e) => set(e.target.value)} maxLength={60} />
        )}
      </label>
    );
  };

  return (
    <section className="card list-page" aria-label={def.title}>
      <div className="list-head">
        <h2>{def.title}</h2>
        <div className="list-toolbar">
          {toolbar}
          {def.exportXlsx && <Button type="button" label="导出XLSX" icon="pi pi-download" outlined loading={exporting} onClick={() => void exportNow(def.exportXlsx!)} />}
        </div>
      </div>
      {/* a list with nothing to filter (a short list of the company's own) has no search form */}
      {def.filters.length > 0 && (
        <form className="list-filters" role="search" aria-label={`${def.title}筛选`} onSubmit={(e) => { e.preventDefault(); apply(draft); }}>
          {def.filters.filter((f) => !f.more || more).map(field)}
          <div className="list-filter-actions">
            <Button type="submit" label="搜索" icon="pi pi-search" />
            <Button type="button" label="重置" outlined onClick={() => { const empty = Object.fromEntries(names.map((n) => [n, ''])); setDraft(empty); apply(empty); }} />
            {def.filters.some((f) => f.more) && (
              <Button type="button" text label={more ? '收起筛选' : '更多筛选'} icon={more ? 'pi pi-angle-up' : 'pi pi-angle-down'} onClick={() => setMore(!more)} />
            )}
          </div>
        </form>
      )}
      {def.bulkActions && (
        <div className="list-bulk" aria-label="批量操作">
          <span className="muted">{selected.size > 0 ? `已选 ${selected.size} 行` : '勾选行后可批量操作'}</span>
          {def.bulkActions.map((a) => (
            <Button key={a.label} type="button" size="small" outlined severity={a.danger ? 'danger' : undefined} icon={a.icon} label={a.label}
              disabled={selected.size === 0 || busy} onClick={() => void runBulk(a)} />
          ))}
          {bulkError && <span className="list-error" role="alert">{bulkError}</span>}
        </div>
      )}
      {status}
      {exportError && <p className="list-error" role="alert">导出失败：{exportError}</p>}
      {q.isError && !q.data ? (
        <div className="list-state" role="alert">
          <p>{q.error instanceof OfflineError ? '当前离线，联网后可查看' : q.error.message}</p>
          <Button type="button" label="重试" icon="pi pi-refresh" onClick={() => void q.refetch()} />
        </div>
      ) : cards ? (
        <div className="list-cards" aria-label={`${def.title}列表`} aria-busy={q.isFetching}>
          {(def.bulkActions || sortable.length > 0) && (
            <div className="list-cards-head">
              {def.bulkActions && (
                <label className="list-card-all">
                  <input type="checkbox" checked={allOnPage} disabled={rows.length === 0}
                    onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map(def.rowKey)))} /> 全选本页
                </label>
              )}
              {sortable.length > 0 && (
                <label className="list-card-sort">
                  <span>排序</span>
                  <select value={sort && sortable.some((c) => c.sort === sort) ? `${sort}:${order}` : ''}
                    onChange={(e) => {
                      const [field, dir] = e.target.value.split(':');
                      if (field) onSearch({ ...search, page: undefined, sort: field, order: dir === 'asc' ? 'asc' : 'desc' });
                    }}>
                    {!(sort && sortable.some((c) => c.sort === sort)) && <option value="">默认</option>}
                    {sortable.flatMap((c) => [
                      <option key={`${c.key}-desc`} value={`${c.sort}:desc`}>{headerText(c)} 从高到低</option>,
                      <option key={`${c.key}-asc`} value={`${c.sort}:asc`}>{headerText(c)} 从低到高</option>,
                    ])}
                  </select>
                </label>
              )}
            </div>
          )}
          <ul className="list-card-rows">
            {rows.map((r) => {
              const id = def.rowKey(r);
              const [key, ...rest] = def.columns;
              return (
                <li key={id} data-testid="list-row" data-id={id} className={selected.has(id) ? 'list-card selected' : 'list-card'}>
                  <div className="list-card-key">
                    {def.bulkActions && <input type="checkbox" aria-label={`选择 ${def.rowLabel?.(r) ?? id}`} checked={selected.has(id)} onChange={() => toggle(id)} />}
                    <div>{key?.cell(r)}</div>
                  </div>
                  <dl className="list-fold">
                    {rest.filter((c) => !c.actions).map((c) => <div key={c.key}><dt>{c.header}</dt><dd>{c.cell(r)}</dd></div>)}
                  </dl>
                  {rest.filter((c) => c.actions).map((c) => <div key={c.key} className="list-card-actions">{c.cell(r)}</div>)}
                </li>
              );
            })}
          </ul>
          {(q.data ? rows.length === 0 : q.fetchStatus === 'idle' && !q.isError) && <p className="list-empty" role="status">{def.empty(filtered)}</p>}
          {!q.data && q.fetchStatus !== 'idle' && <p className="list-empty" aria-busy="true">正在加载…</p>}
        </div>
      ) : (
        <div className="list-frame" data-clip-left={clip.left || undefined} data-clip-right={clip.right || undefined}>
        <div className="list-scroll" tabIndex={0} aria-label={`${def.title}表格`} ref={attachScroll} onScroll={updateClip}>
          <table ref={tableRef} className={['list-table', def.bulkActions ? '' : 'no-check', foldedCols.length > 0 ? 'folds' : '', shownCols.some((c) => c.actions) ? '' : 'no-actions'].filter(Boolean).join(' ')}
            aria-busy={q.isFetching}>
            <thead>
              <tr>
                {def.bulkActions && (
                  <th className="list-check">
                    <input type="checkbox" aria-label="全选本页" checked={allOnPage} disabled={rows.length === 0}
                      onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map(def.rowKey)))} />
                  </th>
                )}
                {foldedCols.length > 0 && <th className="list-toggle"><span className="list-sr">展开其余列</span></th>}
                {shownCols.map((c) => (
                  <th key={c.key} data-col={c.key} className={cellClass(c, def.columns)} style={c.width ? { minWidth: c.width, width: c.width } : undefined}
                    aria-sort={c.sort && sort === c.sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {c.sort ? (
                      <button type="button" className="list-sort" onClick={() => sortBy(c.sort!)}>
                        {c.header}<i className={`pi ${sort === c.sort ? (order === 'asc' ? 'pi-sort-amount-up-alt' : 'pi-sort-amount-down') : 'pi-sort-alt'}`} aria-hidden />
                      </button>
                    ) : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const id = def.rowKey(r);
                const expanded = open.has(id);
                return (
                  <Fragment key={id}>
                    <tr data-testid="list-row" data-id={id} className={selected.has(id) ? 'selected' : undefined}>
                      {def.bulkActions && (
                        <td className="list-check">
                          <input type="checkbox" aria-label={`选择 ${def.rowLabel?.(r) ?? id}`} checked={selected.has(id)} onChange={() => toggle(id)} />
                        </td>
                      )}
                      {foldedCols.length > 0 && (
                        <td className="list-toggle">
                          <button type="button" className={`list-expand pi ${expanded ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-expanded={expanded}
                            aria-label={`${def.rowLabel?.(r) ?? id} 其余${foldedCols.length}列`} title="展开其余列" onClick={() => toggleOpen(id)} />
                        </td>
                      )}
                      {shownCols.map((c) => <td key={c.key} className={cellClass(c, def.columns)}>{c.cell(r)}</td>)}
                    </tr>
                    {expanded && foldedCols.length > 0 && (
                      <tr className="list-fold-row">
                        <td colSpan={width}>
                          <dl className="list-fold" style={avail ? { maxWidth: avail } : undefined}>
                            {foldedCols.map((c) => <div key={c.key}><dt>{c.header}</dt><dd>{c.cell(r)}</dd></div>)}
                          </dl>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
              {/* a call the page holds back until a filter is given (enabled: false) has nothing to load: say what to enter */}
              {(q.data ? rows.length === 0 : q.fetchStatus === 'idle' && !q.isError) && (
                <tr><td colSpan={width} className="list-empty" role="status">{def.empty(filtered)}</td></tr>
              )}
              {!q.data && q.fetchStatus !== 'idle' && (
                <tr><td colSpan={width} className="list-empty" aria-busy="true">正在加载…</td></tr>
              )}
            </tbody>
          </table>
        </div>
        </div>
      )}
      <div className="list-foot">
        <span className="muted" data-testid="list-total">共 {q.data?.total ?? 0} 条</span>
        {(q.data?.total ?? 0) > LIST_PAGE_SIZES[0] && (
          <Paginator first={(page - 1) * size} rows={size} totalRecords={q.data?.total ?? 0} rowsPerPageOptions={[...LIST_PAGE_SIZES]}
            onPageChange={(e) => onSearch({ ...search, page: e.page + 1, size: e.rows as ListPageSize })} />
        )}
      </div>
    </section>
  );
}

/** the row toggle's column, in rem (list.css .list-toggle) */
const TOGGLE_REM = 2.2;

/** under 640 px a list is cards (docs/architecture.md, "Wide tables") */
const NARROW = '(max-width: 639.98px)';
const subscribeNarrow = (changed: () => void) => {
  if (typeof matchMedia !== 'function') return () => undefined;
  const m = matchMedia(NARROW);
  m.addEventListener('change', changed);
  return () => m.removeEventListener('change', changed);
};
const isNarrow = () => typeof matchMedia === 'function' && matchMedia(NARROW).matches;

function cellClass<Row>(c: ListColumn<Row>, columns: ReadonlyArray<ListColumn<Row>>) {
  return [c === columns[0] ? 'list-key' : '', c.actions ? 'list-actions' : '', c.num ? 'num' : ''].filter(Boolean).join(' ') || undefined;
}

/** a column's header as words (the card view's sort choices) */
const headerText = <Row,>(c: ListColumn<Row>) => (typeof c.header === 'string' ? c.header : c.key);
