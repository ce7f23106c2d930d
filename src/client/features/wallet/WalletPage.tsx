/**
 * 钱包 (/backend/accounting/wallet, M09; docs/money.md, "The wallet"): the company's wallet on
 * the ledger, available and frozen, 充值 through the configured payment provider (the amount is
 * typed in yuan and sent in fen), the outcome of a recharge the provider's page returned from, and
 * the entries by kind and date in pages (a declaration on the ListPage block) with their XLSX, and
 * the bank cards and withdrawals (WalletMoney.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import type { AnswerOf, PayloadIn, WalletEntry } from '../../../shared/contracts';
import { RECHARGE_MAX_FEN, RECHARGE_MIN_FEN, WALLET_ENTRY_KINDS, walletText, type WalletEntryKind } from '../../../shared/contracts/wallet';
import { formatFen } from '../../../shared/domain/prices';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { useForm } from '../../ui/form/form';
import { downloadWalletExport, rechargeQuery, walletEntriesQuery, walletQuery, type walletKeys } from './queries';
import { WalletMoney } from './WalletMoney';
import { useWalletRecharge } from './mutations';
import { checkoutDevice } from '../mobile/counterparts';
import { yuanToFen } from '../../../shared/domain/money';
import '../../ui/form/form.css';
import './wallet.css';

const KINDS = Object.keys(WALLET_ENTRY_KINDS) as WalletEntryKind[];
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const payloadOf = (s: ListSearch): PayloadIn<'walletEntries'> => ({
  kind: KINDS.includes(s.kind as WalletEntryKind) ? (s.kind as WalletEntryKind) : '',
  date_from: text(s.date_from), date_to: text(s.date_to), page_number: s.page ?? 1, page_size: s.size ?? 50,
});

const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后可查看钱包' : e instanceof ApiError ? e.message : '钱包暂时无法读取，请稍后再试');

function RechargeOutcome({ no }: { no: string }) {
  const q = useQuery(rechargeQuery(no));
  if (!q.data) return null;
  const r = q.data;
  const line = r.state === 'paid' ? `充值成功：¥${formatFen(r.amount_fen)} 已入账` : r.state === 'cancelled' ? `充值已取消：¥${formatFen(r.amount_fen)} 未入账` : `充值尚未完成：¥${formatFen(r.amount_fen)} 待支付`;
  return <div className={`wallet-outcome wallet-outcome-${r.state}`} role="status" data-testid="recharge-outcome">{line}（充值单号 {r.recharge_no}）</div>;
}

function RechargeForm() {
  const write = useWalletRecharge();
  const form = useForm({ yuan: '' });
  const send = () => {
    const fen = yuanToFen(form.values.yuan);
    if (fen === null || fen < RECHARGE_MIN_FEN || fen > RECHARGE_MAX_FEN) {
      form.setErrors({ amount_fen: walletText.amount });
      document.getElementById('amount_fen')?.focus();
      return;
    }
    void form.submit(write, { amount_fen: fen, device: checkoutDevice() }, (answer) => nav.assign(answer.checkout_url));
  };
  return (
    <form className="wallet-recharge" onSubmit={(e) => { e.preventDefault(); send(); }}>
      <Field id="amount_fen" label="充值金额（元）" required error={form.errors.amount_fen} hint={`${RECHARGE_MIN_FEN / 100} 至 ${RECHARGE_MAX_FEN / 100} 元`}>
        <InputText id="amount_fen" inputMode="decimal" value={form.values.yuan} onChange={(e) => form.set('yuan', e.target.value)} placeholder="例如 100" autoComplete="off" />
      </Field>
      {form.formError && <div className="form-error" role="alert">{form.formError}</div>}
      <Button type="submit" label="充值" icon="pi pi-wallet" loading={form.busy} disabled={form.busy} />
    </form>
  );
}

export function WalletPage({ search, onSearch, recharge }: { search: ListSearch; onSearch: (s: ListSearch) => void; recharge?: string }) {
  const w = useQuery(walletQuery());
  if (w.isPending) return <section className="card" aria-busy="true">正在加载钱包…</section>;
  if (w.isError) return <section className="card wallet-card" role="alert">{failure(w.error)}</section>;
  const data = w.data;
  const def: ListDef<WalletEntry, ReturnType<typeof walletKeys.entries>, AnswerOf<'walletEntries'>> = {
    title: '收支明细',
    filters: [
      { name: 'kind', label: '交易类型', type: 'select', options: KINDS.map((value) => ({ value, label: WALLET_ENTRY_KINDS[value] })) },
      { name: 'date_from', label: '日期从', type: 'date' },
      { name: 'date_to', label: '到', type: 'date' },
    ],
    query: (s) => walletEntriesQuery(payloadOf(s)),
    rowKey: (r) => r.id,
    columns: [
      { key: 'at', header: '时间', width: '9rem', cell: (r) => dayjs.unix(r.created_at).format('YYYY-MM-DD HH:mm') },
      { key: 'kind', header: '类型', width: '6rem', cell: (r) => WALLET_ENTRY_KINDS[r.kind] },
      { key: 'part', priority: 3, header: '账户', width: '5rem', cell: (r) => (r.part === 'frozen' ? '冻结' : '可用') },
      { key: 'amount', header: '金额（元）', width: '8rem', num: true, cell: (r) => <span className={r.amount_fen > 0 ? 'wallet-in' : 'wallet-out'}>{r.amount_fen > 0 ? '+' : '−'}{formatFen(Math.abs(r.amount_fen))}</span> },
      { key: 'after', priority: 2, header: '变动后余额（元）', width: '9rem', num: true, cell: (r) => formatFen(r.balance_after_fen) },
      { key: 'ref', header: '单号', width: '13rem', priority: 2, cell: (r) => r.reference },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的收支，换个条件试试。' : '钱包还没有收支。充值后，每一笔入账和支出都会列在这里。'),
    exportXlsx: (s) => downloadWalletExport(payloadOf(s)),
  };
  return (
    <div className="wallet-page">
      <section className="card wallet-card" aria-label="钱包">
        <h2>钱包 <small className="muted">{data.company_name}</small></h2>
        {recharge && <RechargeOutcome no={recharge} />}
        <dl className="wallet-balances">
          <div><dt>可用余额（元）</dt><dd data-testid="wallet-available">{formatFen(data.available_fen)}</dd></div>
          <div><dt>冻结金额（元）</dt><dd data-testid="wallet-frozen">{formatFen(data.frozen_fen)}</dd></div>
        </dl>
        {data.demo_payment && <div className="muted wallet-demo">演示支付，不会真实扣款</div>}
        <RechargeForm />
      </section>
      <WalletMoney companyName={data.company_name} availableFen={data.available_fen} />
      <ListPage def={def} search={search} onSearch={onSearch} />
    </div>
  );
}
