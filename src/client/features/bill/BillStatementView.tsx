/**
 * One month's statement (docs/money.md#bills): opening and closing balance, what came in and went
 * out per kind, and every line with the wallet's balance after it; XLSX and PDF downloads. The
 * company's own (/backend/accounting/bill/$month) and the operator's (/operation/pay/bill/download).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Link } from '@tanstack/react-router';
import type { BillLine, BillStatement } from '../../../shared/contracts';
import { WALLET_ENTRY_KINDS } from '../../../shared/contracts/wallet';
import { ApiError, OfflineError } from '../../api/request';
import { ListRows } from '../../ui/list/ListRows';
import { billQuery, downloadBill, opBillQuery } from './queries';
import { chinaWhen, monthText, signed, yuan } from './money';
import './bill.css';

const kindName = (kind: string) => (WALLET_ENTRY_KINDS as Record<string, string>)[kind] ?? kind;
const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后可查看账单' : e instanceof ApiError ? e.message : '账单暂时无法读取，请稍后再试');

function Downloads({ s, operator }: { s: BillStatement; operator: boolean }) {
  const [busy, setBusy] = useState<'' | 'xlsx' | 'pdf'>('');
  const [error, setError] = useState('');
  const run = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    setError('');
    try {
      await downloadBill(s, format, operator);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy('');
    }
  };
  return (
    <div className="bill-downloads">
      <Button type="button" size="small" outlined icon="pi pi-file-excel" label="下载XLSX" loading={busy === 'xlsx'} disabled={busy !== ''} onClick={() => void run('xlsx')} />
      <Button type="button" size="small" outlined icon="pi pi-file-pdf" label="下载PDF" loading={busy === 'pdf'} disabled={busy !== ''} onClick={() => void run('pdf')} />
      {error && <span className="list-error" role="alert">{error}</span>}
    </div>
  );
}

export function StatementBody({ s, operator, back }: { s: BillStatement; operator: boolean; back: React.ReactNode }) {
  return (
    <div className="bill-page">
      <section className="card bill-card" aria-label="账单汇总">
        <div className="bill-head">
          <h2>{monthText(s.month)}账单 <small className="muted">{s.company_name}</small></h2>
          {back}
        </div>
        <dl className="bill-balances">
          <div><dt>期初余额</dt><dd data-testid="bill-opening">{yuan(s.opening_fen)}</dd></div>
          <div><dt>本月收入</dt><dd className="bill-in">{signed(s.in_fen)}</dd></div>
          <div><dt>本月支出</dt><dd className="bill-out">{yuan(s.out_fen)}</dd></div>
          <div><dt>期末余额</dt><dd data-testid="bill-closing">{yuan(s.closing_fen)}</dd></div>
        </dl>
        <p className="muted bill-note">
          期末余额 = 期初余额 + 本月收支，等于月末钱包余额（可用 {yuan(s.closing_available_fen)}，冻结 {yuan(s.closing_frozen_fen)}）。
          {s.cash_pledge_fen > 0 && ` 月末保证金 ${yuan(s.cash_pledge_fen)}，不计入钱包。`}
        </p>
        <table className="bill-groups">
          <thead><tr><th scope="col">类型</th><th scope="col">收入</th><th scope="col">支出</th><th scope="col">笔数</th></tr></thead>
          <tbody>
            {s.groups.map((g) => (
              <tr key={g.group} className={g.count === 0 ? 'muted' : undefined}>
                <th scope="row">{g.label}</th><td>{yuan(g.in_fen)}</td><td>{yuan(g.out_fen)}</td><td>{g.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Downloads s={s} operator={operator} />
      </section>
      <section className="card list-page" aria-label="账单明细">
        <div className="list-head"><h2>账单明细</h2><span className="muted">共 {s.lines.length} 笔</span></div>
        <ListRows<BillLine>
          title="账单明细"
          rows={s.lines}
          rowKey={(l) => l.transaction_id}
          columns={[
            { key: 'at', header: '时间', width: '9rem', cell: (l) => chinaWhen(l.created_at) },
            { key: 'kind', header: '类型', width: '6rem', cell: (l) => kindName(l.kind) },
            { key: 'amount', header: '金额', width: '8rem', num: true, cell: (l) => <span className={l.amount_fen > 0 ? 'bill-in' : l.amount_fen < 0 ? 'bill-out' : ''}>{signed(l.amount_fen)}</span> },
            { key: 'balance', header: '余额', width: '8rem', num: true, priority: 2, cell: (l) => yuan(l.balance_after_fen) },
            { key: 'ref', header: '单号', width: '13rem', priority: 2, cell: (l) => l.reference || '—' },
            { key: 'parts', header: '可用 / 冻结', width: '11rem', priority: 3, cell: (l) => `${signed(l.available_fen)} / ${signed(l.frozen_fen)}` },
          ]}
          status={{ busy: false, empty: s.lines.length === 0 ? '本月钱包没有收支。' : null }}
        />
      </section>
    </div>
  );
}

/** The company's own statement of a month. */
export function BillDetailPage({ month }: { month: string }) {
  const q = useQuery(billQuery(month));
  if (q.isPending) return <section className="card" aria-busy="true">正在加载账单…</section>;
  if (q.isError) return <section className="card" role="alert">{failure(q.error)} <Link to="/backend/accounting/bill">返回账单列表</Link></section>;
  return <StatementBody s={q.data} operator={false} back={<Link to="/backend/accounting/bill" className="bill-back"><i className="pi pi-arrow-left" /> 账单列表</Link>} />;
}

/** A company's statement for the operator (pay/bill/download). */
export function OpBillDetailPage({ companyId, month }: { companyId: number; month: string }) {
  const q = useQuery(opBillQuery(companyId, month));
  const back = <Link to="/operation/pay/bill" search={{ month }} className="bill-back"><i className="pi pi-arrow-left" /> 各企业账单</Link>;
  if (q.isPending) return <section className="card" aria-busy="true">正在加载账单…</section>;
  if (q.isError) return <section className="card" role="alert">{failure(q.error)} {back}</section>;
  return <StatementBody s={q.data} operator back={back} />;
}
