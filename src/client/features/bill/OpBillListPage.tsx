/**
 * 账单 of the operator (/operation/pay/bill, D05; docs/money.md#bills): every company's statement
 * of a China month, by company name; a row opens its detail and downloads (pay/bill/download).
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, BillMonth, PayloadIn } from '../../../shared/contracts';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { pagingOf, text } from '../operation/list-payload';
import { opBillListQuery, type billKeys } from './queries';
import { monthText, recentMonths, signed, yuan } from './money';
import './bill.css';

export function OpBillListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const months = recentMonths(new Date(), 36);
  const month = months.includes(text(search, 'month')) ? text(search, 'month') : months[0];
  const payloadOf = (s: ListSearch): PayloadIn<'opBillList'> => ({ month: months.includes(text(s, 'month')) ? text(s, 'month') : months[0], company: text(s, 'company'), ...pagingOf(s) });
  const def: ListDef<BillMonth, ReturnType<typeof billKeys.opList>, AnswerOf<'opBillList'>> = {
    title: `账单（${monthText(month)}）`,
    filters: [
      { name: 'month', label: '月份', type: 'select', options: months.map((m) => ({ value: m, label: monthText(m) })) },
      { name: 'company', label: '企业', type: 'text', width: '12rem', primary: true },
    ],
    query: (s) => opBillListQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '13rem', cell: (r) => r.company_name },
      { key: 'opening', header: '期初余额', width: '8rem', num: true, priority: 2, cell: (r) => yuan(r.opening_fen) },
      { key: 'in', header: '收入', width: '8rem', num: true, priority: 3, cell: (r) => <span className="bill-in">{signed(r.in_fen)}</span> },
      { key: 'out', header: '支出', width: '8rem', num: true, priority: 3, cell: (r) => <span className="bill-out">{yuan(r.out_fen)}</span> },
      { key: 'closing', header: '期末余额', width: '8rem', num: true, cell: (r) => yuan(r.closing_fen) },
      { key: 'count', header: '笔数', width: '4rem', num: true, priority: 3, cell: (r) => r.count },
      {
        key: 'act', header: '操作', width: '7rem', actions: true,
        cell: (r) => <Link to="/operation/pay/bill/download" search={{ company_id: r.company_id, month: r.month }} aria-label={`${r.company_name}的账单明细与下载`}>明细与下载</Link>,
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的企业账单，换个月份或企业名称试试。' : '这个月还没有企业的钱包有收支。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
