/**
 * 账户 (/operation/pay/account, D05-03; docs/money.md, "Manual adjustments"): every company's
 * wallet — available, frozen, cash pledge — by company name, with the sums of the filter, and
 * 调账 on a row: an amount in yuan (negative to debit) and a reason, which waits on 调账复核 for a
 * second operator before any money moves.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { AnswerOf, OpAccountRow, PayloadIn } from '../../../../../shared/contracts';
import { ADJUSTMENT_MAX_FEN, withdrawalText } from '../../../../../shared/domain/withdrawal';
import { ListPage, type ListDef } from '../../../../ui/list/ListPage';
import type { ListSearch } from '../../../../ui/list/list-search';
import { Field } from '../../../../ui/form/Field';
import { useForm } from '../../../../ui/form/form';
import { pagingOf, textsOf } from '../../list-payload';
import { downloadXlsx } from '../../export';
import { yuan } from '../../format';
import { opAccountsQuery, type opMoneyKeys } from './queries';
import { useCreateAdjustment } from './mutations';
import '../../operation.css';

const payloadOf = (s: ListSearch): PayloadIn<'opPayAccounts'> => ({ ...textsOf(s, ['q']), ...pagingOf(s) });

/** Signed yuan with up to two decimals to fen, or null. */
export const signedYuanToFen = (typed: string): number | null => {
  const m = /^\s*(-?)(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
};

function AdjustDialog({ row, onHide, onDone }: { row: OpAccountRow; onHide: () => void; onDone: (text: string) => void }) {
  const write = useCreateAdjustment();
  const form = useForm({ yuan: '', reason: '' }, { idOf: (f) => (f === 'amount_fen' || f === 'yuan' ? 'adjust-amount' : 'adjust-reason') });
  const save = () => {
    const fen = signedYuanToFen(form.values.yuan);
    if (fen === null || fen === 0 || Math.abs(fen) > ADJUSTMENT_MAX_FEN) {
      form.setErrors({ amount_fen: withdrawalText.adjustAmountYuan });
      return;
    }
    void form.submit(write, { company_id: row.company_id, amount_fen: fen, reason: form.values.reason.trim() },
      (a) => onDone(`已提交调账 ${yuan(a.amount_fen)}（${a.company_name}），待另一名运营复核后入账`));
  };
  return (
    <Dialog header={`调账：${row.company_name}`} visible onHide={onHide} style={{ width: '34rem', maxWidth: '95vw' }}
      footer={<><Button label="取消" outlined onClick={onHide} /><Button label="提交复核" loading={form.busy} onClick={save} /></>}>
      <p className="muted">当前可用 {yuan(row.available_fen)}。提交后由另一名运营复核，通过才入账。</p>
      <div className="op-form">
        <Field id="adjust-amount" label="调账金额（元）" required error={form.errors.amount_fen} hint="正数增加可用余额，负数扣减；最多两位小数">
          <InputText id="adjust-amount" inputMode="decimal" value={form.values.yuan} onChange={(e) => form.set('yuan', e.target.value)} placeholder="例如 100 或 -50.5" />
        </Field>
        <Field id="adjust-reason" label="原因" required wide error={form.errors.reason} hint="2 至 200 个字符，记入操作日志">
          <InputTextarea id="adjust-reason" value={form.values.reason} rows={3} maxLength={200} autoResize onChange={(e) => form.set('reason', e.target.value)} style={{ width: '100%' }} />
        </Field>
      </div>
      {form.formError && <div className="field-error" role="alert">{form.formError}</div>}
    </Dialog>
  );
}

export function AccountPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const totals = useQuery({ ...opAccountsQuery(payloadOf(search)), placeholderData: keepPreviousData }).data;
  const [adjusting, setAdjusting] = useState<OpAccountRow | null>(null);
  const [status, setStatus] = useState<string>('');
  const def: ListDef<OpAccountRow, ReturnType<typeof opMoneyKeys.accounts>, AnswerOf<'opPayAccounts'>> = {
    title: '账户',
    filters: [{ name: 'q', label: '企业', type: 'text', width: '12rem' }],
    query: (s) => opAccountsQuery(payloadOf(s)),
    rowKey: (r) => r.company_id,
    columns: [
      { key: 'company', header: '企业', width: '13rem', cell: (r) => r.company_name },
      { key: 'available', header: '可用', width: '8rem', num: true, cell: (r) => yuan(r.available_fen) },
      { key: 'frozen', header: '冻结', width: '7rem', num: true, cell: (r) => yuan(r.frozen_fen) },
      { key: 'pledge', priority: 2, header: '保证金', width: '7rem', num: true, cell: (r) => yuan(r.cash_pledge_fen) },
      { key: 'pending', priority: 2, header: '待复核调账', width: '6rem', num: true, cell: (r) => (r.pending_adjustments ? <Link to="/operation/pay/adjust" search={{ state: 'pending' }}>{r.pending_adjustments} 笔</Link> : '—') },
      {
        key: 'actions', actions: true, header: '操作', width: '5rem',
        cell: (r) => <button type="button" className="linklike" onClick={() => setAdjusting(r)} aria-label={`调账 ${r.company_name}`}>调账</button>,
      },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的企业，换个名称试试。' : '还没有企业。'),
    exportXlsx: (s) => downloadXlsx('opPayAccounts', payloadOf(s), '账户'),
  };
  return (
    <>
      <ListPage def={def} search={search} onSearch={onSearch}
        toolbar={<span className="muted" data-testid="account-sum">{totals ? `可用合计 ${yuan(totals.available_total_fen)} · 冻结 ${yuan(totals.frozen_total_fen)} · 保证金 ${yuan(totals.cash_pledge_total_fen)}` : ''}</span>}
        status={status && <p className="op-status ok" role="status" data-testid="op-status">{status} <Link to="/operation/pay/adjust" search={{ state: 'pending' }}>查看调账复核</Link></p>} />
      {adjusting && <AdjustDialog row={adjusting} onHide={() => setAdjusting(null)} onDone={(t) => { setAdjusting(null); setStatus(t); }} />}
    </>
  );
}
