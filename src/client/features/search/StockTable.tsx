import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Paginator } from 'primereact/paginator';
import { PRICE_LABELS, type PriceColumn } from '../../../shared/domain/prices';
import { msg } from '../../../shared/messages';
import { warrantyText } from '../../../shared/domain/warranty';
import { PAGE_SIZES, type StockRow } from '../../../shared/contracts';
import { CART_CODES } from '../../../shared/contracts/codes';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { useClipEdges } from '../../ui/list/clip-edges';
import { useVndRate } from '../currency/queries';
import { useCurrency } from '../currency/currency-store';
import { effectiveCurrency } from '../../../shared/domain/currency';
import { formatMoneyIn } from '../../i18n/format';
import { AddToCartButton } from '../cart/AddToCartButton';
import { ChatWithSellerButton } from '../im/ChatWithSellerButton';
import { SpotOrderButton } from '../orders/SpotOrderButton';
import { stockDetails } from './stock-details';
import { SpotTag } from './SpotTag';
import { PreferredTag } from './PreferredTag';
import { PromoPrice, PromoTag } from './PromoTag';
import type { ResultView } from './result-view';
import { useLang, useT, t, mark } from '../../i18n/lang';
import './stock-table.css';

export type SortOrder = 'asc' | 'desc';
export type StockColumnKey = 'oe' | 'seller' | 'area' | 'code' | 'brand' | 'name' | 'spec' | 'vehicle' | 'qty' | PriceColumn | 'contact' | 'cart';

interface Col {
  key: StockColumnKey;
  header: ReactNode;
  /** the header as text, where it names a value in the row's detail */
  label?: string;
  /** the server's sort field, or the row's field sorted in the page */
  sortField?: string;
  cell: (r: StockRow) => ReactNode;
}

type Format = { text: (fen: number | null | undefined) => string; currency: string };

const Tag = ({ value, severity, title }: { value: string; severity: 'success' | 'warning' | 'danger' | 'info'; title?: string }) => (
  <span className={`p-tag p-component p-tag-${severity}`} title={title}><span className="p-tag-value">{value}</span></span>
);

const Contact = ({ row, visible }: { row: StockRow; visible: boolean }) =>
  visible ? (
    <span>{row.phone}{row.qq ? ` · QQ ${row.qq}` : ''}</span>
  ) : (
    <span className="blurred-contact">
      <span aria-hidden="true" style={{ filter: 'blur(4px)' }}>020-88888888 · QQ 88888888</span>
      <Link to="/pay/package" className="upgrade-tag" title={t(UPGRADE_UNLOCKS)}>{t(msg.upgradeToView)}</Link>
    </span>
  );

/** what the upgrade (开通会员, /pay/package) unlocks on these results */
export const UPGRADE_UNLOCKS = mark('升级为正式会员，报价并查看联系方式和批发价');

/**
 * 采购: the add-to-cart button, or why there is none. A user without the purchase codes reads that
 * the purchase permission is missing and who grants it, instead of an empty cell.
 */
const BuyCell = ({ row }: { row: StockRow }) => {
  const t = useT();
  const user = useRouteContext({ from: '__root__', select: (c) => c.session.user });
  if (user && row.company_id !== user.company_id && row.quantity > 0 && !hasAnyPermission(user.permissions, CART_CODES)) {
    return <span className="muted no-buy" title={t(NO_BUY_WHY)}>{t('无采购权限')}</span>;
  }
  return <AddToCartButton row={row} />;
};
const NO_BUY_WHY = mark('您的账号没有采购订单权限（C09），请公司负责人在“员工”中开通后再加入购物车');

const areaOf = (r: StockRow) => `${r.province}${r.city !== r.province ? r.city : ''}`;

/** the vehicles as the seller wrote them, the make before them when the text leaves it out */
const vehiclesOf = (r: StockRow) => {
  const list = r.supplier_vehicle.split(/[\s,，、;；/]+/).filter(Boolean);
  return r.make_name && list.length > 0 && !r.supplier_vehicle.includes(r.make_name) ? list.map((x) => `${r.make_name} ${x}`) : list;
};

/**
 * A long list of vehicles shows its first one and how many there are; the whole list is in the
 * row's detail and in the cell's tooltip, so the row does not grow.
 */
const VehicleCell = ({ row }: { row: StockRow }) => {
  const t = useT();
  const list = vehiclesOf(row);
  return (
    <span className="cell" data-user-text title={[row.factory_make_name, list.join('、')].filter(Boolean).join('：')}>
      {row.factory_make_name && <small className="cell-sub cell-over muted">{row.factory_make_name}</small>}
      {list[0] ?? '—'}{list.length > 1 && <span className="muted"> {t('等{{n}}款', { n: list.length })}</span>}
    </span>
  );
};

