/**
 * 海外账单 (/operation/foreign/bill, D09, D09-01 or D09-02; docs/money.md#overseas-bills): every
 * Vietnamese company's dong statement of a China month, by company name, with XLSX; a row opens its
 * statement and its download. A declaration on the ListPage block, as the CNY 账单 of pay/bill.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, PayloadIn, VnBillMonth } from '../../../shared/contracts';
import { dongText } from '../../../shared/domain/vn-mall';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { pagingOf, text } from '../operation/list-payload';
import { downloadXlsx } from '../operation/export';
import { opVnBillListQuery, type billKeys } from './queries';
import { monthText, recentMonths } from './money';
import './bill.css';

const signed = (dong: number) => `${dong > 0 ? '+' : ''}${dongText(dong)}`;

export function OpVnBillListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const months = recentMonths(new Date(), 36);
  const monthOf = (s: ListSearch) => (months.includes(text(s, 'month')) ? text(s, 'month') : months[0]);
  const payloadOf = (s: ListSearch): PayloadIn<'opForeignBillList'> => ({ month: monthOf(s), company: text(s, 'company'), ...pagingOf(s) });
  const def: ListDef<VnBillMonth, ReturnType<typeof billKeys.opVnList>, AnswerOf<'opForeignBillList'>> = {
    title: `海外账单（${monthText(monthOf(search))}）`,
    filters: [
      { name: 'month', label: '月份', type: 'select', options: months.map((m) => ({ value: m, label: monthText(m) })) },
      { name: 'company', label: '企业', type: 'text', width: '12rem', primary: true },
    ],
    query: (s) => opVnBillListQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '15rem', cell: (r) => r.company_name },
      { key: 'opening', header: '期初余额', width: '9rem', num: true, priority: 2, cell: (r) => dongText(r.opening_dong) },
      { key: 'in', header: '收入', width: '9rem', num: true, priority: 3, cell: (r) => <span className="bill-in">{signed(r.in_dong)}</span> },
      { key: 'out', header: '支出', width: '9rem', num: true, priority: 3, cell: (r) => <span className="bill-out">{dongText(r.out_dong)}</span> },
      { key: 'closing', header: '期末余额', width: '9rem', num: true, cell: (r) => dongText(r.closing_dong) },
      { key: 'count', header: '笔数', width: '4rem', num: true, priority: 3, cell: (r) => r.count },
      {
        key: 'act', header: '操作', width: '7rem', actions: true,
        cell: (r) => <Link to="/operation/foreign/bill/detail" search={{ company_id: r.company_id, month: r.month }} aria-label={`${r.company_name}的越南盾账单明细与下载`}>明细与下载</Link>,
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的越南企业账单，换个月份或企业名称试试。' : '这个月还没有越南企业的越南盾钱包有收支。'),
    exportXlsx: (s) => downloadXlsx('opForeignBillList', payloadOf(s), `海外账单-${monthOf(s)}`),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} toolbar={<span className="muted">金额为整数越南盾，按中国时间的自然月</span>} />;
}
