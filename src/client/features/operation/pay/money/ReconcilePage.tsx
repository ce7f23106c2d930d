/**
 * 对账 (/operation/pay/reconcile, D05-03; docs/money.md, "Reconciliation"): runs the ledger's
 * check on demand — fast (totals and floors of every account, the latest transactions in full)
 * or full (the whole ledger) — and shows the outcome and every problem found.
 */
import { Button } from 'primereact/button';
import dayjs from 'dayjs';
import { errorText } from '../../../../ui/form/form';
import { useReconcile } from './mutations';
import '../../operation.css';

export function ReconcilePage() {
  const run = useReconcile();
  const r = run.data;
  return (
    <section className="card op-reconcile">
      <h2>对账</h2>
      <p className="muted">核对每笔交易的分录合计为零、每个账户的余额等于其分录之和、企业钱包不为负，以及全部账户合计为零。服务器启动时会自动做一次快速核对。</p>
      <div className="op-row-actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        <Button label="快速核对" icon="pi pi-bolt" loading={run.isPending && run.variables === true} disabled={run.isPending} onClick={() => run.mutate(true)} />
        <Button label="完整核对" icon="pi pi-check-square" outlined loading={run.isPending && run.variables === false} disabled={run.isPending} onClick={() => run.mutate(false)} />
      </div>
      {run.isError && <p className="op-status error" role="alert">{errorText(run.error)}</p>}
      {r && (
        <div data-testid="reconcile-result" role="status">
          <p className={`op-status ${r.ok ? 'ok' : 'error'}`}>
            {r.ok ? '核对通过：账目平衡' : `核对未通过：${r.problems.length} 项问题`}（{r.fast ? '快速' : '完整'}核对，{r.transactions} 笔交易、{r.accounts} 个账户，
            {dayjs.unix(r.ran_at).format('YYYY-MM-DD HH:mm:ss')}，用时 {r.took_ms} 毫秒）
          </p>
          {r.problems.length > 0 && <ul className="op-problems">{r.problems.map((p) => <li key={p}>{p}</li>)}</ul>}
        </div>
      )}
      {!r && !run.isPending && <p className="muted">点“快速核对”或“完整核对”开始。</p>}
    </section>
  );
}
