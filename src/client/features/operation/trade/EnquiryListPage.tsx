/**
 * 询价 (/operation/enquiry, D12-01): every enquiry sent on the platform (drafts stay the buyer's
 * own), by number, buyer, OE number or part name, state and China dates; read only, with an XLSX.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, OpEnquiryRow, PayloadIn } from '../../../../shared/contracts';
import { ENQUIRY_STATE_TEXT } from '../../../../shared/domain/enquiry';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { enquiryListQuery, type catKeys } from './queries';
import { downloadXlsx } from '../export';
import { noKey } from './OrderListPage';
import { when } from '../format';
import '../operation.css';

const STATES = ['open', 'expired', 'ended', 'cancelled'] as const;

const payloadOf = (s: ListSearch): PayloadIn<'opEnquiryList'> => ({
  ...textsOf(s, ['no', 'buyer', 'oe', 'date_from', 'date_to']), state: oneOf(s, 'state', ['open', 'expired', 'ended', 'cancelled'] as const), ...pagingOf(s),
});

export function EnquiryListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<OpEnquiryRow, ReturnType<typeof catKeys.enquiryList>, AnswerOf<'opEnquiryList'>> = {
    title: '询价',
    filters: [
      { name: 'no', label: '询价单号', type: 'text', width: '10rem' },
      { name: 'buyer', label: '买家', type: 'text', width: '9rem' },
      { name: 'oe', label: 'OE号或名称', type: 'text', width: '9rem' },
      { name: 'state', label: '状态', type: 'select', options: STATES.map((value) => ({ value, label: ENQUIRY_STATE_TEXT[value] })) },
      { name: 'date_from', label: '开始日期', type: 'date', more: true },
      { name: 'date_to', label: '结束日期', type: 'date', more: true },
    ],
    query: (s) => enquiryListQuery(payloadOf(s)),
    rowKey: (r) => noKey(r.enquiry_no),
    columns: [
      { key: 'no', header: '询价单号', width: '11rem', cell: (r) => <Link to="/operation/enquiry/$enquiryNo" params={{ enquiryNo: r.enquiry_no }}>{r.enquiry_no}</Link> },
      { key: 'at', priority: 3, header: '时间', width: '8.5rem', cell: (r) => when(r.created_at) },
      { key: 'buyer', priority: 2, header: '买家', width: '11rem', cell: (r) => r.buyer_company_name },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'cancelled' ? 'danger' : ''}`}>{ENQUIRY_STATE_TEXT[r.state]}</span> },
      { key: 'first', priority: 2, header: '配件', width: '11rem', cell: (r) => `${r.first_line}${r.lines > 1 ? ` 等${r.lines}项` : ''}` },
      { key: 'make', priority: 3, header: '品牌', width: '5rem', cell: (r) => r.make_name || '—' },
      { key: 'sellers', priority: 3, header: '询价卖家', width: '5rem', num: true, cell: (r) => r.recipients },
      { key: 'quotes', priority: 2, header: '报价', width: '4rem', num: true, cell: (r) => r.quote_count },
    ],
    exportXlsx: (s) => downloadXlsx('opEnquiryList', payloadOf(s), '询价列表'),
    empty: (filtered) => (filtered ? '没有符合条件的询价单，换个条件试试。' : '平台上还没有询价单。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch} />
  );
}
