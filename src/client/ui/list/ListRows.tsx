/**
 * The rows of a list, fitted to the screen (docs/architecture.md, "Wide tables"): a table whose
 * columns of a low priority fold into the row's expansion when its container is too narrow for
 * them (measured by one ResizeObserver, decided by fit.ts), the key column first and fixed, the
 * action column pinned at the right, a shadow at each edge that still clips; under 640 px one card
 * a row. ListPage draws its rows with it; a page with a list of its own shape (销售订单 with its
 * status tabs) uses it directly, so every list of the back office fits the same way.
 *
 * A page of VIRTUAL_FROM rows or more draws only the rows in view and a few either side
 * (@tanstack/react-virtual): the table's rows inside its own scrolling frame, the cards inside
 * the page's scroller. Each table row and its expansion are one measured group, so an opened row
 * keeps the rows below it in place.
 */
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer, useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { fitColumns, type ColumnPriority } from './fit';
import { clipOf } from './clip-edges';
import { useNarrow } from './narrow';
import { useT } from '../../i18n/lang';
import './list.css';

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

export interface ListSelection<Id extends number | string = number> {
  selected: ReadonlySet<Id>;
  toggle: (id: Id) => void;
  /** every row on the page, or none */
  setAll: (ids: Id[]) => void;
}

