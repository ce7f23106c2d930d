import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Paginator } from 'primereact/paginator';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import {
  amountDueFen, ONLINE_PAYABLE_STATUSES, ORDER_PAGE_SIZES, ORDER_STATUS_TEXT, ORDER_STATUSES, PAY_CHANNEL_TEXT, PAY_STATUS_TEXT, type OrderStatus,
} from '../../../shared/domain/orders';
import { msg } from '../../../shared/messages';
import { Refusal } from '../../i18n/Refusal';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { downloadOrderExport, orderListQuery } from './queries';
import { PayTag, StatusTag } from './StatusTag';
import { SpotOrderMark } from './SpotOrderMark';
import { PayDialog } from './PayPanel';
import { Checkbox } from 'primereact/checkbox';
import { useSavePaySetting } from './mutations';
import { paySettingQuery } from './queries';

/** 收款设置 (docs/money.md, "Offline payment"): whether this seller takes payments recorded offline (登记线下收款). */
function OfflineSetting() {
  const q = useQuery(paySettingQuery());
  const save = useSavePaySetting();
  if (!q.data) return null;
  return (
    <label className="orders-offline-setting" title="不接受时，买家需用钱包余额或在线支付付款">
      <Checkbox inputId="offline-allowed" checked={q.data.offline_allowed} disabled={save.isPending} onChange={(e) => save.mutate(!!e.checked)} />
      <span>接受线下收款</span>
      {save.isError && <small className="field-error" role="alert">{save.error.message}</small>}
    </label>
  );
}
import type { OrderListSearch } from './order-search';
import { ListRows, type ListColumn } from '../../ui/list/ListRows';
import type { OrderSummary } from '../../../shared/contracts';
import { useLang, useT } from '../../i18n/lang';
import { formatMoment as orderTime, formatNumber } from '../../i18n/format';
import './orders.css';

const TABS: Array<OrderStatus | undefined> = [undefined, ...ORDER_STATUSES];

/**
 * 采购订单 (the buyer's 我的订单) and 销售订单: the company's orders of one side, newest first, with
 * status tabs and their counts, a payment filter and a search by order or checkout number. All of
 * it stays in the address.
 */
