/**
 * 提现审核 (/operation/pay/withdraw, D05-04; docs/money.md, "Bank cards and withdrawals"): the
 * companies' withdrawals by state, company and number, oldest first. 审核通过 (the amount stays
 * frozen), then 标记已打款 after the bank transfer (with its serial number), or 拒绝 with a reason
 * (the amount goes back to the company's available balance). Two separate steps, each audited.
 */
import { useState } from 'react';
import type { AnswerOf, OpWithdrawalRow, PayloadIn } from '../../../../../shared/contracts';
import { WITHDRAWAL_STATES, withdrawalNext, maskAccountNo, type WithdrawalState } from '../../../../../shared/domain/withdrawal';
import { ListPage, type ListDef } from '../../../../ui/list/ListPage';
import type { ListSearch } from '../../../../ui/list/list-search';
import { errorText } from '../../../../ui/form/form';
import { oneOf, pagingOf, textsOf } from '../../list-payload';
import { downloadXlsx } from '../../export';
import { when, yuan } from '../../format';
import { opWithdrawalsQuery, type opMoneyKeys } from './queries';
import { useApproveWithdrawal, usePayWithdrawal, useRejectWithdrawal } from './mutations';
import { ReasonDialog } from './ReasonDialog';
import '../../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opWithdrawalList'> => ({
  ...textsOf(s, ['company', 'no']), state: oneOf(s, 'state', Object.keys(WITHDRAWAL_STATES) as WithdrawalState[]), ...pagingOf(s),
});

const TAG: Record<WithdrawalState, string> = { applied: 'warn', approved: '', paid: '', rejected: 'danger' };

export function WithdrawPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const approve = useApproveWithdrawal();
  const pay = usePayWithdrawal();
  const reject = useRejectWithdrawal();
  const [rejecting, setRejecting] = useState<OpWithdrawalRow | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (fn: () => Promise<OpWithdrawalRow>, done: (r: OpWithdrawalRow) => string) => {
    try {
      setStatus({ ok: true, text: done(await fn()) });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const onApprove = (r: OpWithdrawalRow) => {
    if (!window.confirm(`审核通过 ${r.company_name} 的提现 ${yuan(r.amount_fen)}？通过后请按收款卡转账，再标记已打款。`)) return;
    void run(() => approve.mutateAsync({ withdrawal_no: r.withdrawal_no }), (a) => `已审核通过 ${a.withdrawal_no}，请转账后标记已打款`);
  };
  const onPay = (r: OpWithdrawalRow) => {
    const ref = window.prompt(`已向 ${r.holder_name}（${r.bank_name} ${maskAccountNo(r.account_no)}）转账 ${yuan(r.amount_fen)}？填写银行流水号（可留空）后确定。`, '');
    if (ref === null) return;
    void run(() => pay.mutateAsync({ withdrawal_no: r.withdrawal_no, payout_ref: ref.trim() }), (a) => `已标记 ${a.withdrawal_no} 已打款`);
  };
  const def: ListDef<OpWithdrawalRow, ReturnType<typeof opMoneyKeys.withdrawals>, AnswerOf<'opWithdrawalList'>> = {
    title: '提现审核',
    filters: [
      { name: 'state', label: '状态', type: 'select', primary: true, options: Object.entries(WITHDRAWAL_STATES).map(([value, label]) => ({ value, label })) },
      { name: 'company', label: '企业', type: 'text', width: '10rem' },
      { name: 'no', label: '提现单号', type: 'text', more: true, width: '12rem' },
    ],
    query: (s) => opWithdrawalsQuery(payloadOf(s)),
    rowKey: (r) => Number(r.withdrawal_no.slice(-12)),
    columns: [
      { key: 'no', header: '提现单号', width: '12rem', cell: (r) => r.withdrawal_no },
      { key: 'company', header: '企业', width: '11rem', cell: (r) => `${r.company_name}（${r.applicant}）` },
      { key: 'amount', header: '金额', width: '7rem', num: true, cell: (r) => yuan(r.amount_fen) },
      { key: 'card', priority: 2, header: '收款卡', width: '14rem', cell: (r) => `${r.holder_name} · ${r.bank_name} ${r.account_no}` },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${TAG[r.state]}`}>{WITHDRAWAL_STATES[r.state]}</span> },
      { key: 'at', priority: 3, header: '申请时间', width: '8.5rem', cell: (r) => when(r.created_at) },
      {
        key: 'steps', priority: 3, header: '处理', width: '14rem',
        cell: (r) => [
          r.approved_by && `${r.approved_by} 通过于 ${when(r.approved_at)}`,
          r.paid_by && `${r.paid_by} 打款于 ${when(r.paid_at)}${r.payout_ref ? `（${r.payout_ref}）` : ''}`,
          r.rejected_by && `${r.rejected_by} 拒绝于 ${when(r.rejected_at)}：${r.reason}`,
        ].filter(Boolean).join('；') || '—',
      },
      {
        key: 'actions', actions: true, header: '操作', width: '9rem',
        cell: (r) => {
          const next = withdrawalNext(r.state);
          return (
            <span className="op-row-actions">
              {next.approve && <button type="button" className="linklike" onClick={() => onApprove(r)} aria-label={`审核通过 ${r.withdrawal_no}`}>通过</button>}
              {next.pay && <button type="button" className="linklike" onClick={() => onPay(r)} aria-label={`标记已打款 ${r.withdrawal_no}`}>已打款</button>}
              {next.reject && <button type="button" className="linklike" onClick={() => setRejecting(r)} aria-label={`拒绝 ${r.withdrawal_no}`}>拒绝</button>}
              {!next.approve && !next.pay && !next.reject && '—'}
            </span>
          );
        },
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的提现，换个条件试试。' : '还没有企业申请提现。'),
    exportXlsx: (s) => downloadXlsx('opWithdrawalList', payloadOf(s), '提现申请'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {rejecting && (
        <ReasonDialog title={`拒绝提现 ${rejecting.withdrawal_no}（${yuan(rejecting.amount_fen)}）`} label="拒绝原因" field="reason" write={reject}
          payload={(reason) => ({ withdrawal_no: rejecting.withdrawal_no, reason })} onHide={() => setRejecting(null)}
          onDone={(a) => { setRejecting(null); setStatus({ ok: true, text: `已拒绝 ${a.withdrawal_no}，金额已退回企业可用余额` }); }} />
      )}
    </>
  );
}
