/**
 * 用户管理 (/operation/users, D03-01 to read, D03-02 to change): users of every company, with
 * 禁用 / 启用 (in bulk too), 重置密码 (a temporary password by SMS) and 强制下线.
 */
import { useState } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OpUserRow, PayloadIn } from '../../../../shared/contracts';
import { OP_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { activeOf, idOf, pagingOf, textsOf } from '../list-payload';
import { errorText } from '../../../ui/form/form';
import { opKeys, userListQuery } from '../queries';
import { useEndUserSessions, useResetUserPassword, useSetUsersActive } from './mutations';
import { when } from '../format';
import '../operation.css';


const payloadOf = (s: ListSearch): PayloadIn<'opUserList'> => ({
  ...textsOf(s, ['k', 'company']), company_id: idOf(s, 'company_id'), active: activeOf(s), ...pagingOf(s),
});

export function UserListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.usersWrite);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const setUsersActive = useSetUsersActive();
  const resetPassword = useResetUserPassword();
  const endSessions = useEndUserSessions();
  const act = async (confirmText: string, run: () => Promise<string>) => {
    if (!window.confirm(confirmText)) return;
    try {
      const done = await run();
      setStatus({ kind: 'ok', text: done });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const setActive = (ids: number[], active: boolean) => setUsersActive.mutateAsync({ ids, active });

  const bulk: BulkAction[] = [
    { label: '禁用', icon: 'pi pi-lock', danger: true, confirm: (n) => `禁用选中的 ${n} 个用户？他们会立即下线且不能登录。`, run: async (ids) => { const r = await setActive(ids, false); setStatus({ kind: 'ok', text: `已禁用 ${r.changed} 个用户` }); } },
    { label: '启用', icon: 'pi pi-lock-open', run: async (ids) => { const r = await setActive(ids, true); setStatus({ kind: 'ok', text: `已启用 ${r.changed} 个用户` }); } },
  ];

  const def: ListDef<OpUserRow, ReturnType<typeof opKeys.userList>, AnswerOf<'opUserList'>> = {
    title: '用户管理',
    filters: [
      { name: 'k', label: '用户名 / 姓名 / 手机号', type: 'text', width: '12rem' },
      { name: 'company', label: '企业名称', type: 'text', width: '10rem' },
      { name: 'active', label: '状态', type: 'select', options: [{ label: '启用', value: 'true' }, { label: '禁用', value: 'false' }] },
      { name: 'company_id', label: '企业ID', type: 'text', more: true, width: '6rem' },
    ],
    query: (s) => userListQuery(payloadOf(s)),
    rowKey: (u) => u.id,
    rowLabel: (u) => u.username,
    bulkActions: canWrite ? bulk : undefined,
    columns: [
      { key: 'username', header: '用户名', width: '8rem', cell: (u) => <div className="stock-key"><strong>{u.username}</strong>{u.is_owner && <small className="muted">企业负责人</small>}</div> },
      { key: 'name', priority: 2, header: '姓名', width: '5rem', cell: (u) => u.display_name },
      { key: 'mobile', priority: 3, header: '手机号', width: '7rem', cell: (u) => u.mobile || '—' },
      {
        key: 'company', priority: 2, header: '企业', width: '11rem',
        cell: (u) => <Link to="/operation/company/detail" search={{ id: u.company_id }}>{u.company_name}{u.company_suspended && '（已停用）'}</Link>,
      },
      { key: 'active', header: '状态', width: '4rem', cell: (u) => (u.active ? '启用' : <span className="op-tag danger">禁用</span>) },
      { key: 'sessions', priority: 3, header: '在线会话', width: '4.5rem', num: true, cell: (u) => u.sessions },
      { key: 'login', priority: 3, header: '最近登录', width: '8.5rem', cell: (u) => when(u.last_login) },
      {
        key: 'actions', actions: true, header: '操作', width: '13rem',
        cell: (u) => !canWrite ? '—' : (
          <span className="stock-actions">
            <button type="button" className="linklike" aria-label={`${u.active ? '禁用' : '启用'} ${u.username}`}
              onClick={() => void act(u.active ? `禁用 ${u.username}？该用户会立即下线且不能登录。` : `启用 ${u.username}？`,
                async () => `${u.active ? '已禁用' : '已启用'}：${u.username}（${(await setActive([u.id], !u.active)).changed}）`)}>{u.active ? '禁用' : '启用'}</button>
            <button type="button" className="linklike" aria-label={`重置密码 ${u.username}`}
              onClick={() => void act(`为 ${u.username} 重置密码？临时密码将以短信发到其手机，该用户的所有登录立即结束。`,
                async () => `临时密码已发送至 ${(await resetPassword.mutateAsync(u.id)).mobile}`)}>重置密码</button>
            <button type="button" className="linklike" aria-label={`强制下线 ${u.username}`}
              onClick={() => void act(`结束 ${u.username} 的所有登录？`, async () => `已结束 ${u.username} 的 ${(await endSessions.mutateAsync(u.id)).ended} 个登录`)}>强制下线</button>
          </span>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的用户，换个条件试试。' : '还没有用户。'),
  };
  return (
    <ListPage def={def} search={search} onSearch={onSearch}
      status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
  );
}
