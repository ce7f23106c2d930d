/**
 * 海外 · 用户 (/operation/foreign/users): the users of companies registered in Vietnam, with
 * 禁用 / 启用 as on 用户管理 (one or many; disabling signs them out at once). docs/overseas.md.
 */
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OpUserRow, PayloadIn } from '../../../../shared/contracts';
import { OP_FOREIGN_CODES } from '../../../../shared/domain/overseas';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { activeOf, pagingOf, textsOf } from '../list-payload';
import { when } from '../format';
import { foreignUserListQuery, type foreignKeys } from './queries';
import { useSetForeignUsersActive } from './mutations';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'foreignUserList'> => ({ ...textsOf(s, ['k', 'company']), active: activeOf(s), ...pagingOf(s) });

export function ForeignUsersPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_FOREIGN_CODES.write);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const setUsersActive = useSetForeignUsersActive();
  const setActive = async (ids: number[], active: boolean) =>
    (await setUsersActive.mutateAsync({ payload: { ids, active }, idempotencyKey: crypto.randomUUID() })).changed;
  const one = async (u: OpUserRow) => {
    if (!window.confirm(u.active ? `禁用 ${u.username}？该用户会立即下线且不能登录。` : `启用 ${u.username}？`)) return;
    try {
      await setActive([u.id], !u.active);
      setStatus({ kind: 'ok', text: `${u.active ? '已禁用' : '已启用'}：${u.username}` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const bulk: BulkAction[] = [
    { label: '禁用', icon: 'pi pi-lock', danger: true, confirm: (n) => `禁用选中的 ${n} 个用户？他们会立即下线且不能登录。`, run: async (ids) => setStatus({ kind: 'ok', text: `已禁用 ${await setActive(ids, false)} 个用户` }) },
    { label: '启用', icon: 'pi pi-lock-open', run: async (ids) => setStatus({ kind: 'ok', text: `已启用 ${await setActive(ids, true)} 个用户` }) },
  ];

  const def: ListDef<OpUserRow, ReturnType<typeof foreignKeys.userList>, AnswerOf<'foreignUserList'>> = {
    title: '海外用户',
    filters: [
      { name: 'k', label: '用户名 / 姓名 / 手机号', type: 'text', width: '12rem', primary: true },
      { name: 'company', label: '企业名称', type: 'text', width: '10rem' },
      { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '禁用', value: 'false' }] },
    ],
    query: (s) => foreignUserListQuery(payloadOf(s)),
    rowKey: (u) => u.id,
    rowLabel: (u) => u.username,
    bulkActions: canWrite ? bulk : undefined,
    columns: [
      { key: 'username', header: '用户名', width: '8rem', cell: (u) => <div className="stock-key"><strong>{u.username}</strong>{u.is_owner && <small className="muted">企业负责人</small>}</div> },
      { key: 'name', priority: 2, header: '姓名', width: '7rem', cell: (u) => u.display_name },
      { key: 'mobile', priority: 3, header: '手机号', width: '8rem', cell: (u) => u.mobile || '—' },
      { key: 'company', priority: 2, header: '企业', width: '12rem', cell: (u) => <>{u.company_name}{u.company_suspended && '（已停用）'}</> },
      { key: 'codes', priority: 3, header: '权限', width: '6rem', cell: (u) => (u.permissions.length === 0 ? <span className="op-tag">待审核，无权限</span> : `${u.permissions.length} 项`) },
      { key: 'active', header: '状态', width: '4rem', cell: (u) => (u.active ? '启用' : <span className="op-tag danger">禁用</span>) },
      { key: 'login', priority: 3, header: '最近登录', width: '8.5rem', cell: (u) => when(u.last_login) },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (u) => (!canWrite ? '—' : (
          <button type="button" className="linklike" aria-label={`${u.active ? '禁用' : '启用'} ${u.username}`} onClick={() => void one(u)}>{u.active ? '禁用' : '启用'}</button>
        )),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的用户，换个条件试试。' : '还没有越南企业的用户。越南企业在 /login/register/vn 注册。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
  );
}