const columnsOf = (priceColumns: readonly string[], contactsVisible: boolean, format: Format, showOe: boolean): Col[] => [
  ...(showOe
    ? [{ key: 'oe', header: t('OE号 / 编码'), cell: (r) => <span className="cell" title={`${r.supplier_oe} / ${r.supplier_code}`}>{r.supplier_oe} <small className="cell-sub muted">{r.supplier_code}</small></span> } satisfies Col]
    : []),
  {
    key: 'seller', header: t('供应商'), cell: (r) => (
      <span className="cell stock-seller-cell">
        <span className="stock-seller" data-user-text title={r.company_name}>{r.company_name}</span>
        <PreferredTag row={r} />
        <ChatWithSellerButton companyId={r.company_id} companyName={r.company_name} />
      </span>
    ),
  },
  { key: 'area', header: t('地区'), cell: (r) => <span className="cell" data-user-text>{areaOf(r)}</span> },
  ...(showOe ? [] : [{ key: 'code', header: t('配件编码'), cell: (r) => <span className="cell">{r.supplier_code}</span> } satisfies Col]),
  {
    key: 'brand', header: t('品牌 / 品质'), cell: (r) => (r.is_original
      ? <span className="cell stock-brand"><Tag value={t('原厂件')} severity="success" /></span>
      : <span className="cell" data-user-text><span className="stock-brand">{r.part_brand_name || r.custom_brand_name || '—'}</span> <small className="cell-sub muted stock-quality">{r.quality_name}</small></span>),
  },
  {
    key: 'name', header: t('名称'), sortField: 'name', cell: (r) => (
      <span className="cell stock-name" data-user-text title={[r.name, r.generic_name, r.category_name].filter(Boolean).join(' · ')}>
        <span className="stock-name-text">{r.name}</span>
        {r.sale_state === 'promotion' && <> <Tag value={t('促销')} severity="warning" /></>}
        <PromoTag row={r} />
        {r.clean_state === 'clearance' && <> <Tag value={t('清仓')} severity="danger" /></>}
        {r.warranty_months ? <> <Tag value={warrantyText.mark(r.warranty_months)} severity="info" title={t('卖家已购买平台质保：收货后在此期限内可就质量问题申请售后')} /></> : null}
        {(r.generic_name || r.category_name) && <> <small className="cell-sub muted">{[r.generic_name, r.category_name].filter(Boolean).join(' · ')}</small></>}
      </span>
    ),
  },
  { key: 'spec', header: t('规格 / 产地'), cell: (r) => <span className="cell" data-user-text title={[r.product_specification, r.producing_area].filter(Boolean).join(' · ')}>{r.product_specification || '—'} <small className="cell-sub muted">{r.producing_area}</small></span> },
  { key: 'vehicle', header: t('适用车型'), cell: (r) => <VehicleCell row={r} /> },
  {
    key: 'qty', header: t('数量'), sortField: 'quantity',
    // the 现货 tag under the quantity, so a row of spot goods does not widen the table (it fits at 1366)
    cell: (r) => (r.quantity > 0 ? <span className={r.spot ? 'qty-cell' : 'cell'}><span data-user-text>{`${r.quantity} ${r.uom_name}`}</span>{r.spot && <SpotTag row={r} />}</span> : <span className="muted">{t('无货')}</span>),
  },
  ...priceColumns.map((p): Col => ({
    key: p as PriceColumn, sortField: p, label: t(PRICE_LABELS[p as PriceColumn]),
    header: <span className="price-head">{t(PRICE_LABELS[p as PriceColumn]).replace(/ ?\(/, '\n(')}</span>,
    // a promotion plan's price with the original struck through above it (docs/promotions.md)
    cell: (r) => {
      const now = r.promo?.prices[p];
      const list = r[p as PriceColumn];
      return now !== undefined && list
        ? <span className="price" data-currency={format.currency}><PromoPrice fen={now} listFen={list} show={(fen) => format.text(fen)} /></span>
        : <span className="price" data-currency={format.currency}>{format.text(list)}</span>;
    },
  })),
  { key: 'contact', header: t('联系方式'), cell: (r) => <span className="cell" data-user-text><Contact row={r} visible={contactsVisible} /></span> },
  { key: 'cart', header: t('采购'), cell: (r) => <BuyCell row={r} /> },
];

/** The row's detail: the seller's contacts and area, the whole vehicle list and every column the table leaves out. */
function RowDetail({ row, contactsVisible, hiddenPrices }: { row: StockRow; contactsVisible: boolean; hiddenPrices: Col[] }) {
  const t = useT();
  return (
    <div className="stock-details-panel" role="region" aria-label={t('{{company_name}} {{supplier_oe}} 详情', { company_name: row.company_name, supplier_oe: row.supplier_oe })}>
      <dl>
        <div><dt>{t('供应商')}</dt><dd data-user-text>{row.company_name} · {areaOf(row)}</dd></div>
        <div><dt>{t('联系方式')}</dt><dd data-user-text><Contact row={row} visible={contactsVisible} /></dd></div>
        <div><dt>{t('名称')}</dt><dd data-user-text>{row.name}</dd></div>
        {hiddenPrices.map((c) => <div key={c.key}><dt>{c.label}</dt><dd>{c.cell(row)}</dd></div>)}
        {stockDetails(row).map(([label, text]) => (
          <div key={label}><dt>{t(label)}</dt><dd data-user-text>{label === '适用车型' ? vehiclesOf(row).join('、') : text}</dd></div>
        ))}
      </dl>
      {/* 现货下单 waits in the row's detail, so a table of spot rows keeps one line a row within 1366 px (docs/spot-goods.md) */}
      {row.spot && <SpotOrderButton row={row} />}
    </div>
  );
}

interface RowProps { row: StockRow; cols: Col[]; hiddenPrices: Col[]; odd: boolean; open: boolean; toggle: (id: number) => void; contactsVisible: boolean }

/** one result row and, when opened, its detail row; memoised so opening one row redraws only it */
const Row = memo(function Row({ row, cols, hiddenPrices, odd, open, toggle, contactsVisible }: RowProps) {
  const t = useT();
  return (
    <>
      <tr className={odd ? 'p-row-odd' : undefined}>
        {cols.map((c, i) => (i === 0 ? (
          <td key={c.key} className={`stock-col-${c.key}`}>
            <span className="first-cell">
              {/* the chevron is the button's own icon (no element inside): fewer elements a row to lay out */}
              <button type="button" className={`stock-details-button pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-expanded={open}
                aria-label={t('{{name}} 详情', { name: row.name })} title={t('详情')} onClick={() => toggle(row.id)} />
              {c.cell(row)}
            </span>
          </td>
        ) : <td key={c.key} className={`stock-col-${c.key}`}>{c.cell(row)}</td>))}
      </tr>
      {open && (
        <tr className="p-datatable-row-expansion">
          <td colSpan={cols.length}><RowDetail row={row} contactsVisible={contactsVisible} hiddenPrices={hiddenPrices} /></td>
        </tr>
      )}
    </>
  );
});

/**
 * Rows drawn with the rest of the page when new results arrive; the others follow in a transition,
 * which React renders in slices between frames. 15 fill a 1366×768 window in 紧凑 (8 in 舒适), so
 * what the user sees first is not waiting for the 50th row, and no one task draws them all.
 */
export const FIRST_ROWS = 15;

const nextOrder = (current: SortOrder | undefined): SortOrder | undefined => (current === undefined ? 'asc' : current === 'asc' ? 'desc' : undefined);

export interface StockTableProps {
  rows: StockRow[];
  priceColumns: readonly string[];
  contactsVisible: boolean;
  view: ResultView;
  /** 'aria-label' of the table */
  label: string;
  /** tables of several OE numbers show each row's number (OE号 / 编码) instead of 配件编码 */
  showOe?: boolean;
  /** columns a page has no use for (the shop page names its seller once, above) */
  omit?: readonly StockColumnKey[];
  /** the sortable fields; with onSort the server sorts, without it the rows sort in the page */
  sortable: readonly string[];
  sort?: { field?: string; order?: SortOrder; onSort: (field: string | undefined, order: SortOrder | undefined) => void };
  /** paged on the server; without it more than 50 rows page in the page */
  paging?: { first: number; rows: number; total: number; onPage: (first: number, rows: number) => void };
  loading?: boolean;
}

/**
 * The stock rows of every search (requirements 000-3): codes, seller, brand and quality, name, specification,
 * vehicles, quantity, the caller's price columns, contacts, 采购. Plain table markup in DataTable's
 * classes (its look): a PrimeReact DataTable spent ~0.3 s drawing a 50-row page of these cells.
 * One line a row in 紧凑, two-line finger-sized rows in 舒适; hidden columns and long texts are
 * in the row's detail (the chevron, 详情).
 */
export function StockTable({ rows, priceColumns, contactsVisible, view, label, showOe = false, omit = [], sortable, sort, paging, loading }: StockTableProps) {
  const chosen = useCurrency();
  const rate = useVndRate();
  const lang = useLang();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [local, setLocal] = useState<{ field?: string; order?: SortOrder }>({});
  const [localPage, setLocalPage] = useState({ first: 0, rows: 50 });
  const hiddenKey = [...view.hidden, ...omit].join();
  // the columns stay the same object while nothing they show changes, so the memoised rows are not redrawn
  const [cols, hiddenPrices] = useMemo(() => {
    const hidden = new Set(hiddenKey.split(','));
    const format: Format = { text: (fen) => formatMoneyIn(lang, fen, chosen, rate), currency: effectiveCurrency(chosen, rate) };
    const all = columnsOf(priceColumns, contactsVisible, format, showOe);
    // a price column the user hid is still in each row's detail
    return [all.filter((c) => !hidden.has(c.key)), all.filter((c) => c.label !== undefined && hidden.has(c.key))];
  }, [priceColumns, contactsVisible, chosen, rate, showOe, hiddenKey, lang]);
  const toggle = useMemo(() => (id: number) => setOpen((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  }), []);
  const field = sort ? sort.field : local.field;
  const order = sort ? sort.order : local.order;
  let shown = rows;
  if (!sort && field && order) {
    const dir = order === 'asc' ? 1 : -1;
    const get = (r: StockRow) => (r as unknown as Record<string, string | number | null | undefined>)[field];
    shown = [...rows].sort((a, b) => {
      const x = get(a), y = get(b);
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (x < y ? -1 : 1) * dir;
    });
  }
  const pagedHere = !paging && rows.length > 50;
  if (pagedHere) shown = shown.slice(localPage.first, localPage.first + localPage.rows);
  // new rows: the first FIRST_ROWS now, all of them in the transition that follows; the same rows
  // again (a parent's redraw) or more of them after the ones drawn (更多卖家) are drawn at once
  const rowsKey = useMemo(() => rows.map((r) => r.id).join(','), [rows]);
  const [wholeKey, setWholeKey] = useState<string | null>(null);
  useEffect(() => { if (rowsKey !== wholeKey) startTransition(() => setWholeKey(rowsKey)); }, [rowsKey, wholeKey]);
  const whole = wholeKey !== null && (rowsKey === wholeKey || rowsKey.startsWith(`${wholeKey},`));
  const drawn = whole ? shown : shown.slice(0, FIRST_ROWS);
  const [attachWrapper, clip, updateClip] = useClipEdges();
  useEffect(updateClip, [drawn.length, cols, updateClip]);
  const onHeader = (f: string) => {
    const o = nextOrder(f === field ? order : undefined);
    if (sort) sort.onSort(o ? f : undefined, o);
    else setLocal(o ? { field: f, order: o } : {});
  };
  return (
    <div className={`p-datatable p-component p-datatable-sm p-datatable-striped stock-table density-${view.density}`}>
      {loading && <div className="p-datatable-loading-overlay p-component-overlay"><i className="p-datatable-loading-icon pi pi-spinner pi-spin" aria-hidden="true" /></div>}
      {/* the table scrolls inside itself; 采购 stays pinned at its right edge and a clipped edge casts a shadow */}
      <div className="p-datatable-wrapper" ref={attachWrapper} onScroll={updateClip} data-clip-left={clip.left || undefined} data-clip-right={clip.right || undefined}>
        <table className="p-datatable-table" aria-label={label} aria-busy={loading || undefined}>
          <thead className="p-datatable-thead">
            <tr>
              {cols.map((c) => {
                const can = c.sortField !== undefined && sortable.includes(c.sortField);
                const active = can && field === c.sortField && order !== undefined;
                return can ? (
                  <th key={c.key} className={`stock-col-${c.key} p-sortable-column${active ? ' p-highlight' : ''}`} tabIndex={0} role="columnheader"
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                    onClick={() => onHeader(c.sortField!)} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onHeader(c.sortField!); } }}>
                    <div className="p-column-header-content">
                      <span className="p-column-title">{c.header}</span>
                      <i aria-hidden="true" className={`p-sortable-column-icon pi ${active ? (order === 'asc' ? 'pi-sort-amount-up-alt' : 'pi-sort-amount-down') : 'pi-sort-alt'}`} />
                    </div>
                  </th>
                ) : (
                  <th key={c.key} className={`stock-col-${c.key}`}><div className="p-column-header-content"><span className="p-column-title">{c.header}</span></div></th>
                );
              })}
            </tr>
          </thead>
          <tbody className="p-datatable-tbody">
            {shown.length === 0 ? (
              <tr className="p-datatable-emptymessage"><td colSpan={cols.length}>{t(msg.noResults)}</td></tr>
            ) : drawn.map((r, i) => (
              <Row key={r.id} row={r} cols={cols} hiddenPrices={hiddenPrices} odd={i % 2 === 1} open={open.has(r.id)} toggle={toggle} contactsVisible={contactsVisible} />
            ))}
          </tbody>
        </table>
      </div>
      {(paging || pagedHere) && (
        <Paginator className="p-paginator-bottom" rowsPerPageOptions={[...PAGE_SIZES]}
          first={paging ? paging.first : localPage.first} rows={paging ? paging.rows : localPage.rows} totalRecords={paging ? paging.total : rows.length}
          onPageChange={(e) => (paging ? paging.onPage(e.first, e.rows) : setLocalPage({ first: e.first, rows: e.rows }))} />
      )}
    </div>
  );
}