export function OrderListPage({ side, search }: { side: 'purchase' | 'sales'; search: OrderListSearch }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const to = side === 'purchase' ? '/backend/order/purchase' : '/backend/order/sales';
  const size = search.size ?? 50;
  const page = search.page ?? 1;
  const [no, setNo] = useState(search.no ?? '');
  const q = useQuery({
    ...orderListQuery({ side, status: search.status ?? '', pay_status: search.pay ?? '', order_no: search.no ?? '', page_number: page, page_size: size }),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const [paying, setPaying] = useState<OrderSummary | null>(null);
  // 拣货单 (docs/warehouse.md#pick-lists): the seller ticks orders to ship and opens their pick list
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toShip = (q.data?.data ?? []).filter((o) => picked.has(o.order_no) && (o.status === 'pending' || o.status === 'confirmed')).map((o) => o.order_no);
  const filter = { side, status: search.status ?? '', pay_status: search.pay ?? '', order_no: search.no ?? '' } as const;
  const exportNow = async () => {
    setExporting(true);
    setExportError('');
    try {
      await downloadOrderExport(filter);
    } catch (e) {
      setExportError(e instanceof OfflineError ? t('当前离线，联网后可导出') : e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };
  const go = (change: Partial<OrderListSearch>) => void navigate({ to, search: { ...search, page: undefined, ...change } });
  const title = side === 'purchase' ? t('采购订单') : t('销售订单');
  const counterpart = side === 'purchase' ? t('卖家') : t('买家');
  // the number and time stay first, 详情 pinned; the counterpart, the part and 付款 give way first
  const columns: ReadonlyArray<ListColumn<OrderSummary>> = [
    {
      key: 'no', header: t('订单号 / 下单时间'), width: '10rem',
      cell: (o) => <><Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>{o.order_no}</Link><SpotOrderMark order={o} /><small className="muted orders-time">{orderTime(lang, o.created_at)}</small></>,
    },
    { key: 'party', header: counterpart, width: '10rem', priority: 2, cell: (o) => <span data-user-text>{side === 'purchase' ? o.seller_company_name : o.buyer_company_name}</span> },
    { key: 'part', header: t('配件'), priority: 3, cell: (o) => <span className="orders-part"><span data-user-text>{o.first_line}</span>{o.line_count > 1 && <span className="muted"> {t('等{{n}}种', { n: o.line_count })}</span>}</span> },
    { key: 'qty', header: t('数量'), num: true, width: '4.5rem', priority: 3, cell: (o) => formatNumber(lang, o.total_qty) },
    { key: 'amount', header: t('金额'), num: true, width: '8rem', cell: (o) => <Price fen={o.total_fen} /> },
    { key: 'status', header: t('状态'), width: '5.5rem', cell: (o) => <StatusTag status={o.status} /> },
    { key: 'pay', header: t('付款'), width: '6.5rem', priority: 2, cell: (o) => <><PayTag pay={o.pay_status} />{o.pay_channel && <small className="muted orders-time">{t(PAY_CHANNEL_TEXT[o.pay_channel])}{o.refunded_fen > 0 && ` · ${t('有退款')}`}</small>}</> },
    {
      key: 'actions', header: '', width: side === 'purchase' ? '8rem' : '4rem', actions: true,
      cell: (o) => (
        <>
          {/* 付款 (docs/money.md, "Paying orders"): an unpaid order the buyer may pay now */}
          {side === 'purchase' && o.pay_status === 'unpaid' && ONLINE_PAYABLE_STATUSES.includes(o.status) && amountDueFen(o) > 0 && (
            <button type="button" className="p-button p-button-sm p-button-text orders-pay-button" onClick={() => setPaying(o)} aria-label={t('付款 {{no}}', { no: o.order_no })}>{t('付款')}</button>
          )}
          <Link className="orders-detail-link" to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }} aria-label={t('详情 {{no}}', { no: o.order_no })}>{t('详情')}</Link>
        </>
      ),
    },
  ];

  return (
    <section className="card orders-list" aria-label={title}>
      <div className="orders-head">
        <h2 className="orders-title">{title}</h2>
        {side === 'sales' && <OfflineSetting />}
        <form className="orders-filter" onSubmit={(e) => { e.preventDefault(); go({ no: no.trim() || undefined }); }}>
          <Dropdown value={search.pay ?? 'all'} onChange={(e) => go({ pay: e.value === 'all' ? undefined : e.value })} aria-label={t('付款状态')}
            options={[{ label: t('全部付款状态'), value: 'all' }, ...Object.entries(PAY_STATUS_TEXT).map(([value, label]) => ({ label: t(label), value }))]} />
          <InputText value={no} onChange={(e) => setNo(e.target.value)} placeholder={t('订单号 / 结算号')} aria-label={t('订单号')} maxLength={30} />
          <Button type="submit" label={t('搜索')} icon="pi pi-search" />
          {/* the list as filtered above, every page (at most 2000 orders), with its lines */}
          <Button type="button" label={t('导出XLSX')} icon="pi pi-download" outlined loading={exporting} onClick={() => void exportNow()} />
          {side === 'sales' && (
            <Button type="button" label={`拣货单${toShip.length ? `（${toShip.length}）` : ''}`} icon="pi pi-list-check" outlined disabled={toShip.length === 0}
              title={toShip.length === 0 ? '先勾选待确认或已确认（待发货）的订单' : undefined} data-testid="pick-list-button"
              onClick={() => void navigate({ to: '/backend/order/pick', search: { nos: toShip.join(',') } })} />
          )}
        </form>
      </div>
      {exportError && <p className="orders-error" role="alert">{t('导出失败：{{reason}}', { reason: exportError })}</p>}
      <nav className="orders-tabs" aria-label={t('订单状态')}>
        {TABS.map((s) => (
          <button key={s ?? 'all'} type="button" className={search.status === s ? 'active' : ''} aria-pressed={search.status === s} onClick={() => go({ status: s })}>
            {s ? t(ORDER_STATUS_TEXT[s]) : t('全部')} <span className="muted">{formatNumber(lang, q.data?.counts[s ?? 'all'] ?? 0)}</span>
          </button>
        ))}
      </nav>
      {q.isError && !q.data ? (
        <p role="alert">{q.error instanceof OfflineError ? t('当前离线，联网后可查看订单') : <Refusal text={q.error.message} />}</p>
      ) : (
        // the rows fit as every list of the back office does (docs/architecture.md, "Wide tables")
        <ListRows title={title} columns={columns} rows={q.data?.data ?? []} rowKey={(o) => o.order_no} rowLabel={(o) => o.order_no}
          rowAttrs={(o) => ({ 'data-testid': 'order-row', 'data-order-no': o.order_no })}
          selection={side === 'sales' ? {
            selected: picked,
            toggle: (no) => setPicked((old) => { const next = new Set(old); if (next.has(no)) next.delete(no); else next.add(no); return next; }),
            setAll: (nos) => setPicked(new Set(nos)),
          } : undefined}
          status={{ busy: !q.data, empty: q.data && q.data.data.length === 0 ? t(msg.noResults) : null }} />
      )}
      {(q.data?.total ?? 0) > ORDER_PAGE_SIZES[0] && (
        <Paginator first={(page - 1) * size} rows={size} totalRecords={q.data?.total ?? 0} rowsPerPageOptions={[...ORDER_PAGE_SIZES]}
          onPageChange={(e) => void navigate({ to, search: { ...search, page: e.page + 1, size: e.rows as OrderListSearch['size'] } })} />
      )}
      {paying && <PayDialog orderNos={[paying.order_no]} amountFen={amountDueFen(paying)} onHide={() => setPaying(null)} />}
    </section>
  );
}
