/**
 * 售后 (/operation/service, requirements 001-2-2 "service, service/afterSale"; D12-01 … D12-03): every
 * after-sale on the platform, newest first, by number (after-sale or order), buyer, seller (name or
 * id), state, type and China dates, with the refund sum of the filter and an XLSX of it; read only here. An
 * after-sale opens its page, where an operator with D12-03 may close it.
 */
import { Link } from '@tanstack/react-router';
import type { AfterSaleSummary, AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { AFTERSALE_STATUS_TEXT, AFTERSALE_STATUSES, AFTERSALE_TYPE_TEXT, AFTERSALE_TYPES } from '../../../../shared/domain/aftersale';
import { warrantyText } from '../../../../shared/domain/warranty';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { opAfterSaleListQuery, type afterSaleKeys } from '../../aftersale/queries';
import { AfterSaleStatusTag } from '../../aftersale/AfterSaleStatusTag';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { when, yuan } from '../format';
import { downloadXlsx } from '../export';
import '../operation.css';


const payloadOf = (s: ListSearch): PayloadIn<'opAfterSaleList'> => ({
  ...textsOf(s, ['no', 'buyer', 'seller', 'date_from', 'date_to']),
  status: oneOf(s, 'status', AFTERSALE_STATUSES), type: oneOf(s, 'type', AFTERSALE_TYPES), ...pagingOf(s),
});

export function OpAfterSaleListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<AfterSaleSummary, ReturnType<typeof afterSaleKeys.opList>, AnswerOf<'opAfterSaleList'>> = {
    title: '售后',
    filters: [
      { name: 'no', label: '售后单号 / 订单号', type: 'text', width: '12rem' },
      { name: 'buyer', label: '买家', type: 'text', width: '9rem' },
      { name: 'seller', label: '卖家', type: 'text', width: '9rem' },
      { name: 'status', label: '状态', type: 'select', options: AFTERSALE_STATUSES.map((value) => ({ value, label: AFTERSALE_STATUS_TEXT[value] })) },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
      { name: 'type', label: '类型', type: 'select', more: true, options: AFTERSALE_TYPES.map((value) => ({ value, label: AFTERSALE_TYPE_TEXT[value] })) },
    ],
    query: (s) => opAfterSaleListQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'no', header: '售后单号', width: '10rem', cell: (r) => <Link to="/operation/service/afterSale/$asNo" params={{ asNo: r.as_no }}>{r.as_no}</Link> },
      { key: 'status', header: '状态', width: '7rem', cell: (r) => <AfterSaleStatusTag status={r.status} /> },
      { key: 'at', priority: 3, header: '申请时间', width: '8.5rem', cell: (r) => when(r.created_at) },
      { key: 'buyer', priority: 2, header: '买家', width: '11rem', cell: (r) => r.buyer_company_name },
      { key: 'seller', priority: 2, header: '卖家', width: '11rem', cell: (r) => r.seller_company_name },
      { key: 'type', priority: 2, header: '类型', width: '5.5rem', cell: (r) => (r.warranty_months > 0 ? `${AFTERSALE_TYPE_TEXT[r.type]} · ${warrantyText.afterSale}` : AFTERSALE_TYPE_TEXT[r.type]) },
      { key: 'lines', priority: 3, header: '配件', width: '10rem', cell: (r) => `${r.first_line}${r.line_count > 1 ? ` 等${r.line_count}种` : ''} · ${r.total_qty}件` },
      { key: 'amount', header: '退款金额', width: '5.5rem', num: true, cell: (r) => yuan(r.refund_fen) },
      { key: 'order', priority: 3, header: '订单号', width: '10rem', cell: (r) => <Link to="/operation/order/$orderNo" params={{ orderNo: r.order_no }}>{r.order_no}</Link> },
    ],
    exportXlsx: (s) => downloadXlsx('opAfterSaleList', payloadOf(s), '售后列表'),
    empty: (filtered) => (filtered ? '没有符合条件的售后，换个条件试试。' : '平台上还没有售后。买家在已发货的订单上申请售后后，这里会列出。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
