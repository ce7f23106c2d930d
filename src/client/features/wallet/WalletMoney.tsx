/**
 * 银行卡 and 提现 on the wallet page (docs/money.md, "Bank cards and withdrawals"): the company's
 * cards with their check state (a new card waits for the platform's check; a refused one says
 * why), adding and removing one, applying for a withdrawal to a verified card (typed in yuan,
 * sent in fen), and the withdrawals with their states and reasons.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import dayjs from 'dayjs';
import type { BankCard, Withdrawal } from '../../../shared/contracts';
import {
  accountNoProblem, BANK_CARD_KINDS, BANK_CARD_STATES, cardLabel, holderProblem, maskAccountNo, WITHDRAWAL_MAX_FEN, WITHDRAWAL_MIN_FEN, WITHDRAWAL_STATES,
  withdrawalText, type BankCardKind, type WithdrawalState,
} from '../../../shared/domain/withdrawal';
import { formatFen } from '../../../shared/domain/prices';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import { bankCardsQuery, withdrawalsQuery } from './queries';
import { useBankCardAdd, useBankCardRemove, useWithdrawalApply } from './mutations';
import { yuanToFen } from '../../../shared/domain/money';

const when = (s: number) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '');
const KIND_OPTIONS = Object.entries(BANK_CARD_KINDS).map(([value, label]) => ({ value, label }));

function AddCardForm({ companyName, onDone }: { companyName: string; onDone: (c: BankCard) => void }) {
  const write = useBankCardAdd();
  const form = useForm({ kind: 'personal' as BankCardKind, holder_name: '', bank_name: '', account_no: '' }, { idPrefix: 'card-' });
  const { values, set, errors } = form;
  const send = () => {
    const own = accountNoProblem(values.kind, values.account_no) ?? null;
    const holder = holderProblem(values.kind, values.holder_name.trim(), companyName);
    if (own || holder) {
      form.setErrors({ ...(own ? { account_no: own } : {}), ...(holder ? { holder_name: holder } : {}) });
      return;
    }
    void form.submit(write, values, (c) => { form.reset({ kind: 'personal', holder_name: '', bank_name: '', account_no: '' }); onDone(c); });
  };
  return (
    <form className="wallet-form" onSubmit={(e) => { e.preventDefault(); send(); }} aria-label="添加银行卡">
      <Field id="card-kind" label="类型" required error={errors.kind}>
        <SelectButton id="card-kind" value={values.kind} options={KIND_OPTIONS} allowEmpty={false}
          onChange={(e) => { set('kind', e.value as BankCardKind); if (e.value === 'corporate' && !values.holder_name) set('holder_name', companyName); }} />
      </Field>
      <Field id="card-holder_name" label="开户名" required error={errors.holder_name} hint={values.kind === 'corporate' ? '对公账户须为企业名称' : '持卡人姓名'}>
        <InputText id="card-holder_name" value={values.holder_name} maxLength={50} onChange={(e) => set('holder_name', e.target.value)} />
      </Field>
      <Field id="card-bank_name" label="开户银行" required error={errors.bank_name} hint="如 中国工商银行上海分行">
        <InputText id="card-bank_name" value={values.bank_name} maxLength={40} onChange={(e) => set('bank_name', e.target.value)} />
      </Field>
      <Field id="card-account_no" label={values.kind === 'corporate' ? '对公账号' : '银行卡号'} required error={errors.account_no}
        hint={values.kind === 'corporate' ? '8 至 30 位数字' : '16 至 19 位数字，可以有空格'}>
        <InputText id="card-account_no" inputMode="numeric" autoComplete="off" value={values.account_no} maxLength={40} onChange={(e) => set('account_no', e.target.value)} />
      </Field>
      {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
      <Button type="submit" label="添加银行卡" icon="pi pi-plus" loading={form.busy} disabled={form.busy} />
    </form>
  );
}

function ApplyForm({ cards, availableFen, onDone }: { cards: BankCard[]; availableFen: number; onDone: (w: Withdrawal) => void }) {
  const write = useWithdrawalApply();
  const verified = cards.filter((c) => c.state === 'verified');
  const form = useForm({ bank_card_id: verified[0]?.id ?? 0, yuan: '' }, { idPrefix: 'wd-' });
  const { values, set, errors } = form;
  if (verified.length === 0) return <p className="muted" data-testid="withdraw-no-card">还没有审核通过的银行卡。先在上方添加银行卡，平台审核通过后即可提现。</p>;
  const send = () => {
    const fen = yuanToFen(values.yuan);
    const problem: Record<string, string> | null = !values.bank_card_id ? { bank_card_id: withdrawalText.cardId }
      : fen === null || fen < WITHDRAWAL_MIN_FEN || fen > WITHDRAWAL_MAX_FEN ? { amount_fen: withdrawalText.amount }
        : fen > availableFen ? { amount_fen: `余额不足：可用余额 ¥${formatFen(availableFen)}` } : null;
    if (problem || fen === null) {
      form.setErrors(problem ?? {});
      return;
    }
    void form.submit(write, { bank_card_id: values.bank_card_id, amount_fen: fen }, (w) => { form.reset({ bank_card_id: values.bank_card_id, yuan: '' }); onDone(w); });
  };
  return (
    <form className="wallet-form" onSubmit={(e) => { e.preventDefault(); send(); }} aria-label="申请提现">
      <Field id="wd-bank_card_id" label="收款银行卡" required error={errors.bank_card_id}>
        <Dropdown inputId="wd-bank_card_id" value={values.bank_card_id} onChange={(e) => set('bank_card_id', e.value as number)}
          options={verified.map((c) => ({ value: c.id, label: `${cardLabel(c)}（${c.holder_name}）` }))} />
      </Field>
      <Field id="wd-amount_fen" label="提现金额（元）" required error={errors.amount_fen} hint={`${WITHDRAWAL_MIN_FEN / 100} 至 ${WITHDRAWAL_MAX_FEN / 100} 元，可用 ¥${formatFen(availableFen)}`}>
        <InputText id="wd-amount_fen" inputMode="decimal" autoComplete="off" value={values.yuan} onChange={(e) => set('yuan', e.target.value)} placeholder="例如 100" />
      </Field>
      {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
      <Button type="submit" label="申请提现" icon="pi pi-send" loading={form.busy} disabled={form.busy} />
    </form>
  );
}

const STATE_FILTER = [{ value: 'all', label: '全部状态' }, ...Object.entries(WITHDRAWAL_STATES).map(([value, label]) => ({ value, label }))];

function WithdrawalList() {
  const [state, setState] = useState<WithdrawalState | ''>('');
  const q = useQuery(withdrawalsQuery({ state, page_size: 50 }));
  const rows = q.data?.data ?? [];
  return (
    <div className="wallet-withdrawals">
      <div className="wallet-subhead">
        <h3>提现记录</h3>
        <Dropdown aria-label="提现状态" value={state || 'all'} options={STATE_FILTER} onChange={(e) => setState(e.value === 'all' ? '' : (e.value as WithdrawalState))} />
      </div>
      {q.isError && <p role="alert">{errorText(q.error)}</p>}
      {q.isSuccess && rows.length === 0 && <p className="muted">{state ? '没有该状态的提现。' : '还没有提现。可用余额可以提现到审核通过的银行卡。'}</p>}
      <ul className="wallet-rows" data-testid="withdrawal-list">
        {rows.map((w) => (
          <li key={w.withdrawal_no}>
            <div><strong>¥{formatFen(w.amount_fen)}</strong> <span className={`wallet-tag wallet-tag-${w.state}`}>{WITHDRAWAL_STATES[w.state]}</span></div>
            <div className="muted">{w.withdrawal_no} · {cardLabel(w)} · 申请于 {when(w.created_at)}</div>
            {w.state === 'paid' && <div className="muted">打款于 {when(w.paid_at)}{w.payout_ref ? `，流水号 ${w.payout_ref}` : ''}</div>}
            {w.state === 'rejected' && <div className="wallet-out">拒绝原因：{w.reason}（金额已退回可用余额）</div>}
          </li>
        ))}
      </ul>
      {q.data && q.data.total > rows.length && <p className="muted">只显示最近 {rows.length} 笔，共 {q.data.total} 笔。</p>}
    </div>
  );
}

export function WalletMoney({ companyName, availableFen }: { companyName: string; availableFen: number }) {
  const cards = useQuery(bankCardsQuery());
  const remove = useBankCardRemove();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const list = cards.data ?? [];
  const drop = async (c: BankCard) => {
    if (!window.confirm(`删除银行卡 ${cardLabel(c)}？已申请的提现仍按申请时的卡打款。`)) return;
    try {
      await remove.mutateAsync(c.id);
      setStatus({ ok: true, text: `已删除银行卡 ${cardLabel(c)}` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
    }
  };
  return (
    <>
      <section className="card wallet-card" aria-label="银行卡">
        <div className="wallet-subhead">
          <h2>银行卡</h2>
          {!adding && <Button label="添加银行卡" icon="pi pi-plus" outlined onClick={() => setAdding(true)} />}
        </div>
        {status && <p className={status.ok ? 'wallet-in' : 'wallet-out'} role={status.ok ? 'status' : 'alert'}>{status.text}</p>}
        {cards.isError && <p role="alert">{errorText(cards.error)}</p>}
        {cards.isSuccess && list.length === 0 && <p className="muted">还没有银行卡。添加后由平台审核，审核通过即可提现。</p>}
        <ul className="wallet-rows" data-testid="bank-cards">
          {list.map((c) => (
            <li key={c.id}>
              <div>
                <strong>{c.bank_name}</strong> {maskAccountNo(c.account_no)} <span className={`wallet-tag wallet-tag-${c.state}`}>{BANK_CARD_STATES[c.state]}</span>
                <button type="button" className="linklike wallet-remove" onClick={() => void drop(c)} aria-label={`删除 ${cardLabel(c)}`}>删除</button>
              </div>
              <div className="muted">{BANK_CARD_KINDS[c.kind]} · {c.holder_name}{c.state === 'pending' ? ' · 等待平台审核' : ''}</div>
              {c.state === 'rejected' && <div className="wallet-out">未通过原因：{c.reason}</div>}
            </li>
          ))}
        </ul>
        {adding && (
          <>
            <AddCardForm companyName={companyName} onDone={(c) => { setAdding(false); setStatus({ ok: true, text: `已添加 ${cardLabel(c)}，等待平台审核` }); }} />
            <Button label="取消" text onClick={() => setAdding(false)} />
          </>
        )}
      </section>
      <section className="card wallet-card" aria-label="提现">
        <h2>提现</h2>
        {cards.isSuccess && <ApplyForm cards={list} availableFen={availableFen} onDone={(w) => setStatus({ ok: true, text: `已申请提现 ¥${formatFen(w.amount_fen)}（${w.withdrawal_no}），金额已冻结，等待平台审核` })} />}
        <WithdrawalList />
      </section>
    </>
  );
}
