/**
 * 保证金 (/backend/accounting/cashpledge, M09; docs/money.md#cash-pledges): what the seller's level
 * asks, what is held and what is due; 缴纳 from the wallet or through the payment provider (the
 * provider's page returns here with ?payment=CP…); the history of payments, deductions and returns
 * (a declaration on the ListPage block). A company that is not a seller is told how to become one.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import type { AnswerOf, CashPledgeEvent, CashPledgeStatus } from '../../../shared/contracts';
import { CASH_PLEDGE_ACTIONS, CASH_PLEDGE_BENEFICIARIES } from '../../../shared/contracts/cash-pledge';
import { formatChina } from '../../../shared/domain/china-time';
import { ApiError, OfflineError } from '../../api/request';
import { nav } from '../../api/navigation';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { useForm } from '../../ui/form/form';
import { pledgeEventsQuery, pledgeQuery, type pledgeKeys } from './queries';
import { usePledgePay } from './mutations';
import { checkoutDevice } from '../mobile/counterparts';
import { yuan } from '../../../shared/domain/money';
import '../../ui/form/form.css';
import './cash-pledge.css';

const failure = (e: unknown) => (e instanceof OfflineError ? '当前离线，联网后可查看保证金' : e instanceof ApiError ? e.message : '保证金暂时无法读取，请稍后再试');

function PayButtons({ s }: { s: CashPledgeStatus }) {
  const write = usePledgePay();
  const form = useForm({ amount_fen: s.due_fen, method: 'wallet' as 'wallet' | 'provider' });
  const short = s.wallet_available_fen < s.due_fen;
  const pay = (method: 'wallet' | 'provider') => {
    if (method === 'wallet' && !window.confirm(`从钱包余额缴纳保证金 ${yuan(s.due_fen)}？`)) return;
    void form.submit(write, { amount_fen: s.due_fen, method, device: checkoutDevice() }, (answer) => {
      if (answer.checkout_url) nav.assign(answer.checkout_url);
      else form.setFormError('');
    });
  };
  return (
    <form className="pledge-pay" onSubmit={(e) => e.preventDefault()} aria-label="缴纳保证金">
      <input type="hidden" id="amount_fen" value={s.due_fen} />
      <Button type="button" icon="pi pi-wallet" label={`钱包余额缴纳 ${yuan(s.due_fen)}`} loading={form.busy} disabled={form.busy || short} onClick={() => pay('wallet')} />
      <Button type="button" outlined icon="pi pi-credit-card" label="在线支付" disabled={form.busy} onClick={() => pay('provider')} />
      {short && <span className="muted">可用余额 {yuan(s.wallet_available_fen)} 不足，请先<Link to="/backend/accounting/wallet">充值</Link>或在线支付</span>}
      {(form.formError || form.errors.amount_fen || form.errors.method) && <div className="form-error" role="alert">{form.formError || form.errors.amount_fen || form.errors.method}</div>}
    </form>
  );
}

export function CashPledgePage({ search, onSearch, payment }: { search: ListSearch; onSearch: (s: ListSearch) => void; payment?: string }) {
  const q = useQuery(pledgeQuery());
  if (q.isPending) return <section className="card" aria-busy="true">正在加载保证金…</section>;
  if (q.isError) return <section className="card" role="alert">{failure(q.error)}</section>;
  const s = q.data;
  if (!s.is_seller && s.held_fen === 0) {
    return (
      <section className="card" aria-label="保证金">
        <h2>保证金</h2>
        <p>只有卖家企业需要缴纳保证金。完成<Link to="/apply/seller">卖家入驻</Link>后，这里会显示贵公司会员等级要求的保证金和缴纳方式。</p>
      </section>
    );
  }
  const def: ListDef<CashPledgeEvent, ReturnType<typeof pledgeKeys.events>, AnswerOf<'cashPledgeEvents'>> = {
    title: '保证金记录',
    filters: [],
    query: (x) => pledgeEventsQuery({ page_number: x.page ?? 1, page_size: x.size ?? 50 }),
    rowKey: (r) => r.id,
    columns: [
      { key: 'at', header: '时间', width: '9rem', cell: (r) => formatChina(r.created_at, 'YYYY-MM-DD HH:mm') },
      { key: 'action', header: '类型', width: '4rem', cell: (r) => CASH_PLEDGE_ACTIONS[r.action] },
      { key: 'amount', header: '金额', width: '7rem', num: true, cell: (r) => `${r.action === 'pay' ? '+' : '−'}${yuan(r.amount_fen)}` },
      { key: 'ref', header: '单号', width: '12rem', priority: 2, cell: (r) => r.reference || '—' },
      { key: 'reason', header: '原因', width: '14rem', priority: 2, cell: (r) => [r.beneficiary ? CASH_PLEDGE_BENEFICIARIES[r.beneficiary] : '', r.reason].filter(Boolean).join('：') || '—' },
    ],
    empty: () => '还没有保证金记录。缴纳后，每一笔缴纳、扣除和退还都会列在这里。',
  };
  return (
    <div className="pledge-page">
      <section className="card" aria-label="保证金">
        <h2>保证金 <small className="muted">{s.company_name}</small></h2>
        {payment && <div className={`pledge-outcome${s.due_fen > 0 ? ' pending' : ''}`} role="status">
          {s.due_fen > 0 ? `缴纳单 ${payment} 尚未到账，支付完成后刷新本页查看。` : `缴纳单 ${payment} 已到账，保证金已缴足。`}
        </div>}
        <dl className="pledge-balances">
          <div><dt>会员等级</dt><dd>{s.level_name}</dd></div>
          <div><dt>应缴保证金</dt><dd>{yuan(s.required_fen)}</dd></div>
          <div><dt>已缴保证金</dt><dd data-testid="pledge-held">{yuan(s.held_fen)}</dd></div>
          <div><dt>待缴</dt><dd data-testid="pledge-due">{yuan(s.due_fen)}</dd></div>
        </dl>
        {s.due_fen > 0 ? <PayButtons s={s} /> : <p className="muted">{s.required_fen === 0 && s.held_fen === 0 ? '您的会员等级目前无需缴纳保证金。' : '保证金已缴足，店铺页显示「已缴保证金」标识。'}</p>}
        {s.demo_payment && s.due_fen > 0 && <div className="muted">演示支付，不会真实扣款</div>}
        <p className="muted">保证金由平台托管：售后纠纷经平台裁定后可从中赔付买家，扣除后需补缴；退出平台时由平台退还到钱包。</p>
      </section>
      <ListPage def={def} search={search} onSearch={onSearch} />
    </div>
  );
}
