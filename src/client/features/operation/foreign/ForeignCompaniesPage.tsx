/**
 * 海外 · 企业审核 (/operation/foreign/company/audit) and 企业列表 (/operation/foreign/company/list):
 * the companies registered in Vietnam (docs/overseas.md). The audit page puts the registrations
 * waiting for review first and decides them (通过 grants the owner its level's codes; 驳回 needs a
 * reason the owner reads); the list shows every Vietnamese company, newest first.
 */
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OverseasRegistration, PayloadIn } from '../../../../shared/contracts';
import { OP_FOREIGN_CODES, OVERSEAS_STATE_LABEL, OVERSEAS_STATES, VN_PROVINCE_CODES, VN_PROVINCES } from '../../../../shared/domain/overseas';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { errorText } from '../../../ui/form/form';
import { oneOf, pagingOf, text } from '../list-payload';
import { ReasonDialog } from '../ReasonDialog';
import { when } from '../format';
import { foreignCompanyListQuery, registrationListQuery } from './queries';
import { useApproveRegistration, useRejectRegistration } from './mutations';
import '../operation.css';

type Mode = 'audit' | 'list';
type Payload = PayloadIn<'foreignRegistrationList'>;

const payloadOf = (s: ListSearch): Payload => ({
  state: oneOf(s, 'state', OVERSEAS_STATES), province: oneOf(s, 'province', VN_PROVINCE_CODES), k: text(s, 'k'), ...pagingOf(s),
});

const STATE_TAG: Record<OverseasRegistration['state'], string> = { pending: 'op-tag', approved: 'op-tag ok', rejected: 'op-tag danger' };

export function ForeignCompaniesPage({ mode, search, onSearch }: { mode: Mode; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canDecide = mode === 'audit' && hasAnyPermission(session.user?.permissions ?? [], OP_FOREIGN_CODES.write);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [rejecting, setRejecting] = useState<OverseasRegistration | null>(null);
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();

  const doApprove = async (r: OverseasRegistration) => {
    if (!window.confirm(`通过「${r.company_name}」（税号 ${r.tax_code}）的注册？企业负责人将获得其会员等级的权限，可以采购。`)) return;
    try {
      await approve.mutateAsync({ payload: { id: r.id }, idempotencyKey: crypto.randomUUID() });
      setStatus({ kind: 'ok', text: `已通过：${r.company_name}` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const def: ListDef<OverseasRegistration, QueryKey, AnswerOf<'foreignRegistrationList'>> = {
    title: mode === 'audit' ? '海外企业审核' : '海外企业列表',
    filters: [
      { name: 'k', label: '企业名称 / 税号', type: 'text', width: '12rem', primary: true },
      { name: 'state', label: '状态', type: 'select', options: OVERSEAS_STATES.map((s) => ({ label: OVERSEAS_STATE_LABEL[s], value: s })) },
      { name: 'province', label: '省/市', type: 'select', options: VN_PROVINCES.map((p) => ({ label: `${p.zh}（${p.vi}）`, value: p.code })) },
    ],
    // two calls with the same answer and different keys: typed as the list's one query
    query: (s) => (mode === 'audit' ? registrationListQuery(payloadOf(s)) : foreignCompanyListQuery(payloadOf(s))) as unknown as UseQueryOptions<AnswerOf<'foreignRegistrationList'>, Error, AnswerOf<'foreignRegistrationList'>, QueryKey>,
    rowKey: (r) => r.id,
    rowLabel: (r) => r.company_name,
    columns: [
      { key: 'company', header: '企业', width: '13rem', cell: (r) => <div className="stock-key"><strong>{r.company_name}</strong><small className="muted">税号 {r.tax_code}</small></div> },
      { key: 'state', header: '状态', width: '6rem', cell: (r) => <><span className={STATE_TAG[r.state]}>{OVERSEAS_STATE_LABEL[r.state]}</span>{r.suspended && <span className="op-tag danger">已停用</span>}{r.reject_reason && <div className="muted">{r.reject_reason}</div>}</> },
      { key: 'province', priority: 2, header: '省/市', width: '9rem', cell: (r) => { const p = VN_PROVINCES.find((x) => x.code === r.province); return p ? `${p.zh}（${p.vi}）` : r.province_name; } },
      { key: 'address', priority: 3, header: '地址', width: '12rem', cell: (r) => r.address },
      { key: 'owner', priority: 2, header: '负责人 / 手机号', width: '9rem', cell: (r) => <>{r.owner_name}（{r.owner_username}）<br /><span className="muted">{r.mobile}</span></> },
      { key: 'level', priority: 3, header: '等级 / 用户数', width: '6rem', cell: (r) => <>{r.level_name}<br /><span className="muted">{r.users} 人</span></> },
      { key: 'submitted', priority: 3, header: '提交时间', width: '8.5rem', cell: (r) => when(r.submitted_at) },
      { key: 'reviewed', priority: 3, header: '审核', width: '8.5rem', cell: (r) => (r.reviewed_at ? <>{r.reviewer_name}<br /><span className="muted">{when(r.reviewed_at)}</span></> : '—') },
      ...(mode === 'audit' ? [{
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (r: OverseasRegistration) => (r.state !== 'pending' || !canDecide ? '—' : (
          <span className="stock-actions">
            <button type="button" className="linklike" aria-label={`通过 ${r.company_name}`} onClick={() => void doApprove(r)}>通过</button>
            <button type="button" className="linklike danger" aria-label={`驳回 ${r.company_name}`} onClick={() => setRejecting(r)}>驳回</button>
          </span>
        )),
      }] : []),
    ],
    empty: (filtered) => (filtered
      ? '没有符合条件的越南企业，换个条件试试。'
      : mode === 'audit' ? '没有待审核的越南企业注册。越南企业在 /login/register/vn 注册后会出现在这里。' : '还没有越南企业。越南企业在 /login/register/vn 注册，审核在“海外企业审核”。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {rejecting && (
        <ReasonDialog id="foreign-reject-reason" header="驳回越南企业注册" action="驳回" confirmLabel="确定驳回"
          intro={<p><strong>{rejecting.company_name}</strong>（税号 {rejecting.tax_code}）：原因企业负责人可见，修改后可重新提交。</p>}
          submit={async (reason, idempotencyKey) => { await reject.mutateAsync({ payload: { id: rejecting.id, reason }, idempotencyKey }); return 1; }}
          onHide={() => setRejecting(null)}
          onDone={() => { setStatus({ kind: 'ok', text: `已驳回：${rejecting.company_name}` }); setRejecting(null); }} />
      )}
    </>
  );
}
