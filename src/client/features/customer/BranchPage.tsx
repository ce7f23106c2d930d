/**
 * 分公司 (/backend/customer/branch, docs/customers.md "Branch companies"): the company's head
 * company or branches, the invitations it sent and received (同意 / 拒绝 / 撤回), 解除 on either
 * side, and the head's read-only views of its branches' orders and stock. Only the company's owner
 * changes links and reads the branches (the server decides; the page says so to everyone else).
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { endpoints, type AnswerOf, type BranchInvite, type PayloadIn } from '../../../shared/contracts';
import { BRANCH_INVITE_STATE_TEXT } from '../../../shared/domain/customer';
import { ORDER_STATUS_TEXT, ORDER_STATUSES, type OrderStatus } from '../../../shared/domain/orders';
import { formatChina } from '../../../shared/domain/china-time';
import { yuan } from '../../../shared/domain/money';
import { ListPage, type ListDef } from '../../ui/list/ListPage';
import type { ListSearch } from '../../ui/list/list-search';
import { Field } from '../../ui/form/Field';
import { errorText, useForm } from '../../ui/form/form';
import '../stock/stock.css';
import './customer.css';
import { branchOrdersQuery, branchOverviewQuery, branchStockQuery, type customerKeys } from './queries';
import { useEndBranch, useInviteBranch, useRespondBranchInvite, useWithdrawBranchInvite } from './mutations';

const day = (seconds: number) => (seconds ? formatChina(seconds, 'YYYY-MM-DD') : '—');
type Overview = AnswerOf<'branchOverview'>;
type OrderRow = AnswerOf<'branchOrders'>['data'][number];
type StockRow = AnswerOf<'branchStock'>['data'][number];
export const BRANCH_TABS = ['links', 'orders', 'stock'] as const;
const TAB_TEXT: Record<(typeof BRANCH_TABS)[number], string> = { links: '总分公司关系', orders: '分公司订单', stock: '分公司库存' };

const branchFilter = (s: ListSearch) => (s.branch_company_id && /^\d+$/.test(String(s.branch_company_id)) ? Number(s.branch_company_id) : undefined);

export function BranchPage({ search, onSearch }: { search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const q = useQuery(branchOverviewQuery());
  const tab = (BRANCH_TABS as readonly string[]).includes(String(search.tab)) ? search.tab as (typeof BRANCH_TABS)[number] : 'links';
  const head = q.data ? q.data.branches.length > 0 : false;
  return (
    <div className="branch-page">
      <h2 className="branch-title">分公司</h2>
      {head && (
        <nav className="branch-tabs" aria-label="分公司">
          {BRANCH_TABS.map((t) => (
            <Button key={t} type="button" label={TAB_TEXT[t]} size="small" outlined={t !== tab} aria-pressed={t === tab} onClick={() => onSearch({ tab: t })} />
          ))}
        </nav>
      )}
      {q.isPending && <div className="card" aria-busy="true">正在加载…</div>}
      {q.isError && <div className="card" role="alert">{q.error.message}</div>}
      {q.data && (tab === 'links' || !head) && <Links data={q.data} />}
      {q.data && head && tab === 'orders' && <BranchOrders data={q.data} search={search} onSearch={onSearch} />}
      {q.data && head && tab === 'stock' && <BranchStock data={q.data} search={search} onSearch={onSearch} />}
    </div>
  );
}

function Links({ data }: { data: Overview }) {
  const form = useForm({ company_name: '' }, { idPrefix: 'branch-' });
  const key = useRef(crypto.randomUUID());
  const invite = useInviteBranch();
  const respond = useRespondBranchInvite();
  const withdraw = useWithdrawBranchInvite();
  const end = useEndBranch();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const payload: PayloadIn<'branchInvite'> = { company_name: form.values.company_name };
    if (!form.check(endpoints.branchInvite.payload, payload)) return;
    setBusy(true);
    try {
      const inv = await invite.mutateAsync({ payload, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      form.setValues({ company_name: '' });
      setStatus({ kind: 'ok', text: `已向 ${inv.branch_company_name} 发出邀请，对方负责人同意后成为本企业的分公司` });
    } catch (e) {
      form.refuse(e);
    } finally {
      setBusy(false);
    }
  };
  const act = async (run: () => Promise<unknown>, done: string, ask?: string) => {
    if (ask && !window.confirm(ask)) return;
    try {
      await run();
      setStatus({ kind: 'ok', text: done });
    } catch (e) {
      setStatus({ kind: 'error', text: errorText(e) });
    }
  };
  const pendingIn = data.received.filter((i) => i.state === 'pending');
  const stateTag = (i: BranchInvite, received = false) => (
    <Tag value={received && i.state === 'pending' ? '待本企业处理' : BRANCH_INVITE_STATE_TEXT[i.state]} severity={i.state === 'pending' ? 'warning' : i.state === 'accepted' ? 'success' : undefined} />
  );

  return (
    <>
      {status && <p className={`stock-status ${status.kind}`} role={status.kind === 'ok' ? 'status' : 'alert'} data-testid="branch-status">{status.text}</p>}
      {!data.may_manage && <p className="muted" role="note">只有企业负责人可以邀请分公司、处理邀请和解除关系，并查看分公司的订单与库存。</p>}
      {data.may_manage && !data.head && (
        <form className="branch-invite" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Field id={form.idOf('company_name')} label="邀请分公司" hint="填写对方完整的企业名称；对方负责人在本页同意后才成为分公司" error={form.errors.company_name}>
            <InputText {...form.text('company_name')} maxLength={60} placeholder="对方完整的企业名称" />
          </Field>
          <Button type="submit" label="发出邀请" icon="pi pi-send" loading={busy} />
          {form.formError && <p role="alert" className="field-error">{form.formError}</p>}
        </form>
      )}
      <div className="branch-cards">
        {data.head && (
          <section className="branch-card" aria-label="总公司">
            <h3>总公司</h3>
            <ul><li data-testid="branch-head"><span><strong>{data.head.company_name}</strong> <small className="muted">自 {day(data.head.since)}</small></span>
              {data.may_manage && <Button type="button" label="解除" text severity="danger" size="small"
                onClick={() => void act(() => end.mutateAsync({ company_id: data.head!.company_id }), `已解除与 ${data.head!.company_name} 的总分公司关系`, `解除与总公司 ${data.head!.company_name} 的关系？解除后不再使用总公司的客户等级和账期。`)} />}
            </li></ul>
          </section>
        )}
        {!data.head && (
          <section className="branch-card" aria-label="分公司">
            <h3>分公司（{data.branches.length}）</h3>
            {data.branches.length === 0 ? <p className="muted">还没有分公司。在上方填写对方企业名称发出邀请，对方同意后会出现在这里。</p> : (
              <ul>{data.branches.map((b) => (
                <li key={b.company_id} data-testid="branch-row"><span><strong>{b.company_name}</strong> <small className="muted">自 {day(b.since)}{b.by_operator ? ' · 平台设置' : ''}</small></span>
                  {data.may_manage && <Button type="button" label="解除" text severity="danger" size="small" aria-label={`解除 ${b.company_name}`}
                    onClick={() => void act(() => end.mutateAsync({ company_id: b.company_id }), `已解除 ${b.company_name} 的分公司关系`, `解除与分公司 ${b.company_name} 的关系？`)} />}
                </li>
              ))}</ul>
            )}
          </section>
        )}
        {(pendingIn.length > 0 || data.received.length > 0) && (
          <section className="branch-card" aria-label="收到的邀请">
            <h3>收到的邀请</h3>
            <ul>{data.received.map((i) => (
              <li key={i.id} data-testid="branch-received"><span><strong>{i.head_company_name}</strong> 邀请本企业成为分公司 <small className="muted">{day(i.invited_at)}</small> {stateTag(i, true)}</span>
                {data.may_manage && i.state === 'pending' && (
                  <span>
                    <Button type="button" label="同意" size="small" onClick={() => void act(() => respond.mutateAsync({ id: i.id, decision: 'accept' }), `已同意：本企业成为 ${i.head_company_name} 的分公司`, `同意成为 ${i.head_company_name} 的分公司？总公司将能查看本企业的订单和库存，本企业向其客户卖家采购时可用总公司的客户等级和账期。`)} />{' '}
                    <Button type="button" label="拒绝" size="small" outlined onClick={() => void act(() => respond.mutateAsync({ id: i.id, decision: 'decline' }), '已拒绝该邀请')} />
                  </span>
                )}
              </li>
            ))}</ul>
          </section>
        )}
        {data.sent.length > 0 && (
          <section className="branch-card" aria-label="发出的邀请">
            <h3>发出的邀请</h3>
            <ul>{data.sent.map((i) => (
              <li key={i.id} data-testid="branch-sent"><span><strong>{i.branch_company_name}</strong> <small className="muted">{day(i.invited_at)} · {i.invited_by_name}</small> {stateTag(i)}</span>
                {data.may_manage && i.state === 'pending' && <Button type="button" label="撤回" text size="small" onClick={() => void act(() => withdraw.mutateAsync({ id: i.id }), '邀请已撤回')} />}
              </li>
            ))}</ul>
          </section>
        )}
      </div>
    </>
  );
}

const branchOptions = (data: Overview) => data.branches.map((b) => ({ label: b.company_name, value: String(b.company_id) }));

function BranchOrders({ data, search, onSearch }: { data: Overview; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<OrderRow, ReturnType<typeof customerKeys.branchOrders>> = {
    title: '分公司订单',
    filters: [
      { name: 'branch_company_id', label: '分公司', type: 'select', options: branchOptions(data) },
      { name: 'status', label: '订单状态', type: 'select', options: ORDER_STATUSES.map((s) => ({ label: ORDER_STATUS_TEXT[s], value: s })) },
    ],
    query: (s) => branchOrdersQuery({
      branch_company_id: branchFilter(s), status: (ORDER_STATUSES as readonly string[]).includes(String(s.status)) ? s.status as OrderStatus : '',
      page_number: s.page ?? 1, page_size: s.size ?? 50,
    }),
    rowKey: (o) => Number(o.order_no.slice(-9)),
    rowLabel: (o) => o.order_no,
    columns: [
      { key: 'order_no', header: '订单号', width: '11rem', cell: (o) => <div className="stock-key"><strong>{o.order_no}</strong><small className="muted">{o.first_line}</small></div> },
      { key: 'branch', header: '分公司', width: '9rem', cell: (o) => o.branch_company_name },
      { key: 'side', header: '类型', width: '4rem', cell: (o) => (o.side === 'buyer' ? '采购' : '销售') },
      { key: 'partner', header: '对方', width: '9rem', priority: 2, cell: (o) => o.partner_company_name },
      { key: 'total', header: '金额', width: '7rem', num: true, cell: (o) => yuan(o.total_fen) },
      { key: 'status', header: '状态', width: '6rem', cell: (o) => `${ORDER_STATUS_TEXT[o.status]} · ${o.pay_status === 'paid' ? '已付款' : '未付款'}` },
      { key: 'credit', header: '账期到期', width: '7rem', priority: 2, cell: (o) => (o.credit_due_date ? <span className={o.credit_overdue ? 'credit-overdue' : ''}>{o.credit_due_date}{o.credit_overdue ? ' 已逾期' : ''}</span> : '—') },
      { key: 'created', header: '下单时间', width: '6.5rem', priority: 3, cell: (o) => day(o.created_at) },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的分公司订单，换个分公司或状态试试。' : '分公司还没有订单。分公司采购或销售后，订单会出现在这里（只读）。'),
  };
  return <ListPage def={def} search={search} onSearch={(s) => onSearch({ ...s, tab: 'orders' })} />;
}

function BranchStock({ data, search, onSearch }: { data: Overview; search: ListSearch; onSearch: (s: ListSearch) => void }) {
  const def: ListDef<StockRow, ReturnType<typeof customerKeys.branchStock>> = {
    title: '分公司库存',
    filters: [
      { name: 'keyword', label: 'OE号 / 名称', type: 'text', width: '12rem', primary: true },
      { name: 'branch_company_id', label: '分公司', type: 'select', options: branchOptions(data) },
    ],
    query: (s) => branchStockQuery({ branch_company_id: branchFilter(s), keyword: s.keyword === undefined ? '' : String(s.keyword), page_number: s.page ?? 1, page_size: s.size ?? 50 }),
    rowKey: (r) => r.id,
    rowLabel: (r) => `${r.supplier_oe} ${r.name}`,
    columns: [
      { key: 'oe', header: 'OE号 / 名称', width: '12rem', cell: (r) => <div className="stock-key"><strong>{r.supplier_oe}</strong><small className="muted">{r.name}</small></div> },
      { key: 'branch', header: '分公司', width: '9rem', cell: (r) => r.branch_company_name },
      { key: 'brand', header: '品牌 / 品质', width: '8rem', priority: 2, cell: (r) => `${r.brand_name || '—'} · ${r.quality_name}` },
      { key: 'quantity', header: '数量', width: '4.5rem', num: true, cell: (r) => r.quantity },
      { key: 'price99', header: '标准价', width: '6rem', num: true, priority: 2, cell: (r) => (r.price99 === null ? '—' : yuan(r.price99)) },
      { key: 'state', header: '状态', width: '4rem', priority: 3, cell: (r) => (r.state === 'on' ? '上架' : r.state === 'off' ? '下架' : '已屏蔽') },
    ],
    empty: (filtered) => (filtered ? '没有符合条件的库存，换个关键词或分公司试试。' : <>分公司还没有库存。分公司在自己的<Link to="/backend/product/stockAndPrice">库存与价格</Link>页录入后会出现在这里（只读）。</>),
  };
  return <ListPage def={def} search={search} onSearch={(s) => onSearch({ ...s, tab: 'stock' })} />;
}
