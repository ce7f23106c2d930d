/**
 * 操作日志 (/operation/system/logs, D11-03): every operator write, newest first, searchable by
 * operator, what (entity and id), action and China dates. Read only: the server has no call that
 * changes it, and the database refuses to.
 */
import type { AnswerOf, AuditRow, PayloadIn } from '../../../../shared/contracts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../../shared/domain/operation';
import { LOG_FILTER_NAMES } from '../list-filters';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, textsOf } from '../list-payload';
import { logsQuery, type opKeys } from '../queries';
import { when } from '../format';
import '../operation.css';


const payloadOf = (s: ListSearch): PayloadIn<'opAuditList'> => ({ ...textsOf(s, LOG_FILTER_NAMES), ...pagingOf(s) });

/** A logged value as one line: objects as 键: 值 pairs, plain values as they are. */
export const valueText = (x: unknown): string => {
  if (x === null || x === undefined) return '';
  if (typeof x !== 'object') return String(x);
  return Object.entries(x as Record<string, unknown>).map(([k, val]) => `${k}: ${typeof val === 'object' && val !== null ? JSON.stringify(val) : String(val)}`).join('；');
};

export function AuditLogPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<AuditRow, ReturnType<typeof opKeys.logs>, AnswerOf<'opAuditList'>> = {
    title: '操作日志',
    filters: [
      { name: 'operator', label: '操作人', type: 'text', width: '8rem' },
      { name: 'entity', label: '对象', type: 'select', options: Object.entries(AUDIT_ENTITIES).map(([value, label]) => ({ value, label })) },
      { name: 'action', label: '动作', type: 'select', options: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })) },
      { name: 'date_from', label: '开始日期', type: 'date' },
      { name: 'date_to', label: '结束日期', type: 'date' },
      { name: 'entity_id', label: '对象ID', type: 'text', more: true, width: '8rem' },
    ],
    query: (s) => logsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'at', header: '时间', width: '8.5rem', cell: (r) => when(r.at) },
      { key: 'who', priority: 2, header: '操作人', width: '6rem', cell: (r) => r.username },
      { key: 'what', header: '对象', width: '9rem', cell: (r) => `${AUDIT_ENTITIES[r.entity as keyof typeof AUDIT_ENTITIES] ?? r.entity} ${r.entity_id}` },
      { key: 'action', header: '动作', width: '5rem', cell: (r) => AUDIT_ACTIONS[r.action as keyof typeof AUDIT_ACTIONS] ?? r.action },
      {
        key: 'change', priority: 2, header: '原值 → 新值', width: '18rem',
        cell: (r) => (
          <span className="op-change">
            {r.old_value !== null && <span className="op-old">{valueText(r.old_value)}</span>}
            {r.old_value !== null && r.new_value !== null && ' → '}
            {r.new_value !== null && <span className="op-new">{valueText(r.new_value)}</span>}
          </span>
        ),
      },
      { key: 'note', priority: 3, header: '备注', width: '10rem', cell: (r) => r.note || '—' },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的操作记录，换个条件试试。' : '还没有操作记录。运营人员的每次修改都会记在这里。'),
  };
  return <ListPage def={def} search={search} onSearch={onSearch} />;
}
