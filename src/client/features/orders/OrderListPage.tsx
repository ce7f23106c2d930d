import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Paginator } from 'primereact/paginator';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import { ORDER_PAGE_SIZES, ORDER_STATUS_TEXT, ORDER_STATUSES, PAY_STATUS_TEXT, type OrderStatus } from '../../../shared/domain/orders';
import { msg } from '../../../shared/messages';
import { OfflineError } from '../../api/request';
import { Price } from '../currency/Price';
import { downloadOrderExport, orderListQuery } from './queries';
import { PayTag, StatusTag } from './StatusTag';
import type { OrderListSearch } from './order-search';
import './orders.css';

const TABS: Array<OrderStatus | undefined> = [undefined, ...ORDER_STATUSES];

/**
 * 采购订单 (the buyer's 我的订单) and 销售订单: the company's orders of one side, newest first, with
 * status tabs and their counts, a payment filter and a search by order or checkout number. All of
 * it stays in the address.
 */
export function OrderListPage({ side, search }: { side: 'purchase' | 'sales'; search: OrderListSearch }) {
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
  const filter = { side, status: search.status ?? '', pay_status: search.pay ?? '', order_no: search.no ?? '' } as const;
  const exportNow = async () => {
    setExporting(true);
    setExportError('');
    try {
      await downloadOrderExport(filter);
    } catch (e) {
      setExportError(e instanceof OfflineError ? '当前离线，联网后可导出' : e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };
  const go = (change: Partial<OrderListSearch>) => void navigate({ to, search: { ...search, page: undefined, ...change } });
  const title = side === 'purchase' ? '采购订单' : '销售订单';
  const counterpart = side === 'purchase' ? '卖家' : '买家';

  return (
    <section className="card" aria-label={title}>
      <div className="orders-head">
        <h2 className="orders-title">{title}</h2>
        <form className="orders-filter" onSubmit={(e) => { e.preventDefault(); go({ no: no.trim() || undefined }); }}>
          <Dropdown value={search.pay ?? 'all'} onChange={(e) => go({ pay: e.value === 'all' ? undefined : e.value })} aria-label="付款状态"
            options={[{ label: '全部付款状态', value: 'all' }, ...Object.entries(PAY_STATUS_TEXT).map(([value, label]) => ({ label, value }))]} />
          <InputText value={no} onChange={(e) => setNo(e.target.value)} placeholder="订单号 / 结算号" aria-label="订单号" maxLength={30} />
          <Button type="submit" label="搜索" icon="pi pi-search" />
          {/* the list as filtered above, every page (at most 2000 orders), with its lines */}
          <Button type="button" label="导出XLSX" icon="pi pi-download" outlined loading={exporting} onClick={() => void exportNow()} />
        </form>
      </div>
      {exportError && <p className="orders-error" role="alert">导出失败：{exportError}</p>}
      <nav className="orders-tabs" aria-label="订单状态">
        {TABS.map((s) => (
          <button key={s ?? 'all'} type="button" className={search.status === s ? 'active' : ''} aria-pressed={search.status === s} onClick={() => go({ status: s })}>
            {s ? ORDER_STATUS_TEXT[s] : '全部'} <span className="muted">{q.data?.counts[s ?? 'all'] ?? 0}</span>
          </button>
        ))}
      </nav>
      {q.isError && !q.data ? (
        <p role="alert">{q.error instanceof OfflineError ? '当前离线，联网后可查看订单' : q.error.message}</p>
      ) : (
        <div className="table-scroll">
          <table className="orders-table" aria-busy={q.isFetching}>
          <thead>
            <tr>
              <th style={{ width: '10rem' }}>订单号 / 下单时间</th><th style={{ width: '10rem' }}>{counterpart}</th><th>配件</th>
              <th className="num" style={{ width: '4.5rem' }}>数量</th><th className="num" style={{ width: '8rem' }}>金额</th>
              <th style={{ width: '5.5rem' }}>状态</th><th style={{ width: '5.5rem' }}>付款</th><th style={{ width: '4rem' }} />
            </tr>
          </thead>
          <tbody>
            {q.data?.data.map((o) => (
              <tr key={o.order_no} data-testid="order-row" data-order-no={o.order_no}>
                <td><Link to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }}>{o.order_no}</Link><small className="muted">{dayjs.unix(o.created_at).format('YYYY-MM-DD HH:mm:ss')}</small></td>
                <td>{side === 'purchase' ? o.seller_company_name : o.buyer_company_name}</td>
                <td className="orders-part">{o.first_line}{o.line_count > 1 && <span className="muted"> 等{o.line_count}种</span>}</td>
                <td className="num">{o.total_qty}</td>
                <td className="num"><Price fen={o.total_fen} /></td>
                <td><StatusTag status={o.status} /></td>
                <td><PayTag pay={o.pay_status} /></td>
                <td><Link className="orders-detail-link" to="/backend/order/detail/$orderNo" params={{ orderNo: o.order_no }} aria-label={`详情 ${o.order_no}`}>详情</Link></td>
              </tr>
            ))}
            {q.data && q.data.data.length === 0 && <tr><td colSpan={8} className="orders-empty">{msg.noResults}</td></tr>}
            {!q.data && <tr><td colSpan={8} className="orders-empty" aria-busy="true">正在加载…</td></tr>}
          </tbody>
          </table>
        </div>
      )}
      {(q.data?.total ?? 0) > ORDER_PAGE_SIZES[0] && (
        <Paginator first={(page - 1) * size} rows={size} totalRecords={q.data?.total ?? 0} rowsPerPageOptions={[...ORDER_PAGE_SIZES]}
          onPageChange={(e) => void navigate({ to, search: { ...search, page: e.page + 1, size: e.rows as OrderListSearch['size'] } })} />
      )}
    </section>
  );
}
