/**
 * 企业资料变更审核 (/operation/company/review, D02-03 with 企业审核): companies' changes of their name, short
 * name, province, city and address that wait for the platform (while the parameter
 * 企业资料变更审核 is on). 通过 writes the new values at once; 驳回 needs a reason the company reads
 * on its 企业信息 page.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, CompanyChange, PayloadIn } from '../../../../shared/contracts';
import { CHANGE_STATES, OP_CODES, REVIEWED_COMPANY_FIELDS, type ReviewedCompanyField } from '../../../../shared/domain/operation';
import { hasAnyPermission } from '../../../../shared/domain/permissions';
import { ListPage, type ListDef } from '../../../ui/list/ListPage';
import type { ListSearch } from '../../../ui/list/list-search';
import { oneOf, pagingOf, text } from '../list-payload';
import { errorText } from '../../../ui/form/form';
import { reviewListQuery, type opCompanyKeys } from './queries';
import { useApproveReview, useRejectReview } from './mutations';
import { when } from '../format';
import '../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opReviewList'> => ({
  state: oneOf(s, 'state', Object.keys(CHANGE_STATES) as Array<keyof typeof CHANGE_STATES>), k: text(s, 'k'), ...pagingOf(s),
});

export const ChangeLines = ({ change }: { change: Pick<CompanyChange, 'old_value' | 'new_value'> }) => (
  <ul className="op-change-list">
    {Object.keys(change.new_value).map((k) => (
      <li key={k}>{REVIEWED_COMPANY_FIELDS[k as ReviewedCompanyField] ?? k}：<s className="muted">{change.old_value[k] || '（空）'}</s> → <strong>{change.new_value[k] || '（空）'}</strong></li>
    ))}
  </ul>
);

export function ReviewPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const canConfigure = hasAnyPermission(session.user?.permissions ?? [], OP_CODES.configuration);
  const current = useQuery(reviewListQuery(payloadOf(search)));
  const approveReview = useApproveReview();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [rejecting, setRejecting] = useState<CompanyChange | null>(null);

  const approve = async (c: CompanyChange) => {
    if (!window.confirm(`通过 ${c.company.name} 的资料变更？新资料立即生效。`)) return;
    try {
      await approveReview.mutateAsync(c.id);
      setStatus({ kind: 'ok', text: `已通过 ${c.company.name} 的资料变更` });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };

  const def: ListDef<CompanyChange, ReturnType<typeof opCompanyKeys.reviews>, AnswerOf<'opReviewList'>> = {
    title: '企业资料变更审核',
    filters: [
      { name: 'state', label: '状态（待审核在前）', type: 'select', options: Object.entries(CHANGE_STATES).map(([value, label]) => ({ label, value })) },
      { name: 'k', label: '企业名称 / 简称 / ID', type: 'text', width: '13rem' },
    ],
    query: (s) => reviewListQuery(payloadOf(s)),
    rowKey: (c) => c.id,
    columns: [
      {
        key: 'company', header: '企业与操作', width: '11rem',
        cell: (c) => (
          <div className="stock-key">
            <Link to="/operation/company/detail" search={{ id: c.company.id }}><strong>{c.company.name}</strong></Link><small className="muted">ID {c.company.id}</small>
            {c.state === 'pending' && (
              <span className="op-actions" style={{ marginTop: '0.3rem' }}>
                <Button type="button" label="通过" size="small" aria-label={`通过 ${c.company.name}`} onClick={() => void approve(c)} />
                <Button type="button" label="驳回" size="small" outlined severity="danger" aria-label={`驳回 ${c.company.name}`} onClick={() => setRejecting(c)} />
              </span>
            )}
          </div>
        ),
      },
      { key: 'change', header: '变更内容', width: '17rem', cell: (c) => <ChangeLines change={c} /> },
      {
        key: 'state', priority: 2, header: '提交与状态', width: '10rem',
        cell: (c) => (
          <>
            <strong>{CHANGE_STATES[c.state]}</strong><br /><small className="muted">{c.submitted_by} 提交于 {when(c.submitted_at)}</small>
            {c.decided_by && <><br /><small className="muted">{c.decided_by} 处理于 {when(c.decided_at)}</small></>}
            {c.reason && <><br /><small>原因：{c.reason}</small></>}
          </>
        ),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的变更申请。' : '还没有企业提交资料变更。'),
  };

  const reviewOn = current.data?.review_on;
  return (
    <>
      {reviewOn !== undefined && (
        <p className={`op-status ${reviewOn ? 'ok' : ''}`} data-testid="review-switch">
          资料变更审核：{reviewOn ? '已开启（企业名称、简称、省市、地址的修改须审核后生效）' : '未开启（企业修改资料直接生效）'}
          {canConfigure && <> · <Link to="/operation/system/configuration">在系统参数中修改</Link></>}
        </p>
      )}
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {rejecting && <RejectDialog change={rejecting} onHide={() => setRejecting(null)}
        onDone={() => { setRejecting(null); setStatus({ kind: 'ok', text: `已驳回 ${rejecting.company.name} 的资料变更` }); }} />}
    </>
  );
}

function RejectDialog({ change, onHide, onDone }: { change: CompanyChange; onHide: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  const rejectReview = useRejectReview();
  const submit = async () => {
    if (reason.trim().length < 2) return setError('请填写驳回原因（至少2个字符）');
    setBusy(true);
    try {
      await rejectReview.mutateAsync({ payload: { id: change.id, reason: reason.trim() }, idempotencyKey: key.current });
      onDone();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={`驳回 ${change.company.name} 的资料变更`} visible onHide={onHide} style={{ width: '32rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" text onClick={onHide} /><Button label="驳回" severity="danger" loading={busy} onClick={() => void submit()} /></>}>
      <ChangeLines change={change} />
      <label htmlFor="reject-reason">驳回原因（企业可见）</label>
      <InputTextarea id="reject-reason" value={reason} rows={3} maxLength={200} style={{ width: '100%' }} invalid={!!error}
        onChange={(e) => { setReason(e.target.value); setError(''); }} />
      {error && <div className="field-error" role="alert">{error}</div>}
    </Dialog>
  );
}
