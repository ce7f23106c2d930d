/**
 * 越南商城订单 (/operation/foreign/order, D09-03; docs/overseas.md "The Vietnam mall"): every mall
 * order with both amounts, the rate it froze, its service charge and delivery term.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { ORDER_STATUS_TEXT } from '../../../../shared/domain/orders';
import { DELIVERY_TERM_ZH, dongText } from '../../../../shared/domain/vn-mall';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { when, yuan } from '../format';
import { opVnOrdersQuery, type opVnKeys } from './queries';
import '../operation.css';

type Row = AnswerOf<'opVnOrderList'>['data'][number];

const payloadOf = (s: ListSearch): PayloadIn<'opVnOrderList'> => ({ ...textsOf(s, ['order_no', 'buyer', 'seller']), ...pagingOf(s) });

export function VnOrdersPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<Row, ReturnType<typeof opVnKeys.orders>, AnswerOf<'opVnOrderList'>> = {
    title: '越南商城订单',
    filters: [
      { name: 'order_no', label: '订单号 / 结算号', type: 'text', width: '12rem', primary: true },
      { name: 'buyer', label: '买家企业', type: 'text', width: '10rem' },
      { name: 'seller', label: '卖家企业', type: 'text', width: '10rem' },
    ],
    query: (s) => opVnOrdersQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.order_no,
    columns: [
      { key: 'no', header: '订单号', width: '11rem', cell: (r) => <Link to="/operation/order/$orderNo" params={{ orderNo: r.order_no }}>{r.order_no}</Link> },
      { key: 'buyer', priority: 2, header: '买家 / 卖家', width: '11rem', cell: (r) => <div className="op-two-line"><span>{r.buyer_company_name}</span><small className="muted">{r.seller_company_name}</small></div> },
      { key: 'status', header: '状态', width: '4.5rem', cell: (r) => ORDER_STATUS_TEXT[r.status as keyof typeof ORDER_STATUS_TEXT] ?? r.status },
      { key: 'fen', priority: 2, header: '货款（人民币）', width: '6.5rem', num: true, cell: (r) => yuan(r.goods_fen) },
      { key: 'dong', header: '货款 / 服务费（₫）', width: '9rem', num: true, cell: (r) => <div className="op-two-line"><span>{dongText(r.goods_dong)}</span><small className="muted">{dongText(r.service_dong)}</small></div> },
      { key: 'total', header: '应付（₫）', width: '7rem', num: true, cell: (r) => <strong>{dongText(r.total_dong)}</strong> },
      { key: 'rate', priority: 3, header: '汇率', width: '6rem', num: true, cell: (r) => `${r.rate}（${r.rate_day}）` },
      { key: 'pay', header: '付款', width: '9rem', cell: (r) => r.pay_status !== 'paid' ? '未付款' : r.paid_dong > 0
        ? <div className="op-two-line"><span>{dongText(r.paid_dong)} → {yuan(r.credited_fen)}</span><small className="muted">{`汇率 ${r.pay_rate}（${r.pay_rate_day}）${r.refunded_dong > 0 ? ` · 已退 ${dongText(r.refunded_dong)}` : ''}`}</small></div> : '已付款' },
      { key: 'term', priority: 2, header: '交货方式', width: '6rem', cell: (r) => DELIVERY_TERM_ZH[r.delivery_term] },
      { key: 'at', priority: 3, header: '下单时间', width: '8rem', cell: (r) => when(r.created_at) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的订单，换个条件试试。' : '还没有越南商城的订单。越南买家在越南商城下单后出现在这里。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
