/**
 * 群发记录 (/operation/report/groupMessage, D01-01): every notice operators sent to a company group —
 * when, by whom, to which group (its name kept after the group is renamed or deleted), to the
 * owners or every user, how many companies and users it reached, and the text; by group or text,
 * sender and China dates, newest first. A declaration on the list block.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnswerOf, OpGroupMessageRow, PayloadIn } from '../../../../shared/contracts';
import { GROUP_AUDIENCES } from '../../../../shared/domain/operation';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { groupNoticesQuery, opCompanyKeys } from '../company/queries';
import { when } from '../format';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opGroupMessageList'> => ({ ...textsOf(s, ['k', 'sender', 'date_from', 'date_to']), ...pagingOf(s) });

export function GroupNoticesPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<OpGroupMessageRow, ReturnType<typeof opCompanyKeys.groupNotices>, AnswerOf<'opGroupMessageList'>> = {
    title: '群发记录',
    filters: [
      { name: 'k', label: '分组或内容', type: 'text', width: '10rem' },
      { name: 'sender', label: '发送人', type: 'text', width: '7rem' },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
    ],
    query: (s) => groupNoticesQuery(payloadOf(s)),
    rowKey: (m) => m.id,
    columns: [
      { key: 'at', header: '发送时间', width: '8rem', cell: (m) => <>{when(m.sent_at)}<br /><small className="muted">{m.sent_by}</small></> },
      {
        key: 'group', priority: 2, header: '分组', width: '7rem',
        cell: (m) => (m.group_id ? <Link to="/operation/company/group/edit" search={{ id: m.group_id }}>{m.group_name}</Link>
          : <span>{m.group_name} <small className="muted">（已删除）</small></span>),
      },
      { key: 'text', priority: 2, header: '内容', width: '15rem', cell: (m) => <span className="op-wrap">{m.text}</span> },
      { key: 'reach', priority: 3, header: '送达企业 / 用户', width: '7rem', num: true, cell: (m) => <>{m.companies} / {m.users}<br /><small className="muted">{GROUP_AUDIENCES[m.audience]}</small></> },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的群发记录，换个条件试试。' : '还没有群发过通知。在“企业分组”打开一个分组，填写通知内容后发送。'),
  };
  const current = useQuery(groupNoticesQuery(payloadOf(search)));
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      status={current.data && current.data.total > 0 && <p className="muted" data-testid="group-notice-reach">这些通知共送达 {current.data.users} 人次</p>} />
  );
}
