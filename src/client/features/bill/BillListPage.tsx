/**
 * 账单 (/backend/accounting/bill, M09; docs/money.md#bills): the company's monthly statements,
 * newest first, each with its opening, income, spending and closing balance; a month opens its
 * detail and downloads. A declaration on the ListPage block.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, BillMonth } from '../../../shared/contracts';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { billMonthsQuery, type billKeys } from './queries';
import { monthText, signed, yuan } from './money';
import './bill.css';

const monthKey = (month: string) => Number(month.replace('-', ''));

export function BillListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<BillMonth, ReturnType<typeof billKeys.months>, AnswerOf<'billMonths'>> = {
    title: '账单',
    filters: [],
    query: (s) => billMonthsQuery({ page_number: s.page ?? 1, page_size: s.size ?? 50 }),
    rowKey: (r) => monthKey(r.month),
    rowLabel: (r) => monthText(r.month),
    columns: [
      { key: 'month', header: '月份', width: '7rem', cell: (r) => <Link to="/backend/accounting/bill/$month" params={{ month: r.month }}>{monthText(r.month)}</Link> },
      { key: 'opening', header: '期初余额', width: '8rem', num: true, priority: 2, cell: (r) => yuan(r.opening_fen) },
      { key: 'in', header: '收入', width: '8rem', num: true, priority: 3, cell: (r) => <span className="bill-in">{signed(r.in_fen)}</span> },
      { key: 'out', header: '支出', width: '8rem', num: true, priority: 3, cell: (r) => <span className="bill-out">{yuan(r.out_fen)}</span> },
      { key: 'closing', header: '期末余额', width: '8rem', num: true, cell: (r) => yuan(r.closing_fen) },
      { key: 'count', header: '笔数', width: '4rem', num: true, priority: 3, cell: (r) => r.count },
      { key: 'act', header: '操作', width: '5rem', actions: true, cell: (r) => <Link to="/backend/accounting/bill/$month" params={{ month: r.month }} aria-label={`查看${monthText(r.month)}账单`}>查看</Link> },
    ],
    empty: () => '还没有账单。钱包有了收支（充值、订单付款或收款）后，每个月的账单会列在这里。',
  };
  return <ListPage def={def} search={search} onSearch={onSearch} toolbar={<span className="muted">按中国时间的自然月，与钱包收支明细一致</span>} />;
}
