/**
 * 调账复核 (/operation/pay/adjust, D05-03; docs/money.md, "Manual adjustments"): every manual
 * adjustment with its state — 待复核, 已入账 (with its ledger transaction), 已驳回 — who proposed
 * and who decided it. An operator approves or rejects only another operator's proposal; the
 * server refuses the proposer's own.
 */
import { useState } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { AnswerOf, OpAdjustmentRow, PayloadIn } from '../../../../../shared/contracts';
import { ADJUSTMENT_STATES, type AdjustmentState } from '../../../../../shared/domain/withdrawal';
import { ListPage, type ListDef } from '../../../../ui/list/ListPage';
import type { ListSearch } from '../../../../ui/list/list-search';
import { errorText } from '../../../../ui/form/form';
import { oneOf, pagingOf } from '../../list-payload';
import { when, yuan } from '../../format';
import { opAdjustmentsQuery, type opMoneyKeys } from './queries';
import { useDecideAdjustment, useRejectAdjustment } from './mutations';
import { ReasonDialog } from './ReasonDialog';
import '../../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opAdjustmentList'> => ({ state: oneOf(s, 'state', Object.keys(ADJUSTMENT_STATES) as AdjustmentState[]), ...pagingOf(s) });

export function AdjustPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const { session } = useRouteContext({ from: '__root__' });
  const me = session.user?.uuid ?? '';
  const decide = useDecideAdjustment();
  const reject = useRejectAdjustment();
  const [rejecting, setRejecting] = useState<OpAdjustmentRow | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const approve = async (r: OpAdjustmentRow) => {
    if (!window.confirm(`复核通过：${r.company_name} ${r.amount_fen > 0 ? '增加' : '扣减'} ${yuan(Math.abs(r.amount_fen))}（${r.reason}）？通过后立即入账。`)) return;
    try {
      const a = await decide.mutateAsync({ id: r.id, approve: true });
      setStatus({ ok: true, text: `已入账：${a.company_name} ${yuan(a.amount_fen)}（交易 ${a.transaction_id}）` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const def: ListDef<OpAdjustmentRow, ReturnType<typeof opMoneyKeys.adjustments>, AnswerOf<'opAdjustmentList'>> = {
    title: '调账复核',
    filters: [{ name: 'state', label: '状态', type: 'select', primary: true, options: Object.entries(ADJUSTMENT_STATES).map(([value, label]) => ({ value, label })) }],
    query: (s) => opAdjustmentsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'company', header: '企业', width: '12rem', cell: (r) => r.company_name },
      { key: 'amount', header: '金额', width: '7rem', num: true, cell: (r) => <span className={r.amount_fen < 0 ? 'op-neg' : ''}>{r.amount_fen > 0 ? '+' : '−'}{yuan(Math.abs(r.amount_fen))}</span> },
      { key: 'reason', priority: 2, header: '原因', width: '12rem', cell: (r) => r.reason },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'pending' ? 'warn' : r.state === 'rejected' ? 'danger' : ''}`}>{ADJUSTMENT_STATES[r.state]}</span> },
      { key: 'by', priority: 3, header: '提交', width: '10rem', cell: (r) => `${r.created_by} ${when(r.created_at)}` },
      {
        key: 'decided', priority: 3, header: '复核', width: '12rem',
        cell: (r) => (r.decided_at ? `${r.decided_by} ${when(r.decided_at)}${r.decision_note ? `：${r.decision_note}` : ''}${r.transaction_id ? `（交易 ${r.transaction_id}）` : ''}` : '—'),
      },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (r) => (r.state !== 'pending' ? '—' : r.created_by_uuid === me ? <span className="muted">待他人复核</span> : (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => void approve(r)} aria-label={`复核通过 调账 ${r.id}`}>通过</button>
            <button type="button" className="linklike" onClick={() => setRejecting(r)} aria-label={`驳回 调账 ${r.id}`}>驳回</button>
          </span>
        )),
      },
    ],
    empty: (filtered) => (filtered ? '没有该状态的调账。' : '还没有调账。在“账户”页的企业行点“调账”提交。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {rejecting && (
        <ReasonDialog title={`驳回调账：${rejecting.company_name} ${yuan(rejecting.amount_fen)}`} label="驳回原因" field="note" write={reject}
          payload={(note) => ({ id: rejecting.id, approve: false, note })} onHide={() => setRejecting(null)}
          onDone={() => { setRejecting(null); setStatus({ ok: true, text: `已驳回调账：${rejecting.company_name}` }); }} />
      )}
    </>
  );
}
