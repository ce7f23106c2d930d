/**
 * 订单 (/operation/order, D12-01): every order on the platform, newest first, by order number,
 * buyer, seller (name or id), status, payment and China dates; read only here, with the sum of
 * the filtered orders and an XLSX of them. An order opens its page, where an operator with D12-02
 * may cancel it.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, OpOrderRow, PayloadIn } from '../../../../shared/contracts';
import { ORDER_STATUS_TEXT, ORDER_STATUSES, PAY_STATUS_TEXT, PAY_STATUSES } from '../../../../shared/domain/orders';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { orderListQuery, type catKeys } from './queries';
import { downloadXlsx } from '../export';
import { when, yuan } from '../format';
import '../operation.css';


const payloadOf = (s: ListSearch): PayloadIn<'opOrderList'> => ({
  ...textsOf(s, ['no', 'buyer', 'seller', 'date_from', 'date_to']),
  status: oneOf(s, 'status', ORDER_STATUSES), pay_status: oneOf(s, 'pay_status', PAY_STATUSES), ...pagingOf(s),
});

/** a numeric key from the order number's last 15 digits (time to the second and the random part) */
export const noKey = (no: string) => Number(no.replace(/\D/g, '').slice(-15));

export const OrderStatusTag = ({ status }: { status: OpOrderRow['status'] }) =>
  <span className={`op-tag ${status === 'cancelled' || status === 'rejected' ? 'danger' : ''}`}>{ORDER_STATUS_TEXT[status]}</span>;

export function OrderListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<OpOrderRow, ReturnType<typeof catKeys.orderList>, AnswerOf<'opOrderList'>> = {
    title: '订单',
    filters: [
      { name: 'no', label: '订单号', type: 'text', width: '11rem' },
      { name: 'buyer', label: '买家', type: 'text', width: '9rem' },
      { name: 'seller', label: '卖家', type: 'text', width: '9rem' },
      { name: 'status', label: '状态', type: 'select', options: ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_TEXT[value] })) },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
      { name: 'pay_status', label: '付款', type: 'select', more: true, options: PAY_STATUSES.map((value) => ({ value, label: PAY_STATUS_TEXT[value] })) },
    ],
    query: (s) => orderListQuery(payloadOf(s)),
    rowKey: (r) => noKey(r.order_no),
    columns: [
      { key: 'no', header: '订单号', width: '10rem', cell: (r) => <Link to="/operation/order/$orderNo" params={{ orderNo: r.order_no }}>{r.order_no}</Link> },
      { key: 'at', priority: 3, header: '下单时间', width: '8.5rem', cell: (r) => when(r.created_at) },
      { key: 'buyer', priority: 2, header: '买家', width: '11rem', cell: (r) => r.buyer_company_name },
      { key: 'seller', priority: 2, header: '卖家', width: '11rem', cell: (r) => r.seller_company_name },
      { key: 'status', header: '状态', width: '5rem', cell: (r) => <OrderStatusTag status={r.status} /> },
      { key: 'pay', priority: 2, header: '付款', width: '4.5rem', cell: (r) => PAY_STATUS_TEXT[r.pay_status] },
      { key: 'lines', priority: 3, header: '商品', width: '10rem', cell: (r) => `${r.first_line}${r.line_count > 1 ? ` 等${r.line_count}种` : ''}` },
      { key: 'amount', header: '金额', width: '5.5rem', num: true, cell: (r) => yuan(r.total_fen) },
    ],
    exportXlsx: (s) => downloadXlsx('opOrderList', payloadOf(s), '订单列表'),
    empty: (filtered) => (filtered ? '没有符合条件的订单，换个条件试试。' : '平台上还没有订单。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch} />
  );
}
