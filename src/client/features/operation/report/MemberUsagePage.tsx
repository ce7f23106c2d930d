/**
 * 会员查询 (/operation/report/memberQuery, D01-01): how each member company used the platform over
 * a range of China days (the last 30 by default) — stock queries and on how many days, VIN
 * decodes, orders placed — beside its level and expiry, most used first. A free member searching
 * every day is one to offer the upgrade; a paid member with nothing is one to call before it
 * lapses. A declaration on the list block, with an XLSX of the filter.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnswerOf, OpMemberUsageRow, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { downloadXlsx } from '../export';
import { dayOf, yuan } from '../format';
import { memberUsageQuery, reportKeys } from './queries';
import '../operation.css';


const payloadOf = (s: ListSearch): PayloadIn<'opReportMemberUsage'> => ({
  ...textsOf(s, ['company', 'date_from', 'date_to']),
  level_type: oneOf(s, 'level_type', ['free', 'paid'] as const), activity: oneOf(s, 'activity', ['active', 'idle'] as const), ...pagingOf(s),
});

const quota = (r: OpMemberUsageRow) => (r.stock_per_day >= 9999 ? '不限' : `${r.stock_per_day}/天`);

export function MemberUsagePage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  // the same query as the list's (one request): the range the server counted
  const range = useQuery({ ...memberUsageQuery(payloadOf(search)), placeholderData: keepPreviousData }).data;
  const def: ListDef<OpMemberUsageRow, ReturnType<typeof reportKeys.memberUsage>, AnswerOf<'opReportMemberUsage'>> = {
    title: '会员查询',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '10rem' },
      { name: 'level_type', label: '会员类型', type: 'select', options: [{ value: 'free', label: '免费会员' }, { value: 'paid', label: '付费会员' }] },
      { name: 'activity', label: '使用情况', type: 'select', options: [{ value: 'active', label: '有使用' }, { value: 'idle', label: '无使用' }] },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
    ],
    query: (s) => memberUsageQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    columns: [
      { key: 'company', header: '企业', width: '12rem', cell: (r) => <Link to="/operation/company/detail" search={{ id: r.company_id }}><strong>{r.company_name}</strong></Link> },
      { key: 'city', priority: 3, header: '城市', width: '4.5rem', cell: (r) => r.city || '—' },
      { key: 'level', header: '等级', width: '6rem', cell: (r) => <span className={`op-tag ${r.level_type === 'paid' ? '' : 'warn'}`}>{r.level_name}</span> },
      { key: 'end', priority: 2, header: '到期', width: '6rem', cell: (r) => (r.level_type === 'paid' ? dayOf(r.level_end_at) || '长期' : '—') },
      // the report's measure (it ranks by it): never folded
      { key: 'queries', header: '库存查询', width: '5rem', num: true, cell: (r) => r.stock_queries },
      { key: 'days', priority: 3, header: '查询天数', width: '4.5rem', num: true, cell: (r) => r.query_days },
      { key: 'quota', priority: 3, header: '每日配额', width: '4.5rem', num: true, cell: quota },
      { key: 'last', priority: 3, header: '最近查询', width: '6rem', cell: (r) => r.last_query_day || '—' },
      { key: 'vin', priority: 3, header: 'VIN 解析', width: '4.5rem', num: true, cell: (r) => r.vin_decodes },
      { key: 'orders', priority: 2, header: '下单', width: '7rem', num: true, cell: (r) => (r.orders ? `${r.orders} 单 ${yuan(r.order_fen)}` : '0') },
    ],
    exportXlsx: (s) => downloadXlsx('opReportMemberUsage', payloadOf(s), '会员查询'),
    empty: (filtered) => (filtered ? '没有符合条件的企业，换个条件或放宽日期范围试试。' : '还没有会员企业。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={<span className="muted" data-testid="usage-range">{range ? `统计 ${range.date_from} 至 ${range.date_to}（北京时间）` : ''}</span>} />
  );
}
