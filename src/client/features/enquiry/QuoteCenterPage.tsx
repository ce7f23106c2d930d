/**
 * 报价中心 (/backend/quote, M10 / M12): the enquiries sent to the caller's company, newest first,
 * as a declaration of the list block; a row opens /backend/quote/{id} to answer it.
 */
import { queryOptions } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tag } from 'primereact/tag';
import dayjs from 'dayjs';
import type { AnswerOf, EnquirySummary, PayloadIn } from '../../../shared/contracts';
import { request } from '../../api/request';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { enquiryKeys } from './queries';
import { stateSeverity } from './EnquiryDetailPage';
import './enquiry.css';

export const QUOTE_CENTER_FILTERS = ['state'] as const;

const payloadOf = (s: ListSearch): PayloadIn<'quoteCenter'> => ({
  state: (['open', 'expired', 'ended', 'cancelled'].includes(String(s.state)) ? String(s.state) : '') as PayloadIn<'quoteCenter'>['state'],
  page_number: s.page ?? 1,
  page_size: s.size ?? 50,
});

const centerQuery = (s: ListSearch) => {
  const p = payloadOf(s);
  return queryOptions({
    queryKey: enquiryKeys.center({ page: Number(p.page_number ?? 1), state: `${p.state}:${p.page_size}` }),
    queryFn: ({ signal }) => request('get', 'quoteCenter', p, undefined, { signal }),
  });
};

const at = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');

export function QuoteCenterPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<EnquirySummary, ReturnType<typeof enquiryKeys.center>, AnswerOf<'quoteCenter'>> = {
    title: '报价中心',
    filters: [{ name: 'state', label: '状态', type: 'select', options: [{ label: '待报价', value: 'open' }, { label: '已过期', value: 'expired' }, { label: '已结束', value: 'ended' }, { label: '已取消', value: 'cancelled' }] }],
    query: centerQuery,
    rowKey: (e) => e.id,
    columns: [
      { key: 'no', header: '询价单号', width: '12rem', cell: (e) => <Link to="/backend/quote/$id" params={{ id: String(e.id) }} aria-label={`报价 ${e.enquiry_no}`}>{e.enquiry_no}</Link> },
      { key: 'buyer', header: '买家', width: '12rem', cell: (e) => e.buyer_company_name },
      { key: 'part', header: '询价配件', cell: (e) => <span>{e.first_line}{e.line_count > 1 && <span className="muted"> 等{e.line_count}项</span>}</span> },
      { key: 'state', header: '状态', width: '6rem', cell: (e) => <Tag value={e.state_text} severity={stateSeverity(e.state)} /> },
      { key: 'created', header: '发出时间', width: '8rem', cell: (e) => at(e.created_at) },
      { key: 'expires', header: '报价截止', width: '8rem', cell: (e) => at(e.expires_at) },
    ],
    empty: (filtered) => filtered ? '没有符合条件的询价单，换个状态看看。' : '还没有买家向您询价。保持库存和价格最新，买家在OE号结果中找到您后就会来询价。',
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
