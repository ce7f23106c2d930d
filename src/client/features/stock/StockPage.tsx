/**
 * 库存与价格 (/backend/product/stockAndPrice, M03) and 清仓 (/backend/product/clean): the company's
 * own stock as a declaration of the list block, with prices and quantity edited in place, quantity
 * adjustments (+N / -N) sent through the outbox, bulk on/off sale, clearance, price lock and
 * delete, and the add / edit form and each row's change log.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import type { PayloadIn, SellerStockRow } from '../../../shared/contracts';
import { formatFen, PRICE_COLUMNS } from '../../../shared/domain/prices';
import {
  CLEAN_STATE_TEXT, PRICE_LOCK_TEXT, pendingQuantity, STOCK_PRICE_FIELDS, STOCK_PRICE_LABELS, STOCK_STATE_TEXT,
  type StockPriceField,
} from '../../../shared/domain/stock';
import { outbox } from '../../local/outbox';
import { ListPage, type ListDef, type ListFilter } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { errorText } from '../../ui/form/form';
import { countriesQuery, downloadStockExport, makesQuery, partTypesQuery, stockKeys, stockListQuery, terminologyQuery } from './queries';
import {
  useAdjustStock, useDeleteStock, useSaveStockPrice, useSaveStockQuantity, useSetStockClean, useSetStockLock, useSetStockSpot, useSetStockState,
} from './mutations';
import { StockFormDialog } from './StockFormDialog';
import { StockChangesDialog } from './StockChangesDialog';
import { PerformanceDialog } from './PerformanceDialog';
import { performanceText } from '../../../shared/domain/provinces';
import { platformOffText } from '../../../shared/domain/operation';
import { AdjustQuantity } from './AdjustQuantity';
import { EditableNumber } from './EditableNumber';
import { SpotCutoffSetting } from './SpotCutoffSetting';
import { RowLocationsDialog } from '../warehouse/RowLocationsDialog';
import './stock.css';


const opts = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ label, value }));

/** The address (text) as the call's payload: ids as numbers, empty filters left out. */
const payloadOf = (s: ListSearch): PayloadIn<'getStockData'> => {
  const text = (k: string) => (s[k] === undefined ? undefined : String(s[k]));
  const id = (k: string) => (s[k] === undefined ? undefined : Number(s[k]));
  return {
    supplier_oe: text('supplier_oe'), name: text('name'), custom_brand_name: text('custom_brand_name'), default_code: text('default_code'),
    supplier_vehicle: text('supplier_vehicle'), producing_area: text('producing_area'),
    type_id: id('type_id'), make_id: id('make_id'), terminology_id: id('terminology_id'), country_id: id('country_id'),
    state: text('state') as 'on' | 'off' | undefined, price_lock: text('price_lock') as 'locked' | 'unlocked' | undefined,
    clean_state: text('clean_state') as 'normal' | 'clearance' | undefined, spot: text('spot') as 'yes' | 'no' | undefined, sale_state: text('sale_state') as 'normal' | 'promotion' | undefined,
    min_create_date: text('min_create_date'), max_create_date: text('max_create_date'), zero_stock: s.zero_stock === '1' ? 1 : undefined,
    sort_field: (s.sort as PayloadIn<'getStockData'>['sort_field']) ?? 'create_date', sort_order: s.order ?? 'desc',
    page_number: s.page ?? 1, page_size: s.size ?? 50,
  };
};

/**
 * Which columns give way on a narrow screen (docs/architecture.md, "Wide tables"): OE and name,
 * the quantity, the wholesale price and 编辑 · 记录 always stay; brand, 标准价, the taxed wholesale
 * price and the state next; the other prices, the lock, 业绩 and the time fold first.
 */
const PRICE_PRIORITY: Record<StockPriceField, 1 | 2 | 3> = { price99: 2, price0: 1, price1: 2, price2: 3, price3: 3, price5: 3, vn_price: 3 };

const yuanText = (fen: number | null) => (fen === null ? '' : formatFen(fen));
const wholeText = (n: number | null) => (n === null ? '' : String(n));
/** The 库位 cell's words, shown and spoken alike: the first location with its pieces, then how many in all. */
const locationText = (locations: readonly { code: string; quantity: number }[]) =>
  locations.length === 0
    ? { first: '设置库位', more: '' }
    : { first: `${locations[0].code} ×${locations[0].quantity}`, more: locations.length > 1 ? `等${locations.length}个库位` : '' };

