/**
 * 商圈管理 (/operation/company/trade, D02-01): every trade circle the companies run, internal ones
 * too, by name, owner company and member count, newest first; each opens 商圈详情 (trade/edit),
 * where D02-02 renames it, removes a member or dissolves it.
 */
import { Link } from '@tanstack/react-router';
import type { AnswerOf, OpCircleRow, PayloadIn } from '../../../../shared/contracts';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { circleListQuery, opCompanyKeys } from './queries';
import { when } from '../format';
import '../operation.css';

// the member counts go as typed: the server names a count that is not a whole number
const payloadOf = (s: ListSearch): PayloadIn<'opCircleList'> => ({ ...textsOf(s, ['k', 'owner', 'members_min', 'members_max']), ...pagingOf(s) });

export function CircleListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<OpCircleRow, ReturnType<typeof opCompanyKeys.circleList>, AnswerOf<'opCircleList'>> = {
    title: '商圈管理',
    filters: [
      { name: 'k', label: '商圈名称', type: 'text', width: '9rem' },
      { name: 'owner', label: '圈主企业（名称或ID）', type: 'text', width: '11rem' },
      { name: 'members_min', label: '成员数不少于', type: 'text', width: '6.5rem' },
      { name: 'members_max', label: '成员数不多于', type: 'text', width: '6.5rem', more: true },
    ],
    query: (s) => circleListQuery(payloadOf(s)),
    rowKey: (c) => c.id,
    columns: [
      {
        key: 'name', header: '商圈', width: '9rem',
        cell: (c) => (
          <span className="op-wrap">
            <Link to="/operation/company/trade/edit" search={{ id: c.id }}><strong>{c.name}</strong></Link>
            {c.is_internal && <span className="op-tag" style={{ marginLeft: '0.3rem' }}>内部</span>}
            {c.area && <><br /><small className="muted">{c.area}</small></>}
          </span>
        ),
      },
      {
        key: 'owner', priority: 2, header: '圈主企业', width: '9rem',
        cell: (c) => <span className="op-wrap"><Link to="/operation/company/detail" search={{ id: c.owner.id }}>{c.owner.name}</Link></span>,
      },
      { key: 'members', priority: 2, header: '成员', width: '3.5rem', num: true, cell: (c) => c.member_count },
      { key: 'pending', header: '待审核', width: '3.5rem', num: true, cell: (c) => c.pending_count || '—' },
      { key: 'created', priority: 3, header: '创建时间', width: '7rem', cell: (c) => when(c.created_at) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的商圈，换个名称、圈主企业或成员数试试。' : '还没有企业创建商圈。企业在前台“商圈”页面创建后会出现在这里。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
