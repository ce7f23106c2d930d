/**
 * 企业列表 (/operation/company/list, D02-01 to read, D02-02 to change): every company, searchable
 * by name or short name, city, level, state, seller and 企业分组, with bulk 停用 / 恢复 (one
 * transaction per call) and 加入分组 (or 移出分组 while the list shows one group). A name opens the
 * company's detail.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import type { AnswerOf, OpCompanyRow, PayloadIn } from '../../../../shared/contracts';
import { COMPANY_STATES, OP_CODES } from '../../../../shared/domain/operation';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type BulkAction, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { idOf, oneOf, pagingOf, textsOf } from '../list-payload';
import { companyListQuery, opKeys } from '../queries';
import { dayOf, when } from '../format';
import { SuspendDialog } from '../SuspendDialog';
import { Field } from '../../../ui/form/Field';
import { useForm } from '../../../ui/form/form';
import { useAddCompaniesToGroup, useRemoveCompaniesFromGroup, useRestoreCompanies } from './mutations';
import '../operation.css';
import { COMPANY_SORTS } from '../list-filters';
import { BUSINESS_TYPES, BUSINESS_TYPE_LABELS } from '../../../../shared/domain/company-type';


const payloadOf = (s: ListSearch): PayloadIn<'opCompanyList'> => ({
  ...textsOf(s, ['k', 'city']), level_id: idOf(s, 'level_id'), state: oneOf(s, 'state', COMPANY_STATES), seller: oneOf(s, 'seller', ['true', 'false'] as const),
  business_type: oneOf(s, 'business_type', BUSINESS_TYPES),
  group_id: idOf(s, 'group_id'),
  sort: oneOf(s, 'sort', COMPANY_SORTS) || 'id', order: s.order ?? 'desc', ...pagingOf(s),
});

export const StateTag = ({ suspended }: { suspended: boolean }) =>
  suspended ? <span className="op-tag danger">已停用</span> : <span className="op-tag">正常</span>;

export function CompanyListPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.companyWrite);
  const current = useQuery(companyListQuery(payloadOf(search)));
  const restoreCompanies = useRestoreCompanies();
  const removeFromGroup = useRemoveCompaniesFromGroup();
  const [suspending, setSuspending] = useState<Array<{ id: number; name: string }> | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [grouping, setGrouping] = useState<number[] | null>(null);
  const groups = current.data?.groups ?? [];
  const shownGroup = groups.find((g) => String(g.id) === String(search.group_id ?? ''));
  const rowsOf = (ids: number[]) => (current.data?.data ?? []).filter((c) => ids.includes(c.id));

  const bulk: BulkAction[] = canWrite ? [
    { label: '停用', icon: 'pi pi-ban', danger: true, run: async (ids) => setSuspending(rowsOf(ids).map((c) => ({ id: c.id, name: c.short_name || c.name }))) },
    {
      label: '恢复', icon: 'pi pi-replay', confirm: (n) => `恢复选中的 ${n} 家企业？其用户可重新登录，停用前在售的库存重新上架。`,
      run: async (ids) => {
        const r = await restoreCompanies.mutateAsync(ids);
        setStatus({ kind: 'ok', text: `已恢复 ${r.changed} 家企业` });
      },
    },
    { label: '加入分组', icon: 'pi pi-folder-plus', run: async (ids) => setGrouping(ids) },
    ...(shownGroup ? [{
      label: `移出“${shownGroup.name}”`, icon: 'pi pi-folder-minus', confirm: (n: number) => `把选中的 ${n} 家企业移出分组“${shownGroup.name}”？企业本身不受影响。`,
      run: async (ids: number[]) => {
        const r = await removeFromGroup.mutateAsync({ id: shownGroup.id, company_ids: ids });
        setStatus({ kind: 'ok', text: `已把 ${r.removed} 家企业移出分组“${shownGroup.name}”` });
      },
    }] : []),
  ] : [];

  const def: ListDef<OpCompanyRow, ReturnType<typeof opKeys.companyList>, AnswerOf<'opCompanyList'>> = {
    title: '企业列表',
    filters: [
      { name: 'k', label: '名称 / 简称 / ID', type: 'text', width: '12rem' },
      { name: 'city', label: '省市', type: 'text', width: '7rem' },
      { name: 'level_id', label: '会员等级', type: 'select', options: (current.data?.levels ?? []).map((l) => ({ label: l.name, value: String(l.id) })) },
      { name: 'state', label: '状态', type: 'select', options: [{ label: '正常', value: 'active' }, { label: '已停用', value: 'suspended' }] },
      { name: 'group_id', label: '分组', type: 'select', options: groups.map((g) => ({ label: g.name, value: String(g.id) })) },
      { name: 'seller', label: '卖家 / 买家', type: 'select', options: [{ label: '卖家', value: 'true' }, { label: '买家', value: 'false' }], more: true },
      { name: 'business_type', label: '企业类型', type: 'select', options: BUSINESS_TYPES.map((t) => ({ label: BUSINESS_TYPE_LABELS[t], value: t })), more: true },
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
      { key: 'city', priority: 2, header: '省市', width: '7rem', cell: (c) => `${c.province} ${c.city}`.trim() || '—' },
      { key: 'kind', priority: 2, header: '类型', width: '5.5rem', cell: (c) => `${c.is_seller ? '卖家' : '买家'} · ${BUSINESS_TYPE_LABELS[c.business_type]}` },
      { key: 'level', header: '会员等级', width: '6rem', cell: (c) => c.level_name },
      { key: 'end', priority: 2, header: '到期日', width: '6.5rem', sort: 'level_end', cell: (c) => dayOf(c.level_end) || '不限' },
      { key: 'users', priority: 3, header: '用户', width: '3.5rem', num: true, cell: (c) => c.users },
      { key: 'stock', priority: 3, header: '库存', width: '4.5rem', num: true, sort: 'stock', cell: (c) => c.stock.toLocaleString('zh-CN') },
      { key: 'state', header: '状态', width: '5rem', cell: (c) => <span title={c.suspend_reason}><StateTag suspended={c.suspended} /></span> },
      { key: 'created', priority: 3, header: '注册时间', width: '8.5rem', sort: 'created', cell: (c) => when(c.created) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的企业，换个条件试试。' : '还没有企业注册。'),
  };

  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {suspending && (
        <SuspendDialog companies={suspending} onHide={() => setSuspending(null)}
          onDone={(n) => { setSuspending(null); setStatus({ kind: 'ok', text: `已停用 ${n} 家企业` }); }} />
      )}
      {grouping && (
        <AddToGroupDialog ids={grouping} groups={groups} onHide={() => setGrouping(null)}
          onDone={(text) => { setGrouping(null); setStatus({ kind: 'ok', text }); }} />
      )}
    </>
  );
}

/** 加入分组 from the batch selection: one group chosen, the companies added in one call (those already in it count apart). */
function AddToGroupDialog({ ids, groups, onHide, onDone }: {
  ids: number[]; groups: ReadonlyArray<{ id: number; name: string }>; onHide: () => void; onDone: (text: string) => void;
}) {
  const form = useForm({ id: 0 });
  const addToGroup = useAddCompaniesToGroup();
  const name = groups.find((g) => g.id === form.values.id)?.name ?? '';
  const save = () => {
    if (!form.values.id) return form.setErrors({ id: '请选择分组' });
    void form.submit(addToGroup, { id: form.values.id, company_ids: ids },
      (r) => onDone(`已把 ${r.added} 家企业加入分组“${name}”${r.already ? `（${r.already} 家已在组中）` : ''}，分组现有 ${r.member_count} 家`));
  };
  return (
    <Dialog header={`把选中的 ${ids.length} 家企业加入分组`} visible onHide={onHide} style={{ width: '28rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="加入分组" loading={form.busy} disabled={groups.length === 0} onClick={save} /></>}>
      {groups.length === 0 ? <p>还没有企业分组。请先到<Link to="/operation/company/group">企业分组</Link>新建一个。</p> : (
        <Field id="id" label="分组" error={form.errors.id} required>
          <Dropdown inputId="id" value={form.values.id || null} placeholder="选择分组" filter style={{ width: '100%' }}
            options={groups.map((g) => ({ label: g.name, value: g.id }))} onChange={(e) => form.set('id', e.value as number)} />
        </Field>
      )}
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}
