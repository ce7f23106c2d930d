/**
 * 海外售后 (/operation/foreign/afterSale, D09-03; docs/overseas.md "After-sales (海外售后)"): the
 * after-sales of Vietnam mall orders, newest first, with the refund in fen and in dong (an order
 * paid from the dong wallet: the dong given back, at the payment's rate; any other: at the rate
 * the order froze), by number, buyer, seller, state and type; the XLSX holds the same rows. An after-sale opens its page
 * (VnAfterSaleDetailPage), where an operator may close it as on 售后.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { AFTERSALE_STATUS_TEXT, AFTERSALE_STATUSES, AFTERSALE_TYPE_TEXT, AFTERSALE_TYPES } from '../../../../shared/domain/aftersale';
import { dongText, VN_RATE_KIND_TEXT } from '../../../../shared/domain/vn-mall';
import { downloadXlsx } from '../export';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { AfterSaleStatusTag } from '../../aftersale/AfterSaleStatusTag';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { when, yuan } from '../format';
import { opVnAfterSalesQuery, type opVnKeys } from './queries';
import '../operation.css';

type Row = AnswerOf<'opVnAfterSaleList'>['data'][number];

const payloadOf = (s: ListSearch): PayloadIn<'opVnAfterSaleList'> => ({
  ...textsOf(s, ['no', 'buyer', 'seller']), status: oneOf(s, 'status', AFTERSALE_STATUSES), type: oneOf(s, 'type', AFTERSALE_TYPES), ...pagingOf(s),
});

export function VnAfterSalesPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<Row, ReturnType<typeof opVnKeys.afterSales>, AnswerOf<'opVnAfterSaleList'>> = {
    title: '海外售后',
    filters: [
      { name: 'no', label: '售后单号 / 订单号', type: 'text', width: '12rem', primary: true },
      { name: 'buyer', label: '买家', type: 'text', width: '9rem' },
      { name: 'seller', label: '卖家', type: 'text', width: '9rem' },
      { name: 'status', label: '状态', type: 'select', options: AFTERSALE_STATUSES.map((value) => ({ value, label: AFTERSALE_STATUS_TEXT[value] })) },
      { name: 'type', label: '类型', type: 'select', more: true, options: AFTERSALE_TYPES.map((value) => ({ value, label: AFTERSALE_TYPE_TEXT[value] })) },
    ],
    query: (s) => opVnAfterSalesQuery(payloadOf(s)),
    exportXlsx: (s) => downloadXlsx('opVnAfterSaleList', payloadOf(s), '海外售后'),
    rowKey: (r) => r.id,
    rowLabel: (r) => r.as_no,
    columns: [
      { key: 'no', header: '售后单号', width: '10rem', cell: (r) => <Link to="/operation/foreign/afterSale/$asNo" params={{ asNo: r.as_no }}>{r.as_no}</Link> },
      { key: 'status', header: '状态', width: '7rem', cell: (r) => <AfterSaleStatusTag status={r.status} /> },
      { key: 'buyer', priority: 2, header: '买家 / 卖家', width: '11rem', cell: (r) => <div className="op-two-line"><span>{r.buyer_company_name}</span><small className="muted">{r.seller_company_name}</small></div> },
      { key: 'type', priority: 2, header: '类型', width: '5.5rem', cell: (r) => AFTERSALE_TYPE_TEXT[r.type] },
      { key: 'lines', priority: 3, header: '配件', width: '10rem', cell: (r) => `${r.first_line}${r.line_count > 1 ? ` 等${r.line_count}种` : ''} · ${r.total_qty}件` },
      {
        key: 'dong', header: '退款（₫）', width: '8.5rem', num: true,
        cell: (r) => <div className="op-two-line"><strong>{dongText(r.refund_dong)}</strong><small className="muted">{r.dong_refunded ? '已退回钱包 · ' : ''}{VN_RATE_KIND_TEXT[r.rate_kind]}</small></div>,
      },
      { key: 'fen', priority: 2, header: '退款（人民币）', width: '6.5rem', num: true, cell: (r) => yuan(r.refund_fen) },
      { key: 'rate', priority: 3, header: '汇率', width: '7.5rem', num: true, cell: (r) => <div className="op-two-line"><span>{r.rate}（{r.rate_day}）</span><small className="muted">{VN_RATE_KIND_TEXT[r.rate_kind]}</small></div> },
      { key: 'at', priority: 3, header: '申请时间', width: '8.5rem', cell: (r) => when(r.created_at) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的售后，换个条件试试。' : '越南商城的订单还没有售后。越南买家在已发货的越南商城订单上申请售后后，这里会列出。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