type Status = { kind: 'ok' | 'error'; text: string } | null;

/** One make's rows only (宝马库存, docs/maintenance.md#bmw-stock): the make filter fixed, OE numbers shown in the make's own form. */
export interface FixedMake { id: number; title: string; oeText: (oe: string) => string; empty: ReactNode }

export function StockPage({ search, onSearch, clearance, fixedMake }: { search: ListSearch; onSearch: (s: ListSearch) => void; clearance?: boolean; fixedMake?: FixedMake }) {
  /** what the list and the export ask for: the page's own fixed filters over the address's */
  const scoped = (s: ListSearch): ListSearch => ({ ...s, ...(clearance ? { clean_state: 'clearance' } : {}), ...(fixedMake ? { make_id: fixedMake.id } : {}) });
  const qc = useQueryClient();
  const { session } = useRouteContext({ from: '__root__' });
  const user = session.user!;
  const [status, setStatus] = useState<Status>(null);
  const [editing, setEditing] = useState<SellerStockRow | 'new' | null>(null);
  const [history, setHistory] = useState<SellerStockRow | null>(null);
  const [performance, setPerformance] = useState<SellerStockRow | null>(null);
  const [placing, setPlacing] = useState<SellerStockRow | null>(null);
  const [queued, setQueued] = useState<Map<number, Array<{ delta: number }>>>(new Map());
  const makes = useQuery(makesQuery());
  const types = useQuery(partTypesQuery());
  const groups = useQuery(terminologyQuery());
  const countries = useQuery(countriesQuery());
  const saveStockPrice = useSaveStockPrice();
  const saveStockQuantity = useSaveStockQuantity();
  const adjustStock = useAdjustStock();
  const setStockState = useSetStockState();
  const setStockClean = useSetStockClean();
  const setStockLock = useSetStockLock();
  const setStockSpot = useSetStockSpot();
  const deleteStock = useDeleteStock();

  // adjustments waiting in the outbox show in the quantity until the server has them
  useEffect(() => {
    const sub = outbox.pendingCount$(user.uuid).subscribe(() => {
      void outbox.pending(user.uuid).then((rows) => {
        const m = new Map<number, Array<{ delta: number }>>();
        for (const r of rows) {
          if (r.name !== 'adjustStockQty') continue;
          const p = r.payload as { product_id: number; delta: number };
          m.set(p.product_id, [...(m.get(p.product_id) ?? []), { delta: p.delta }]);
        }
        setQueued((old) => {
          if (old.size > 0 && m.size < old.size) void qc.invalidateQueries({ queryKey: stockKeys.lists() });
          return m;
        });
      });
    });
    return () => sub.unsubscribe();
  }, [user.uuid, qc]);

  const refused = (e: unknown) => setStatus({ kind: 'error', text: errorText(e) });
  /** The list as filtered now, every page, as the XLSX the import takes back. */
  const exportList = async () => {
    const { page_number: _page, page_size: _size, ...filter } = payloadOf(scoped(search));
    try {
      await downloadStockExport(filter);
    } catch (e) {
      refused(e);
    }
  };
  const saved = (text: string) => setStatus({ kind: 'ok', text });
  /** 现货 (docs/spot-goods.md): rows ready to ship today; buyers filter them with 只看现货 */
  const markSpot = async (ids: number[], spot: boolean, what = '') => {
    try {
      const { changed } = await setStockSpot.mutateAsync({ ids, spot });
      saved(spot ? `已标记现货 ${what}${changed} 行，买家“只看现货”可以找到它们` : `已取消现货 ${what}${changed} 行`);
    } catch (e) {
      refused(e);
    }
  };

  const savePrice = async (row: SellerStockRow, field: StockPriceField, value: number) => {
    try {
      await saveStockPrice.mutateAsync({ product_id: row.id, company_id: user.company_id, value, target_price_field: field });
      saved(`已保存：${row.supplier_oe} ${STOCK_PRICE_LABELS[field]} ${field === 'vn_price' ? value : formatFen(value)}`);
    } catch (e) {
      refused(e);
    }
  };
  const saveQuantity = async (row: SellerStockRow, quantity: number) => {
    try {
      await saveStockQuantity.mutateAsync({ product_id: row.id, company_id: user.company_id, quantity, qty_version: row.qty_version });
      saved(`已保存：${row.supplier_oe} 库存数量 ${quantity}`);
    } catch (e) {
      refused(e);
    }
  };
  const adjust = async (row: SellerStockRow, delta: number) => {
    try {
      const r = await adjustStock.mutateAsync({ userUuid: user.uuid, payload: { product_id: row.id, company_id: user.company_id, delta } });
      if (r.outcome === 'sent') {
        saved(`已调整：${row.supplier_oe} 库存 ${delta > 0 ? '+' : ''}${delta}，现为 ${r.answer.quantity}`);
      } else saved(`网络不可用，${row.supplier_oe} 的库存调整 ${delta > 0 ? '+' : ''}${delta} 已保存在本机，联网后自动同步`);
    } catch (e) {
      refused(e);
    }
  };

  const filters: ListFilter[] = useMemo(() => [
    { name: 'supplier_oe', label: 'OE号', type: 'text' },
    { name: 'name', label: '配件名称', type: 'text' },
    { name: 'custom_brand_name', label: '品牌', type: 'text' },
    { name: 'type_id', label: '品质', type: 'select', options: (types.data ?? []).map((t) => ({ label: t.name, value: String(t.id) })) },
    { name: 'make_id', label: '车型品牌', type: 'select', options: (makes.data ?? []).map((m) => ({ label: `${m.initial} ${m.name}`, value: String(m.id) })) },
    { name: 'terminology_id', label: '配件分组', type: 'select', options: (groups.data ?? []).map((g) => ({ label: g.name, value: String(g.id) })) },
    { name: 'state', label: '上架状态', type: 'select', options: opts(STOCK_STATE_TEXT) },
    { name: 'price_lock', label: '价格锁定', type: 'select', options: opts(PRICE_LOCK_TEXT) },
    ...(clearance ? [] : [{ name: 'clean_state', label: '清仓', type: 'select' as const, options: opts(CLEAN_STATE_TEXT) }]),
    { name: 'spot', label: '现货', type: 'select', options: [{ label: '现货', value: 'yes' }, { label: '非现货', value: 'no' }] },
    { name: 'default_code', label: '自编码', type: 'text', more: true },
    { name: 'supplier_vehicle', label: '适用车型', type: 'text', more: true },
    { name: 'producing_area', label: '产地', type: 'text', more: true },
    { name: 'sale_state', label: '销售状态', type: 'select', options: [{ label: '正常', value: 'normal' }, { label: '促销', value: 'promotion' }], more: true },
    { name: 'country_id', label: '国家', type: 'select', options: (countries.data?.data ?? []).map((c) => ({ label: c.name, value: String(c.id) })), more: true },
    { name: 'zero_stock', label: '库存', type: 'select', options: [{ label: '只看零库存', value: '1' }], more: true },
    { name: 'min_create_date', label: '创建日期起', type: 'date', more: true },
    { name: 'max_create_date', label: '创建日期止', type: 'date', more: true },
  ], [types.data, makes.data, groups.data, countries.data, clearance]);

  const priceColumn = (field: StockPriceField) => ({
    key: field, header: STOCK_PRICE_LABELS[field], num: true, width: '6.5rem', priority: PRICE_PRIORITY[field], sort: (PRICE_COLUMNS as readonly string[]).includes(field) ? field : undefined,
    cell: (r: SellerStockRow) => (
      <EditableNumber field={field} value={r[field]} display={field === 'vn_price' ? wholeText(r[field]) : yuanText(r[field])}
        toText={field === 'vn_price' ? wholeText : yuanText} label={`${r.supplier_oe} ${STOCK_PRICE_LABELS[field]}`} locked={r.price_lock}
        onSave={(v) => savePrice(r, field, v)} onInvalid={(text) => setStatus({ kind: 'error', text })} />
    ),
  });

  const def: ListDef<SellerStockRow, ReturnType<typeof stockKeys.list>> = {
    title: fixedMake?.title ?? (clearance ? '清仓库存' : '库存与价格'),
    filters: fixedMake ? filters.filter((f) => f.name !== 'make_id') : filters,
    query: (s) => stockListQuery(payloadOf(scoped(s))),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.supplier_oe} ${r.name}`,
    defaultSort: { sort: 'create_date', order: 'desc' },
    columns: [
      {
        key: 'oe', header: 'OE号 / 配件名称', sort: 'supplier_oe', width: '11rem',
        cell: (r) => (
          <div className="stock-key">
            <strong>{fixedMake ? fixedMake.oeText(r.supplier_oe) : r.supplier_oe}{r.spot && <span className="stock-tag spot" data-testid="stock-spot">现货</span>}</strong><span>{r.name}</span>
            {r.op_off_reason && <small className="stock-platform-off">{platformOffText(r.op_off_reason)}</small>}
          </div>
        ),
      },
      { key: 'brand', header: '品牌 / 品质', width: '7rem', priority: 2, cell: (r) => <div className="stock-key"><span>{r.part_brand_name || r.custom_brand_name}</span><small className="muted">{r.part_type_name}</small></div> },
      { key: 'make', header: '车型', width: '7rem', priority: 3, cell: (r) => <div className="stock-key"><span>{r.make_name || '—'}</span><small className="muted stock-vehicle">{r.supplier_vehicle}</small></div> },
      {
        key: 'quantity', header: '库存', num: true, sort: 'quantity', width: '8rem',
        cell: (r) => {
          const waiting = queued.get(r.id) ?? [];
          return (
            <div className="stock-qty">
              <EditableNumber field="quantity" value={r.quantity} display={String(pendingQuantity(r.quantity, waiting))} toText={wholeText}
                label={`${r.supplier_oe} 库存数量`} onSave={(v) => saveQuantity(r, v)} onInvalid={(text) => setStatus({ kind: 'error', text })} />
              <AdjustQuantity label={r.supplier_oe} onAdjust={(d) => adjust(r, d)} onInvalid={(text) => setStatus({ kind: 'error', text })} />
              {waiting.length > 0 && <small className="muted" title="联网后自动同步">待同步</small>}
            </div>
          );
        },
      },
      // 库位 (docs/warehouse.md): where the row is, first location first; the dialog edits them
      {
        key: 'locations', header: '库位', width: '7rem', priority: 2,
        cell: (r) => {
          const where = locationText(r.locations);
          return (
            <button type="button" className="linklike stock-locs" onClick={() => setPlacing(r)} data-testid="stock-locations"
              aria-label={`${where.first}${where.more} ${r.supplier_oe}`}
              title={r.locations.map((l) => `${l.warehouse_name}/${l.code}：${l.quantity}`).join('\n') || '未设库位，点击设置'}>
              {r.locations.length === 0 ? <span className="muted">{where.first}</span> : (
                <>
                  <span>{where.first}</span>
                  {where.more && <small className="muted">{where.more}</small>}
                </>
              )}
            </button>
          );
        },
      },
      ...STOCK_PRICE_FIELDS.map(priceColumn),
      {
        key: 'lock', header: '价格锁定', width: '5rem', priority: 3,
        cell: (r) => <span className={r.price_lock ? 'stock-locked' : 'muted'}>{r.price_lock ? PRICE_LOCK_TEXT.locked : PRICE_LOCK_TEXT.unlocked}</span>,
      },
      {
        key: 'state', header: '状态', width: '5rem', priority: 2,
        // a row the platform took off sale says why; only the platform can put it back
        cell: (r) => (r.op_off_reason
          ? <span className="stock-platform-off" title={`${platformOffText(r.op_off_reason)}。平台下架的库存不能自行上架，如有疑问请联系平台客服`}>平台下架</span>
          : <span>{STOCK_STATE_TEXT[r.state]}{r.clean_state === 'clearance' && <span className="stock-tag">清仓</span>}</span>),
      },
      {
        key: 'performance', header: '业绩', width: '6rem', priority: 3,
        cell: (r) => (
          <button type="button" className="linklike stock-performance" onClick={() => setPerformance(r)} aria-label={`业绩设置 ${r.supplier_oe}`} title={performanceText(r.performance, r.province_ids)}>
            {performanceText(r.performance, r.province_ids)}
          </button>
        ),
      },
      { key: 'written', header: '更新时间', width: '8rem', priority: 3, cell: (r) => dayjs.unix(Math.max(r.prod_write_date, r.price_write_date, r.stock_write_date)).format('YYYY-MM-DD HH:mm') },
      {
        key: 'actions', header: '操作', width: '6rem', actions: true,
        cell: (r) => (
          <span className="stock-actions">
            <button type="button" className="linklike" onClick={() => setEditing(r)} aria-label={`编辑 ${r.supplier_oe}`}>编辑</button>
            <button type="button" className="linklike" onClick={() => setHistory(r)} aria-label={`修改记录 ${r.supplier_oe}`}>记录</button>
            <button type="button" className="linklike" onClick={() => void markSpot([r.id], !r.spot, `${r.supplier_oe} `)} aria-label={`${r.spot ? '取消现货' : '标记现货'} ${r.supplier_oe}`}>
              {r.spot ? '取消现货' : '现货'}
            </button>
          </span>
        ),
      },
    ],
    bulkActions: [
      { label: '上架', icon: 'pi pi-arrow-up', run: async (ids) => saved(`已上架 ${(await setStockState.mutateAsync({ ids, state: 'on' })).changed} 行`) },
      { label: '下架', icon: 'pi pi-arrow-down', run: async (ids) => saved(`已下架 ${(await setStockState.mutateAsync({ ids, state: 'off' })).changed} 行，买家搜索不到它们了`) },
      clearance
        ? { label: '取消清仓', icon: 'pi pi-undo', run: async (ids) => saved(`已取消清仓 ${(await setStockClean.mutateAsync({ ids, clean_state: 'normal' })).changed} 行`) }
        : { label: '标记清仓', icon: 'pi pi-tag', run: async (ids) => saved(`已标记清仓 ${(await setStockClean.mutateAsync({ ids, clean_state: 'clearance' })).changed} 行`) },
      { label: '标记现货', icon: 'pi pi-bolt', run: (ids) => markSpot(ids, true) },
      { label: '取消现货', icon: 'pi pi-times', run: (ids) => markSpot(ids, false) },
      { label: '锁定价格', icon: 'pi pi-lock', run: async (ids) => saved(`已锁定价格 ${(await setStockLock.mutateAsync({ ids, locked: true })).changed} 行`) },
      { label: '解锁价格', icon: 'pi pi-lock-open', run: async (ids) => saved(`已解锁价格 ${(await setStockLock.mutateAsync({ ids, locked: false })).changed} 行`) },
      {
        label: '删除', icon: 'pi pi-trash', danger: true, confirm: (n) => `确定删除所选的 ${n} 行库存？删除后买家搜索不到，购物车中的这些配件也会移除。`,
        run: async (ids) => saved(`已删除 ${(await deleteStock.mutateAsync({ ids })).changed} 行`),
      },
    ],
    empty: (filtered) => filtered
      ? <>没有符合条件的库存。<button type="button" className="linklike" onClick={() => onSearch({})}>清除筛选</button>后查看全部。</>
      : fixedMake ? fixedMake.empty : clearance
        ? <>还没有清仓的库存。在“库存与价格”中勾选要清仓的行，点“标记清仓”。</>
        : <>还没有库存。点右上角“新增库存”添加第一条，买家就能通过OE号和关键词搜索到它。</>,
  };

  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<>
          {!clearance && <Button type="button" label="新增库存" icon="pi pi-plus" onClick={() => setEditing('new')} />}
          <Button type="button" label="导出" icon="pi pi-download" outlined onClick={() => void exportList()} data-testid="stock-export" />
          {!clearance && <Link to="/backend/product/import" className="p-button p-button-outlined p-component">批量导入</Link>}
          {!clearance && !fixedMake && <SpotCutoffSetting onSaved={saved} onRefused={(text) => setStatus({ kind: 'error', text })} />}
        </>}
        status={status && <p className={status.kind === 'ok' ? 'stock-status ok' : 'stock-status error'} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="stock-status">{status.text}</p>} />
      {editing && (
        <StockFormDialog row={editing === 'new' ? null : editing} onHide={() => setEditing(null)}
          onSaved={(row, created) => {
            setEditing(null);
            saved(`${created ? '已新增' : '已保存'}：${row.supplier_oe} ${row.name}`);
          }} />
      )}
      {history && <StockChangesDialog row={history} onHide={() => setHistory(null)} />}
      {placing && <RowLocationsDialog row={placing} onHide={() => setPlacing(null)} onSaved={saved} />}
      {performance && (
        <PerformanceDialog row={performance} onHide={() => setPerformance(null)}
          onSaved={(row) => {
            setPerformance(null);
            saved(`业绩设置已保存：${row.supplier_oe} ${performanceText(row.performance, row.province_ids)}`);
          }} />
      )}
    </>
  );
}