export function ListRows<Row, Id extends number | string = number>({ title, columns, rows, rowKey, rowLabel, rowAttrs, selection, sort, status }: {
  /** the list's name: the table is 「title」表格, the cards 「title」列表 */
  title: string;
  /** the first column is the key column: it stays in view while the table scrolls sideways */
  columns: ReadonlyArray<ListColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => Id;
  rowLabel?: (row: Row) => string;
  /** more attributes of a row's element (data-* the page's own tests find it by) */
  rowAttrs?: (row: Row) => Record<`data-${string}`, string>;
  /** rows can be ticked (bulk actions) */
  selection?: ListSelection<Id>;
  /** the sorting in force and how to change it */
  sort?: { field?: string; order: 'asc' | 'desc'; by: (field: string, order?: 'asc' | 'desc') => void };
  /** what shows instead of rows: the empty text, or 正在加载… (busy) */
  status: { busy: boolean; empty: ReactNode | null };
}) {
  const t = useT();
  const cards = useNarrow();
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const natural = useRef(new Map<string, number>());
  const [avail, setAvail] = useState(0);
  const [foldedKey, setFoldedKey] = useState('');
  const [clip, setClip] = useState({ left: false, right: false });
  const [open, setOpen] = useState<ReadonlySet<Id>>(new Set());
  const shownKey = rows.map(rowKey).join(',');
  useEffect(() => setOpen(new Set()), [shownKey]);
  const virtual = rows.length >= VIRTUAL_FROM;
  const keyAt = useCallback((i: number) => rowKey(rows[i]), [rows, rowKey]);
  // the table: rows scroll inside .list-scroll, below its sticky head
  const [headHeight, setHeadHeight] = useState(0);
  const tableRows = useVirtualizer<HTMLDivElement, HTMLTableSectionElement>({
    count: rows.length, enabled: virtual && !cards, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN, scrollMargin: headHeight, getItemKey: keyAt,
  });
  // the cards: rows scroll with the page (the window) or with the nearest scrolling box around them
  const cardsRef = useRef<HTMLUListElement>(null);
  const [cardScroller, setCardScroller] = useState<{ box: HTMLElement | null; top: number; gap: number }>({ box: null, top: 0, gap: 0 });
  const cardOptions = {
    count: rows.length, estimateSize: () => CARD_ESTIMATE_PX, overscan: OVERSCAN, gap: cardScroller.gap, getItemKey: keyAt, scrollMargin: cardScroller.top,
  };
  const windowCards = useWindowVirtualizer<HTMLLIElement>({ ...cardOptions, enabled: virtual && cards && !cardScroller.box });
  const boxCards = useVirtualizer<HTMLElement, HTMLLIElement>({ ...cardOptions, enabled: virtual && cards && !!cardScroller.box, getScrollElement: () => cardScroller.box });
  const cardRows = cardScroller.box ? boxCards : windowCards;
  useLayoutEffect(() => {
    const ul = cardsRef.current;
    if (!virtual || !cards || !ul) return;
    const box = scrollingParent(ul);
    const top = box ? ul.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop : ul.getBoundingClientRect().top + window.scrollY;
    const gap = parseFloat(getComputedStyle(ul).rowGap) || 0;
    setCardScroller((old) => (old.box === box && Math.abs(old.top - top) < 1 && old.gap === gap ? old : { box, top, gap }));
  }, [virtual, cards, rows]);
  const folding = columns.some((c, i) => i > 0 && !c.actions && (c.priority ?? 1) > 1);
  const folded = useMemo(() => new Set(folding && foldedKey ? foldedKey.split(',') : []), [folding, foldedKey]);
  const shownCols = columns.filter((c) => !folded.has(c.key));
  const foldedCols = columns.filter((c) => folded.has(c.key));
  const width = shownCols.length + (selection ? 1 : 0) + (foldedCols.length > 0 ? 1 : 0);
  const sortable = sort ? columns.filter((c) => c.sort) : [];
  const selected = selection?.selected ?? new Set<Id>();
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(rowKey(r)));
  const tickAll = () => selection?.setAll(allOnPage ? [] : rows.map(rowKey));
  const toggleOpen = (id: Id) => setOpen((old) => {
    const next = new Set(old);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const updateClip = useCallback(() => {
    if (scrollRef.current) setClip(clipOf(scrollRef.current));
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
  const columnsKey = columns.map((c) => `${c.key}:${c.priority ?? 1}:${c.actions ? 1 : 0}`).join(',');
  useLayoutEffect(() => {
    const table = tableRef.current;
    const box = scrollRef.current;
    if (!table || !box) return;
    const head = table.tHead?.getBoundingClientRect().height ?? 0;
    if (virtual && Math.abs(head - headHeight) >= 1) setHeadHeight(head);
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
        columns.map((c, i) => ({ key: c.key, priority: c.priority ?? 1, width: natural.current.get(c.key) ?? 0, pinned: i === 0 || c.actions === true })),
        box.clientWidth, fixed, TOGGLE_REM * rem,
      ).folded.join(',');
      if (next !== foldedKey) setFoldedKey(next);
    }
    updateClip();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured again when what is drawn or the room changes
  }, [rows, columnsKey, avail, foldedKey, cards, folding, updateClip, virtual, headHeight]);

  const emptyState = status.empty !== null && status.empty !== undefined && status.empty !== false;

  if (cards) {
    return (
      <div className="list-cards" aria-label={t('{{title}}列表', { title })} aria-busy={status.busy}>
        {(selection || sortable.length > 0) && (
          <div className="list-cards-head">
            {selection && (
              <label className="list-card-all">
                <input type="checkbox" checked={allOnPage} disabled={rows.length === 0} onChange={tickAll} /> {t('全选本页')}
              </label>
            )}
            {sort && sortable.length > 0 && (
              <label className="list-card-sort">
                <span>{t('排序')}</span>
                <select value={sort.field && sortable.some((c) => c.sort === sort.field) ? `${sort.field}:${sort.order}` : ''}
                  onChange={(e) => {
                    const [field, dir] = e.target.value.split(':');
                    if (field) sort.by(field, dir === 'asc' ? 'asc' : 'desc');
                  }}>
                  {!(sort.field && sortable.some((c) => c.sort === sort.field)) && <option value="">{t('默认')}</option>}
                  {sortable.flatMap((c) => [
                    <option key={`${c.key}-desc`} value={`${c.sort}:desc`}>{t('{{column}} 从高到低', { column: headerText(c) })}</option>,
                    <option key={`${c.key}-asc`} value={`${c.sort}:asc`}>{t('{{column}} 从低到高', { column: headerText(c) })}</option>,
                  ])}
                </select>
              </label>
            )}
          </div>
        )}
        <ul className="list-card-rows" ref={cardsRef} style={virtual ? spacers(cardRows.getVirtualItems(), cardRows.getTotalSize(), cardScroller.top, 'padding') : undefined}>
          {(virtual ? cardRows.getVirtualItems().map((it) => it.index) : rows.map((_, i) => i)).map((i) => {
            const r = rows[i];
            const id = rowKey(r);
            const [key, ...rest] = columns;
            return (
              <li key={id} ref={virtual ? cardRows.measureElement : undefined} data-index={i} data-testid="list-row" data-id={id} {...rowAttrs?.(r)}
                className={selected.has(id) ? 'list-card selected' : 'list-card'}>
                <div className="list-card-key list-key">
                  {selection && <input type="checkbox" aria-label={t('选择 {{row}}', { row: rowLabel?.(r) ?? id })} checked={selected.has(id)} onChange={() => selection.toggle(id)} />}
                  <div>{key?.cell(r)}</div>
                </div>
                <dl className="list-fold">
                  {rest.filter((c) => !c.actions).map((c) => <div key={c.key}><dt>{c.header}</dt><dd>{c.cell(r)}</dd></div>)}
                </dl>
                {rest.filter((c) => c.actions).map((c) => <div key={c.key} className="list-card-actions list-actions">{c.cell(r)}</div>)}
              </li>
            );
          })}
        </ul>
        {emptyState && <p className="list-empty" role="status">{status.empty}</p>}
        {status.busy && <p className="list-empty" aria-busy="true">{t('正在加载…')}</p>}
      </div>
    );
  }

  const tableSpace = spacers(tableRows.getVirtualItems(), tableRows.getTotalSize(), headHeight, 'height');
  const rowGroup = (r: Row) => {
    const id = rowKey(r);
    const expanded = open.has(id);
    return (
      <>
        <tr data-testid="list-row" data-id={id} {...rowAttrs?.(r)} className={selected.has(id) ? 'selected' : undefined}>
          {selection && (
            <td className="list-check">
              <input type="checkbox" aria-label={t('选择 {{row}}', { row: rowLabel?.(r) ?? id })} checked={selected.has(id)} onChange={() => selection.toggle(id)} />
            </td>
          )}
          {foldedCols.length > 0 && (
            <td className="list-toggle">
              <button type="button" className={`list-expand pi ${expanded ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-expanded={expanded}
                aria-label={t('{{row}} 其余{{n}}列', { row: rowLabel?.(r) ?? id, n: foldedCols.length })} title={t('展开其余列')} onClick={() => toggleOpen(id)} />
            </td>
          )}
          {shownCols.map((c) => <td key={c.key} className={cellClass(c, columns)}>{c.cell(r)}</td>)}
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
      </>
    );
  };

  return (
    <div className="list-frame" data-clip-left={clip.left || undefined} data-clip-right={clip.right || undefined}>
      <div className="list-scroll" tabIndex={0} aria-label={t('{{title}}表格', { title })} ref={attachScroll} onScroll={updateClip}>
        <table ref={tableRef} className={['list-table', selection ? '' : 'no-check', foldedCols.length > 0 ? 'folds' : '', shownCols.some((c) => c.actions) ? '' : 'no-actions'].filter(Boolean).join(' ')}
          aria-busy={status.busy}>
          <thead>
            <tr>
              {selection && (
                <th className="list-check">
                  <input type="checkbox" aria-label={t('全选本页')} checked={allOnPage} disabled={rows.length === 0} onChange={tickAll} />
                </th>
              )}
              {foldedCols.length > 0 && <th className="list-toggle"><span className="list-sr">{t('展开其余列')}</span></th>}
              {shownCols.map((c) => (
                <th key={c.key} data-col={c.key} className={cellClass(c, columns)} style={c.width ? { minWidth: c.width, width: c.width } : undefined}
                  aria-sort={c.sort && sort?.field === c.sort ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.sort && sort ? (
                    <button type="button" className="list-sort" onClick={() => sort.by(c.sort!)}>
                      {c.header}<i className={`pi ${sort.field === c.sort ? (sort.order === 'asc' ? 'pi-sort-amount-up-alt' : 'pi-sort-amount-down') : 'pi-sort-alt'}`} aria-hidden />
                    </button>
                  ) : c.header}
                </th>
              ))}
            </tr>
          </thead>
          {virtual ? (
            <>
              <Spacer height={tableSpace.top} colSpan={width} />
              {tableRows.getVirtualItems().map((it) => (
                // one group a row: a long page measures each drawn row with its expansion
                <tbody key={it.key as Id} ref={tableRows.measureElement} data-index={it.index}>{rowGroup(rows[it.index])}</tbody>
              ))}
              <Spacer height={tableSpace.bottom} colSpan={width} />
            </>
          ) : (
            <tbody>{rows.map((r) => <Fragment key={rowKey(r)}>{rowGroup(r)}</Fragment>)}</tbody>
          )}
          {(emptyState || status.busy) && (
            <tbody>
              {emptyState && <tr><td colSpan={width} className="list-empty" role="status">{status.empty}</td></tr>}
              {status.busy && <tr><td colSpan={width} className="list-empty" aria-busy="true">{t('正在加载…')}</td></tr>}
            </tbody>
          )}
        </table>
      </div>
    </div>
  );
}

/** From this many rows a page draws only the rows in view (the largest page holds 800). */
export const VIRTUAL_FROM = 100;
/** a first guess of a row's and a card's height before they are measured, px */
const ROW_ESTIMATE_PX = 41;
const CARD_ESTIMATE_PX = 180;
/** rows drawn beyond the view on each side, so a quick scroll rarely shows a gap */
const OVERSCAN = 8;

/** The room above and below the drawn rows, so the scrollbar stands for every row. */
function spacers(items: VirtualItem[], total: number, margin: number, as: 'height'): { top: number; bottom: number };
function spacers(items: VirtualItem[], total: number, margin: number, as: 'padding'): { paddingTop: number; paddingBottom: number };
function spacers(items: VirtualItem[], total: number, margin: number, as: 'height' | 'padding') {
  const top = items.length > 0 ? items[0].start - margin : 0;
  const bottom = items.length > 0 ? Math.max(0, total - (items[items.length - 1].end - margin)) : 0;
  return as === 'height' ? { top, bottom } : { paddingTop: top, paddingBottom: bottom };
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return <tbody aria-hidden="true" className="list-spacer"><tr><td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} /></tr></tbody>;
}

/** The nearest box around an element that scrolls vertically, or null when the page itself scrolls. */
const scrollingParent = (el: HTMLElement): HTMLElement | null => {
  for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === 'auto' || y === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
};

/** the row toggle's column, in rem (list.css .list-toggle) */
const TOGGLE_REM = 2.2;

function cellClass<Row>(c: ListColumn<Row>, columns: ReadonlyArray<ListColumn<Row>>) {
  return [c === columns[0] ? 'list-key' : '', c.actions ? 'list-actions' : '', c.num ? 'num' : ''].filter(Boolean).join(' ') || undefined;
}

/** a column's header as words (the card view's sort choices) */
const headerText = <Row,>(c: ListColumn<Row>) => (typeof c.header === 'string' ? c.header : c.key);
