/**
 * 企业列表 (/operation/company/list, D02-01 to read, D02-02 to change): every company, searchable
 * by name or short name, city, level, state and seller, with bulk 停用 / 恢复 (one transaction per
 * call). A name opens the company's detail.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OpCompanyRow, PayloadIn } from '../../../shared/contracts';
import { COMPANY_STATES, OP_CODES } from '../../../shared/domain/operation';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { request } from '../../api/request';
import { ListPage, type BulkAction, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { idOf, oneOf, pagingOf, textsOf } from './list-payload';
import { companyListQuery, opKeys } from './queries';
import { dayOf, when } from './format';
import { SuspendDialog } from './SuspendDialog';
import './operation.css';
import { COMPANY_SORTS } from './list-filters';


const payloadOf = (s: ListSearch): PayloadIn<'opCompanyList'> => ({
  ...textsOf(s, ['k', 'city']), level_id: idOf(s, 'level_id'), state: oneOf(s, 'state', COMPANY_STATES), seller: oneOf(s, 'seller', ['true', 'false'] as const),
  sort: oneOf(s, 'sort', COMPANY_SORTS) || 'id', order: s.order ?? 'desc', ...pagingOf(s),
});

export const StateTag = ({ suspended }: { suspended: boolean }) =>
  suspended ? <span className="op-tag danger">已停用</span> : <span className="op-tag">正常</span>;

export function CompanyListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.companyWrite);
  const qc = useQueryClient();
  const current = useQuery(companyListQuery(payloadOf(search)));
  const [suspending, setSuspending] = useState<Array<{ id: number; name: string }> | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: opKeys.companies() });
  const rowsOf = (ids: number[]) => (current.data?.data ?? []).filter((c) => ids.includes(c.id));

  const bulk: BulkAction[] = canWrite ? [
    { label: '停用', icon: 'pi pi-ban', danger: true, run: async (ids) => setSuspending(rowsOf(ids).map((c) => ({ id: c.id, name: c.short_name || c.name }))) },
    {
      label: '恢复', icon: 'pi pi-replay', confirm: (n) => `恢复选中的 ${n} 家企业？其用户可重新登录，停用前在售的库存重新上架。`,
      run: async (ids) => {
        const r = await request('post', 'opCompanyRestore', { ids }, undefined, { silent: true, idempotencyKey: crypto.randomUUID() });
        await refresh();
        setStatus({ kind: 'ok', text: `已恢复 ${r.changed} 家企业` });
      },
    },
  ] : [];

  const def: ListDef<OpCompanyRow, ReturnType<typeof opKeys.companyList>, AnswerOf<'opCompanyList'>> = {
    title: '企业列表',
    filters: [
      { name: 'k', label: '名称 / 简称 / ID', type: 'text', width: '12rem' },
      { name: 'city', label: '省市', type: 'text', width: '7rem' },
      { name: 'level_id', label: '会员等级', type: 'select', options: (current.data?.levels ?? []).map((l) => ({ label: l.name, value: String(l.id) })) },
      { name: 'state', label: '状态', type: 'select', options: [{ label: '正常', value: 'active' }, { label: '已停用', value: 'suspended' }] },
      { name: 'seller', label: '类型', type: 'select', options: [{ label: '卖家', value: 'true' }, { label: '买家', value: 'false' }], more: true },
    ],
    query: (s) => companyListQuery(payloadOf(s)),
    rowKey: (c) => c.id,
    rowLabel: (c) => c.name,
    bulkActions: bulk.length > 0 ? bulk : undefined,
    defaultSort: { sort: 'id', order: 'desc' },
    columns: [
      {
        key: 'name', header: '企业', width: '13rem', sort: 'id',
        cell: (c) => (
          <div className="stock-key">
            <Link to="/operation/company/detail" search={{ id: c.id }}><strong>{c.name}</strong></Link>
            <small className="muted">ID {c.id} · {c.short_name}</small>
          </div>
        ),
      },
      { key: 'city', header: '省市', width: '7rem', cell: (c) => `${c.province} ${c.city}`.trim() || '—' },
      { key: 'kind', header: '类型', width: '3.5rem', cell: (c) => (c.is_seller ? '卖家' : '买家') },
      { key: 'level', header: '会员等级', width: '6rem', cell: (c) => c.level_name },
      { key: 'end', header: '到期日', width: '6.5rem', sort: 'level_end', cell: (c) => dayOf(c.level_end) || '不限' },
      { key: 'users', header: '用户', width: '3.5rem', num: true, cell: (c) => c.users },
      { key: 'stock', header: '库存', width: '4.5rem', num: true, sort: 'stock', cell: (c) => c.stock.toLocaleString('zh-CN') },
      { key: 'state', header: '状态', width: '5rem', cell: (c) => <span title={c.suspend_reason}><StateTag suspended={c.suspended} /></span> },
      { key: 'created', header: '注册时间', width: '8.5rem', sort: 'created', cell: (c) => when(c.created) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的企业，换个条件试试。' : '还没有企业注册。'),
  };

  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {suspending && (
        <SuspendDialog companies={suspending} onHide={() => setSuspending(null)}
          onDone={(n) => { setSuspending(null); void refresh(); setStatus({ kind: 'ok', text: `已停用 ${n} 家企业` }); }} />
      )}
    </>
  );
}
