/**
 * 银行卡审核 (/operation/pay/card, D05-04; docs/money.md, "Bank cards and withdrawals"): the
 * companies' bank cards, the pending ones first in line. 通过 makes a card take withdrawals;
 * 不通过 needs a reason, which the company sees. The whole account number is shown to check it
 * against the company's documents.
 */
import { useState } from 'react';
import type { AnswerOf, OpBankCardRow, PayloadIn } from '../../../../../shared/contracts';
import { BANK_CARD_KINDS, BANK_CARD_STATES, cardLabel, type BankCardState } from '../../../../../shared/domain/withdrawal';
import { ListPage, type ListDef } from '../../../../ui/list/ListPage';
import type { ListSearch } from '../../../../ui/list/list-search';
import { errorText } from '../../../../ui/form/form';
import { oneOf, pagingOf, textsOf } from '../../list-payload';
import { when } from '../../format';
import { opCardsQuery, type opMoneyKeys } from './queries';
import { useDecideCard, useRejectCard } from './mutations';
import { ReasonDialog } from './ReasonDialog';
import '../../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opBankCardList'> => ({
  ...textsOf(s, ['company']), state: oneOf(s, 'state', Object.keys(BANK_CARD_STATES) as BankCardState[]), ...pagingOf(s),
});

export function CardPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const decide = useDecideCard();
  const reject = useRejectCard();
  const [rejecting, setRejecting] = useState<OpBankCardRow | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const verify = async (r: OpBankCardRow) => {
    if (!window.confirm(`通过 ${r.company_name} 的 ${cardLabel(r)}（${r.holder_name}）？通过后该卡可以收提现。`)) return;
    try {
      await decide.mutateAsync({ id: r.id, verified: true });
      setStatus({ ok: true, text: `已通过 ${r.company_name} 的 ${cardLabel(r)}` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  const def: ListDef<OpBankCardRow, ReturnType<typeof opMoneyKeys.cards>, AnswerOf<'opBankCardList'>> = {
    title: '银行卡审核',
    filters: [
      { name: 'state', label: '状态', type: 'select', primary: true, options: Object.entries(BANK_CARD_STATES).map(([value, label]) => ({ value, label })) },
      { name: 'company', label: '企业', type: 'text', width: '10rem' },
    ],
    query: (s) => opCardsQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'company', header: '企业', width: '11rem', cell: (r) => r.company_name },
      { key: 'holder', header: '开户名', width: '9rem', cell: (r) => r.holder_name },
      { key: 'bank', priority: 2, header: '开户银行', width: '9rem', cell: (r) => r.bank_name },
      { key: 'no', header: '账号', width: '12rem', cell: (r) => r.account_no },
      { key: 'kind', priority: 2, header: '类型', width: '7rem', cell: (r) => BANK_CARD_KINDS[r.kind] },
      { key: 'state', header: '状态', width: '5rem', cell: (r) => <span className={`op-tag ${r.state === 'pending' ? 'warn' : r.state === 'rejected' ? 'danger' : ''}`}>{BANK_CARD_STATES[r.state]}</span> },
      { key: 'at', priority: 3, header: '添加', width: '10rem', cell: (r) => `${when(r.created_at)} ${r.created_by}` },
      { key: 'decided', priority: 3, header: '审核', width: '12rem', cell: (r) => (r.decided_at ? `${r.decided_by} ${when(r.decided_at)}${r.reason ? `：${r.reason}` : ''}` : '—') },
      {
        key: 'actions', actions: true, header: '操作', width: '7rem',
        cell: (r) => (r.state === 'pending' ? (
          <span className="op-row-actions">
            <button type="button" className="linklike" onClick={() => void verify(r)} aria-label={`通过 ${r.company_name} ${cardLabel(r)}`}>通过</button>
            <button type="button" className="linklike" onClick={() => setRejecting(r)} aria-label={`不通过 ${r.company_name} ${cardLabel(r)}`}>不通过</button>
          </span>
        ) : '—'),
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的银行卡，换个条件试试。' : '还没有企业添加银行卡。'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        status={status && <p className={`op-status ${status.ok ? 'ok' : 'error'}`} role={status.ok ? 'status' : 'alert'} data-testid="op-status">{status.text}</p>} />
      {rejecting && (
        <ReasonDialog title={`不通过 ${rejecting.company_name} 的 ${cardLabel(rejecting)}`} label="不通过的原因" field="reason" write={reject}
          payload={(reason) => ({ id: rejecting.id, verified: false, reason })} onHide={() => setRejecting(null)}
          onDone={() => { setRejecting(null); setStatus({ ok: true, text: `已将 ${rejecting.company_name} 的 ${cardLabel(rejecting)} 设为未通过` }); }} />
      )}
    </>
  );
}
