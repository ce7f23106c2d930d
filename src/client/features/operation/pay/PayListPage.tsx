/**
 * 支付记录 (/operation/pay/record, D05-01): what members bought and paid — the membership packages,
 * which carry the VIN and stock query allowances — by company, order number, state and China
 * dates, with the paid sum of the filter and an XLSX of it. Read only.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerOf, OpPayRow, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, textsOf } from '../list-payload';
import { downloadXlsx } from '../export';
import { noKey } from '../trade/OrderListPage';
import { dayOf, when, yuan } from '../format';
import { payListQuery, type opPayKeys } from './queries';
import '../operation.css';

const STATE_TEXT = { pending: '待支付', paid: '已支付', cancelled: '已取消' } as const;

const payloadOf = (s: ListSearch): PayloadIn<'opPayList'> => ({
  ...textsOf(s, ['company', 'no', 'date_from', 'date_to']), state: oneOf(s, 'state', ['pending', 'paid', 'cancelled'] as const), ...pagingOf(s),
});

export function PayListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  // the same query as the list's (one request): the paid sum of the whole filter
  const paid = useQuery({ ...payListQuery(payloadOf(search)), placeholderData: keepPreviousData }).data?.paid_fen ?? null;
  const def: ListDef<OpPayRow, ReturnType<typeof opPayKeys.payList>, AnswerOf<'opPayList'>> = {
    title: '支付记录',
    filters: [
      { name: 'company', label: '企业', type: 'text', width: '10rem' },
      { name: 'state', label: '状态', type: 'select', options: Object.entries(STATE_TEXT).map(([value, label]) => ({ value, label })) },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
      { name: 'no', label: '订单号', type: 'text', more: true, width: '11rem' },
    ],
    query: (s) => payListQuery(payloadOf(s)),
    rowKey: (r) => noKey(r.order_no),
    columns: [
      { key: 'no', header: '订单号', width: '12rem', cell: (r) => r.order_no },
      { key: 'at', priority: 3, header: '下单时间', width: '8.5rem', cell: (r) => when(r.created_at) },
      { key: 'company', header: '企业', width: '11rem', cell: (r) => `${r.company_name}（${r.username}）` },
      { key: 'level', priority: 2, header: '套餐', width: '7rem', cell: (r) => `${r.level_name} ${r.duration_months}个月` },
      { key: 'amount', header: '金额', width: '6rem', num: true, cell: (r) => yuan(r.amount_fen) },
      { key: 'state', header: '状态', width: '4.5rem', cell: (r) => <span className={`op-tag ${r.state === 'cancelled' ? 'danger' : ''}`}>{STATE_TEXT[r.state]}</span> },
      { key: 'paid', priority: 3, header: '支付', width: '10rem', cell: (r) => (r.paid_at ? `${when(r.paid_at)} ${r.provider}` : '—') },
      { key: 'end', priority: 3, header: '到期', width: '6rem', cell: (r) => dayOf(r.level_end_after) || '—' },
    ],
    exportXlsx: (s) => downloadXlsx('opPayList', payloadOf(s), '支付记录'),
    empty: (filtered) => (filtered ? '没有符合条件的支付记录，换个条件试试。' : '还没有会员购买套餐。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      toolbar={<span className="muted" data-testid="pay-sum">{paid === null ? '' : `已支付合计 ${yuan(paid)}`}</span>} />
  );
}
