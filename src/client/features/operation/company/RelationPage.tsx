/**
 * 总分公司 (/operation/company/relation, D02-01 to read, D02-02 to change): which company is a
 * branch of which head company. One head per branch, one level deep, never company 1; the server
 * refuses the rest beside the field. Unlinking is per row. Companies also link themselves on 分公司
 * (invitation and the branch owner's consent, docs/customers.md "Branch companies"): the same table,
 * so this list shows those links too.
 */
import { useState } from 'react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { AnswerOf, PayloadIn } from '../../../../shared/contracts';
import { OP_COMPANY_CODES } from '../../../../shared/domain/operation-codes';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ApiError } from '../../../api/request';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { pagingOf, text } from '../list-payload';
import { errorText } from '../../../ui/form/form';
import { CompanyPicker, type PickedCompany } from '../CompanyPicker';
import { relationListQuery, type opCompanyKeys } from './queries';
import { useLinkRelation, useUnlinkRelation } from './mutations';
import { when } from '../format';
import '../operation.css';

type Row = AnswerOf<'opRelationList'>['data'][number];
const payloadOf = (s: ListSearch): PayloadIn<'opRelationList'> => ({ k: text(s, 'k'), ...pagingOf(s) });
const CompanyCell = ({ c }: { c: Row['head'] }) => (
  <div className="stock-key"><Link to="/operation/company/detail" search={{ id: c.id }}><strong>{c.name}</strong></Link><small className="muted">ID {c.id} · {c.short_name}</small></div>
);

export function RelationPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canWrite = hasAnyPermission(session.user?.permissions ?? [], OP_COMPANY_CODES.recommendWrite);
  const linkRelation = useLinkRelation();
  const unlinkRelation = useUnlinkRelation();
  const [head, setHead] = useState<PickedCompany | null>(null);
  const [branch, setBranch] = useState<PickedCompany | null>(null);
  const [errors, setErrors] = useState<{ head_id?: string; branch_id?: string }>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  const link = async () => {
    setStatus(null);
    const missing = { ...(head ? {} : { head_id: '请选择总公司' }), ...(branch ? {} : { branch_id: '请选择分公司' }) };
    setErrors(missing);
    if (!head || !branch) return;
    try {
      await linkRelation.mutateAsync({ head_id: head.id, branch_id: branch.id });
      setStatus({ kind: 'ok', text: `${branch.name} 已设为 ${head.name} 的分公司` });
      setHead(null);
      setBranch(null);
      setFormKey((k) => k + 1);
    } catch (e) {
      if (e instanceof ApiError && (e.field === 'head_id' || e.field === 'branch_id')) setErrors({ [e.field]: e.message });
      else setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const unlink = async (r: Row) => {
    if (!window.confirm(`解除 ${r.branch.name} 与总公司 ${r.head.name} 的关系？`)) return;
    try {
      await unlinkRelation.mutateAsync(r.branch.id);
      setStatus({ kind: 'ok', text: `已解除 ${r.branch.name} 与 ${r.head.name} 的关系` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const def: ListDef<Row, ReturnType<typeof opCompanyKeys.relations>, AnswerOf<'opRelationList'>> = {
    title: '总分公司',
    filters: [{ name: 'k', label: '企业名称 / 简称 / ID', type: 'text', width: '14rem' }],
    query: (s) => relationListQuery(payloadOf(s)),
    rowKey: (r) => r.branch.id,
    columns: [
      { key: 'head', header: '总公司', width: '12rem', cell: (r) => <CompanyCell c={r.head} /> },
      { key: 'branch', header: '分公司', width: '12rem', cell: (r) => <CompanyCell c={r.branch} /> },
      { key: 'created', priority: 3, header: '建立时间', width: '8rem', cell: (r) => when(r.created) },
      ...(canWrite ? [{ key: 'act', actions: true, header: '操作', width: '5rem', cell: (r: Row) => <Button type="button" label="解除" text severity="danger" aria-label={`解除 ${r.branch.name}`} onClick={() => void unlink(r)} /> }] : []),
    ],
    empty: (filtered) => (filtered ? '没有符合条件的总分公司关系。' : '还没有总分公司关系。'),
  };

  return (
    <>
      {canWrite && (
        <section className="card" aria-label="建立总分公司关系" style={{ marginBottom: '1rem' }}>
          <h3 style={{ marginTop: 0 }}>建立关系</h3>
          <div className="op-actions" key={formKey} style={{ alignItems: 'flex-start' }}>
            <div>
              <label htmlFor="relation-head">总公司</label><br />
              <CompanyPicker inputId="relation-head" value={head} onChange={setHead} invalid={!!errors.head_id} />
              {errors.head_id && <div className="field-error" role="alert">{errors.head_id}</div>}
            </div>
            <div>
              <label htmlFor="relation-branch">分公司</label><br />
              <CompanyPicker inputId="relation-branch" value={branch} onChange={setBranch} invalid={!!errors.branch_id} />
              {errors.branch_id && <div className="field-error" role="alert">{errors.branch_id}</div>}
            </div>
            <Button type="button" label="设为分公司" icon="pi pi-link" style={{ marginTop: '1.3rem' }} onClick={() => void link()} />
          </div>
          <p className="muted" style={{ marginBottom: 0 }}>每家分公司只有一个总公司，只有一级（分公司不能再有分公司）；平台运营公司不参与。总分关系显示在企业详情和前台店铺页。</p>
        </section>
      )}
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
    </>
  );
}
